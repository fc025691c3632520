/** Mobile-first customer pages: Reseptit, Oma tili, Kirjaudu ulos. */
import { Outlet } from 'react-router-dom';
import { RoleHeader } from '../components/RoleHeader';
import { CookieBanner } from '../public/CookieBanner';
import { ROUTES } from '../routes';
import { TEXTS } from '../texts';

const NAV = [
  { to: ROUTES.customerPrescriptions, label: TEXTS.customer.prescriptionsHeading },
  { to: ROUTES.customerProfile, label: TEXTS.customer.profileHeading },
] as const;

export function CustomerLayout() {
  return (
    <div className="layout layout--customer">
      <RoleHeader nav={NAV} logoutTo={ROUTES.home} />
      <main id="main" className="customer-main">
        <Outlet />
      </main>
      <CookieBanner />
    </div>
  );
}

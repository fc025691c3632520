/** Mobile-first customer pages: Reseptit, Oma tili, Kirjaudu ulos. */
import { Outlet } from 'react-router-dom';
import { api } from '../api/client';
import { useSession } from '../auth/useSession';
import { RoleHeader } from '../components/RoleHeader';
import { SessionExpiryOverlay } from '../components/SessionExpiryOverlay';
import { CookieBanner } from '../public/CookieBanner';
import { ROUTES } from '../routes';
import { TEXTS } from '../texts';

const NAV = [
  { to: ROUTES.customerPrescriptions, label: TEXTS.customer.prescriptionsHeading },
  { to: ROUTES.customerProfile, label: TEXTS.customer.profileHeading },
] as const;

/** 'Jatka' on the expiry prompt: a cheap authenticated call that counts as the user's activity. */
const keepAlive = () => api.get('/my-user', { level: 'customer', activity: true });

export function CustomerLayout() {
  // The customer's pages also admit other signed-in users (SPEC); only a customer session has this.
  const { data: customer } = useSession('customer');
  return (
    <div className="layout layout--customer">
      <RoleHeader nav={NAV} logoutTo={ROUTES.home} />
      <main id="main" className="customer-main">
        <Outlet />
      </main>
      <CookieBanner />
      {customer && <SessionExpiryOverlay level="customer" idleMs={customer.sessionIdleMinutes * 60_000} onContinue={keepAlive} />}
    </div>
  );
}

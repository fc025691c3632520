/** Desktop workbench of pharmacy staff: pharmacy name and the doctors' notice in the header; admins also see Järjestelmänvalvoja. */
import { Outlet } from 'react-router-dom';
import { RoleHeader, type RoleNavItem } from '../components/RoleHeader';
import { useSession } from '../auth/useSession';
import { ROUTES } from '../routes';
import { PHARMACY_TEXTS, TEXTS } from '../texts';
import { NoticeBanner } from './NoticeBanner';
import './pharmacy.css';

export function PharmacyLayout() {
  const { data: user } = useSession('pharmacy');
  const nav: RoleNavItem[] = [
    { to: ROUTES.pharmacyWorkbench, label: PHARMACY_TEXTS.workbench.heading },
    { to: ROUTES.pharmacyOffice, label: TEXTS.pharmacy.changeOffice },
  ];
  if (user?.isAdmin) nav.push({ to: ROUTES.pharmacyAdmin, label: PHARMACY_TEXTS.admin.heading });
  return (
    <div className="layout layout--workbench">
      <RoleHeader
        identity={
          <span className="pharmacy-identity">
            <span className="pharmacy-identity__name">{user?.pharmacyName}</span>
            {user && <NoticeBanner />}
          </span>
        }
        nav={nav}
        logoutTo={ROUTES.pharmacyLogin}
      />
      <main id="main" className="workbench-main">
        <Outlet />
      </main>
    </div>
  );
}

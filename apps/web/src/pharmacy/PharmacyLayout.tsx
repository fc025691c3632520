/** Desktop workbench of pharmacy staff: pharmacy name and the doctors' notice in the header; admins also see Järjestelmänvalvoja. */
import { Outlet } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../api/query-keys';
import { RoleHeader, type RoleNavItem } from '../components/RoleHeader';
import { useSession } from '../auth/useSession';
import { ROUTES } from '../routes';
import { PHARMACY_TEXTS, TEXTS } from '../texts';
import { NoticeBanner } from './NoticeBanner';
import { fetchUsersOffices } from '../api/pharmacy-offices';
import './pharmacy.css';

export function PharmacyLayout() {
  const { data: user } = useSession('pharmacy');
  const offices = useQuery({ queryKey: queryKeys.pharmacy.offices, queryFn: fetchUsersOffices, enabled: Boolean(user) });
  const nav: RoleNavItem[] = [{ to: ROUTES.pharmacyWorkbench, label: PHARMACY_TEXTS.workbench.heading }];
  // With one office there is nothing to change to (the login selected it).
  if ((offices.data?.length ?? 0) > 1) nav.push({ to: ROUTES.pharmacyOffice, label: TEXTS.pharmacy.changeOffice });
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

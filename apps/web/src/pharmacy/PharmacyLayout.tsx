/** Desktop workbench of pharmacy staff: pharmacy name and the doctors' notice in the header; admins also see Järjestelmänvalvoja. */
import { Outlet } from 'react-router-dom';
import { OfflineGuard } from '../components/OfflineGuard';
import { RoleHeader } from '../components/RoleHeader';
import { pharmacyNav } from '../components/staff-nav';
import { SessionExpiryOverlay } from '../components/SessionExpiryOverlay';
import { useSession } from '../auth/useSession';
import { ROUTES } from '../routes/routes';
import { NoticeBanner } from './NoticeBanner';
import { keepSessionAlive } from './pharmacy-api';
import './pharmacy.css';

/**
 * The session ends after SESSION_IDLE_MINUTES without the pharmacist's own actions, with
 * the same 'Istunto sulkeutumassa' prompt as the doctor's. (An earlier keep-alive held the
 * session open as long as the tab was, so a counter left unattended showed patient data for
 * hours.) Nothing typed is lost: the patient and the cart are kept on the server per user,
 * and the workbench resumes with them after signing in again.
 */
export function PharmacyLayout() {
  const { data: user } = useSession('pharmacy');

  const nav = pharmacyNav(user);
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
        <OfflineGuard>
          <Outlet />
        </OfflineGuard>
      </main>
      {user && <SessionExpiryOverlay level="pharmacy" idleMs={user.sessionIdleMinutes * 60_000} onContinue={keepSessionAlive} />}
    </div>
  );
}

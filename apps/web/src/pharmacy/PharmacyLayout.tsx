/** Desktop workbench of pharmacy staff: pharmacy name and the doctors' notice in the header; admins also see Järjestelmänvalvoja. */
import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { RoleHeader, type RoleNavItem } from '../components/RoleHeader';
import { useSession } from '../auth/useSession';
import { fetchSession } from '../api/session';
import { ROUTES } from '../routes';
import { PHARMACY_TEXTS, TEXTS } from '../texts';
import { NoticeBanner } from './NoticeBanner';
import './pharmacy.css';

/**
 * Keep-alive period while a pharmacy screen is open. The server ends a session after 30 min
 * without HTTP requests (each request rolls the idle timeout). The SPEC's pharmacy screen
 * polled every 10 s, which kept the session alive while the workbench was open; ours gets
 * Socket.IO pushes and polls only while disconnected, and socket traffic does not roll the
 * session. So a quiet counter would be logged out after 30 min and the patient in progress
 * lost. A cheap authenticated GET every 5 min (well inside 30 min, even if a timer is late)
 * keeps it alive. Once the tab is closed the keep-alive stops and the session expires 30 min
 * later as before; 'Kirjaudu ulos' ends it at once.
 */
const KEEP_ALIVE_MS = 5 * 60_000;

export function PharmacyLayout() {
  const { data: user } = useSession('pharmacy');
  // A plain timer, not a second observer of the session query: it runs in a background tab
  // too, where a counter is often left while serving the customer. A 401 leads to the login
  // page like any other call.
  const signedIn = Boolean(user);
  useEffect(() => {
    if (!signedIn) return;
    const timer = window.setInterval(() => void fetchSession('pharmacy').catch(() => undefined), KEEP_ALIVE_MS);
    return () => window.clearInterval(timer);
  }, [signedIn]);

  const nav: RoleNavItem[] = [{ to: ROUTES.pharmacyWorkbench, label: PHARMACY_TEXTS.workbench.heading }];
  // With one office there is nothing to change to (the login selected it).
  if ((user?.officeCount ?? 0) > 1) nav.push({ to: ROUTES.pharmacyOffice, label: TEXTS.pharmacy.changeOffice });
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

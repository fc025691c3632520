/**
 * Mobile-first customer pages (SPEC section 2, navigation): Reseptit, the add button, Oma tili,
 * Kirjaudu ulos, and 'Siirry kassalle' with the cart's price when the cart has items. On narrow
 * screens a bottom nav holds prescriptions, add and profile, and the checkout button.
 */
import { Link, NavLink, Outlet } from 'react-router-dom';
import { OfflineGuard } from '../components/OfflineGuard';
import { useSession } from '../auth/useSession';
import { RoleHeader } from '../components/RoleHeader';
import { SessionExpiryOverlay } from '../components/SessionExpiryOverlay';
import { CookieBanner } from '../public/CookieBanner';
import { CUSTOMER_CHAT_PARAM, ROUTES } from '../routes';
import { CUSTOMER_TEXTS, TEXTS } from '../texts';
import { keepSessionAlive } from './customer-api';
import { useCustomerCart } from './customer-hooks';
import './customer.css';

const T = CUSTOMER_TEXTS.prescriptions;
const ADD_CHAT = `${ROUTES.customerPrescriptions}?${CUSTOMER_CHAT_PARAM}`;

const NAV = [
  { to: ROUTES.customerPrescriptions, label: TEXTS.customer.prescriptionsHeading },
  { to: ADD_CHAT, label: T.add },
  { to: ROUTES.customerProfile, label: TEXTS.customer.profileHeading },
] as const;

export function CustomerLayout() {
  // The customer's pages also admit other signed-in users (SPEC); only a customer session has this.
  const { data: customer } = useSession('customer');
  const cart = useCustomerCart().data;
  const hasItems = (cart?.items.length ?? 0) > 0;
  return (
    <div className="layout layout--customer">
      <RoleHeader nav={NAV} logoutTo={ROUTES.home} />
      {hasItems && (
        <div className="customer-cartbar">
          <Link className="button-link button-link--primary" to={ROUTES.customerHandling}>
            {T.checkout(cart!.priceEuro)}
          </Link>
        </div>
      )}
      <main id="main" className="customer-main">
        <OfflineGuard>
          <Outlet />
        </OfflineGuard>
      </main>
      <nav className="customer-bottom-nav" aria-label={T.bottomNav}>
        <NavLink to={ROUTES.customerPrescriptions} end className="customer-bottom-nav__link">
          {T.prescriptionsNav}
        </NavLink>
        <Link to={ADD_CHAT} className="customer-bottom-nav__link customer-bottom-nav__add">
          {T.add}
        </Link>
        <NavLink to={ROUTES.customerProfile} className="customer-bottom-nav__link">
          {T.profileNav}
        </NavLink>
      </nav>
      <CookieBanner />
      {customer && <SessionExpiryOverlay level="customer" idleMs={customer.sessionIdleMinutes * 60_000} onContinue={keepSessionAlive} />}
    </div>
  );
}

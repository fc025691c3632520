/**
 * Mobile-first customer pages (SPEC section 2, navigation): Reseptit, the add button, Oma tili,
 * Kirjaudu ulos, and 'Siirry kassalle' with the cart's price when the cart has items (not on the
 * checkout pages themselves, where it would lead to where the customer is). On narrow screens a
 * bottom nav holds prescriptions, add and profile, and the checkout button.
 */
import { useLayoutEffect } from 'react';
import { Link, matchPath, NavLink, Outlet, useLocation } from 'react-router-dom';
import { OfflineGuard } from '../components/OfflineGuard';
import { useSession } from '../auth/useSession';
import { RoleHeader } from '../components/RoleHeader';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { price } from '../i18n/format';
import { useFocusHeadingOnNavigate } from '../components/useFocusHeadingOnNavigate';
import { SessionExpiryOverlay } from '../components/SessionExpiryOverlay';
import { CookieBanner } from '../components/CookieBanner';
import { CUSTOMER_CHAT_PARAM, ROUTES } from '../routes/routes';
import { t } from '../i18n/i18n';
import { keepSessionAlive } from './customer-api';
import { useCustomerCart } from './customer-hooks';
import { useAccountLanguage } from './useAccountLanguage';
import './customer.css';
import 'virtual:finnish-texts/app';
import 'virtual:finnish-texts/customer';
const ADD_CHAT = `${ROUTES.customerPrescriptions}?${CUSTOMER_CHAT_PARAM}`;

/** 'Reseptit' and 'Lisää resepti' share a path: the open chat (?haku) tells which one is current. */
function customerNav(onPrescriptions: boolean, chatOpen: boolean) {
  return [
    { to: ROUTES.customerPrescriptions, label: t('app.customer.prescriptionsHeading'), current: onPrescriptions && !chatOpen },
    { to: ADD_CHAT, label: t('customer.prescriptions.add'), current: onPrescriptions && chatOpen },
    { to: ROUTES.customerProfile, label: t('app.customer.profileHeading') },
  ];
}

export function CustomerLayout() {
  // The customer's pages also admit other signed-in users (SPEC); only a customer session has this.
  const { data: customer } = useSession('customer');
  useAccountLanguage(customer);
  const cart = useCustomerCart().data;
  const { pathname, search } = useLocation();
  const atCheckout = pathname === ROUTES.customerHandling || matchPath(ROUTES.customerCheckout, pathname) !== null;
  const showCartBar = (cart?.items.length ?? 0) > 0 && !atCheckout;
  useFocusHeadingOnNavigate();
  // The bar comes in above the page when the chat adds the first item (a render after the chat's
  // own): the control the chat focused (its next step) is pushed down, so it is brought back into view.
  useLayoutEffect(() => {
    const active = document.activeElement;
    if (showCartBar && active instanceof HTMLElement && active.closest('#main')) active.scrollIntoView({ block: 'nearest' });
  }, [showCartBar]);
  const onPrescriptions = pathname === ROUTES.customerPrescriptions;
  const chatOpen = new URLSearchParams(search).has(CUSTOMER_CHAT_PARAM);
  return (
    <div className="layout layout--customer">
      {/* First in the tab order: a keyboard user can choose before anything else. */}
      <CookieBanner />
      <RoleHeader nav={customerNav(onPrescriptions, chatOpen)} logoutTo={ROUTES.home} languageSwitch={<LanguageSwitch place="header" />} />
      {showCartBar && (
        <section className="customer-cartbar" aria-label={t('customer.prescriptions.cartBar')}>
          <Link className="button-link button-link--primary" to={ROUTES.customerHandling}>
            {t('customer.prescriptions.checkout', { price: price(cart!.totalPrice) })}
          </Link>
        </section>
      )}
      <main id="main" className="customer-main">
        <OfflineGuard>
          <Outlet />
        </OfflineGuard>
      </main>
      <footer className="customer-footer">
        <LanguageSwitch place="footer" />
      </footer>
      <nav className="customer-bottom-nav" aria-label={t('customer.prescriptions.bottomNav')}>
        <Link
          to={ROUTES.customerPrescriptions}
          className={`customer-bottom-nav__link${onPrescriptions && !chatOpen ? ' active' : ''}`}
          aria-current={onPrescriptions && !chatOpen ? 'page' : undefined}
        >
          {t('customer.prescriptions.prescriptionsNav')}
        </Link>
        <Link to={ADD_CHAT} className="customer-bottom-nav__link customer-bottom-nav__add" aria-current={onPrescriptions && chatOpen ? 'page' : undefined}>
          {t('customer.prescriptions.add')}
        </Link>
        <NavLink to={ROUTES.customerProfile} className="customer-bottom-nav__link">
          {t('customer.prescriptions.profileNav')}
        </NavLink>
      </nav>
      {customer && <SessionExpiryOverlay level="customer" idleMs={customer.sessionIdleMinutes * 60_000} onContinue={keepSessionAlive} />}
    </div>
  );
}

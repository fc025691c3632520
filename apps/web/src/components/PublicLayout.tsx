import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { SkipToContent } from './SkipLink';
import { useFocusHeadingOnNavigate } from './useFocusHeadingOnNavigate';
import { ROUTES } from '../routes/routes';
import { PROVIDER, TEXTS } from '../i18n/texts';
import { LanguageSwitch } from './LanguageSwitch';
import { CookieBanner } from './CookieBanner';
import { LegalLinks } from './LegalModals';

/** Header and footer of the public pages (landing, information, logins). */
export function PublicLayout({ children }: { children: ReactNode }) {
  useFocusHeadingOnNavigate();
  return (
    <div className="layout layout--public">
      {/* First in the tab order: a keyboard user can choose before anything else. */}
      <CookieBanner />
      <SkipToContent />
      <header className="site-header">
        <div className="site-header__inner">
          <Link to={ROUTES.home} className="brand">
            {TEXTS.appName}
          </Link>
          <nav aria-label={TEXTS.common.mainNavigation} className="site-header__nav">
            <Link to={ROUTES.customerInfo}>{TEXTS.landing.customerInfoLink}</Link>
            <Link to={ROUTES.customerLogin}>{TEXTS.landing.login}</Link>
          </nav>
          <LanguageSwitch place="header" />
        </div>
      </header>
      {children}
      <footer className="site-footer">
        <div className="site-footer__inner">
          <div className="site-footer__provider">
            <span>© {PROVIDER.name}</span>
            <span>
              {TEXTS.trust.businessId} {PROVIDER.businessId}
            </span>
            <span>{PROVIDER.address}</span>
            <span>
              {TEXTS.trust.contactHeading}: <a href={`mailto:${PROVIDER.serviceEmail}`}>{PROVIDER.serviceEmail}</a>, {PROVIDER.servicePhone} ({PROVIDER.serviceHours})
            </span>
          </div>
          <div className="site-footer__legal">
            <LegalLinks />
            <Link to={ROUTES.accessibility}>{TEXTS.trust.accessibilityLink}</Link>
          </div>
          <LanguageSwitch place="footer" />
        </div>
      </footer>
    </div>
  );
}

import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { SkipToContent } from './SkipLink';
import { useFocusHeadingOnNavigate } from './useFocusHeadingOnNavigate';
import { ROUTES } from '../routes/routes';
import { t } from '../i18n/i18n';
import { LanguageSwitch } from './LanguageSwitch';
import { CookieBanner } from './CookieBanner';
import { LegalLinks } from './LegalModals';
import { useProvider } from './useProvider';

/** Header and footer of the public pages (landing, information, logins); the footer names the provider (GET /provider). */
export function PublicLayout({ children }: { children: ReactNode }) {
  useFocusHeadingOnNavigate();
  const { data: provider } = useProvider();
  return (
    <div className="layout layout--public">
      {/* First in the tab order: a keyboard user can choose before anything else. */}
      <CookieBanner />
      <SkipToContent />
      <header className="site-header">
        <div className="site-header__inner">
          <Link to={ROUTES.home} className="brand">
            {t('app.appName')}
          </Link>
          <nav aria-label={t('app.common.mainNavigation')} className="site-header__nav">
            <Link to={ROUTES.customerInfo}>{t('app.landing.customerInfoLink')}</Link>
            <Link to={ROUTES.customerLogin}>{t('app.landing.login')}</Link>
          </nav>
          <LanguageSwitch place="header" />
        </div>
      </header>
      {children}
      <footer className="site-footer">
        <div className="site-footer__inner">
          <div className="site-footer__provider">
            {provider && (
              <>
                <span>© {provider.name}</span>
                <span>
                  {t('app.trust.businessId')} {provider.businessId}
                </span>
                <span>{provider.address}</span>
              </>
            )}
            <span>
              {t('app.trust.contactHeading')}: <a href={`mailto:${t('provider.serviceEmail')}`}>{t('provider.serviceEmail')}</a>
              {provider && `, ${provider.customerServicePhone}`} ({t('provider.serviceHours')})
            </span>
          </div>
          <div className="site-footer__legal">
            <LegalLinks />
            <Link to={ROUTES.accessibility}>{t('app.trust.accessibilityLink')}</Link>
          </div>
          <LanguageSwitch place="footer" />
        </div>
      </footer>
    </div>
  );
}

/** '/': what the service does, prices, FAQ, the ways in (SPEC sections 1 and 2), and who stands behind it (issue 27). */
import { Suspense } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert } from '../components/Alert';
import { lazyRoute, RouteBoundary } from '../components/lazy-route';
import { Heading, Paragraph } from '../components/Text';
import { REGISTRATION_START_URL, ROUTES } from '../routes/routes';
import { t } from '../i18n/i18n';
import { PublicLayout } from '../components/PublicLayout';
import { HeroImage, TrustSections } from './TrustSections';

/** Where a strong identification that did not finish returns: /?identification=cancelled | failed (set by the API's callback). */
function IdentificationOutcome() {
  const [params] = useSearchParams();
  const outcome = params.get('identification');
  if (outcome !== 'cancelled' && outcome !== 'failed') return null;
  return (
    <div role="status" className="landing__notice">
      <Alert status={outcome === 'failed' ? 'error' : 'neutral'}>{outcome === 'cancelled' ? t('app.landing.identificationCancelled') : t('app.landing.identificationFailed')}</Alert>
    </div>
  );
}

// The FAQ's expanders are suomifi components (styled-components and the theme): they load after
// the first paint, so the first load stays within its budget (issue 24, bench web_js_gzip_kb).
const FaqSections = lazyRoute(() => import('./FaqSections').then((m) => m.FaqSections));

export function LandingPage() {
  return (
    <PublicLayout>
      <main id="main" className="page landing">
        <IdentificationOutcome />
        <section className="hero" aria-labelledby="hero-heading">
          <HeroImage />
          <Heading variant="h1hero" as="h1" id="hero-heading">
            {t('app.landing.heroTitle')}
          </Heading>
          <Paragraph mt="m" className="hero__text">
            {t('app.landing.heroText')}
          </Paragraph>
          <div className="hero__actions">
            <a className="button-link button-link--primary" href={REGISTRATION_START_URL}>
              {t('app.landing.createAccount')}
            </a>
            <Link className="button-link button-link--secondary" to={ROUTES.customerLogin}>
              {t('app.landing.login')}
            </Link>
          </div>
          <nav aria-label={t('app.landing.sectionNav')} className="anchor-nav">
            <a href="#hinnat">{t('app.landing.pricesHeading')}</a>
            <a href="#ukk">{t('app.landing.faqHeading')}</a>
            <a href="#laakarit">{t('app.trust.doctorsHeading')}</a>
            <a href="#asiakaspalvelu">{t('app.trust.contactHeading')}</a>
          </nav>
        </section>

        <section id="hinnat" className="section" aria-labelledby="prices-heading">
          <Heading variant="h2" id="prices-heading" mb="s">
            {t('app.landing.pricesHeading')}
          </Heading>
          <ul className="price-list">
            <li className="price-card">{t('app.landing.priceRenewal')}</li>
            <li className="price-card">{t('app.landing.priceNew')}</li>
          </ul>
        </section>

        <TrustSections />

        <section id="ukk" className="section" aria-labelledby="faq-heading">
          <Heading variant="h2" id="faq-heading" mb="s">
            {t('app.landing.faqHeading')}
          </Heading>
          <RouteBoundary>
            <Suspense fallback={<Paragraph>{t('app.common.loading')}</Paragraph>}>
              <FaqSections />
            </Suspense>
          </RouteBoundary>
        </section>

        <section className="section" aria-labelledby="pro-heading">
          <Heading variant="h2" id="pro-heading" mb="s">
            {t('app.landing.professionalsHeading')}
          </Heading>
          <ul className="link-list">
            <li>
              <Link to={ROUTES.doctorLogin}>{t('app.landing.doctorLogin')}</Link>
            </li>
            <li>
              <Link to={ROUTES.pharmacyLogin}>{t('app.landing.pharmacyLogin')}</Link>
            </li>
          </ul>
        </section>
      </main>
    </PublicLayout>
  );
}

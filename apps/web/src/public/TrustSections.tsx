/**
 * The landing page's "who stands behind this" (issue 27): how the service works, who the doctors
 * are (with the responsible physician), customer service with its hours, the provider with its
 * business ID, address and registration (GET /provider: the deployment's settings), and the
 * data-protection contact. A calm illustration (inline SVG, nothing from other hosts) beside the hero.
 */
import { Heading, Paragraph } from '../components/Text';
import { t, tObject } from '../i18n/i18n';
import { telHref, useProvider } from '../components/useProvider';

/** A decorative picture in the design system's colours: a prescription sheet and a check mark. */
export function HeroImage() {
  return (
    <svg className="hero__image" viewBox="0 0 240 180" aria-hidden="true" focusable="false">
      <circle cx="170" cy="90" r="80" fill="hsl(212, 63%, 95%)" />
      <rect x="60" y="30" width="110" height="130" rx="8" fill="#fff" stroke="hsl(212, 63%, 37%)" strokeWidth="4" />
      <path d="M80 60h70M80 80h70M80 100h45" stroke="hsl(202, 7%, 70%)" strokeWidth="6" strokeLinecap="round" />
      <circle cx="165" cy="130" r="30" fill="hsl(165, 90%, 27%)" />
      <path d="M151 130l10 10 19-20" fill="none" stroke="#fff" strokeWidth="7" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function TrustSections() {
  const { data: provider } = useProvider();
  return (
    <>
      <section className="section" aria-labelledby="steps-heading">
        <Heading variant="h2" id="steps-heading" mb="s">
          {t('app.trust.stepsHeading')}
        </Heading>
        <ol className="steps-list">
          {tObject<readonly string[]>('app.trust.steps').map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>

      <section id="laakarit" className="section" aria-labelledby="doctors-heading">
        <Heading variant="h2" id="doctors-heading" mb="s">
          {t('app.trust.doctorsHeading')}
        </Heading>
        {tObject<readonly string[]>('app.trust.doctors').map((p) => (
          <Paragraph key={p} mb="s">
            {p}
          </Paragraph>
        ))}
        {provider && (
          <dl className="facts">
            <dt>{t('app.trust.responsiblePhysician')}</dt>
            <dd>{provider.responsiblePhysician}</dd>
          </dl>
        )}
      </section>

      <div className="trust-grid">
        <section id="asiakaspalvelu" className="trust-card" aria-labelledby="contact-heading">
          <Heading variant="h2" id="contact-heading" mb="s">
            {t('app.trust.contactHeading')}
          </Heading>
          <dl className="facts">
            <dt>{t('app.trust.contactPhone')}</dt>
            <dd>{provider ? <a href={telHref(provider.customerServicePhone)}>{provider.customerServicePhone}</a> : '…'}</dd>
            <dt>{t('app.trust.contactEmail')}</dt>
            <dd>
              <a href={`mailto:${t('provider.serviceEmail')}`}>{t('provider.serviceEmail')}</a>
            </dd>
            <dt>{t('app.trust.contactHours')}</dt>
            <dd>{t('provider.serviceHours')}</dd>
          </dl>
          <Paragraph mt="s" className="trust-card__note">
            {t('app.trust.contactNote')}
          </Paragraph>
        </section>

        <section className="trust-card" aria-labelledby="provider-heading">
          <Heading variant="h2" id="provider-heading" mb="s">
            {t('app.trust.providerHeading')}
          </Heading>
          {provider && (
            <dl className="facts">
              <dt className="visually-hidden">{t('app.trust.providerHeading')}</dt>
              <dd>{provider.name}</dd>
              <dt>{t('app.trust.businessId')}</dt>
              <dd>{provider.businessId}</dd>
              <dt>{t('app.trust.address')}</dt>
              <dd>{provider.address}</dd>
              <dt>{t('app.trust.registration')}</dt>
              <dd>{provider.registration}</dd>
            </dl>
          )}
        </section>

        <section className="trust-card" aria-labelledby="privacy-heading">
          <Heading variant="h2" id="privacy-heading" mb="s">
            {t('app.trust.privacyHeading')}
          </Heading>
          <Paragraph mb="s">{t('app.trust.privacyText')}</Paragraph>
          <dl className="facts">
            <dt>{t('app.trust.privacyContact')}</dt>
            <dd>
              <a href={`mailto:${t('provider.privacyEmail')}`}>{t('provider.privacyEmail')}</a>
            </dd>
          </dl>
        </section>
      </div>
    </>
  );
}

/** /saavutettavuusseloste: the accessibility statement (WCAG 2.1 AA), with the feedback channel and the supervising authority. */
import { Heading, Paragraph } from 'suomifi-ui-components';
import { usePageTitle } from '../components/usePageTitle';
import { t, tObject } from '../i18n/i18n';
import { PublicLayout } from '../components/PublicLayout';
import { useProvider } from '../components/useProvider';
import 'virtual:finnish-texts/app';

export function AccessibilityPage() {
  usePageTitle(t('app.accessibility.heading'));
  const { data: provider } = useProvider();
  return (
    <PublicLayout>
      <main id="main" className="page page--narrow">
        <Heading variant="h1" mb="m">
          {t('app.accessibility.heading')}
        </Heading>
        <Paragraph mb="m">{t('app.accessibility.intro', { provider: provider?.name ?? '…' })}</Paragraph>
        <Heading variant="h2" mb="s">
          {t('app.accessibility.statusHeading')}
        </Heading>
        <Paragraph mb="m">{t('app.accessibility.status')}</Paragraph>
        <Heading variant="h2" mb="s">
          {t('app.accessibility.assessmentHeading')}
        </Heading>
        <Paragraph mb="m">{t('app.accessibility.assessment')}</Paragraph>
        <Heading variant="h2" mb="s">
          {t('app.accessibility.gapsHeading')}
        </Heading>
        <ul className="statement-list">
          {tObject<readonly string[]>('app.accessibility.gaps').map((gap) => (
            <li key={gap}>{gap}</li>
          ))}
        </ul>
        <Heading variant="h2" mb="s">
          {t('app.accessibility.feedbackHeading')}
        </Heading>
        <Paragraph mb="s">{t('app.accessibility.feedback')}</Paragraph>
        <dl className="facts">
          <dt>{t('app.accessibility.feedbackEmail')}</dt>
          <dd>
            <a href={`mailto:${t('provider.accessibilityEmail')}`}>{t('provider.accessibilityEmail')}</a>
          </dd>
        </dl>
        <Heading variant="h2" mt="m" mb="s">
          {t('app.accessibility.supervisionHeading')}
        </Heading>
        <Paragraph mb="s">{t('app.accessibility.supervision')}</Paragraph>
        <dl className="facts">
          <dt className="visually-hidden">{t('app.accessibility.supervisionHeading')}</dt>
          <dd>{t('app.accessibility.supervisionAuthority')}</dd>
          <dt>{t('app.accessibility.supervisionWebsite')}</dt>
          <dd>
            <a href={t('app.accessibility.supervisionUrl')}>{t('app.accessibility.supervisionLinkText')}</a>
          </dd>
        </dl>
      </main>
    </PublicLayout>
  );
}

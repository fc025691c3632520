import { Link } from 'react-router-dom';
import { Heading, Paragraph } from 'suomifi-ui-components';
import { ROUTES } from '../routes/routes';
import { t } from '../i18n/i18n';
import { usePageTitle } from '../components/usePageTitle';
import { PublicLayout } from '../components/PublicLayout';

export function NotFoundPage() {
  usePageTitle(t('app.notFound.heading'));
  return (
    <PublicLayout>
      <main id="main" className="page page--narrow">
        <Heading variant="h1">{t('app.notFound.heading')}</Heading>
        <Paragraph mt="s" mb="m">
          {t('app.notFound.body')}
        </Paragraph>
        <Link to={ROUTES.home}>{t('app.notFound.link')}</Link>
      </main>
    </PublicLayout>
  );
}

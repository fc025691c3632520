import { Link } from 'react-router-dom';
import { Heading, Paragraph } from 'suomifi-ui-components';
import { ROUTES } from '../routes/routes';
import { TEXTS } from '../i18n/texts';
import { usePageTitle } from '../components/usePageTitle';
import { PublicLayout } from '../components/PublicLayout';

export function NotFoundPage() {
  usePageTitle(TEXTS.notFound.heading);
  return (
    <PublicLayout>
      <main id="main" className="page page--narrow">
        <Heading variant="h1">{TEXTS.notFound.heading}</Heading>
        <Paragraph mt="s" mb="m">
          {TEXTS.notFound.body}
        </Paragraph>
        <Link to={ROUTES.home}>{TEXTS.notFound.link}</Link>
      </main>
    </PublicLayout>
  );
}

/** /tili-poistettu: where the browser lands after the customer closed their account. */
import { Link } from 'react-router-dom';
import { Heading, Paragraph } from 'suomifi-ui-components';
import { usePageTitle } from '../components/usePageTitle';
import { ROUTES } from '../routes/routes';
import { CUSTOMER_TEXTS } from '../i18n/texts';
import { PublicLayout } from '../components/PublicLayout';

const T = CUSTOMER_TEXTS.profile;

export function AccountClosedPage() {
  usePageTitle(T.closedHeading);
  return (
    <PublicLayout>
      <main id="main" className="page page--narrow">
        <Heading variant="h1" mb="m">
          {T.closedHeading}
        </Heading>
        <Paragraph mb="s">{T.closedText}</Paragraph>
        <Paragraph mb="s">{T.closeKept}</Paragraph>
        <Paragraph mb="l">{T.closeAgain}</Paragraph>
        <Link to={ROUTES.home}>{T.closedHome}</Link>
      </main>
    </PublicLayout>
  );
}

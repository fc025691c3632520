/**
 * /tili-poistettu: where the browser lands after the customer closed their account. The page is
 * the result of that action: its heading takes the focus (a fresh page load would leave it on the body).
 */
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { Heading, Paragraph } from 'suomifi-ui-components';
import { usePageTitle } from '../components/usePageTitle';
import { ROUTES } from '../routes/routes';
import { t } from '../i18n/i18n';
import { PublicLayout } from '../components/PublicLayout';
import { focusAfterRender, mainHeading } from '../components/focus-after-render';
import 'virtual:finnish-texts/customer';

export function AccountClosedPage() {
  usePageTitle(t('customer.profile.closedHeading'));
  useEffect(() => focusAfterRender(mainHeading), []);
  return (
    <PublicLayout>
      <main id="main" className="page page--narrow">
        <Heading variant="h1" mb="m">
          {t('customer.profile.closedHeading')}
        </Heading>
        <Paragraph mb="s">{t('customer.profile.closedText')}</Paragraph>
        <Paragraph mb="s">{t('customer.profile.closeKept')}</Paragraph>
        <Paragraph mb="l">{t('customer.profile.closeAgain')}</Paragraph>
        <Link to={ROUTES.home}>{t('customer.profile.closedHome')}</Link>
      </main>
    </PublicLayout>
  );
}

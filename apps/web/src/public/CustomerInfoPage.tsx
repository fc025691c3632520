/** /tietoa-asiakkaalle: the customer FAQ. */
import { Heading, Paragraph } from 'suomifi-ui-components';
import { t } from '../i18n/i18n';
import { FaqSections } from './FaqSections';
import { PublicLayout } from '../components/PublicLayout';
import 'virtual:finnish-texts/app';

export function CustomerInfoPage() {
  return (
    <PublicLayout>
      <main id="main" className="page">
        <Heading variant="h1">{t('app.customerInfo.heading')}</Heading>
        <Paragraph mt="s" mb="m">
          {t('app.customerInfo.intro')}
        </Paragraph>
        <FaqSections headingLevel="h2" />
      </main>
    </PublicLayout>
  );
}

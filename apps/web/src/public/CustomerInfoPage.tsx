/** /tietoa-asiakkaalle: the customer FAQ. */
import { Heading, Paragraph } from 'suomifi-ui-components';
import { TEXTS } from '../i18n/texts';
import { FaqSections } from './FaqSections';
import { PublicLayout } from '../components/PublicLayout';

export function CustomerInfoPage() {
  return (
    <PublicLayout>
      <main id="main" className="page">
        <Heading variant="h1">{TEXTS.customerInfo.heading}</Heading>
        <Paragraph mt="s" mb="m">
          {TEXTS.customerInfo.intro}
        </Paragraph>
        <FaqSections headingLevel="h2" />
      </main>
    </PublicLayout>
  );
}

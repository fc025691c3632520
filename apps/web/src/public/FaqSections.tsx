/** The public FAQ (SPEC section 1) as suomifi expanders. */
import { Expander, ExpanderContent, ExpanderGroup, ExpanderTitleButton, Paragraph } from 'suomifi-ui-components';
import { t, tObject } from '../i18n/i18n';
import 'virtual:finnish-texts/faq';

interface FaqItem {
  id: string;
  title: string;
  body: readonly string[];
}

export function FaqSections({ headingLevel = 'h3' }: { headingLevel?: 'h2' | 'h3' }) {
  return (
    <ExpanderGroup
      className="faq"
      showToggleAllButton
      openAllText={t('customer.faq.openAll')}
      closeAllText={t('customer.faq.closeAll')}
      ariaOpenAllText={t('customer.faq.ariaOpenAll')}
      ariaCloseAllText={t('customer.faq.ariaCloseAll')}
    >
      {tObject<readonly FaqItem[]>('app.faq').map((item) => (
        <Expander key={item.id} id={`ukk-${item.id}`}>
          <ExpanderTitleButton asHeading={headingLevel}>{item.title}</ExpanderTitleButton>
          <ExpanderContent>
            {item.body.map((p) => (
              <Paragraph key={p} mb="xs">
                {p}
              </Paragraph>
            ))}
          </ExpanderContent>
        </Expander>
      ))}
    </ExpanderGroup>
  );
}

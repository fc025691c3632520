/** The public FAQ (SPEC section 1) as suomifi expanders. */
import { Expander, ExpanderContent, ExpanderGroup, ExpanderTitleButton, Paragraph } from 'suomifi-ui-components';
import { CUSTOMER_TEXTS, TEXTS } from '../i18n/texts';

export function FaqSections({ headingLevel = 'h3' }: { headingLevel?: 'h2' | 'h3' }) {
  return (
    <ExpanderGroup
      className="faq"
      showToggleAllButton
      openAllText={CUSTOMER_TEXTS.faq.openAll}
      closeAllText={CUSTOMER_TEXTS.faq.closeAll}
      ariaOpenAllText={CUSTOMER_TEXTS.faq.ariaOpenAll}
      ariaCloseAllText={CUSTOMER_TEXTS.faq.ariaCloseAll}
    >
      {TEXTS.faq.map((item) => (
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

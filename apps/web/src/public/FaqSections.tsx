/** The public FAQ (SPEC section 1) as suomifi expanders. */
import { Expander, ExpanderContent, ExpanderGroup, ExpanderTitleButton, Paragraph } from 'suomifi-ui-components';
import { TEXTS } from '../texts';

export function FaqSections({ headingLevel = 'h3' }: { headingLevel?: 'h2' | 'h3' }) {
  return (
    <ExpanderGroup className="faq">
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

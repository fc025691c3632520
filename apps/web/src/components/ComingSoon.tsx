import { Heading, Paragraph } from 'suomifi-ui-components';
import { TEXTS } from '../texts';

/** Placeholder body of a screen that later work fills in. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <section className="coming-soon" aria-labelledby="page-heading">
      <Heading variant="h1" id="page-heading">
        {title}
      </Heading>
      <Paragraph mt="s">{TEXTS.common.comingSoon}</Paragraph>
    </section>
  );
}

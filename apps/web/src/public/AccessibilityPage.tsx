/** /saavutettavuusseloste: the accessibility statement (WCAG 2.1 AA), with the feedback channel and the supervising authority. */
import { Heading, Paragraph } from 'suomifi-ui-components';
import { usePageTitle } from '../components/usePageTitle';
import { PROVIDER, TEXTS } from '../i18n/texts';
import { PublicLayout } from '../components/PublicLayout';

const T = TEXTS.accessibility;

export function AccessibilityPage() {
  usePageTitle(T.heading);
  return (
    <PublicLayout>
      <main id="main" className="page page--narrow">
        <Heading variant="h1" mb="m">
          {T.heading}
        </Heading>
        <Paragraph mb="m">{T.intro}</Paragraph>
        <Heading variant="h2" mb="s">
          {T.statusHeading}
        </Heading>
        <Paragraph mb="m">{T.status}</Paragraph>
        <Heading variant="h2" mb="s">
          {T.assessmentHeading}
        </Heading>
        <Paragraph mb="m">{T.assessment}</Paragraph>
        <Heading variant="h2" mb="s">
          {T.gapsHeading}
        </Heading>
        <ul className="statement-list">
          {T.gaps.map((gap) => (
            <li key={gap}>{gap}</li>
          ))}
        </ul>
        <Heading variant="h2" mb="s">
          {T.feedbackHeading}
        </Heading>
        <Paragraph mb="s">{T.feedback}</Paragraph>
        <dl className="facts">
          <dt>{T.feedbackEmail}</dt>
          <dd>
            <a href={`mailto:${PROVIDER.accessibilityEmail}`}>{PROVIDER.accessibilityEmail}</a>
          </dd>
        </dl>
        <Heading variant="h2" mt="m" mb="s">
          {T.supervisionHeading}
        </Heading>
        <Paragraph mb="m">{T.supervision}</Paragraph>
      </main>
    </PublicLayout>
  );
}

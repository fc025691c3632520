/**
 * The staff's recovery codes, shown once (after enabling TOTP or after 'Luo uudet varakoodit'):
 * the list to print or write down, and the way on. The heading takes the focus, so a screen
 * reader and a keyboard user land on the codes.
 */
import { useEffect, useId, useRef } from 'react';
import { Button, Heading, InlineAlert, Paragraph } from 'suomifi-ui-components';
import { t } from '../i18n/i18n';
import 'virtual:finnish-texts/app';

export function RecoveryCodes({ codes, heading, intro, notice, onContinue }: { codes: readonly string[]; heading: string; intro: string; notice?: string; onContinue: () => void }) {
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [codes]);
  return (
    <section aria-labelledby={id}>
      {notice && (
        <InlineAlert status="neutral" mb="m">
          {notice}
        </InlineAlert>
      )}
      <Heading variant="h2" id={id} mb="s" ref={headingRef} tabIndex={-1}>
        {heading}
      </Heading>
      <Paragraph mb="m">{intro}</Paragraph>
      <ol className="mfa-recovery-codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <div className="mfa-actions">
        <Button variant="secondary" onClick={() => window.print()}>
          {t('app.mfa.print')}
        </Button>
        <Button onClick={onContinue}>{t('app.mfa.continue')}</Button>
      </div>
    </section>
  );
}

/** The cookie banner: accept or decline; scrolling past a quarter of the page accepts. */
import { useEffect, useState } from 'react';
import { Button, Paragraph } from 'suomifi-ui-components';
import { CUSTOMER_TEXTS } from '../texts';
import { ACCEPT_ON_SCROLL_SHARE, loadTagManager, readConsent, storeConsent, type Consent } from './cookie-consent';

const T = CUSTOMER_TEXTS.cookies;

export function CookieBanner() {
  const [consent, setConsent] = useState<Consent | null>(() => readConsent());

  useEffect(() => {
    if (consent === 'accepted') loadTagManager();
  }, [consent]);

  useEffect(() => {
    if (consent) return;
    function onScroll() {
      const scrollable = document.documentElement.scrollHeight - window.innerHeight;
      if (scrollable > 0 && window.scrollY / scrollable > ACCEPT_ON_SCROLL_SHARE) {
        storeConsent('accepted');
        setConsent('accepted');
      }
    }
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [consent]);

  // While the banner shows, the page gets room below so it never hides content for good.
  useEffect(() => {
    document.body.classList.toggle('has-cookie-banner', consent === null);
    return () => document.body.classList.remove('has-cookie-banner');
  }, [consent]);

  function choose(value: Consent) {
    storeConsent(value);
    setConsent(value);
  }

  if (consent) return null;
  return (
    <section className="cookie-banner" aria-label={T.label}>
      <div className="cookie-banner__inner">
        <Paragraph className="cookie-banner__text">{T.text}</Paragraph>
        <div className="cookie-banner__actions">
          <Button onClick={() => choose('accepted')}>{T.accept}</Button>
          <Button variant="secondary" onClick={() => choose('declined')}>
            {T.decline}
          </Button>
        </div>
      </div>
    </section>
  );
}

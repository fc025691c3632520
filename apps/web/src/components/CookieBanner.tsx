/**
 * The cookie banner: accept or decline; scrolling past a quarter of the page with a wheel or a
 * finger accepts (SPEC section 9, unless COOKIE_CONSENT_ON_SCROLL=false). Keyboard scrolling
 * never does: the banner comes first in the tab order (the layouts render it first), and a
 * keyboard user's Page Down or Tab is not a choice.
 */
import { useEffect, useRef, useState } from 'react';
import { Paragraph } from './Text';
import { focusAfterRender, mainHeading } from './focus-after-render';
import { t } from '../i18n/i18n';
import { ACCEPT_ON_SCROLL_SHARE, consentOnScroll, loadTagManager, readConsent, storeConsent, type Consent } from './cookie-consent';

export function CookieBanner() {
  const [consent, setConsent] = useState<Consent | null>(() => readConsent());
  const bannerRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (consent === 'accepted') loadTagManager();
  }, [consent]);

  useEffect(() => {
    if (consent || !consentOnScroll()) return;
    // Only a scroll the user makes with a pointer (wheel, touch) counts; a key press resets it.
    let byPointer = false;
    const pointer = () => {
      byPointer = true;
    };
    const key = () => {
      byPointer = false;
    };
    function onScroll() {
      if (!byPointer) return;
      const scrollable = document.documentElement.scrollHeight - window.innerHeight;
      if (scrollable > 0 && window.scrollY / scrollable > ACCEPT_ON_SCROLL_SHARE) {
        storeConsent('accepted');
        setConsent('accepted');
      }
    }
    window.addEventListener('wheel', pointer, { passive: true });
    window.addEventListener('touchmove', pointer, { passive: true });
    window.addEventListener('keydown', key);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('wheel', pointer);
      window.removeEventListener('touchmove', pointer);
      window.removeEventListener('keydown', key);
      window.removeEventListener('scroll', onScroll);
    };
  }, [consent]);

  // While the banner shows, the page gets room below so it never hides content for good.
  useEffect(() => {
    document.body.classList.toggle('has-cookie-banner', consent === null);
    return () => document.body.classList.remove('has-cookie-banner');
  }, [consent]);

  function choose(value: Consent) {
    // The banner goes with its buttons: the focus moves on to the page itself (its heading), not to the body.
    const focused = bannerRef.current?.contains(document.activeElement) ?? false;
    storeConsent(value);
    setConsent(value);
    if (focused) focusAfterRender(() => [mainHeading(), document.getElementById('main')]);
  }

  if (consent) return null;
  return (
    <section ref={bannerRef} className="cookie-banner" aria-label={t('customer.cookies.label')}>
      <div className="cookie-banner__inner">
        <Paragraph className="cookie-banner__text">{consentOnScroll() ? `${t('customer.cookies.text')} ${t('customer.cookies.scrollNote')}` : t('customer.cookies.text')}</Paragraph>
        <div className="cookie-banner__actions">
          {/* Own buttons in the button-link style: suomifi's Button would bring styled-components into the first load. */}
          <button type="button" className="button-link button-link--primary" onClick={() => choose('accepted')}>
            {t('customer.cookies.accept')}
          </button>
          <button type="button" className="button-link button-link--secondary" onClick={() => choose('declined')}>
            {t('customer.cookies.decline')}
          </button>
        </div>
      </div>
    </section>
  );
}

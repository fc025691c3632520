/**
 * Cookie consent (SPEC sections 1 and 9): accepted or declined, remembered for 365 days in
 * a first-party cookie. Nothing from other hosts (the tag manager) loads before an accept.
 */
export type Consent = 'accepted' | 'declined';

const CONSENT_COOKIE = 'resepti_evasteet';
const CONSENT_DAYS = 365;
/** Scrolling past this share of the page counts as accepting (SPEC section 9). */
export const ACCEPT_ON_SCROLL_SHARE = 0.25;

/** Whether this deployment keeps SPEC's scroll-accept (COOKIE_CONSENT_ON_SCROLL, written into index.html by the server). */
export function consentOnScroll(): boolean {
  return document.querySelector('meta[name="resepti-consent-on-scroll"]')?.getAttribute('content') !== 'false';
}

export function readConsent(): Consent | null {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${CONSENT_COOKIE}=`));
  const value = match?.slice(CONSENT_COOKIE.length + 1);
  return value === 'accepted' || value === 'declined' ? value : null;
}

export function storeConsent(consent: Consent): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${CONSENT_COOKIE}=${consent}; Max-Age=${CONSENT_DAYS * 24 * 60 * 60}; Path=/; SameSite=Lax${secure}`;
  if (consent === 'accepted') loadTagManager();
}

/** The tag manager, only after consent and only when an id is configured at build time (VITE_GTM_ID). */
export function loadTagManager(): void {
  const id = import.meta.env.VITE_GTM_ID as string | undefined;
  if (!id || !/^GTM-[A-Z0-9]+$/.test(id) || document.getElementById('gtm-script')) return;
  const script = document.createElement('script');
  script.id = 'gtm-script';
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${id}`;
  document.head.appendChild(script);
}

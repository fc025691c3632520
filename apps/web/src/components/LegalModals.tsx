/**
 * 'Käyttöehdot' and 'Rekisteriseloste': buttons that open the legal texts in modals. The modal
 * (and the design system's Modal with it) loads on the first click, so the landing page's first
 * load does not carry it.
 */
import { lazy, Suspense, useRef, useState } from 'react';
import { t } from '../i18n/i18n';
import type { LegalDoc } from './LegalModal';

const LegalModal = lazy(() => import('./LegalModal').then((m) => ({ default: m.LegalModal })));

export function LegalLinks() {
  const [open, setOpen] = useState<LegalDoc | null>(null);
  const termsRef = useRef<HTMLButtonElement>(null);
  const privacyRef = useRef<HTMLButtonElement>(null);

  function close() {
    const returnTo = open === 'terms' ? termsRef.current : privacyRef.current;
    setOpen(null);
    returnTo?.focus();
  }

  return (
    <>
      <button type="button" className="link-button" ref={termsRef} onClick={() => setOpen('terms')}>
        {t('app.legal.termsTitle')}
      </button>
      <button type="button" className="link-button" ref={privacyRef} onClick={() => setOpen('privacy')}>
        {t('app.legal.privacyTitle')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <LegalModal doc={open} visible onClose={close} />
        </Suspense>
      )}
    </>
  );
}

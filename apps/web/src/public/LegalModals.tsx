/** 'Käyttöehdot' and 'Rekisteriseloste': buttons that open the legal texts in modals. */
import { useRef, useState } from 'react';
import { Button, Modal, ModalContent, ModalFooter, ModalTitle, Paragraph } from 'suomifi-ui-components';
import { TEXTS } from '../texts';

type LegalDoc = 'terms' | 'privacy';

/** Read at render: the texts follow the language. */
const legalDoc = (doc: LegalDoc): { title: string; paragraphs: readonly string[] } =>
  doc === 'terms' ? { title: TEXTS.legal.termsTitle, paragraphs: TEXTS.legal.terms } : { title: TEXTS.legal.privacyTitle, paragraphs: TEXTS.legal.privacy };

export function LegalModal({ doc, visible, onClose }: { doc: LegalDoc; visible: boolean; onClose: () => void }) {
  const { title, paragraphs } = legalDoc(doc);
  const titleId = `legal-${doc}-title`;
  return (
    <Modal appElementId="root" visible={visible} onEscKeyDown={onClose} ariaLabelledBy={titleId} scrollable>
      <ModalContent>
        <ModalTitle id={titleId}>{title}</ModalTitle>
        {paragraphs.map((p) => (
          <Paragraph key={p} mb="s">
            {p}
          </Paragraph>
        ))}
      </ModalContent>
      <ModalFooter>
        <Button onClick={onClose}>{TEXTS.common.close}</Button>
      </ModalFooter>
    </Modal>
  );
}

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
        {TEXTS.legal.termsTitle}
      </button>
      <button type="button" className="link-button" ref={privacyRef} onClick={() => setOpen('privacy')}>
        {TEXTS.legal.privacyTitle}
      </button>
      <LegalModal doc="terms" visible={open === 'terms'} onClose={close} />
      <LegalModal doc="privacy" visible={open === 'privacy'} onClose={close} />
    </>
  );
}

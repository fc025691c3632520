/** The legal texts ('Käyttöehdot', 'Rekisteriseloste') in a modal. */
import { Button, Modal, ModalContent, ModalFooter, ModalTitle, Paragraph } from 'suomifi-ui-components';
import { t, tObject } from '../i18n/i18n';
import 'virtual:finnish-texts/app';

export type LegalDoc = 'terms' | 'privacy';

/** Read at render: the texts follow the language. */
const legalDoc = (doc: LegalDoc): { title: string; paragraphs: readonly string[] } =>
  doc === 'terms' ? { title: t('app.legal.termsTitle'), paragraphs: tObject('app.legal.terms') } : { title: t('app.legal.privacyTitle'), paragraphs: tObject('app.legal.privacy') };

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
        <Button onClick={onClose}>{t('app.common.close')}</Button>
      </ModalFooter>
    </Modal>
  );
}

/** The patient-info text (the provider as data controller, the privacy statement) as a modal and as the /print body. */
import { useState } from 'react';
import { Button, Modal, ModalContent, ModalFooter, ModalTitle, Paragraph } from 'suomifi-ui-components';
import { PHARMACY_TEXTS, TEXTS } from '../i18n/texts';
import { ROUTES } from '../routes/routes';

const T = PHARMACY_TEXTS.patientInfo;

export function PatientInfoText({ withPrivacyToggle = true }: { withPrivacyToggle?: boolean }) {
  const [privacyOpen, setPrivacyOpen] = useState(!withPrivacyToggle);
  return (
    <>
      {T.paragraphs.map((p) => (
        <Paragraph key={p} mb="s">
          {p}
        </Paragraph>
      ))}
      {withPrivacyToggle && (
        <button type="button" className="link-button" aria-expanded={privacyOpen} onClick={() => setPrivacyOpen((v) => !v)}>
          {T.privacyLink}
        </button>
      )}
      {privacyOpen && (
        <section className="patient-info__privacy" aria-label={T.privacyLink}>
          {TEXTS.legal.privacy.map((p) => (
            <Paragraph key={p} mb="s">
              {p}
            </Paragraph>
          ))}
        </section>
      )}
    </>
  );
}

export function PatientInfoModal({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  return (
    <Modal appElementId="root" visible={visible} onEscKeyDown={onClose} ariaLabelledBy="patient-info-title" scrollable>
      <ModalContent>
        <ModalTitle id="patient-info-title">{T.title}</ModalTitle>
        <PatientInfoText />
        <Paragraph mt="m">
          <a href={ROUTES.pharmacyPrint} target="_blank" rel="noopener">
            {T.print}
          </a>
        </Paragraph>
      </ModalContent>
      <ModalFooter>
        <Button onClick={onClose}>{TEXTS.common.close}</Button>
      </ModalFooter>
    </Modal>
  );
}

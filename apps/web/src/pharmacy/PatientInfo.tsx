/** The patient-info text (the provider as data controller, the privacy statement) as a modal and as the /print body. */
import { useState } from 'react';
import { Button, Modal, ModalContent, ModalFooter, ModalTitle, Paragraph } from 'suomifi-ui-components';
import { t, tObject } from '../i18n/i18n';
import { ROUTES } from '../routes/routes';
import 'virtual:finnish-texts/app';
import 'virtual:finnish-texts/pharmacy';

export function PatientInfoText({ withPrivacyToggle = true }: { withPrivacyToggle?: boolean }) {
  const [privacyOpen, setPrivacyOpen] = useState(!withPrivacyToggle);
  return (
    <>
      {tObject<readonly string[]>('pharmacy.patientInfo.paragraphs').map((p) => (
        <Paragraph key={p} mb="s">
          {p}
        </Paragraph>
      ))}
      {withPrivacyToggle && (
        <button type="button" className="link-button" aria-expanded={privacyOpen} onClick={() => setPrivacyOpen((v) => !v)}>
          {t('pharmacy.patientInfo.privacyLink')}
        </button>
      )}
      {privacyOpen && (
        <section className="patient-info__privacy" aria-label={t('pharmacy.patientInfo.privacyLink')}>
          {tObject<readonly string[]>('app.legal.privacy').map((p) => (
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
        <ModalTitle id="patient-info-title">{t('pharmacy.patientInfo.title')}</ModalTitle>
        <PatientInfoText />
        <Paragraph mt="m">
          <a href={ROUTES.pharmacyPrint} target="_blank" rel="noopener">
            {t('pharmacy.patientInfo.print')}
          </a>
        </Paragraph>
      </ModalContent>
      <ModalFooter>
        <Button onClick={onClose}>{t('app.common.close')}</Button>
      </ModalFooter>
    </Modal>
  );
}

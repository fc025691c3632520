/**
 * 'Reseptin tilaus', the workbench's left column: step 1 hetu (a barcode reader types and
 * presses Enter), step 2 the patient's names, step 3 the medicine chat. 'Keskeytä' empties
 * the pharmacy cart and starts over.
 */
import { type FormEvent, useId, useState } from 'react';
import { Button, Checkbox, Heading, TextInput } from 'suomifi-ui-components';
import { HETU_LENGTH, normalizeHetu, validateHetu, type Patient } from '@resepti/domain';
import { errorText } from '../api/error-text';
import { ConfirmAction } from '../components/ConfirmAction';
import { localized, t } from '../i18n/i18n';
import { MedicineChat } from './MedicineChat';
import { PatientInfoModal } from './PatientInfo';
import { useClearCart, useOwnCartChangesInFlight, usePharmacyCart, useSavePatient } from './pharmacy-hooks';
import 'virtual:finnish-texts/pharmacy';

type Step = 1 | 2 | 3;

/** The hetu message to show: only once the full length is typed (or on an attempt to go on). */
function hetuError(value: string, attempted: boolean): string | null {
  const v = normalizeHetu(value);
  if (v.length < HETU_LENGTH && !attempted) return null;
  const error = validateHetu(v);
  return error && localized(error);
}

export function OrderRequestPanel() {
  const ids = useId();
  // One cart per pharmacist, shared by their sessions: another tab or workstation may change it.
  const cart = usePharmacyCart();

  const [step, setStep] = useState<Step>(1);
  const [hetu, setHetu] = useState('');
  const [hetuAttempted, setHetuAttempted] = useState(false);
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [infoGiven, setInfoGiven] = useState(true);
  const [modalOpen, setModalOpen] = useState(false);
  const [patient, setPatient] = useState<Patient | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [chatKey, setChatKey] = useState(0);

  // After a reload: a patient already given in this session continues in the chat.
  // (Adjusted while rendering, once, when the cart first arrives: no effect round-trip.)
  const [resumed, setResumed] = useState(false);
  if (!resumed && cart.data) {
    setResumed(true);
    if (cart.data.patient) {
      setPatient(cart.data.patient);
      setStep(3);
    }
  }

  // The cart's patient changed in another session of this user while the chat was open: never keep
  // adding medicines for the patient on screen. Follow the cart (adjusted while rendering); this
  // screen's own changes in flight are not "another session".
  const ownChanges = useOwnCartChangesInFlight();
  const cartHetu = cart.data ? (cart.data.patient?.hetu ?? null) : undefined;
  if (ownChanges === 0 && step === 3 && patient && cartHetu !== undefined && cartHetu !== patient.hetu) {
    const other = cart.data?.patient ?? null;
    if (other) {
      setPatient(other);
      setNotice(t('pharmacy.workbench.patientChangedElsewhere', { name: `${other.firstName} ${other.lastName}`, hetu: other.hetu }));
      setChatKey((k) => k + 1);
    } else {
      reset(t('pharmacy.workbench.orderClosedElsewhere'));
    }
  }

  const save = useSavePatient({
    onSuccess: (saved) => {
      setPatient(saved);
      setStep(3);
    },
    onError: (e) => setError(errorText(e, t('pharmacy.workbench.failed'))),
  });

  const abort = useClearCart({ onSettled: () => reset(null) });

  function reset(message: string | null) {
    setStep(1);
    setHetu('');
    setHetuAttempted(false);
    setFirstName('');
    setLastName('');
    setInfoGiven(true);
    setPatient(null);
    setError(null);
    setNotice(message);
    setChatKey((k) => k + 1);
  }

  function submitHetu(value: string) {
    setHetuAttempted(true);
    if (validateHetu(normalizeHetu(value)) === null) {
      setHetu(normalizeHetu(value));
      setNotice(null);
      setStep(2);
    }
  }

  const hetuMessage = hetuError(hetu, hetuAttempted);
  const hetuValid = validateHetu(normalizeHetu(hetu)) === null;
  const namesValid = firstName.trim() !== '' && lastName.trim() !== '' && infoGiven;

  function submitNames(e: FormEvent) {
    e.preventDefault();
    if (!namesValid || save.isPending) return;
    setError(null);
    save.mutate({ firstName: firstName.trim(), lastName: lastName.trim(), hetu: normalizeHetu(hetu) });
  }

  return (
    <section className="order-request" aria-labelledby={`${ids}-heading`}>
      <Heading variant="h2" id={`${ids}-heading`} mb="s">
        {t('pharmacy.workbench.orderHeading')}
      </Heading>
      <p className="order-request__step">{t('pharmacy.workbench.stepOf', { step })}</p>
      <div role="status" aria-live="polite">
        {notice && <p className="ph-success">{notice}</p>}
      </div>

      {step === 1 && (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submitHetu(hetu);
          }}
        >
          <TextInput
            id={`${ids}-hetu`}
            labelText={t('pharmacy.workbench.hetuLabel')}
            hintText={t('pharmacy.workbench.hetuHint')}
            value={hetu}
            autoFocus
            autoComplete="off"
            maxLength={HETU_LENGTH + 2}
            status={hetuMessage ? 'error' : 'default'}
            statusText={hetuMessage ?? undefined}
            onChange={(v) => {
              setHetu(String(v ?? ''));
              setHetuAttempted(false);
            }}
            onKeyDown={(e) => {
              // Barcode readers type the code and press Enter: read the field's own value.
              if (e.key === 'Enter') {
                e.preventDefault();
                submitHetu(e.currentTarget.value);
              }
            }}
          />
          <Button type="submit" mt="m" disabled={!hetuValid}>
            {t('pharmacy.workbench.next')}
          </Button>
        </form>
      )}

      {step === 2 && (
        <form noValidate onSubmit={submitNames}>
          <p className="order-request__hetu">
            {t('pharmacy.workbench.hetuLabel')}: <strong>{normalizeHetu(hetu)}</strong>
          </p>
          <TextInput id={`${ids}-first`} labelText={t('pharmacy.workbench.firstName')} value={firstName} onChange={(v) => setFirstName(String(v ?? ''))} autoFocus fullWidth mb="s" />
          <TextInput id={`${ids}-last`} labelText={t('pharmacy.workbench.lastName')} value={lastName} onChange={(v) => setLastName(String(v ?? ''))} fullWidth mb="s" />
          <Checkbox checked={infoGiven} onClick={({ checkboxState }) => setInfoGiven(checkboxState)}>
            {t('pharmacy.workbench.patientInfoGiven')}
          </Checkbox>
          <p>
            <button type="button" className="link-button" onClick={() => setModalOpen(true)}>
              {t('pharmacy.workbench.patientInfoLink')}
            </button>
          </p>
          <div role="alert" aria-live="assertive">
            {error && <p className="ph-error">{error}</p>}
          </div>
          <div className="order-request__buttons">
            <Button type="submit" disabled={!namesValid || save.isPending}>
              {t('pharmacy.workbench.fetchPrescription')}
            </Button>
            <Button variant="secondary" onClick={() => abort.mutate()} disabled={abort.isPending}>
              {t('pharmacy.workbench.abort')}
            </Button>
          </div>
          <PatientInfoModal visible={modalOpen} onClose={() => setModalOpen(false)} />
        </form>
      )}

      {step === 3 && patient && (
        <>
          <p className="order-request__patient">{t('pharmacy.workbench.patientLine', { name: `${patient.firstName} ${patient.lastName}`, hetu: patient.hetu })}</p>
          <MedicineChat key={chatKey} patientHetu={patient.hetu} cart={cart.data} onSent={() => reset(t('pharmacy.chat.sent'))} />
          <ConfirmAction question={t('pharmacy.workbench.abortQuestion')} confirmLabel={t('pharmacy.workbench.abortConfirm')} onConfirm={() => abort.mutate()} className="order-request__abort">
            {(ask) => (
              <Button variant="secondary" mt="m" onClick={ask} disabled={abort.isPending}>
                {t('pharmacy.workbench.abort')}
              </Button>
            )}
          </ConfirmAction>
        </>
      )}
    </section>
  );
}

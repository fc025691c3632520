/**
 * An undecided prescription's 'Hyväksy' and 'Hylkää', with what an approval prescribes (issues 41
 * and 45): a renewal shows the Centre's prescriptions of its medicine and the dosage prefilled
 * from the newest; a new-prescription request chooses the medicine (MedicineChooser), the dosage
 * and the packages. Keyboard: the first thing to do has `data-autofocus` (OrderWorkspace focuses
 * it): the medicine search, else an empty dosage, else 'Hyväksy'; Enter in the dosage goes on to
 * the packages (a new prescription) or approves (a renewal), Enter in the packages approves.
 */
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { Button } from 'suomifi-ui-components';
import { PACKAGES_MAX, PACKAGES_MIN, type CentreItemFacts, type DoctorPrescription, type Product, type ProcessItemRequest } from '@resepti/domain';
import { t } from '../i18n/i18n';
import { CentrePrescriptionList } from './CentrePrescriptionList';
import { MedicineChooser } from './MedicineChooser';
import 'virtual:finnish-texts/doctor';

export type Prescribing = Pick<ProcessItemRequest, 'dosageInstruction' | 'productId' | 'packages'>;

interface ApprovalFormProps {
  prescription: DoctorPrescription;
  facts: CentreItemFacts | undefined;
  factsLoading: boolean;
  centreUnavailable: boolean;
  pending: boolean;
  /** The server's message of the last failed action. */
  alert: ReactNode;
  onApprove: (prescribing: Prescribing) => void;
  onReject: () => void;
}

export function ApprovalForm({ prescription, facts, factsLoading, centreUnavailable, pending, alert, onApprove, onReject }: ApprovalFormProps) {
  const ids = useId();
  const renewal = prescription.type === 'renewal' && prescription.productId !== null;
  const [product, setProduct] = useState<Product | null>(null);
  const [dosage, setDosage] = useState<string | null>(null);
  const [packages, setPackages] = useState('1');
  const [problem, setProblem] = useState<string | null>(null);
  const dosageRef = useRef<HTMLInputElement>(null);
  const packagesRef = useRef<HTMLInputElement>(null);
  // The dosage the doctor has not touched follows the Centre's newest prescription of the medicine.
  const dosageText = dosage ?? (renewal ? (facts?.previousDosage ?? '') : '');
  const needsProduct = !renewal && product === null;

  function approve(e?: FormEvent) {
    e?.preventDefault();
    const count = Number(packages);
    if (needsProduct) {
      setProblem(t('doctor.order.prescribing.missingMedicine'));
      document.getElementById(`${ids}-medicine`)?.querySelector('input')?.focus();
    } else if (dosageText.trim() === '') {
      setProblem(t('doctor.order.prescribing.missingDosage'));
      dosageRef.current?.focus();
    } else if (!Number.isInteger(count) || count < PACKAGES_MIN || count > PACKAGES_MAX) {
      setProblem(t('doctor.order.prescribing.badPackages'));
      packagesRef.current?.focus();
    } else {
      setProblem(null);
      onApprove({ dosageInstruction: dosageText.trim(), packages: count, ...(renewal ? {} : { productId: product!.productId }) });
    }
  }

  return (
    <form className="decision-panel approval-form" onSubmit={approve} noValidate>
      {alert}
      {problem && (
        <p className="approval-form__problem" role="alert">
          {problem}
        </p>
      )}
      <CentrePrescriptionList facts={facts} loading={factsLoading} unavailable={centreUnavailable} renewal={renewal} />
      {!renewal && (
        <div id={`${ids}-medicine`} className="approval-form__medicine">
          {product ? (
            <p className="approval-form__chosen">
              <span>{t('doctor.order.prescribing.chosenMedicine')}: </span>
              <strong data-testid="chosen-medicine">
                {product.displayName} {product.format}
              </strong>{' '}
              <button type="button" className="approval-form__change" onClick={() => setProduct(null)}>
                {t('doctor.order.prescribing.change')}
              </button>
            </p>
          ) : (
            <MedicineChooser
              usual={facts?.usualProducts ?? []}
              autoFocus
              onChoose={(p) => {
                setProduct(p);
                setProblem(null);
                // The chooser goes away with the choice: the dosage is next.
                setTimeout(() => dosageRef.current?.focus(), 0);
              }}
            />
          )}
        </div>
      )}
      <div className="approval-form__fields">
        <label className="approval-form__field approval-form__field--dosage">
          <span>{t('doctor.order.prescribing.dosage')}</span>
          <input
            ref={dosageRef}
            type="text"
            maxLength={500}
            value={dosageText}
            data-autofocus={!needsProduct && dosageText === '' ? '' : undefined}
            onChange={(e) => setDosage(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !renewal) {
                e.preventDefault();
                packagesRef.current?.focus();
                packagesRef.current?.select();
              }
            }}
          />
        </label>
        <label className="approval-form__field approval-form__field--packages">
          <span>{t('doctor.order.prescribing.packages')}</span>
          <input ref={packagesRef} type="number" inputMode="numeric" min={PACKAGES_MIN} max={PACKAGES_MAX} value={packages} onChange={(e) => setPackages(e.target.value)} />
        </label>
      </div>
      <div className="decision-panel__buttons">
        <Button type="submit" disabled={pending}>
          {t('doctor.order.approve')}
        </Button>
        <Button type="button" variant="secondary" disabled={pending} onClick={onReject}>
          {t('doctor.order.decline')}
        </Button>
      </div>
    </form>
  );
}

/**
 * Accept or decline one prescription (SPEC section 4, Doctor flow): approving prescribes
 * (ApprovalForm: the Centre's prescriptions, the medicine, dosage and packages); declining opens the
 * reason box with the default text (the patient reads it in their language; anything else the
 * doctor writes is shown as written, which the box says); for rejected items of a customer order a checkbox
 * toggles the coupon; an approved item shows what it prescribed and takes an optional note;
 * undo cancels the decision.
 */
import { useEffect, useId, useState } from 'react';
import { Button, Checkbox, InlineAlert, Textarea } from 'suomifi-ui-components';
import { DEFAULT_REJECTION_REASON, isRejected, type CentreItemFacts, type Decision, type DoctorPrescription } from '@resepti/domain';
import { t } from '../i18n/i18n';
import { ApprovalForm, type Prescribing } from './ApprovalForm';
import { decisionClass, decisionText, PrescribedLine } from './OrderParts';
import 'virtual:finnish-texts/doctor';

interface DecisionPanelProps {
  prescription: DoctorPrescription;
  /** Coupons are for customers' own orders only. */
  couponAllowed: boolean;
  pending: boolean;
  error: string | null;
  /** The Prescription Centre's facts of this item (undefined while read, or when unavailable). */
  facts: CentreItemFacts | undefined;
  factsLoading: boolean;
  centreUnavailable: boolean;
  onDecide: (decision: Decision, reason: string, prescribing?: Prescribing) => void;
}

export function DecisionPanel({ prescription, couponAllowed, pending, error, facts, factsLoading, centreUnavailable, onDecide }: DecisionPanelProps) {
  const ids = useId();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState(DEFAULT_REJECTION_REASON);
  const [coupon, setCoupon] = useState(false);
  const [note, setNote] = useState('');
  const p = prescription;
  const rejected = isRejected(p.decision);
  // 'Hylkää' opens the reason box: the keyboard continues there.
  useEffect(() => {
    if (rejecting) document.getElementById(`${ids}-reason`)?.focus();
  }, [rejecting, ids]);

  const alert = (
    <div role="alert" aria-live="assertive">
      {error && (
        <InlineAlert status="error" mb="s">
          {error}
        </InlineAlert>
      )}
    </div>
  );

  if (p.decision === 'undecided' && !rejecting) {
    return (
      <ApprovalForm
        prescription={p}
        facts={facts}
        factsLoading={factsLoading}
        centreUnavailable={centreUnavailable}
        pending={pending}
        alert={alert}
        onApprove={(prescribing) => onDecide('approved', '', prescribing)}
        onReject={() => {
          setReason(DEFAULT_REJECTION_REASON);
          setCoupon(false);
          setRejecting(true);
        }}
      />
    );
  }

  if (p.decision === 'undecided' && rejecting) {
    return (
      <form
        className="decision-panel"
        onSubmit={(e) => {
          e.preventDefault();
          if (reason.trim() === '') return;
          onDecide(coupon ? 'rejected-with-coupon' : 'rejected', reason);
        }}
      >
        {alert}
        <Textarea
          id={`${ids}-reason`}
          labelText={t('doctor.order.rejectionReason')}
          hintText={t('doctor.order.readAsWritten')}
          value={reason} onChange={(e) => setReason(e.target.value)} fullWidth resize="vertical" mb="s" />
        {couponAllowed && (
          <Checkbox checked={coupon} onClick={({ checkboxState }) => setCoupon(checkboxState)}>
            {t('doctor.order.coupon')}
          </Checkbox>
        )}
        <div className="decision-panel__buttons">
          <Button type="submit" disabled={pending || reason.trim() === ''}>
            {t('doctor.order.confirmReject')}
          </Button>
          <Button variant="secondary" disabled={pending} onClick={() => setRejecting(false)}>
            {t('doctor.order.cancel')}
          </Button>
        </div>
      </form>
    );
  }

  return (
    <div className="decision-panel">
      {alert}
      <p>
        <span className={decisionClass(p)} aria-live="polite">
          {decisionText(p)}
        </span>
      </p>
      {p.prescribed && <PrescribedLine prescribed={p.prescribed} />}
      {p.reasonForDecision && <p className="decision-summary__reason">{p.reasonForDecision}</p>}
      {rejected && couponAllowed && (
        <Checkbox
          checked={p.decision === 'rejected-with-coupon'}
          disabled={pending}
          onClick={({ checkboxState }) => onDecide(checkboxState ? 'rejected-with-coupon' : 'rejected', p.reasonForDecision)}
        >
          {t('doctor.order.coupon')}
        </Checkbox>
      )}
      {p.couponCode && <p>{t('doctor.order.couponCode', { code: p.couponCode })}</p>}
      {p.decision === 'approved' && (
        <form
          className="decision-panel__note"
          onSubmit={(e) => {
            e.preventDefault();
            if (note.trim() === '') return;
            // The note keeps what the approval prescribed.
            onDecide('approved', note, p.prescribed ? { dosageInstruction: p.prescribed.dosageInstruction, packages: p.prescribed.packages, productId: p.prescribed.productId } : undefined);
            setNote('');
          }}
        >
          <Textarea id={`${ids}-note`} labelText={t('doctor.order.approvalNote')} optionalText="valinnainen" value={note} onChange={(e) => setNote(e.target.value)} fullWidth resize="vertical" mb="s" />
          <Button type="submit" variant="secondary" disabled={pending || note.trim() === ''} aria-label={t('doctor.order.saveNote')}>
            {t('doctor.order.saveNote')} →
          </Button>
        </form>
      )}
      <div className="decision-panel__buttons">
        <Button
          variant="secondaryNoBorder"
          disabled={pending}
          onClick={() => {
            setRejecting(false);
            onDecide('undecided', '');
          }}
        >
          {t('doctor.order.undo')}
        </Button>
      </div>
    </div>
  );
}

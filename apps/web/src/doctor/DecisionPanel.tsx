/**
 * Accept or decline one prescription (SPEC section 4, Doctor flow): declining opens the
 * reason box with the default text; for rejected items of a customer order a checkbox
 * toggles the coupon; an approved item takes an optional note; undo cancels the decision.
 */
import { useEffect, useId, useState } from 'react';
import { Button, Checkbox, InlineAlert, Textarea } from 'suomifi-ui-components';
import { DEFAULT_REJECTION_REASON, isRejected, type Decision, type DoctorPrescription } from '@resepti/domain';
import { t } from '../i18n/i18n';
import { decisionClass, decisionText } from './OrderParts';

interface DecisionPanelProps {
  prescription: DoctorPrescription;
  /** Coupons are for customers' own orders only. */
  couponAllowed: boolean;
  pending: boolean;
  error: string | null;
  onDecide: (decision: Decision, reason: string) => void;
}

export function DecisionPanel({ prescription, couponAllowed, pending, error, onDecide }: DecisionPanelProps) {
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
      <div className="decision-panel">
        {alert}
        <div className="decision-panel__buttons">
          <Button disabled={pending} onClick={() => onDecide('approved', '')}>
            {t('doctor.order.approve')}
          </Button>
          <Button
            variant="secondary"
            disabled={pending}
            onClick={() => {
              setReason(DEFAULT_REJECTION_REASON);
              setCoupon(false);
              setRejecting(true);
            }}
          >
            {t('doctor.order.decline')}
          </Button>
        </div>
      </div>
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
        <Textarea id={`${ids}-reason`} labelText={t('doctor.order.rejectionReason')} value={reason} onChange={(e) => setReason(e.target.value)} fullWidth resize="vertical" mb="s" />
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
            onDecide('approved', note);
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

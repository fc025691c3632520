/**
 * The current order (SPEC section 2): header with patient name and hetu, the side list of
 * prescriptions, the chosen one with accept/decline, and the send panel ('Lähetä') once
 * nothing is undecided. After sending, the delivered order stays on screen as
 * 'Tilaus käsitelty {today}' until 'Sulje'.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, InlineAlert } from 'suomifi-ui-components';
import { formatDateFi, type Decision, type DoctorOrder } from '@resepti/domain';
import { errorText } from '../api/error-text';
import { ConfirmAction } from '../components/ConfirmAction';
import { t } from '../i18n/i18n';
import { DecisionPanel } from './DecisionPanel';
import type { Prescribing } from './ApprovalForm';
import { useCentrePrescriptions, useDecideItem, useMarkDelivered, usePatientContext, useReleaseOrder } from './doctor-hooks';
import { PatientContextPanel } from './PatientContextPanel';
import { DecisionSummary, OrderHeader, PrescriptionDetails, PrescriptionList } from './OrderParts';
import 'virtual:finnish-texts/doctor';

interface OrderWorkspaceProps {
  order: DoctorOrder;
  /** 'done': the order was just delivered and is shown read-only with 'Sulje'. */
  mode: 'edit' | 'done';
  onDelivered?: (delivered: DoctorOrder) => void;
  onClose?: () => void;
}

export function OrderWorkspace({ order, mode, onDelivered, onClose }: OrderWorkspaceProps) {
  const [selectedId, setSelectedId] = useState<number | null>(() => (order.prescriptions.find((p) => p.decision === 'undecided') ?? order.prescriptions[0])?.id ?? null);
  // One message for the workspace: the last failed action's, cleared when the next one starts.
  const [error, setError] = useState<string | null>(null);
  const failed = (e: Error) => setError(errorText(e));

  const selected = order.prescriptions.find((p) => p.id === selectedId) ?? order.prescriptions[0] ?? null;
  const undecided = order.prescriptions.filter((p) => p.decision === 'undecided').length;
  const editable = mode === 'edit' && order.deliveryStatus === 'processing';
  // The Centre's facts, read once as the order opens (the pick never waits for them).
  const centre = useCentrePrescriptions(order.id, editable);
  const factsSettled = !editable || !centre.isPending;
  const centreUnavailable = centre.isError || centre.data?.centreAvailable === false;
  // What Resepti knows of the patient, read once too; the focus never waits for it.
  const patient = usePatientContext(order.id, editable);

  const rootRef = useRef<HTMLDivElement>(null);
  /** Where the keyboard flow stands: the order just opened, or a decision the screen must show first. */
  const focusNext = useRef<'open' | { itemId: number; decision: Decision } | null>('open');

  const decideItem = useDecideItem(order.id, {
    onSuccess: (updated, { prescription, decision }) => {
      focusNext.current = { itemId: updated.id, decision: updated.decision };
      // Move on to the next undecided prescription after a decision.
      if (decision !== 'undecided' && prescription.decision === 'undecided') {
        const next = order.prescriptions.find((p) => p.id !== prescription.id && p.decision === 'undecided');
        if (next) setSelectedId(next.id);
      }
    },
    onError: failed,
  });
  const markDelivered = useMarkDelivered({
    onSuccess: () => onDelivered?.({ ...order, deliveryStatus: 'delivered', deliveryTime: new Date().toISOString() }),
    onError: failed,
  });
  const release = useReleaseOrder({ onError: failed });
  const pending = decideItem.isPending || markDelivered.isPending || release.isPending;

  // Keyboard flow: when the order opens and after every decision, focus goes to the next thing
  // to do: the chosen prescription's first decision control, or 'Lähetä' once all are decided
  // ('Sulje' on a delivered order). On opening only when nothing else has the focus.
  useEffect(() => {
    const why = focusNext.current;
    // The decision controls wait for the Centre's facts (a prefilled dosage decides where the focus goes).
    if (!why || pending || !factsSettled) return;
    // After a decision: once the order on screen shows it (the cache update may land a render later).
    if (why !== 'open' && order.prescriptions.find((p) => p.id === why.itemId)?.decision !== why.decision) return;
    focusNext.current = null;
    const root = rootRef.current;
    if (!root || (why === 'open' && document.activeElement && document.activeElement !== document.body)) return;
    const target = !editable
      ? root.querySelector<HTMLElement>('.order-header__actions button')
      : undecided === 0
        ? root.querySelector<HTMLElement>('.send-panel button')
        : (root.querySelector<HTMLElement>('.decision-panel [data-autofocus]') ??
          root.querySelector<HTMLElement>('.decision-panel button:not([disabled]), .decision-panel textarea'));
    target?.focus();
  }, [order, selectedId, pending, editable, undecided, factsSettled]);

  function decide(decision: Decision, reason: string, prescribing?: Prescribing) {
    if (!selected) return;
    setError(null);
    decideItem.mutate({ prescription: selected, decision, reason, prescribing });
  }

  function send() {
    setError(null);
    markDelivered.mutate();
  }

  function releaseToQueue() {
    setError(null);
    release.mutate();
  }

  const headerActions =
    order.deliveryStatus === 'processing' && mode === 'edit' ? (
      <>
        <Button disabled={pending || undecided > 0} onClick={send}>
          {t('doctor.order.markHandled')}
        </Button>
        <ConfirmAction question={t('doctor.order.releaseQuestion')} confirmLabel={t('doctor.order.release')} onConfirm={releaseToQueue}>
          {(ask) => (
            <Button variant="secondary" disabled={pending} onClick={ask}>
              {t('doctor.order.release')}
            </Button>
          )}
        </ConfirmAction>
      </>
    ) : (
      <Button onClick={onClose}>{t('doctor.order.close')}</Button>
    );

  const headerStatus =
    order.deliveryStatus !== 'processing' ? (
      <strong className="order-header__done" aria-live="polite">
        {t('doctor.order.handled')} {formatDateFi(new Date())}
      </strong>
    ) : undefined;

  return (
    <div className="order-workspace" ref={rootRef}>
      <OrderHeader order={order} actions={headerActions} status={headerStatus} />
      <div className="order-workspace__body">
        <PrescriptionList prescriptions={order.prescriptions} selectedId={selected?.id ?? null} onSelect={setSelectedId} />
        <div className="order-workspace__main">
          {selected && <PrescriptionDetails order={order} prescription={selected} />}
          {selected && editable && <PatientContextPanel context={patient.data} prescription={selected} loading={patient.isPending} failed={patient.isError} />}
          {selected && editable && (
            <DecisionPanel
              key={selected.id}
              prescription={selected}
              couponAllowed={order.source === 'customer'}
              pending={pending}
              error={error}
              facts={centre.data?.items.find((i) => i.itemId === selected.id)}
              factsLoading={!factsSettled}
              centreUnavailable={centreUnavailable}
              onDecide={decide}
            />
          )}
          {selected && !editable && <DecisionSummary prescription={selected} />}
        </div>
        {editable && (
          <aside className="send-panel" aria-live="polite">
            {undecided === 0 ? (
              <>
                <p>{t('doctor.order.sendReady')}</p>
                <Button disabled={pending} onClick={send}>
                  {pending ? t('doctor.order.sending') : t('doctor.order.send')}
                </Button>
              </>
            ) : (
              <p>{t('doctor.order.undecidedLeft', { left: undecided, total: order.prescriptions.length })}</p>
            )}
            {error && undecided === 0 && <InlineAlert status="error">{error}</InlineAlert>}
          </aside>
        )}
      </div>
    </div>
  );
}

/** Pieces of the doctor's order view shared by the queue (editable) and the history (read-only). */
import { type ReactNode, useState } from 'react';
import type { DoctorOrder, DoctorPrescription, Prescribed } from '@resepti/domain';
import { formatDateFi, formatEuro, formatPhone, formatTimeFi, isRejected } from '@resepti/domain';
import { t, tObject } from '../i18n/i18n';
import 'virtual:finnish-texts/doctor';
import 'virtual:finnish-texts/shared';

function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  }
  return (
    <button type="button" className="copy-button" aria-label={label} title={label} onClick={() => void copy()}>
      <svg aria-hidden="true" width="14" height="14" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.5">
        <rect x="5" y="5" width="9" height="9" rx="1" />
        <path d="M11 5V3a1 1 0 0 0-1-1H3a1 1 0 0 0-1 1v7a1 1 0 0 0 1 1h2" />
      </svg>
      <span className="copy-button__status" aria-live="polite">
        {copied ? t('doctor.order.copied') : ''}
      </span>
    </button>
  );
}

export function decisionText(p: DoctorPrescription): string {
  return tObject<Readonly<Record<string, string>>>('doctor.order.decision')[p.decision] ?? p.decision;
}

export function decisionClass(p: DoctorPrescription): string {
  if (p.decision === 'approved') return 'decision decision--approved';
  if (isRejected(p.decision)) return 'decision decision--rejected';
  return 'decision decision--undecided';
}

/** Patient name and hetu with copy buttons, order facts, and the header actions. */
export function OrderHeader({ order, actions, status }: { order: DoctorOrder; actions?: ReactNode; status?: ReactNode }) {
  const name = `${order.patient.firstName} ${order.patient.lastName}`;
  return (
    <header className="order-header">
      <div className="order-header__patient">
        <span className="order-header__label">{t('doctor.order.patient')}</span>
        <span className="order-header__value" data-testid="patient-name">
          {name}
          <CopyButton value={name} label={t('doctor.order.copyName')} />
        </span>
        <span className="order-header__label">{t('doctor.order.hetu')}</span>
        <span className="order-header__value" data-testid="patient-hetu">
          {order.patient.hetu}
          <CopyButton value={order.patient.hetu} label={t('doctor.order.copyHetu')} />
        </span>
      </div>
      <div className="order-header__facts">
        <span>{t('doctor.order.orderNumber', { id: order.orderId })}</span>
        <span>{tObject<Readonly<Record<string, string>>>('doctor.order.source')[order.source]}</span>
        <span>
          {t('doctor.order.deadline')}: {formatDateFi(order.deliveryBeforeTime)} {formatTimeFi(order.deliveryBeforeTime)} ({tObject<Readonly<Record<string, string>>>('doctor.order.deliveryOption')[order.deliveryOptionId] ?? order.deliveryOptionId})
        </span>
        {order.doctor && (
          <span>
            {t('doctor.order.handledBy')}: {order.doctor.firstName} {order.doctor.lastName}
          </span>
        )}
        {status}
      </div>
      {actions && <div className="order-header__actions">{actions}</div>}
    </header>
  );
}

/** The side list of the order's prescriptions. */
export function PrescriptionList({
  prescriptions,
  selectedId,
  onSelect,
}: {
  prescriptions: DoctorPrescription[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}) {
  return (
    <nav className="prescription-list" aria-label={t('doctor.order.prescriptions')}>
      <h2 className="prescription-list__title">{t('doctor.order.prescriptions')}</h2>
      <ul>
        {prescriptions.map((p) => (
          <li key={p.id}>
            <button
              type="button"
              className={`prescription-list__item${p.id === selectedId ? ' prescription-list__item--selected' : ''}`}
              aria-current={p.id === selectedId ? 'true' : undefined}
              onClick={() => onSelect(p.id)}
            >
              <span className="prescription-list__name">{p.displayName}</span>
              <span className="prescription-list__type">{p.type === 'prescription' ? t('doctor.order.typeNew') : t('doctor.order.typeRenewal')}</span>
              <span className={decisionClass(p)}>{decisionText(p)}</span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The chosen prescription: what was asked and why (reason, questionnaire chat). */
export function PrescriptionDetails({ order, prescription }: { order: DoctorOrder; prescription: DoctorPrescription }) {
  return (
    <section className="prescription-details" aria-labelledby={`prescription-${prescription.id}`}>
      <h2 id={`prescription-${prescription.id}`}>{prescription.displayName}</h2>
      <p className="prescription-details__meta">
        {prescription.type === 'prescription' ? t('doctor.order.typeNew') : t('doctor.order.typeRenewal')}
        {prescription.format ? ` · ${prescription.format}` : ''}
        {/* pharmacy orders pay a handling fee per order, not per prescription */}
        {prescription.priceCents > 0 ? ` · ${formatEuro(prescription.priceCents)}` : ''}
      </p>
      <h3>{t('doctor.order.reason')}</h3>
      <p className="prescription-details__reason">{prescription.reason.trim() || t('doctor.order.noReason')}</p>
      {prescription.chat && prescription.chat.length > 0 && (
        <>
          <h3>{t('doctor.order.chat')}</h3>
          {prescription.chatVerified === false && <p className="prescription-details__unverified">{t('doctor.order.chatUnverified')}</p>}
          <ol className="chat-record">
            {prescription.chat.map((entry, i) => (
              <li key={i} className={`chat-record__entry chat-record__entry--${entry.type === 'answer' ? 'answer' : 'question'}`}>
                {entry.text}
              </li>
            ))}
          </ol>
        </>
      )}
      {order.pharmacyData && (
        <p className="prescription-details__pharmacy">
          {t('doctor.order.pharmacy')}: {order.pharmacyData.pharmacy} ({formatPhone(order.pharmacyData.pharmacyPhone)}) · {t('doctor.order.pharmacist')}: {order.pharmacyData.pharmacist}
        </p>
      )}
    </section>
  );
}

/** A decided prescription's decision as text (read-only views). */
export function DecisionSummary({ prescription }: { prescription: DoctorPrescription }) {
  return (
    <div className="decision-summary">
      <p>
        <span className={decisionClass(prescription)}>{decisionText(prescription)}</span>
      </p>
      {prescription.prescribed && <PrescribedLine prescribed={prescription.prescribed} />}
      {prescription.reasonForDecision && <p className="decision-summary__reason">{prescription.reasonForDecision}</p>}
      {prescription.couponCode && <p>{t('doctor.order.couponCode', { code: prescription.couponCode })}</p>}
    </div>
  );
}

/** What an approval prescribed: medicine, strength and form, the packages, and the dosage. */
export function PrescribedLine({ prescribed }: { prescribed: Prescribed }) {
  return (
    <p className="prescribed-line" data-testid="prescribed">
      {t('doctor.order.prescribing.prescribed')}: <strong>{`${prescribed.name} ${prescribed.strength} ${prescribed.form}`}</strong>,{' '}
      {t('doctor.order.prescribing.packageCount', { count: prescribed.packages })}
      <br />
      {t('doctor.order.prescribing.dosage')}: {prescribed.dosageInstruction}
    </p>
  );
}

/**
 * One prescription as the customer sees it (SPEC section 4, patient status texts): chosen and not
 * paid, waiting for a doctor, or decided. Decided cards say what comes next: an approved one what
 * was prescribed (medicine, amount, dosage), its prescription in Kanta's Prescription Centre (being
 * saved, or saved with its id: any pharmacy dispenses it) and until when it can be renewed, a
 * rejection its reason, the coupon when one was given, and where to turn (the customer's own
 * doctor, or a new request).
 */
import type { ReactNode } from 'react';
import {
  dosageFormName,
  ePrescriptionRenewableUntil,
  isApproved,
  isRejected,
  patientItemName,
  patientReason,
  patientStatusText,
  renewableTillText,
  type CustomerCartItem,
  type CustomerOrder,
  type CustomerPrescription,
} from '@resepti/domain';
import { dateTime, price } from '../i18n/format';
import { currentLanguage, t } from '../i18n/i18n';
import 'virtual:finnish-texts/customer';
import 'virtual:finnish-texts/shared';

function statusClass(decision: string): string {
  if (isApproved(decision)) return 'rx-card--approved';
  if (isRejected(decision)) return 'rx-card--rejected';
  return 'rx-card--pending';
}

/** A chosen or sent item's name and form in the patient's language (a request's topic, the form's standard term). */
function CardShell({ item, status, decision, decidedOrder, children }: { item: CustomerCartItem; status: string; decision: string; decidedOrder?: number; children?: ReactNode }) {
  const language = currentLanguage();
  const format = dosageFormName(item.format, language);
  return (
    // data-decided-order: the feedback prompt waits until a decided card has been on screen (FeedbackModal).
    <li className={`rx-card ${statusClass(decision)}`} data-decided-order={decidedOrder}>
      <div className="rx-card__top">
        <h3 className="rx-card__name">
          {patientItemName(item, language)} {format && <span className="rx-card__format">{format}</span>}
        </h3>
        <span className="rx-card__status">{status}</span>
      </div>
      {children}
    </li>
  );
}

/** A chosen prescription in the cart ('Valittu uusittavaksi' / 'Reseptipyyntö'), with its price and removal. */
export function CartItemCard({ item, onRemove, removing }: { item: CustomerCartItem; onRemove: () => void; removing: boolean }) {
  return (
    <CardShell item={item} status={patientStatusText({ type: item.type, decision: '' }, currentLanguage())} decision="">
      {item.reason && (
        <p className="rx-card__detail">
          {t('customer.prescriptions.reason')}: {item.reason}
        </p>
      )}
      <div className="rx-card__bottom">
        <span className="rx-card__price">{price(item.priceCents)}</span>
        <button type="button" className="link-button" onClick={onRemove} disabled={removing} aria-label={t('customer.prescriptions.remove', { name: patientItemName(item, currentLanguage()) })}>
          {t('customer.prescriptions.removeShort')}
        </button>
      </div>
    </CardShell>
  );
}

/**
 * An approved prescription in the Prescription Centre: 'Tallennetaan Kanta-palveluun…' until it is
 * there, then 'Resepti tallennettu Kanta-palveluun' with its id and 'Uusittavissa {date} asti' by
 * the Centre's rules (its date + 28 or 16 months). A refused one (a doctor is on it) says it is
 * delayed. An approval from before e-prescriptions (none) keeps the renewal date of its delivery.
 */
function EPrescriptionLines({ prescription: p }: { prescription: CustomerPrescription }) {
  const e = p.ePrescription;
  const language = currentLanguage();
  if (!e) return p.renewableTill ? <p className="rx-card__detail">{renewableTillText(p.renewableTill, language)}</p> : null;
  if (e.status === 'pending') return <p className="rx-card__detail rx-card__kanta" role="status">{t('customer.prescriptions.ePrescription.pending')}</p>;
  if (e.status === 'failed') return <p className="rx-card__detail rx-card__kanta">{t('customer.prescriptions.ePrescription.delayed')}</p>;
  const authoredOn = p.decisionTime ?? e.recordedAt;
  return (
    <div className="rx-card__kanta" data-testid="e-prescription">
      <p className="rx-card__detail">{t('customer.prescriptions.ePrescription.recorded')}</p>
      {e.id && <p className="rx-card__detail">{t('customer.prescriptions.ePrescription.id', { id: e.id })}</p>}
      {authoredOn && e.validUntil && <p className="rx-card__detail">{renewableTillText(ePrescriptionRenewableUntil(authoredOn, e.validUntil), language)}</p>}
    </div>
  );
}

/** The doctor's reason: a standard one in the patient's language, the doctor's own words as written and said to be theirs. */
function DoctorsReason({ prescription }: { prescription: CustomerPrescription }) {
  const reason = patientReason(prescription, currentLanguage());
  if (!reason.doctorsOwn) return <span>{reason.text}</span>;
  return (
    <>
      <q className="rx-card__own-words">{reason.text}</q>{' '}
      <span className="rx-card__own-words-note">({t('decisionReasons.doctorsOwn')})</span>
    </>
  );
}

/** A prescription of a sent order: waiting (decisions hidden by the server until delivery) or decided, with when. */
export function OrderPrescriptionCard({ order, prescription: p, delivered }: { order: CustomerOrder; prescription: CustomerPrescription; delivered: boolean }) {
  const status = patientStatusText({ type: p.type, decision: p.decision, recent: p.recent, delivered }, currentLanguage());
  const handledAt = delivered ? order.deliveryTime : null;
  return (
    <CardShell item={p} status={status} decision={delivered ? p.decision : 'undecided'} decidedOrder={delivered ? order.orderId : undefined}>
      <p className="rx-card__when">{handledAt ? t('customer.prescriptions.handledOn', { when: dateTime(handledAt) }) : t('customer.prescriptions.orderedOn', { when: dateTime(order.created) })}</p>
      {delivered && isApproved(p.decision) && (
        <>
          {p.prescribed && (
            <p className="rx-card__detail rx-card__prescribed" data-testid="prescribed">
              {t('customer.prescribed.medicine')}: <strong>{`${p.prescribed.name} ${p.prescribed.strength} ${dosageFormName(p.prescribed.form, currentLanguage())}`}</strong>,{' '}
              {t('customer.prescribed.packageCount', { count: p.prescribed.packages })}
              <br />
              {t('customer.prescribed.dosage')}: {p.prescribed.dosageInstruction}
            </p>
          )}
          {p.reasonForDecision && (
            <details className="rx-card__more">
              <summary>{t('customer.prescriptions.approvalInfo')}</summary>
              <p>
                <DoctorsReason prescription={p} />
              </p>
            </details>
          )}
          <EPrescriptionLines prescription={p} />
        </>
      )}
      {delivered && isRejected(p.decision) && (
        <>
          <p className="rx-card__detail rx-card__reason">
            {t('customer.prescriptions.decisionReason')}: <DoctorsReason prescription={p} />
          </p>
          {p.couponCode && <p className="rx-card__coupon">{t('customer.prescriptions.coupon', { code: p.couponCode })}</p>}
          <p className="rx-card__next">{p.type === 'prescription' ? t('customer.prescriptions.nextStepRequest') : t('customer.prescriptions.nextStepRenewal')}</p>
        </>
      )}
    </CardShell>
  );
}

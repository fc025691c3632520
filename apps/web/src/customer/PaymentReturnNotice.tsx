/**
 * The outcome of the checkout the customer just came back from (/reseptit?maksu={id}, from Stripe's
 * page or the embedded checkout): paid, still being confirmed (Stripe's event may come a moment
 * after the browser), returned, or not charged. Polled while it is not settled yet. A payment
 * received says what happens next (issue 27): by when a doctor handles the order (SPEC's rules,
 * libs/domain customerDeadline) and that an SMS follows, to the number shown grouped (formatPhone).
 */
import { customerDeadline, formatPhone } from '@resepti/domain';
import { dateTime } from '../i18n/format';
import { useSession } from '../auth/useSession';
import { t } from '../i18n/i18n';
import { usePaymentReturn } from './customer-hooks';
import 'virtual:finnish-texts/app';
import 'virtual:finnish-texts/customer';

export function PaymentReturnNotice({ sessionId }: { sessionId: string }) {
  const status = usePaymentReturn(sessionId).data?.status;
  const phone = useSession('customer').data?.phone;
  if (!status) return null;
  if (status === 'complete') {
    return (
      <section className="card payment-return payment-return--complete" role="status" aria-labelledby="payment-received">
        <h2 id="payment-received" className="payment-return__heading">
          {t('app.paymentConfirmation.heading')}
        </h2>
        <p>{t('customer.paymentReturn.paid')}</p>
        <p>{t('app.paymentConfirmation.deadline', { when: dateTime(customerDeadline(new Date())) })}</p>
        <p>{t('app.paymentConfirmation.rules')}</p>
        {phone && <p>{t('app.paymentConfirmation.sms', { phone: formatPhone(phone) })}</p>}
      </section>
    );
  }
  const text = status === 'refunded' ? t('customer.paymentReturn.refunded') : status === 'expired' ? t('customer.paymentReturn.notCharged') : t('customer.paymentReturn.confirming');
  return (
    <p className={`card payment-return payment-return--${status}`} role={status === 'refunded' ? 'alert' : 'status'}>
      {text}
    </p>
  );
}

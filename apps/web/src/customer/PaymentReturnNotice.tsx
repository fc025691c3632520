/**
 * The outcome of the checkout the customer just came back from (/reseptit?maksu={id}, from Stripe's
 * page or the embedded checkout): paid, still being confirmed (Stripe's event may come a moment
 * after the browser), returned, or not charged. Polled while it is not settled yet.
 */
import { CUSTOMER_TEXTS } from '../texts';
import { usePaymentReturn } from './customer-hooks';

const T = CUSTOMER_TEXTS.paymentReturn;

export function PaymentReturnNotice({ sessionId }: { sessionId: string }) {
  const status = usePaymentReturn(sessionId).data?.status;
  if (!status) return null;
  const text = status === 'complete' ? T.paid : status === 'refunded' ? T.refunded : status === 'expired' ? T.notCharged : T.confirming;
  return (
    <p className={`card payment-return payment-return--${status}`} role={status === 'refunded' ? 'alert' : 'status'}>
      {text}
    </p>
  );
}

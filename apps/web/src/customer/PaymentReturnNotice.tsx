/**
 * The outcome of the checkout the customer just came back from (/reseptit?maksu={id}, from Stripe's
 * page or the embedded checkout): paid, still being confirmed (Stripe's event may come a moment
 * after the browser), returned, or not charged. Polled while it is not settled yet.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../api/query-keys';
import { CUSTOMER_TEXTS } from '../texts';
import { fetchPaymentStatus } from './customer-api';

const T = CUSTOMER_TEXTS.paymentReturn;
const CONFIRMING = new Set(['open', 'paying']);

export function PaymentReturnNotice({ sessionId }: { sessionId: string }) {
  const queryClient = useQueryClient();
  const payment = useQuery({
    queryKey: queryKeys.customer.payment(sessionId),
    queryFn: () => fetchPaymentStatus(sessionId),
    retry: false,
    refetchInterval: (q) => (q.state.data && CONFIRMING.has(q.state.data.status) ? 2_000 : false),
  });
  const status = payment.data?.status;
  useEffect(() => {
    // Paid now: the order appears in 'Odottaa käsittelyä' and the cart empties.
    if (status === 'complete') {
      void queryClient.invalidateQueries({ queryKey: queryKeys.customer.cart });
      void queryClient.invalidateQueries({ queryKey: queryKeys.customer.orders });
    }
  }, [status, queryClient]);

  if (!status) return null;
  const text = status === 'complete' ? T.paid : status === 'refunded' ? T.refunded : status === 'expired' ? T.notCharged : T.confirming;
  return (
    <p className={`card payment-return payment-return--${status}`} role={status === 'refunded' ? 'alert' : 'status'}>
      {text}
    </p>
  );
}

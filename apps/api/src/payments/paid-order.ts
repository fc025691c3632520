import { customerDeadline, type PaymentRefusal } from '@resepti/domain';
import type { Customer } from '../accounts/customer.entity.js';
import type { NewOrder } from '../orders/new-order.js';
import type { PaymentSession } from './payment-session.entity.js';

/** The customer's order option: the 12-hour working-day deadline (libs/domain customerDeadline). */
const CUSTOMER_DELIVERY_OPTION = 'delivery-12-h';

/** A payment the provider reports (a signed event, or a charge's answer): what settles a session. */
export interface ProviderPayment {
  sessionId: string;
  eventId: string;
  eventType: string;
  /** The charge (PaymentIntent) that took the money; null when nothing was charged (a free checkout). */
  paymentRef: string | null;
  amountCents: number;
  currency: string;
  /** When it was paid (the event's time): a checkout is paid in time or not at all. */
  paidAt: Date;
  /** The customer the payment names (metadata), when it names one. */
  customerId: number | null;
}

/**
 * Why a payment cannot settle the session as its order ('seen': this payment settled it already),
 * or null: it may. A session is paid while open (or being charged), in time, by its own customer,
 * with its exact amount in euros, for the cart as it was when the checkout began.
 */
export function refusalOf(session: PaymentSession, cartVersion: number, payment: ProviderPayment): PaymentRefusal | 'seen' | null {
  const samePayment = payment.paymentRef === session.paymentRef || (payment.paymentRef === null && session.status === 'complete');
  if (session.status === 'complete') return samePayment ? 'seen' : 'second-payment';
  if (session.status === 'refunded') return samePayment ? 'seen' : 'not-open';
  if (session.status === 'expired') return 'not-open';
  if (payment.customerId !== null && payment.customerId !== session.customerId) return 'wrong-customer';
  if (payment.paidAt.getTime() > session.expiresAt.getTime()) return 'expired';
  if (payment.amountCents !== session.amountCents || payment.currency.toLowerCase() !== 'eur') return 'amount-mismatch';
  if (cartVersion !== session.cartVersion) return 'cart-changed';
  return null;
}

/** A paid checkout as the order to place: its items as they were copied, its price, the customer's deadline from `now`. */
export function paidOrder(session: PaymentSession, customer: Pick<Customer, 'id' | 'firstName' | 'lastName' | 'hetu'>, now: Date): NewOrder {
  return {
    source: 'customer',
    customerId: customer.id,
    patient: { firstName: customer.firstName, lastName: customer.lastName, hetu: customer.hetu },
    deliveryOptionId: CUSTOMER_DELIVERY_OPTION,
    deliveryBeforeTime: customerDeadline(now),
    priceCents: session.amountCents,
    items: session.items.map((i) => ({
      type: i.type,
      productId: i.productId,
      displayName: i.displayName,
      format: i.format,
      reason: i.reason,
      medicalProblem: i.medicalProblem,
      chat: i.chat,
      chatVerified: i.type === 'prescription' ? i.chatVerified : null,
      priceCents: i.priceCents,
    })),
  };
}

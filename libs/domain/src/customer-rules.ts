/**
 * Rules of the customer's side (SPEC section 7, Customer): chat and cart limits, test cards, coupon
 * arithmetic and the Finnish messages. The payloads are generated from docs/openapi (api-shapes.ts).
 */
import { VALIDATION_MESSAGES } from './validation.js';

/** Bounds of a chat the server accepts (400 beyond them). */
export const CUSTOMER_CHAT_LIMITS = { maxItems: 80, maxTextLength: 2000, maxReasonLength: 1000, maxCartItems: 10 } as const;

/**
 * Why a paid checkout did not become an order; its payment is returned. not-open: the checkout had
 * ended (another checkout, a cart change); expired: paid after its time; amount-mismatch: another
 * amount or currency than the checkout's; cart-changed: the cart is not the one the checkout was
 * opened on; coupon-used-up: the code reached its cap meanwhile; wrong-customer: the payment names
 * another customer; second-payment: a checkout that was paid already.
 */
export type PaymentRefusal = 'not-open' | 'expired' | 'amount-mismatch' | 'cart-changed' | 'coupon-used-up' | 'wrong-customer' | 'second-payment';

/** The embedded checkout's card numbers (Stripe's test cards), shown on its page. */
export const TEST_CARDS = { succeeds: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' } as const;

/** Finnish messages of the customer's API. */
export const CUSTOMER_MESSAGES = {
  couponNotFound: VALIDATION_MESSAGES.campaignCodeNotFound,
  medicineNotFound: 'errors.medicineNotFound',
  notRenewable: 'errors.notRenewable',
  topicNotOffered: 'errors.topicNotOffered',
  questionnaireRejected: 'errors.questionnaireRejected',
  cartEmpty: 'errors.cartEmpty',
  chatInvalid: 'errors.chatInvalid',
  cartItemNotFound: 'errors.cartItemNotFound',
  alreadyInCart: 'errors.alreadyInCart',
  cartFull: 'errors.cartFull',
  itemTypeInvalid: 'errors.itemTypeInvalid',
  renewalReasonRequired: 'errors.renewalReasonRequired',
  feedbackQuestion: 'errors.feedbackQuestion',
  feedbackScore: 'errors.feedbackScore',
  feedbackTooLong: 'errors.feedbackTooLong',
  feedbackGiven: 'errors.feedbackGiven',
  feedbackLimit: 'errors.feedbackLimit',
  orderNotFound: 'errors.orderNotFound',
  paymentDeclined: 'errors.paymentDeclined',
  checkoutExpired: 'errors.checkoutExpired',
  checkoutNotFound: 'errors.checkoutNotFound',
  paymentUnavailable: 'errors.paymentUnavailable',
  cardNumberInvalid: 'errors.cardNumberInvalid',
  cardExpiryInvalid: 'errors.cardExpiryInvalid',
  cardExpired: 'errors.cardExpired',
  cardCvcInvalid: 'errors.cardCvcInvalid',
  testCardsOnly: 'errors.testCardsOnly',
  paymentTokenInvalid: 'errors.paymentTokenInvalid',
  paymentInProgress: 'errors.paymentInProgress',
  alreadyPaid: 'errors.alreadyPaid',
  paymentRefunded: 'errors.paymentRefunded',
  couponUsedUp: 'errors.couponUsedUp',
} as const;

/** The discount a coupon gives a cart of `totalCents`: a percentage rounded to the cent, or an amount; never more than the cart. */
export function couponDiscountCents(totalCents: number, coupon: { amountCents: number; percentOff: number | null }): number {
  const discount = coupon.percentOff !== null ? Math.round((totalCents * coupon.percentOff) / 100) : coupon.amountCents;
  return Math.max(0, Math.min(totalCents, discount));
}

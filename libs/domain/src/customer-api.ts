/**
 * Payloads of the customer's side of the REST contract (SPEC section 7, Customer): the cart,
 * campaign codes, payment, orders and feedback. The API maps its entities to these; the web reads them.
 */
import type { Decision, ItemType, OrderStatus } from './api-types.js';
import type { TopicId } from './questionnaires.js';
import { VALIDATION_MESSAGES } from './validation.js';

/**
 * One entry of a new-prescription chat as the client sends it. `step` is the questionnaire step
 * (SPEC section 4 numbering) the entry belongs to: the question's step, or the step an answer answers.
 * With steps the server replays the path and refuses one that ends in a rejection; without steps
 * (integrators) the request is accepted but marked unverified for the doctor.
 * A multi-choice answer is one entry whose text lists the picked choices' texts joined by ', '.
 */
export interface CustomerChatItem {
  text: string;
  type: 'question' | 'answer';
  step?: number;
}

/** Bounds of a chat the server accepts (400 beyond them). */
export const CUSTOMER_CHAT_LIMITS = { maxItems: 80, maxTextLength: 2000, maxReasonLength: 1000, maxCartItems: 10 } as const;

/** POST /my-shopping-cart/item */
export type AddCustomerCartItemRequest =
  | { type: 'renewal'; productId: number; reason: string }
  | {
      type: 'prescription';
      medicalProblem: TopicId;
      /** The chat as a list, or as JSON text of such a list (SPEC: "chat as JSON text"). */
      chat: CustomerChatItem[] | string;
    };

/** One prescription in the customer's cart (a selected item, not yet paid). */
export interface CustomerCartItem {
  id: number;
  type: ItemType;
  productId: number | null;
  /** The medicine (name and strength) for renewals, the topic's name for requests. */
  displayName: string;
  format: string;
  reason: string;
  medicalProblem: TopicId | null;
  priceCents: number;
}

export interface CustomerCoupon {
  code: string;
  /** Discount of the cart in euros as shown ('9,90 €'). */
  discountEuro: string;
  /** Set for percentage coupons (e.g. 20 for 20 %), else null. */
  discountPercentage: number | null;
  /** The discount in cents the cart gets now (never more than the cart's price). */
  discountAmountCents: number;
}

/** GET /my-shopping-cart (also the answer of every cart change). */
export interface CustomerCart {
  items: CustomerCartItem[];
  /** What the customer pays, in cents, after the coupon. */
  totalPrice: number;
  /** totalPrice in euros as shown ('29,80 €', formatEuro). */
  priceEuro: string;
  coupon: CustomerCoupon | null;
}

/** POST /start-payment-session: where the browser goes to pay. */
export interface PaymentSessionResponse {
  sessionId: string;
  /** Stripe's hosted checkout, or the app's embedded checkout page (/kassa/{sessionId}). */
  url: string;
}

/** GET /embedded-checkout/{sessionId}: what the embedded checkout page shows. */
export interface EmbeddedCheckoutSession {
  sessionId: string;
  amountCents: number;
  priceEuro: string;
  items: { displayName: string; priceCents: number }[];
  /** paying: a payment is being taken right now (another tab or request); refunded: paid, but returned (the cart or code changed meanwhile). */
  status: 'open' | 'paying' | 'complete' | 'expired' | 'refunded';
  expiresAt: string;
  successUrl: string;
  cancelUrl: string;
}

/** GET /payment-sessions/{sessionId}: where the customer's own checkout stands (shown on return from paying). */
export interface PaymentStatus {
  sessionId: string;
  status: EmbeddedCheckoutSession['status'];
  priceEuro: string;
  orderId: number | null;
}

/** POST /embedded-checkout/{sessionId}/pay */
export interface EmbeddedCheckoutPayRequest {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

/** POST /embedded-checkout/{sessionId}/pay when paid: the order is placed; the page goes to successUrl. */
export interface EmbeddedCheckoutPaid {
  status: 'complete';
  orderId: number;
  successUrl: string;
}

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

/** POST /my-shopping-cart/pay when paid. */
export interface CustomerPaid {
  sessionId: string;
  orderId: number;
}

/** POST /my-shopping-cart/pay {token} (integrators): 'tok_visa' pays, 'tok_chargeDeclined' is 402. */
export interface CustomerPayRequest {
  token: string;
}

/** One prescription of a customer's order as the customer sees it. */
export interface CustomerPrescription {
  id: number;
  type: ItemType;
  productId: number | null;
  displayName: string;
  format: string;
  reason: string;
  medicalProblem: TopicId | null;
  priceCents: number;
  /** 'undecided' until the order is delivered (visibleDecision). */
  decision: Decision;
  reasonForDecision: string;
  decisionTime: string | null;
  /** Decided and delivered within the last 24 hours. */
  recent: boolean;
  /** Approved renewals: delivery date plus two years (ISO date), else null. */
  renewableTill: string | null;
  /** A rejected-with-coupon item's single-use code for this customer, once delivered. */
  couponCode: string | null;
}

/** GET /my-outstanding-orders and GET /my-order-history entries. */
export interface CustomerOrder {
  orderId: number;
  deliveryStatus: OrderStatus;
  created: string;
  deliveryBeforeTime: string;
  deliveryTime: string | null;
  priceCents: number;
  prescriptions: CustomerPrescription[];
}

/** GET /my-feedback-question: the question to ask now (204 No Content when there is none). */
export interface FeedbackQuestion {
  /** The decided item or order the question is about (feedback is asked once per decision). */
  orderId: number;
  question: string;
}

/** POST /my-feedback-question */
export interface FeedbackRequest {
  orderId?: number;
  score: 1 | 2 | 3 | 4 | 5;
  feedbackText: string;
}

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

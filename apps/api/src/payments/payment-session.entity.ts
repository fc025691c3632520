import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type { PaymentRefusal } from '@resepti/domain';
import type { CheckoutItem } from '../customer/checkout-item.js';

export type PaymentProvider = 'embedded' | 'stripe';
/**
 * open: payable; paying: one request is charging it now (claimedAt); complete: the order is
 * placed (orderId); expired: not payable any more (endReason); refunded: paid, but it could not
 * become an order, so the payment is returned (a PaymentAnomaly row says why and tracks the refund).
 */
export type PaymentSessionStatus = 'open' | 'paying' | 'complete' | 'expired' | 'refunded';
/** Why a session is no longer payable: a refused payment, or another checkout, a cart change, a stale claim, a provider failure. */
export type SessionEndReason = PaymentRefusal | 'replaced' | 'timeout' | 'provider-failed';

/**
 * A checkout of a customer's cart: a Stripe Checkout Session (its id) or one of the embedded
 * test checkout. The cart is copied here when the checkout begins; a paid session becomes one
 * waiting order (orderId) exactly once, however often its event arrives. A customer has at most
 * one open (or paying) session: the partial unique index makes a second one impossible.
 */
@Entity()
@Index('uq_payment_session_open_per_customer', ['customerId'], { unique: true, where: `status IN ('open', 'paying')` })
export class PaymentSession {
  /** Our id (ps_…), sent to Stripe as metadata.paymentSessionId; the embedded checkout's page id (cs_test_…) in embedded mode. */
  @PrimaryColumn({ type: 'text' })
  id!: string;

  /** Stripe's Checkout Session (cs_…) or PaymentIntent (pi_…) id, once created; the id itself in embedded mode. */
  @Index({ unique: true, where: '"provider_ref" IS NOT NULL' })
  @Column({ type: 'text', nullable: true })
  providerRef!: string | null;

  @Index()
  @Column({ type: 'int' })
  customerId!: number;

  @Column({ type: 'text' })
  provider!: PaymentProvider;

  @Column({ type: 'text', default: 'open' })
  status!: PaymentSessionStatus;

  /** What the customer pays, in cents (after the coupon). */
  @Column({ type: 'int' })
  amountCents!: number;

  @Column({ type: 'int', nullable: true })
  couponId!: number | null;

  @Column({ type: 'jsonb' })
  /** The cart's items as they were when the checkout began: what is paid for is what is ordered. */
  items!: CheckoutItem[];

  /** The customer's cartVersion when the checkout began: a later change of the cart ends the checkout. */
  @Column({ type: 'int', default: 0 })
  cartVersion!: number;

  /** Where the customer pays (Stripe's hosted page or /kassa/{id}): a second start returns the same. */
  @Column({ type: 'text', nullable: true })
  checkoutUrl!: string | null;

  @Column({ type: 'timestamptz' })
  expiresAt!: Date;

  /** When a request claimed the session to charge it (status paying). */
  @Column({ type: 'timestamptz', nullable: true })
  claimedAt!: Date | null;

  /** Charges tried (token payments): each try has its own idempotency keys, derived from the id and this number. */
  @Column({ type: 'int', default: 0 })
  payAttempts!: number;

  /** The payment that paid it (Stripe's PaymentIntent id, or the embedded checkout's). */
  @Column({ type: 'text', nullable: true })
  paymentRef!: string | null;

  /** Why it is no longer payable (expired or refunded). */
  @Column({ type: 'text', nullable: true })
  endReason!: SessionEndReason | null;

  @Index({ unique: true, where: '"order_id" IS NOT NULL' })
  @Column({ type: 'int', nullable: true })
  orderId!: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  completedAt!: Date | null;
}

/** A payment event handled once (Stripe may deliver one event several times, even at once). */
@Entity()
export class PaymentEvent {
  /** Stripe's event id (evt_…), or the embedded checkout's. */
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ type: 'text' })
  type!: string;

  @Column({ type: 'text', nullable: true })
  sessionId!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  receivedAt!: Date;
}

export type RefundState = 'not-needed' | 'pending' | 'done';

/**
 * A payment that did not become an order: paid for a checkout that had ended, for another amount
 * or currency, for a cart that changed, or with a code that ran out meanwhile. Money taken is
 * returned (refund: pending → done, once per payment: the unique paymentRef); the row stays as the
 * record that operators' reconciliation (`npm run admin -- reconcile-payments`) reads.
 */
@Entity()
export class PaymentAnomaly {
  @PrimaryGeneratedColumn()
  id!: number;

  @Index()
  @Column({ type: 'text', nullable: true })
  sessionId!: string | null;

  @Column({ type: 'text', nullable: true })
  eventId!: string | null;

  @Column({ type: 'text' })
  kind!: PaymentRefusal;

  /** The payment to return (PaymentIntent id); null when nothing was charged. */
  @Index({ unique: true, where: '"payment_ref" IS NOT NULL' })
  @Column({ type: 'text', nullable: true })
  paymentRef!: string | null;

  /** What was paid, as the provider reported it. */
  @Column({ type: 'int', nullable: true })
  amountCents!: number | null;

  @Column({ type: 'text', nullable: true })
  currency!: string | null;

  @Column({ type: 'jsonb', nullable: true })
  details!: Record<string, unknown> | null;

  @Column({ type: 'text' })
  refund!: RefundState;

  /** The provider's refund id (re_…). */
  @Column({ type: 'text', nullable: true })
  refundRef!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  refundedAt!: Date | null;
}

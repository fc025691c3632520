import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import type { ChatEntry, CustomerCartItem } from '@resepti/domain';

export type PaymentProvider = 'embedded' | 'stripe';
export type PaymentSessionStatus = 'open' | 'complete' | 'expired';

/** One cart item as it was when the checkout began: what is paid for is what is ordered. */
export interface PaidCartItem extends Omit<CustomerCartItem, 'id'> {
  cartItemId: number;
  chat: ChatEntry[] | null;
  chatVerified: boolean;
}

/**
 * A checkout of a customer's cart: a Stripe Checkout Session (its id) or one of the embedded
 * test checkout. The cart is copied here when the checkout begins; a paid session becomes one
 * waiting order (orderId) exactly once, however often its event arrives.
 */
@Entity()
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
  items!: PaidCartItem[];

  @Column({ type: 'timestamptz' })
  expiresAt!: Date;

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

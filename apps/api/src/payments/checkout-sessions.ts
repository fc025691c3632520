import { ConflictException, Injectable, type OnModuleInit } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { In } from 'typeorm';
import { CUSTOMER_MESSAGES } from '@resepti/domain';
import { CustomerCartService } from '../customer/customer-cart.service.js';
import { InjectOwn, Transactions, type OwnRepository } from '../platform/database/transactions.js';
import { PersonalData } from '../platform/personal-data/personal-data.js';
import { EventBus } from '../platform/events/event-bus.js';
import { PaymentGateway } from './payment-gateway.js';
import { PaymentSession, type SessionEndReason } from './payment-session.entity.js';
import { insertSession, payableSession, payingSession } from './payment-session-statements.js';

/** How long a checkout stays open (Stripe's shortest: 30 min; one more so Stripe accepts it). */
const CHECKOUT_MINUTES = 31;
/** A second start gets the open checkout only while this much of it is left; otherwise a new one. */
const REUSE_MIN_LEFT_MS = 5 * 60_000;
/**
 * A claim (one request charging the session) older than this is stale: its process died or its
 * provider never answered. It no longer freezes the cart; a payment that arrives for it later is
 * refunded. Longer than the provider's timeout with its retries (3 × 20 s).
 */
export const CLAIM_TIMEOUT_MS = 2 * 60_000;

/**
 * 409 'Maksusi käsitellään' while a charge's outcome is not known, with when to try again
 * (Retry-After, and retryAfterSeconds in the body for the web): by then it is known.
 */
export function paymentInProgress(knownBy: Date): ConflictException {
  const retryAfterSeconds = Math.max(1, Math.ceil((knownBy.getTime() - Date.now()) / 1000));
  return new ConflictException({ statusCode: 409, message: CUSTOMER_MESSAGES.paymentInProgress, error: 'Conflict', retryAfterSeconds });
}

/** When a claimed charge's outcome is known at the latest: its claim's timeout (from now when the claim is being made). */
export const claimEnds = (claimedAt: Date | null): Date => new Date((claimedAt?.getTime() ?? Date.now()) + CLAIM_TIMEOUT_MS);

const newId = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`;

/**
 * The customer's checkouts. One rule holds them to the cart: a customer has at most one payable
 * checkout, and it is paid only for the cart it was opened on. Starts and payments take the cart's
 * lock (the customer's row) like the cart's changes, so they happen one at a time; a change of the
 * cart ends the open checkout (and is refused while a payment is being taken); a second start
 * returns the open checkout instead of making another.
 */
@Injectable()
export class CheckoutSessions implements OnModuleInit {
  constructor(
    @InjectOwn(PaymentSession) private readonly sessions: OwnRepository<PaymentSession>,
    private readonly transactions: Transactions,
    private readonly carts: CustomerCartService,
    private readonly gateway: PaymentGateway,
    private readonly bus: EventBus,
    private readonly personalData: PersonalData,
  ) {}

  onModuleInit(): void {
    // A person's copy of their data lists their checkouts (amounts and dates; no card data is ever kept).
    this.personalData.register('payments', ({ customerId }) =>
      this.sessions.queryOnItsOwn(
        `SELECT status, amount_cents AS "amountCents", created_at AS "createdAt", completed_at AS "paidAt", order_id AS "orderId"
           FROM payment_session WHERE customer_id = $1 ORDER BY created_at`,
        [customerId],
      ),
    );
    // In the cart change's transaction, under its lock: the checkout of the old cart ends.
    this.bus.inTransaction('customer-cart.changed', async (_m, { customerId }) => {
      const current = await this.current(customerId);
      if (!current) return;
      if (isFreshClaim(current)) throw paymentInProgress(claimEnds(current.claimedAt));
      await this.end(current, current.status === 'paying' ? 'timeout' : 'cart-changed');
    });
    this.bus.afterCommit('checkouts.ended', ({ sessions }) => void this.gateway.expireCheckouts(sessions));
  }

  /**
   * The checkout of the cart: the open one when it still charges for this cart and has time left
   * (a double click, a second tab, a retry all get the same), or a new one that ends the old.
   * 409 while a payment is being taken; 400 when the cart is empty.
   */
  async open(customerId: number): Promise<{ session: PaymentSession; discountCode: string | null }> {
    return this.transactions.run(async () => {
      const customer = await this.carts.lockCart(customerId);
      const cart = await this.carts.checkout(customerId);
      const discountCode = cart.cart.coupon?.code ?? null;
      const current = await this.current(customerId);
      if (current) {
        if (isFreshClaim(current)) throw paymentInProgress(claimEnds(current.claimedAt));
        const reusable =
          current.status === 'open' &&
          current.cartVersion === customer.cartVersion &&
          current.amountCents === cart.cart.totalPrice &&
          current.expiresAt.getTime() - Date.now() > REUSE_MIN_LEFT_MS;
        if (reusable) return { session: current, discountCode };
        await this.end(current, current.status === 'paying' ? 'timeout' : 'replaced');
      }
      const id = newId(this.gateway.embedded ? 'cs_test' : 'ps');
      const session = Object.assign(new PaymentSession(), {
        id,
        customerId,
        provider: this.gateway.provider,
        providerRef: this.gateway.embedded ? id : null,
        checkoutUrl: this.gateway.embedded ? `/kassa/${id}` : null,
        status: 'open',
        amountCents: cart.cart.totalPrice,
        couponId: cart.couponId,
        items: cart.items,
        cartVersion: customer.cartVersion,
        expiresAt: new Date(Date.now() + CHECKOUT_MINUTES * 60_000),
        orderId: null,
      });
      await insertSession(this.sessions, session);
      return { session, discountCode };
    });
  }

  /** Records where the customer pays (Stripe's page); concurrent starts of one session record the same. */
  async recordCheckout(id: string, providerRef: string, checkoutUrl: string): Promise<void> {
    await this.sessions.repo.update({ id }, { providerRef, checkoutUrl });
  }

  /**
   * Claims the open session for one charge: exactly one of any number of concurrent requests
   * gets it (the conditional update), with the number of its try. Null: not open (paying,
   * paid, ended) or past its time.
   */
  async claim(id: string): Promise<number | null> {
    const rows = (await this.sessions.query(
      `WITH c AS (
         UPDATE payment_session SET status = 'paying', claimed_at = now(), pay_attempts = pay_attempts + 1
         WHERE id = $1 AND status = 'open' AND expires_at > now() RETURNING pay_attempts)
       SELECT pay_attempts FROM c`,
      [id],
    )) as Array<{ pay_attempts: number }>;
    return rows[0]?.pay_attempts ?? null;
  }

  /**
   * The customer's session whose charge never answered (claimed, past the claim's timeout): it
   * may have taken the money, so the provider is asked before the cart is charged again.
   */
  async unansweredCharge(customerId: number): Promise<PaymentSession | null> {
    const claimed = await payingSession(this.sessions, customerId);
    return claimed && !isFreshClaim(claimed) ? claimed : null;
  }

  /** A declined charge: the session is payable again (with another card). */
  async release(id: string): Promise<void> {
    await this.sessions.repo.update({ id, status: 'paying' }, { status: 'open', claimedAt: null });
  }

  /** The provider could not take the payment at all: the session ends, the cart stays. */
  async endUnpaid(id: string, reason: SessionEndReason): Promise<void> {
    await this.sessions.repo.update({ id, status: In(['open', 'paying']) }, { status: 'expired', endReason: reason });
  }

  /** The customer's payable session, locked (in the ambient transaction). */
  private current(customerId: number): Promise<PaymentSession | null> {
    return payableSession(this.sessions, customerId);
  }

  /** Ends a payable session; once this commits, a Stripe session is expired at Stripe too. */
  private async end(session: PaymentSession, reason: SessionEndReason): Promise<void> {
    await this.sessions.repo.update({ id: session.id }, { status: 'expired', endReason: reason });
    await this.bus.tell('checkouts.ended', { sessions: [{ provider: session.provider, providerRef: session.providerRef }] });
  }
}

function isFreshClaim(session: PaymentSession): boolean {
  return session.status === 'paying' && session.claimedAt !== null && Date.now() - session.claimedAt.getTime() < CLAIM_TIMEOUT_MS;
}

import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { In, type DataSource, type EntityManager } from 'typeorm';
import { CUSTOMER_MESSAGES } from '@resepti/domain';
import type { CartCheckout } from './customer-cart.service.js';
import { Customer } from './customer.entity.js';
import { PaymentGateway } from './payment-gateway.js';
import { PaymentSession, type SessionEndReason } from './payment-session.entity.js';

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

const newId = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`;

/**
 * The customer's checkouts and the cart they charge for. One rule holds them together: a customer
 * has at most one payable checkout, and it is paid only for the cart it was opened on. Every
 * change of the cart and every start of a checkout takes the customer's row lock first, so they
 * happen one at a time; a change of the cart ends the open checkout (and is refused while a
 * payment is being taken); a second start returns the open checkout instead of making another.
 */
@Injectable()
export class CheckoutSessions {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly gateway: PaymentGateway,
  ) {}

  /** The customer's row, locked until the transaction ends: the cart's one-at-a-time lock. */
  async lockCart(m: EntityManager, customerId: number): Promise<Customer> {
    const customer = await m.findOne(Customer, { where: { id: customerId }, lock: { mode: 'pessimistic_write' } });
    if (!customer) throw new NotFoundException();
    return customer;
  }

  /**
   * Runs a change of the cart: 409 while a payment of it is being taken; otherwise the open
   * checkout ends (it charged for the cart as it was) and the cart's version moves.
   */
  async changeCart<T>(customerId: number, work: (m: EntityManager, customer: Customer) => Promise<T>): Promise<T> {
    const ended: PaymentSession[] = [];
    const result = await this.db.transaction(async (m) => {
      const customer = await this.lockCart(m, customerId);
      const current = await this.current(m, customerId);
      if (current) {
        if (isFreshClaim(current)) throw new ConflictException(CUSTOMER_MESSAGES.paymentInProgress);
        await this.end(m, current, current.status === 'paying' ? 'timeout' : 'cart-changed');
        ended.push(current);
      }
      const done = await work(m, customer);
      await m.increment(Customer, { id: customerId }, 'cartVersion', 1);
      return done;
    });
    await this.gateway.expireCheckouts(ended);
    return result;
  }

  /**
   * The checkout of the cart: the open one when it still charges for this cart and has time left
   * (a double click, a second tab, a retry all get the same), or a new one that ends the old.
   * 409 while a payment is being taken. `checkout` loads the cart under the lock.
   */
  async open(customerId: number, checkout: (m: EntityManager) => Promise<CartCheckout>): Promise<{ session: PaymentSession; discountCode: string | null }> {
    const ended: PaymentSession[] = [];
    const opened = await this.db.transaction(async (m) => {
      const customer = await this.lockCart(m, customerId);
      const cart = await checkout(m);
      const discountCode = cart.cart.coupon?.code ?? null;
      const current = await this.current(m, customerId);
      if (current) {
        if (isFreshClaim(current)) throw new ConflictException(CUSTOMER_MESSAGES.paymentInProgress);
        const reusable =
          current.status === 'open' &&
          current.cartVersion === customer.cartVersion &&
          current.amountCents === cart.cart.totalPrice &&
          current.expiresAt.getTime() - Date.now() > REUSE_MIN_LEFT_MS;
        if (reusable) return { session: current, discountCode };
        await this.end(m, current, current.status === 'paying' ? 'timeout' : 'replaced');
        ended.push(current);
      }
      const id = newId(this.gateway.embedded ? 'cs_test' : 'ps');
      const session = m.create(PaymentSession, {
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
      await m.insert(PaymentSession, session);
      return { session, discountCode };
    });
    await this.gateway.expireCheckouts(ended);
    return opened;
  }

  /** Records where the customer pays (Stripe's page); concurrent starts of one session record the same. */
  async recordCheckout(id: string, providerRef: string, checkoutUrl: string): Promise<void> {
    await this.db.getRepository(PaymentSession).update({ id }, { providerRef, checkoutUrl });
  }

  /**
   * Claims the open session for one charge: exactly one of any number of concurrent requests
   * gets it (the conditional update), with the number of its try. Null: not open (paying,
   * paid, ended) or past its time.
   */
  async claim(id: string): Promise<number | null> {
    const rows = (await this.db.query(
      `WITH c AS (
         UPDATE payment_session SET status = 'paying', claimed_at = now(), pay_attempts = pay_attempts + 1
         WHERE id = $1 AND status = 'open' AND expires_at > now() RETURNING pay_attempts)
       SELECT pay_attempts FROM c`,
      [id],
    )) as Array<{ pay_attempts: number }>;
    return rows[0]?.pay_attempts ?? null;
  }

  /** A declined charge: the session is payable again (with another card). */
  async release(id: string): Promise<void> {
    await this.db.getRepository(PaymentSession).update({ id, status: 'paying' }, { status: 'open', claimedAt: null });
  }

  /** The provider could not take the payment at all: the session ends, the cart stays. */
  async endUnpaid(id: string, reason: SessionEndReason): Promise<void> {
    await this.db.getRepository(PaymentSession).update({ id, status: In(['open', 'paying']) }, { status: 'expired', endReason: reason });
  }

  private current(m: EntityManager, customerId: number): Promise<PaymentSession | null> {
    return m.findOne(PaymentSession, { where: { customerId, status: In(['open', 'paying']) }, lock: { mode: 'pessimistic_write' } });
  }

  private async end(m: EntityManager, session: PaymentSession, reason: SessionEndReason): Promise<void> {
    await m.update(PaymentSession, { id: session.id }, { status: 'expired', endReason: reason });
  }
}

function isFreshClaim(session: PaymentSession): boolean {
  return session.status === 'paying' && session.claimedAt !== null && Date.now() - session.claimedAt.getTime() < CLAIM_TIMEOUT_MS;
}

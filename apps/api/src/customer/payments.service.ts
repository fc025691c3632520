import { BadRequestException, GoneException, Inject, Injectable, Logger, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { In, type DataSource, type EntityManager } from 'typeorm';
import {
  CUSTOMER_MESSAGES,
  customerDeadline,
  formatEuro,
  type CustomerPaid,
  type EmbeddedCheckoutPaid,
  type EmbeddedCheckoutPayRequest,
  type EmbeddedCheckoutSession,
  type PaymentSessionResponse,
} from '@resepti/domain';
import type { SessionUser } from '../auth/session-user.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { CouponsService } from '../orders/coupons.service.js';
import { OrderLifecycleService } from '../orders/order-lifecycle.service.js';
import { CustomerCartCoupon } from './customer-cart-coupon.entity.js';
import { CustomerCartItem } from './customer-cart-item.entity.js';
import { CustomerCartService, type CartCheckout } from './customer-cart.service.js';
import { Customer } from './customer.entity.js';
import { chargeTestCard, DECLINED_TOKENS, PAYING_TOKENS, paymentDeclined } from './embedded-checkout.js';
import { PaymentSession, type PaymentProvider } from './payment-session.entity.js';

/** How long a checkout stays open (Stripe's shortest: 30 min; one more so Stripe accepts it). */
const CHECKOUT_MINUTES = 31;
/** The customer's order option: the 12-hour working-day deadline (libs/domain customerDeadline). */
const CUSTOMER_DELIVERY_OPTION = 'delivery-12-h';
const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);
const ID_PATTERN = /^(cs|ps)_[A-Za-z0-9_-]{8,200}$/;

/** Thrown inside the placing transaction when the session was paid already: nothing is written. */
class AlreadyHandled extends Error {}

const newId = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`;

/**
 * Card payment of the customer's cart (SPEC section 4, Payment). With STRIPE_SECRET_KEY the cart
 * goes to a Stripe Checkout Session; without it, to the app's embedded test checkout (/kassa/{id}).
 * Either way a paid session is known only from a `checkout.session.completed` event whose signature
 * `stripe.webhooks.constructEvent` verifies: the embedded checkout signs its own event with the
 * webhook secret and hands it to the same handler. A paid session becomes one waiting order
 * through the order lifecycle, with the cart emptied and the coupon used, in one transaction.
 */
@Injectable()
export class PaymentsService {
  private readonly logger = new Logger('Payments');
  private readonly stripe: Stripe;
  private readonly embedded: boolean;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly carts: CustomerCartService,
    private readonly lifecycle: OrderLifecycleService,
    private readonly coupons: CouponsService,
  ) {
    this.embedded = config.payments.stripeSecretKey === null;
    // Embedded mode makes no Stripe API call: the SDK only signs and verifies webhook events.
    const api = config.payments.apiUrl;
    this.stripe = new Stripe(config.payments.stripeSecretKey ?? 'sk_test_embedded_checkout', {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(api ? { host: api.hostname, port: api.port || (api.protocol === 'https:' ? 443 : 80), protocol: api.protocol === 'https:' ? 'https' : 'http' } : {}),
    });
  }

  /** POST /start-payment-session: a checkout of the cart as it is now; the customer's earlier open checkouts end. */
  async start(customerId: number, appOrigin: string): Promise<PaymentSessionResponse> {
    const checkout = await this.carts.checkout(customerId);
    const { cart, items } = checkout;
    const { id, expiresAt } = await this.openSession(customerId, checkout);
    if (cart.totalPrice === 0) {
      // A coupon covered everything: nothing to charge, the order is placed at once.
      const orderId = await this.completePaid(id, `free_${id}`, 'checkout.session.completed');
      this.logger.log(`free checkout ${id} became order ${orderId}`);
      return { sessionId: id, url: '/reseptit' };
    }
    if (this.embedded) return { sessionId: id, url: `/kassa/${id}` };

    const base = this.config.publicUrl ?? appOrigin;
    const discounted = cart.coupon !== null;
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: id,
          metadata: { paymentSessionId: id },
          payment_intent_data: { metadata: { paymentSessionId: id } },
          expires_at: Math.floor(expiresAt.getTime() / 1000),
          locale: 'fi',
          // Stripe's line items cannot be negative: with a code, one line of the discounted total.
          line_items: discounted
            ? [{ quantity: 1, price_data: { currency: 'eur', unit_amount: cart.totalPrice, product_data: { name: `Reseptit (${items.length} kpl), kampanjakoodi ${cart.coupon!.code}` } } }]
            : items.map((i) => ({ quantity: 1, price_data: { currency: 'eur', unit_amount: i.priceCents, product_data: { name: i.displayName } } })),
          success_url: `${base}/reseptit?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${base}/handling?success=false`,
        },
        { idempotencyKey: id },
      );
    } catch (err) {
      this.logger.error(`Stripe checkout for ${id} failed: ${(err as Error).message}`);
      await this.db.getRepository(PaymentSession).update({ id }, { status: 'expired' });
      throw new ServiceUnavailableException(CUSTOMER_MESSAGES.paymentUnavailable);
    }
    await this.db.getRepository(PaymentSession).update({ id }, { providerRef: session.id });
    return { sessionId: session.id, url: session.url! };
  }

  /** POST /my-shopping-cart/pay {token}: pays the cart at once (integrators); 402 when declined, nothing changed. */
  async payWithToken(customerId: number, token: string): Promise<CustomerPaid> {
    const checkout = await this.carts.checkout(customerId);
    if (this.embedded) {
      if (DECLINED_TOKENS.has(token)) throw paymentDeclined();
      if (!PAYING_TOKENS.has(token)) throw new BadRequestException(CUSTOMER_MESSAGES.paymentTokenInvalid);
      const session = await this.openSession(customerId, checkout);
      const orderId =
        session.amountCents === 0 ? await this.completePaid(session.id, `free_${session.id}`, 'checkout.session.completed') : await this.sendEmbeddedEvent('checkout.session.completed', session);
      return { sessionId: session.id, orderId: orderId! };
    }
    const { cart } = checkout;
    const { id } = await this.openSession(customerId, checkout);
    let intent: Stripe.PaymentIntent;
    try {
      const method = await this.stripe.paymentMethods.create({ type: 'card', card: { token } });
      intent = await this.stripe.paymentIntents.create(
        {
          amount: cart.totalPrice,
          currency: 'eur',
          confirm: true,
          payment_method: method.id,
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          metadata: { paymentSessionId: id },
        },
        { idempotencyKey: id },
      );
    } catch (err) {
      await this.db.getRepository(PaymentSession).update({ id }, { status: 'expired' });
      if (err instanceof Stripe.errors.StripeCardError) throw paymentDeclined();
      if (err instanceof Stripe.errors.StripeInvalidRequestError) throw new BadRequestException(CUSTOMER_MESSAGES.paymentTokenInvalid);
      this.logger.error(`Stripe payment for ${id} failed: ${(err as Error).message}`);
      throw new ServiceUnavailableException(CUSTOMER_MESSAGES.paymentUnavailable);
    }
    await this.db.getRepository(PaymentSession).update({ id }, { providerRef: intent.id });
    if (intent.status !== 'succeeded') throw paymentDeclined();
    return { sessionId: intent.id, orderId: (await this.completePaid(id, `pi_paid_${intent.id}`, 'payment_intent.succeeded'))! };
  }

  /**
   * A new checkout of the cart as loaded: the customer's open ones end first (two tabs never pay
   * one cart twice), then the session row copies the items, price and code.
   */
  private async openSession(customerId: number, checkout: CartCheckout): Promise<PaymentSession> {
    await this.expireOpenSessions(customerId);
    const id = newId(this.embedded ? 'cs_test' : 'ps');
    const session = this.db.getRepository(PaymentSession).create({
      id,
      customerId,
      provider: this.provider(),
      providerRef: this.embedded ? id : null,
      status: 'open',
      amountCents: checkout.cart.totalPrice,
      couponId: checkout.couponId,
      items: checkout.items,
      expiresAt: new Date(Date.now() + CHECKOUT_MINUTES * 60_000),
      orderId: null,
    });
    await this.db.getRepository(PaymentSession).insert(session);
    return session;
  }

  /** GET /embedded-checkout/{id}: the customer's own embedded checkout (404 otherwise; an overdue one expires now). */
  async embeddedSession(customerId: number, id: string): Promise<EmbeddedCheckoutSession> {
    const session = await this.expireIfDue(await this.ownEmbeddedSession(customerId, id));
    return {
      sessionId: session.id,
      amountCents: session.amountCents,
      priceEuro: formatEuro(session.amountCents),
      items: session.items.map((i) => ({ displayName: i.displayName, priceCents: i.priceCents })),
      status: session.status,
      expiresAt: session.expiresAt.toISOString(),
      successUrl: '/reseptit',
      cancelUrl: '/handling?success=false',
    };
  }

  /** POST /embedded-checkout/{id}/pay: charges a test card; paid → the order (a repeat answers the same). */
  async payEmbedded(customerId: number, id: string, card: EmbeddedCheckoutPayRequest): Promise<EmbeddedCheckoutPaid> {
    const session = await this.expireIfDue(await this.ownEmbeddedSession(customerId, id));
    if (session.status === 'complete') return { status: 'complete', orderId: session.orderId!, successUrl: '/reseptit' };
    if (session.status === 'expired') throw new GoneException(CUSTOMER_MESSAGES.checkoutExpired);
    chargeTestCard(card);
    return { status: 'complete', orderId: await this.sendEmbeddedEvent('checkout.session.completed', session), successUrl: '/reseptit' };
  }

  /**
   * POST /payments/webhook: a Stripe event, verified against STRIPE_WEBHOOK_SECRET (400 when the
   * signature does not match). Events of sessions that are not ours are acknowledged and ignored,
   * so Stripe does not retry them for days.
   */
  async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature ?? '', this.config.payments.webhookSecret);
    } catch {
      throw new BadRequestException('Maksutapahtuman allekirjoitus ei täsmää.');
    }
    if (event.type === 'checkout.session.expired') {
      const id = ourSessionId(event.data.object);
      if (id) await this.recordExpired(id, event.id);
      return;
    }
    if (PAID_EVENTS.has(event.type)) {
      const session = event.data.object as Stripe.Checkout.Session;
      const id = ourSessionId(session);
      if (id && (session.payment_status === 'paid' || session.payment_status === 'no_payment_required')) await this.completePaid(id, event.id, event.type);
      return;
    }
    if (event.type === 'payment_intent.succeeded') {
      const id = event.data.object.metadata?.paymentSessionId;
      // A Checkout Session's own intent carries the id too: completing twice is a no-op.
      if (id) await this.completePaid(id, event.id, event.type);
    }
  }

  /**
   * The paid session becomes a waiting order, once: the event is recorded, the session locked, the
   * paid items ordered (as they were when the checkout began), taken out of the cart, the coupon
   * used. A repeated or concurrent event, or a second event of a paid session, changes nothing.
   * Returns the order's id (null: not our session).
   */
  private async completePaid(sessionId: string, eventId: string, eventType: string): Promise<number | null> {
    const known = await this.db.getRepository(PaymentSession).findOneBy({ id: sessionId });
    if (!known) {
      this.logger.warn(`paid event ${eventId} of an unknown session ignored`);
      return null;
    }
    const actor: SessionUser = { role: 'customer', id: known.customerId };
    try {
      const { placed } = await this.lifecycle.place(actor, async (m) => {
        if (!(await recordEvent(m, eventId, eventType, sessionId))) throw new AlreadyHandled();
        const session = await m.findOneOrFail(PaymentSession, { where: { id: sessionId }, lock: { mode: 'pessimistic_write' } });
        // An expired session that was paid after all (Stripe's event raced our expiry) is still an order.
        if (session.status === 'complete') throw new AlreadyHandled();
        const customer = await m.findOneByOrFail(Customer, { id: session.customerId });
        await m.delete(CustomerCartItem, { customerId: customer.id, id: In(session.items.map((i) => i.cartItemId)) });
        if (session.couponId !== null) {
          await this.coupons.useForPayment(m, session.couponId);
          await m.delete(CustomerCartCoupon, { customerId: customer.id, couponId: session.couponId });
        }
        const now = new Date();
        return {
          order: {
            source: 'customer' as const,
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
          },
          audit: { action: 'customer.order.paid', patientHetu: customer.hetu, details: { paymentSession: sessionId, amountCents: session.amountCents } },
          recordPlaced: async (tx: EntityManager, order: { id: number }) => {
            await tx.update(PaymentSession, { id: sessionId }, { status: 'complete', orderId: order.id, completedAt: now });
          },
        };
      });
      return placed.id;
    } catch (err) {
      if (!(err instanceof AlreadyHandled)) throw err;
      return (await this.db.getRepository(PaymentSession).findOneByOrFail({ id: sessionId })).orderId;
    }
  }

  private async recordExpired(sessionId: string, eventId: string): Promise<void> {
    await this.db.transaction(async (m) => {
      if (!(await recordEvent(m, eventId, 'checkout.session.expired', sessionId))) return;
      // The cart is left as it was: the customer may start a new checkout.
      await m.update(PaymentSession, { id: sessionId, status: 'open' }, { status: 'expired' });
    });
  }

  /** Signs an event of the embedded checkout and hands it to the webhook handler (the one verified path). */
  private async sendEmbeddedEvent(type: 'checkout.session.completed' | 'checkout.session.expired', session: PaymentSession): Promise<number> {
    const paid = type === 'checkout.session.completed';
    const payload = JSON.stringify({
      id: newId('evt_embedded'),
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: {
        object: {
          id: session.id,
          object: 'checkout.session',
          client_reference_id: session.id,
          metadata: { paymentSessionId: session.id },
          amount_total: session.amountCents,
          currency: 'eur',
          status: paid ? 'complete' : 'expired',
          payment_status: paid ? 'paid' : 'unpaid',
        },
      },
    });
    const signature = this.stripe.webhooks.generateTestHeaderString({ payload, secret: this.config.payments.webhookSecret });
    await this.handleWebhook(Buffer.from(payload), signature);
    const after = await this.db.getRepository(PaymentSession).findOneByOrFail({ id: session.id });
    return after.orderId ?? 0;
  }

  private async ownEmbeddedSession(customerId: number, id: string): Promise<PaymentSession> {
    const session = this.embedded && ID_PATTERN.test(id) ? await this.db.getRepository(PaymentSession).findOneBy({ id, customerId, provider: 'embedded' }) : null;
    if (!session) throw new NotFoundException(CUSTOMER_MESSAGES.checkoutNotFound);
    return session;
  }

  /** An open embedded session past its time expires now, through its signed `checkout.session.expired` event. */
  private async expireIfDue(session: PaymentSession): Promise<PaymentSession> {
    if (session.status !== 'open' || session.expiresAt.getTime() > Date.now()) return session;
    await this.sendEmbeddedEvent('checkout.session.expired', session);
    return this.db.getRepository(PaymentSession).findOneByOrFail({ id: session.id });
  }

  /** A new checkout ends the customer's open ones, so one cart is not paid twice by two tabs. */
  private async expireOpenSessions(customerId: number): Promise<void> {
    const open = await this.db.getRepository(PaymentSession).findBy({ customerId, status: 'open' });
    for (const session of open) {
      if (session.provider === 'stripe' && session.providerRef?.startsWith('cs_')) {
        try {
          await this.stripe.checkout.sessions.expire(session.providerRef);
        } catch (err) {
          // Already paid or expired at Stripe: its own event settles it.
          this.logger.warn(`could not expire Stripe session ${session.providerRef}: ${(err as Error).message}`);
        }
      }
      await this.db.getRepository(PaymentSession).update({ id: session.id, status: 'open' }, { status: 'expired' });
    }
  }

  private provider(): PaymentProvider {
    return this.embedded ? 'embedded' : 'stripe';
  }
}

/** Our session id of a Stripe Checkout Session (metadata first, then client_reference_id). */
function ourSessionId(session: { metadata?: Record<string, string> | null; client_reference_id?: string | null }): string | null {
  const id = session.metadata?.paymentSessionId ?? session.client_reference_id ?? null;
  return id && ID_PATTERN.test(id) ? id : null;
}

/** Records an event id; false when it was recorded before (a concurrent twin waits here for the first to commit). */
async function recordEvent(m: EntityManager, eventId: string, type: string, sessionId: string): Promise<boolean> {
  const rows = (await m.query(`INSERT INTO payment_event (id, type, session_id) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING RETURNING id`, [
    eventId,
    type,
    sessionId,
  ])) as unknown[];
  return rows.length === 1;
}

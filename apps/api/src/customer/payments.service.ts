import { BadRequestException, ConflictException, GoneException, Inject, Injectable, Logger, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import { In, type DataSource, type EntityManager } from 'typeorm';
import {
  CUSTOMER_MESSAGES,
  customerDeadline,
  formatEuro,
  type CustomerPaid,
  type EmbeddedCheckoutPaid,
  type EmbeddedCheckoutPayRequest,
  type EmbeddedCheckoutSession,
  type PaymentRefusal,
  type PaymentSessionResponse,
  type PaymentStatus,
} from '@resepti/domain';
import { AuditService } from '../audit/audit.service.js';
import type { SessionUser } from '../auth/session-user.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { CouponsService } from '../orders/coupons.service.js';
import { OrderLifecycleService, type Placement } from '../orders/order-lifecycle.service.js';
import { CheckoutSessions } from './checkout-sessions.js';
import { CustomerCartCoupon } from './customer-cart-coupon.entity.js';
import { CustomerCartItem } from './customer-cart-item.entity.js';
import { CustomerCartService } from './customer-cart.service.js';
import { Customer } from './customer.entity.js';
import { chargeTestCard, paymentDeclined } from './embedded-checkout.js';
import { paidUrl } from './paid-url.js';
import { PaymentGateway, WebhookSignatureError } from './payment-gateway.js';
import { PaymentAnomaly, PaymentSession, type RefundState } from './payment-session.entity.js';

/** The customer's order option: the 12-hour working-day deadline (libs/domain customerDeadline). */
const CUSTOMER_DELIVERY_OPTION = 'delivery-12-h';
const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);
const ID_PATTERN = /^(cs|ps)_[A-Za-z0-9_-]{8,200}$/;
const SIGNATURE_MISMATCH = 'Maksutapahtuman allekirjoitus ei täsmää.';

/** A payment the provider reports (a signed event, or a charge's answer): what settles a session. */
interface ProviderPayment {
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

/** What became of a payment: an order, nothing new (seen before), or refused (and refunded when money was taken). */
export type Settlement =
  | { kind: 'placed'; orderId: number }
  | { kind: 'seen'; orderId: number | null }
  | { kind: 'refused'; reason: PaymentRefusal; refund: RefundState }
  | { kind: 'not-ours' };

const newEventId = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`;

/**
 * Card payment of the customer's cart (SPEC section 4, Payment). With STRIPE_SECRET_KEY the cart
 * goes to a Stripe Checkout Session; without it, to the app's embedded test checkout (/kassa/{id}).
 * Either way a paid session is known from a signed `checkout.session.completed` (or a charge's own
 * answer), and every payment goes through `settle`: exactly once, in one transaction, it becomes
 * the order — or, when the checkout had ended, the amount differs, the cart changed or the code ran
 * out, a recorded anomaly and a refund. Money is never kept without an order.
 */
@Injectable()
export class PaymentsService {
  private readonly logger = new Logger('Payments');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly carts: CustomerCartService,
    private readonly checkouts: CheckoutSessions,
    private readonly gateway: PaymentGateway,
    private readonly lifecycle: OrderLifecycleService,
    private readonly coupons: CouponsService,
    private readonly audit: AuditService,
  ) {}

  /** POST /start-payment-session: the checkout of the cart (the same one again while it is open and the cart unchanged). */
  async start(customerId: number, appOrigin: string): Promise<PaymentSessionResponse> {
    const { session, discountCode } = await this.checkouts.open(customerId, (m) => this.carts.checkout(customerId, m));
    if (session.amountCents === 0) {
      // A code covered everything: nothing to charge, the order is placed at once.
      const settled = await this.settleFree(session);
      this.logger.log(`free checkout ${session.id}: ${settled.kind}`);
      return { sessionId: session.id, url: paidUrl(session.id) };
    }
    if (session.checkoutUrl) return { sessionId: session.providerRef ?? session.id, url: session.checkoutUrl };
    try {
      // Concurrent starts of one session ask Stripe with the same key and get the same Checkout Session.
      const created = await this.gateway.createCheckout(session, this.config.publicUrl ?? appOrigin, discountCode);
      await this.checkouts.recordCheckout(session.id, created.providerRef, created.url);
      return { sessionId: created.providerRef, url: created.url };
    } catch (err) {
      this.logger.error(`Stripe checkout for ${session.id} failed: ${(err as Error).message}`);
      await this.checkouts.endUnpaid(session.id, 'provider-failed');
      throw new ServiceUnavailableException(CUSTOMER_MESSAGES.paymentUnavailable);
    }
  }

  /**
   * POST /my-shopping-cart/pay {token}: pays the cart's one checkout at once (integrators). Of any
   * number of concurrent requests one charges; the others get 409. 402 when declined (the checkout
   * stays payable), 409 when the payment could not become an order (it is refunded).
   */
  async payWithToken(customerId: number, token: string): Promise<CustomerPaid> {
    const { session } = await this.checkouts.open(customerId, (m) => this.carts.checkout(customerId, m));
    if (session.amountCents === 0) return this.paidAnswer(session, await this.settleFree(session));
    const attempt = await this.checkouts.claim(session.id);
    if (attempt === null) throw new ConflictException(CUSTOMER_MESSAGES.paymentInProgress);
    const charge = await this.gateway.chargeToken(session, token, attempt);
    if (charge.kind === 'declined' || charge.kind === 'invalid-token') {
      await this.checkouts.release(session.id);
      if (charge.kind === 'declined') throw paymentDeclined();
      throw new BadRequestException(CUSTOMER_MESSAGES.paymentTokenInvalid);
    }
    if (charge.kind === 'unknown') {
      // Whether the card was charged is unknown: the claim stays until the provider's own event settles it.
      this.logger.error(`payment of ${session.id} (try ${attempt}) failed: ${charge.message}`);
      throw new ServiceUnavailableException(CUSTOMER_MESSAGES.paymentUnavailable);
    }
    const settled = await this.settle({
      sessionId: session.id,
      eventId: `charge_${charge.paymentRef}`,
      eventType: 'payment_intent.succeeded',
      paymentRef: charge.paymentRef,
      amountCents: charge.amountCents,
      currency: charge.currency,
      paidAt: new Date(),
      customerId,
    });
    return this.paidAnswer(session, settled);
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
      successUrl: paidUrl(session.id),
      cancelUrl: '/handling?success=false',
    };
  }

  /**
   * POST /embedded-checkout/{id}/pay: charges a test card. A paid session answers the same again
   * (a double click); a concurrent pay is 409; a payment that cannot become an order is refunded (409).
   */
  async payEmbedded(customerId: number, id: string, card: EmbeddedCheckoutPayRequest): Promise<EmbeddedCheckoutPaid> {
    const session = await this.expireIfDue(await this.ownEmbeddedSession(customerId, id));
    if (session.status === 'complete') return { status: 'complete', orderId: session.orderId!, successUrl: paidUrl(id) };
    if (session.status === 'expired') throw new GoneException(CUSTOMER_MESSAGES.checkoutExpired);
    if (session.status === 'refunded') throw new ConflictException(CUSTOMER_MESSAGES.paymentRefunded);
    const attempt = await this.checkouts.claim(session.id);
    if (attempt === null) {
      const now = await this.db.getRepository(PaymentSession).findOneByOrFail({ id });
      if (now.status === 'complete') return { status: 'complete', orderId: now.orderId!, successUrl: paidUrl(id) };
      if (now.status === 'expired') throw new GoneException(CUSTOMER_MESSAGES.checkoutExpired);
      throw new ConflictException(CUSTOMER_MESSAGES.paymentInProgress);
    }
    try {
      chargeTestCard(card);
    } catch (err) {
      await this.checkouts.release(session.id);
      throw err;
    }
    const settled = await this.sendEmbeddedEvent('checkout.session.completed', session, `pi_embedded_${session.id}_${attempt}`);
    return { status: 'complete', orderId: this.paidAnswer(session, settled).orderId, successUrl: paidUrl(id) };
  }

  /**
   * GET /payment-sessions/{id}: where the customer's own checkout stands (either provider), for the
   * page the customer returns to from the checkout (/reseptit?maksu={id}); 404 for anyone else's.
   */
  async status(customerId: number, id: string): Promise<PaymentStatus> {
    const session = ID_PATTERN.test(id) ? await this.db.getRepository(PaymentSession).findOneBy({ id, customerId }) : null;
    if (!session) throw new NotFoundException(CUSTOMER_MESSAGES.checkoutNotFound);
    return { sessionId: session.id, status: session.status, priceEuro: formatEuro(session.amountCents), orderId: session.orderId };
  }

  /**
   * POST /payments/webhook: a Stripe event, verified against STRIPE_WEBHOOK_SECRET and its 5-minute
   * window (400 otherwise). Events of sessions that are not ours are acknowledged and ignored, so
   * Stripe does not retry them for days. 503 when a refund could not be made yet: Stripe retries.
   */
  async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<Settlement> {
    let event: Stripe.Event;
    try {
      event = this.gateway.verifyEvent(rawBody, signature);
    } catch (err) {
      if (err instanceof WebhookSignatureError) this.logger.warn(`webhook refused: ${err.message}`);
      throw new BadRequestException(SIGNATURE_MISMATCH);
    }
    const paidAt = new Date(event.created * 1000);
    if (event.type === 'checkout.session.expired') {
      const id = ourSessionId(event.data.object);
      if (id) await this.recordExpired(id, event.id);
      return { kind: 'not-ours' };
    }
    if (PAID_EVENTS.has(event.type)) {
      const session = event.data.object as Stripe.Checkout.Session;
      const id = ourSessionId(session);
      if (!id || (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required')) return { kind: 'not-ours' };
      const intent = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
      return this.settleOrRetry({
        sessionId: id,
        eventId: event.id,
        eventType: event.type,
        paymentRef: intent ?? (session.amount_total ? `checkout_${session.id}` : null),
        amountCents: session.amount_total ?? -1,
        currency: session.currency ?? '',
        paidAt,
        customerId: metadataCustomer(session.metadata),
      });
    }
    if (event.type === 'payment_intent.succeeded') {
      // A Checkout Session's own intent carries our id too: the same payment settles once.
      const intent = event.data.object;
      const id = intent.metadata?.paymentSessionId;
      if (!id || !ID_PATTERN.test(id)) return { kind: 'not-ours' };
      return this.settleOrRetry({
        sessionId: id,
        eventId: event.id,
        eventType: event.type,
        paymentRef: intent.id,
        amountCents: intent.amount_received || intent.amount,
        currency: intent.currency,
        paidAt,
        customerId: metadataCustomer(intent.metadata),
      });
    }
    return { kind: 'not-ours' };
  }

  /** Settles, and makes the refunds still owed for the session; 503 while one cannot be made (the provider retries the event). */
  private async settleOrRetry(payment: ProviderPayment): Promise<Settlement> {
    const settled = await this.settle(payment);
    if (!(await this.refundOwed(payment.sessionId))) throw new ServiceUnavailableException(CUSTOMER_MESSAGES.paymentUnavailable);
    return settled;
  }

  /**
   * The one way a payment settles a session, exactly once: in one transaction, with the customer's
   * cart and the session locked, the event is recorded, the payment checked against the session
   * (open, in time, same customer, amount and currency, the cart unchanged) and the code used
   * atomically; then the order is placed, or the payment is refused: an anomaly row, an audit row,
   * and a refund (made at once in embedded mode; after the commit with Stripe).
   */
  private async settle(payment: ProviderPayment): Promise<Settlement> {
    const known = await this.db.getRepository(PaymentSession).findOneBy({ id: payment.sessionId });
    if (!known) {
      this.logger.warn(`payment event ${payment.eventId} of an unknown session ignored`);
      return { kind: 'not-ours' };
    }
    const actor: SessionUser = { role: 'customer', id: known.customerId };
    let outcome: Settlement = { kind: 'seen', orderId: null };
    const placed = await this.lifecycle.place(actor, async (m): Promise<Placement | null> => {
      if (!(await recordEvent(m, payment.eventId, payment.eventType, payment.sessionId))) return null;
      const customer = await this.checkouts.lockCart(m, known.customerId);
      const session = await m.findOneOrFail(PaymentSession, { where: { id: payment.sessionId }, lock: { mode: 'pessimistic_write' } });
      const check = refusalOf(session, customer, payment);
      if (check === 'seen') {
        outcome = { kind: 'seen', orderId: session.orderId };
        return null;
      }
      if (check) {
        outcome = await this.refuse(m, session, payment, check);
        return null;
      }
      if (session.couponId !== null && !(await this.coupons.useForPayment(m, session.couponId, session.customerId))) {
        outcome = await this.refuse(m, session, payment, 'coupon-used-up');
        return null;
      }
      await m.delete(CustomerCartItem, { customerId: customer.id, id: In(session.items.map((i) => i.cartItemId)) });
      if (session.couponId !== null) await m.delete(CustomerCartCoupon, { customerId: customer.id, couponId: session.couponId });
      await m.increment(Customer, { id: customer.id }, 'cartVersion', 1);
      return this.orderOf(session, customer, payment);
    });
    return placed ? { kind: 'placed', orderId: placed.placed.id } : outcome;
  }

  /** A paid checkout as a waiting order; the session records it (complete) in the same transaction. */
  private orderOf(session: PaymentSession, customer: Customer, payment: ProviderPayment): Placement {
    const now = new Date();
    return {
      order: {
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
      },
      audit: { action: 'customer.order.paid', patientHetu: customer.hetu, details: { paymentSession: session.id, amountCents: session.amountCents } },
      recordPlaced: async (tx, order) => {
        await tx.update(PaymentSession, { id: session.id }, { status: 'complete', orderId: order.id, completedAt: now, paymentRef: payment.paymentRef });
      },
    };
  }

  /**
   * Records a payment that does not become an order: the anomaly (once per payment), the session
   * ended (refunded when money was taken), the audit row. A code that ran out leaves the cart, so
   * the next checkout shows the full price. In embedded mode the refund is made here; with Stripe
   * it is owed (pending) until `refundOwed` makes it after the commit.
   */
  private async refuse(m: EntityManager, session: PaymentSession, payment: ProviderPayment, reason: PaymentRefusal): Promise<Settlement> {
    const charged = payment.paymentRef !== null && payment.amountCents !== 0;
    const refund: RefundState = !charged ? 'not-needed' : this.gateway.embedded ? 'done' : 'pending';
    const refundRef = refund === 'done' ? await this.gateway.refund(payment.paymentRef!) : null;
    const inserted = (await m
      .createQueryBuilder()
      .insert()
      .into(PaymentAnomaly)
      .values({
        sessionId: session.id,
        eventId: payment.eventId,
        kind: reason,
        paymentRef: charged ? payment.paymentRef : null,
        amountCents: payment.amountCents,
        currency: payment.currency,
        details: { sessionStatus: session.status, sessionAmountCents: session.amountCents, paidAt: payment.paidAt.toISOString(), eventType: payment.eventType },
        refund,
        refundRef,
        refundedAt: refundRef ? new Date() : null,
      })
      .orIgnore()
      .returning(['id'])
      .execute()) as { raw: unknown[] };
    // The same payment refused before (another event of it): recorded once, refunded once.
    if (inserted.raw.length === 0) return { kind: 'seen', orderId: null };
    if (session.status === 'open' || session.status === 'paying') {
      await m.update(PaymentSession, { id: session.id }, { status: charged ? 'refunded' : 'expired', endReason: reason, paymentRef: payment.paymentRef });
    }
    if (reason === 'coupon-used-up' && session.couponId !== null) {
      await m.delete(CustomerCartCoupon, { customerId: session.customerId, couponId: session.couponId });
      await m.increment(Customer, { id: session.customerId }, 'cartVersion', 1);
    }
    const customer = await m.findOneByOrFail(Customer, { id: session.customerId });
    await this.audit.record(
      { role: 'customer', id: session.customerId },
      {
        action: 'customer.payment.refused',
        patientHetu: customer.hetu,
        details: { paymentSession: session.id, reason, amountCents: payment.amountCents, currency: payment.currency, refund },
      },
      m,
    );
    this.logger.warn(`payment ${payment.paymentRef ?? payment.eventId} of ${session.id} refused (${reason}); refund ${refund}`);
    return { kind: 'refused', reason, refund };
  }

  /** Makes the Stripe refunds the session still owes (idempotent per payment); false when one failed. */
  private async refundOwed(sessionId: string): Promise<boolean> {
    const owed = await this.db.getRepository(PaymentAnomaly).findBy({ sessionId, refund: 'pending' });
    let ok = true;
    for (const anomaly of owed) {
      try {
        const refundRef = await this.gateway.refund(anomaly.paymentRef!);
        await this.db.transaction(async (m) => {
          const { affected } = await m.update(PaymentAnomaly, { id: anomaly.id, refund: 'pending' }, { refund: 'done', refundRef, refundedAt: new Date() });
          if (!affected) return;
          const session = await m.findOneByOrFail(PaymentSession, { id: sessionId });
          const customer = await m.findOneByOrFail(Customer, { id: session.customerId });
          await this.audit.record(
            { role: 'customer', id: session.customerId },
            { action: 'customer.payment.refunded', patientHetu: customer.hetu, details: { paymentSession: sessionId, paymentRef: anomaly.paymentRef, refundRef, amountCents: anomaly.amountCents } },
            m,
          );
        });
      } catch (err) {
        ok = false;
        this.logger.error(`refund of ${anomaly.paymentRef} (session ${sessionId}) failed: ${(err as Error).message}`);
      }
    }
    return ok;
  }

  /** A checkout a code covered in full: settled at once with nothing charged. */
  private async settleFree(session: PaymentSession): Promise<Settlement> {
    return this.settle({
      sessionId: session.id,
      eventId: `free_${session.id}`,
      eventType: 'checkout.session.completed',
      paymentRef: null,
      amountCents: 0,
      currency: 'eur',
      paidAt: new Date(),
      customerId: session.customerId,
    });
  }

  /** The answer to a customer's own payment request: the order, or 409 saying why there is none. */
  private paidAnswer(session: PaymentSession, settled: Settlement): CustomerPaid {
    if (settled.kind === 'placed') return { sessionId: session.id, orderId: settled.orderId };
    if (settled.kind === 'refused') {
      throw new ConflictException(settled.refund === 'not-needed' ? CUSTOMER_MESSAGES.couponUsedUp : CUSTOMER_MESSAGES.paymentRefunded);
    }
    throw new ConflictException(CUSTOMER_MESSAGES.alreadyPaid);
  }

  private async recordExpired(sessionId: string, eventId: string): Promise<void> {
    await this.db.transaction(async (m) => {
      if (!(await recordEvent(m, eventId, 'checkout.session.expired', sessionId))) return;
      // The cart is left as it was: the customer may start a new checkout.
      await m.update(PaymentSession, { id: sessionId, status: 'open' }, { status: 'expired', endReason: 'expired' });
    });
  }

  /** Signs an event of the embedded checkout and hands it to the webhook handler (the one verified path). */
  private async sendEmbeddedEvent(type: 'checkout.session.completed' | 'checkout.session.expired', session: PaymentSession, paymentRef: string | null = null): Promise<Settlement> {
    const paid = type === 'checkout.session.completed';
    const payload = JSON.stringify({
      id: newEventId('evt_embedded'),
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: {
        object: {
          id: session.id,
          object: 'checkout.session',
          client_reference_id: session.id,
          metadata: { paymentSessionId: session.id, customerId: String(session.customerId) },
          amount_total: session.amountCents,
          currency: 'eur',
          payment_intent: paymentRef,
          status: paid ? 'complete' : 'expired',
          payment_status: paid ? 'paid' : 'unpaid',
        },
      },
    });
    return this.handleWebhook(Buffer.from(payload), this.gateway.signEvent(payload));
  }

  private async ownEmbeddedSession(customerId: number, id: string): Promise<PaymentSession> {
    const session = this.gateway.embedded && ID_PATTERN.test(id) ? await this.db.getRepository(PaymentSession).findOneBy({ id, customerId, provider: 'embedded' }) : null;
    if (!session) throw new NotFoundException(CUSTOMER_MESSAGES.checkoutNotFound);
    return session;
  }

  /** An open embedded session past its time expires now, through its signed `checkout.session.expired` event. */
  private async expireIfDue(session: PaymentSession): Promise<PaymentSession> {
    if (session.status !== 'open' || session.expiresAt.getTime() > Date.now()) return session;
    await this.sendEmbeddedEvent('checkout.session.expired', session);
    return this.db.getRepository(PaymentSession).findOneByOrFail({ id: session.id });
  }
}

/**
 * Why a payment cannot settle the session as its order ('seen': this payment settled it already).
 * A session is paid while open (or being charged), in time, by its own customer, with its exact
 * amount in euros, for the cart as it was when the checkout began.
 */
function refusalOf(session: PaymentSession, customer: Customer, payment: ProviderPayment): PaymentRefusal | 'seen' | null {
  const samePayment = payment.paymentRef === session.paymentRef || (payment.paymentRef === null && session.status === 'complete');
  if (session.status === 'complete') return samePayment ? 'seen' : 'second-payment';
  if (session.status === 'refunded') return samePayment ? 'seen' : 'not-open';
  if (session.status === 'expired') return 'not-open';
  if (payment.customerId !== null && payment.customerId !== session.customerId) return 'wrong-customer';
  if (payment.paidAt.getTime() > session.expiresAt.getTime()) return 'expired';
  if (payment.amountCents !== session.amountCents || payment.currency.toLowerCase() !== 'eur') return 'amount-mismatch';
  if (customer.cartVersion !== session.cartVersion) return 'cart-changed';
  return null;
}

/** Our session id of a Stripe Checkout Session (metadata first, then client_reference_id). */
function ourSessionId(session: { metadata?: Record<string, string> | null; client_reference_id?: string | null }): string | null {
  const id = session.metadata?.paymentSessionId ?? session.client_reference_id ?? null;
  return id && ID_PATTERN.test(id) ? id : null;
}

function metadataCustomer(metadata: Record<string, string> | null | undefined): number | null {
  const id = Number(metadata?.customerId);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
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

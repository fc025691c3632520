import { BadRequestException, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import type Stripe from 'stripe';
import { EntityNotFoundError } from 'typeorm';
import { CUSTOMER_MESSAGES, type PaymentRefusal } from '@resepti/domain';
import { AuditService } from '../platform/audit/audit.service.js';
import { InjectOwn, Transactions, type OwnRepository } from '../platform/database/transactions.js';
import { EventBus } from '../platform/events/event-bus.js';
import { CustomerCartService } from '../customer/customer-cart.service.js';
import { CouponsService } from '../orders/coupons.service.js';
import { OrderLifecycleService, type Placement } from '../orders/order-lifecycle.service.js';
import { paidOrder, refusalOf, type ProviderPayment } from './paid-order.js';
import { PaymentGateway, WebhookSignatureError } from './payment-gateway.js';
import { PaymentAnomaly, PaymentSession, type RefundState } from './payment-session.entity.js';
import { completeSession, pendingRefunds, recordEvent, sessionById, sessionCustomer } from './payment-session-statements.js';

const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);
export const SESSION_ID_PATTERN = /^(cs|ps)_[A-Za-z0-9_-]{8,200}$/;
const SIGNATURE_MISMATCH = 'Maksutapahtuman allekirjoitus ei täsmää.';

/** What became of a payment: an order, nothing new (seen before), or refused (and refunded when money was taken). */
export type Settlement =
  | { kind: 'placed'; orderId: number }
  | { kind: 'seen'; orderId: number | null }
  | { kind: 'refused'; reason: PaymentRefusal; refund: RefundState }
  | { kind: 'not-ours' };

/**
 * Payments reported by the provider become orders exactly once (or refunds): Stripe's signed
 * webhook events (and the embedded checkout's, signed the same way), and a charge's own answer.
 * Every payment goes through `settle`: in one transaction, with the customer's cart and the session
 * locked, the event is recorded (placeOnce), the payment checked against the session (refusalOf)
 * and the code used atomically; then the order is placed, or the payment is refused: an anomaly
 * row, an audit row, and a refund (made at once in embedded mode; after the commit with Stripe).
 * Money is never kept without an order.
 */
@Injectable()
export class PaymentSettlement {
  private readonly logger = new Logger('Payments');

  constructor(
    @InjectOwn(PaymentSession) private readonly sessions: OwnRepository<PaymentSession>,
    @InjectOwn(PaymentAnomaly) private readonly anomalies: OwnRepository<PaymentAnomaly>,
    private readonly transactions: Transactions,
    private readonly gateway: PaymentGateway,
    private readonly carts: CustomerCartService,
    private readonly lifecycle: OrderLifecycleService,
    private readonly coupons: CouponsService,
    private readonly audit: AuditService,
    private readonly bus: EventBus,
  ) {}

  /**
   * POST /payments/webhook: a Stripe event, verified against STRIPE_WEBHOOK_SECRET and its 5-minute
   * window (400 otherwise). Events of sessions that are not ours are acknowledged and ignored, so
   * Stripe does not retry them for days. 503 when a refund could not be made yet: Stripe retries.
   */
  async handleEvent(rawBody: Buffer, signature: string | undefined): Promise<Settlement> {
    let event: Stripe.Event;
    try {
      event = this.gateway.verifyEvent(rawBody, signature);
    } catch (err) {
      if (err instanceof WebhookSignatureError) this.logger.warn(`webhook refused: ${err.message}`);
      throw new BadRequestException(SIGNATURE_MISMATCH);
    }
    const payment = paymentOf(event);
    if (event.type === 'checkout.session.expired') {
      const id = ourSessionId(event.data.object);
      if (id) await this.recordExpired(id, event.id);
      return { kind: 'not-ours' };
    }
    if (!payment) return { kind: 'not-ours' };
    const settled = await this.settle(payment);
    if (!(await this.refundOwed(payment.sessionId))) throw new ServiceUnavailableException(CUSTOMER_MESSAGES.paymentUnavailable);
    return settled;
  }

  /** The one way a payment settles a session, exactly once (see the class); its outcome is told ('payment.settled'). */
  async settle(payment: ProviderPayment): Promise<Settlement> {
    const settled = await this.settleOnce(payment);
    await this.bus.emit(null, 'payment.settled', { outcome: settled.kind, ...(settled.kind === 'refused' ? { reason: settled.reason } : {}) });
    return settled;
  }

  private async settleOnce(payment: ProviderPayment): Promise<Settlement> {
    const customerId = await sessionCustomer(this.sessions, payment.sessionId);
    if (customerId === null) {
      this.logger.warn(`payment event ${payment.eventId} of an unknown session ignored`);
      return { kind: 'not-ours' };
    }
    let outcome: Settlement = { kind: 'seen', orderId: null };
    const placed = await this.lifecycle.placeOnce(
      { role: 'customer', id: customerId },
      () => recordEvent(this.sessions, payment.eventId, payment.eventType, payment.sessionId),
      async (): Promise<Placement | null> => {
        const customer = await this.carts.lockCart(customerId);
        const session = await sessionById(this.sessions, payment.sessionId, true);
        if (!session) throw new EntityNotFoundError(PaymentSession, { id: payment.sessionId });
        const refusal = refusalOf(session, customer.cartVersion, payment);
        if (refusal === 'seen') {
          outcome = { kind: 'seen', orderId: session.orderId };
          return null;
        }
        if (refusal || (session.couponId !== null && !(await this.coupons.useForPayment(session.couponId, session.customerId)))) {
          outcome = await this.refuse(session, payment, refusal ?? 'coupon-used-up');
          return null;
        }
        await this.carts.takePaid(
          customer.id,
          session.items.map((i) => i.cartItemId),
          session.couponId,
        );
        const now = new Date();
        return {
          order: paidOrder(session, customer, now),
          audit: { action: 'customer.order.paid', patientHetu: customer.hetu, details: { paymentSession: session.id, amountCents: session.amountCents } },
          recordPlaced: async (order) => {
            await completeSession(this.sessions, session.id, order.id, now, payment.paymentRef);
          },
        };
      },
    );
    return placed.kind === 'placed' ? { kind: 'placed', orderId: placed.placed.id } : outcome;
  }

  /** A charge's own answer (or the provider's record of it, when the answer was lost): the event id is the charge's, so both settle it once. */
  settleCharge(session: PaymentSession, charge: { paymentRef: string; amountCents: number; currency: string }, paidAt: Date): Promise<Settlement> {
    return this.settle({
      sessionId: session.id,
      eventId: `charge_${charge.paymentRef}`,
      eventType: 'payment_intent.succeeded',
      paymentRef: charge.paymentRef,
      amountCents: charge.amountCents,
      currency: charge.currency,
      paidAt,
      customerId: session.customerId,
    });
  }

  /** A checkout a code covered in full: settled at once with nothing charged. */
  settleFree(session: PaymentSession): Promise<Settlement> {
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

  /**
   * Records a payment that does not become an order: the anomaly (once per payment), the session
   * ended (refunded when money was taken), the audit row. A code that ran out leaves the cart, so
   * the next checkout shows the full price. In embedded mode the refund is made here; with Stripe
   * it is owed (pending) until `refundOwed` makes it after the commit.
   */
  private async refuse(session: PaymentSession, payment: ProviderPayment, reason: PaymentRefusal): Promise<Settlement> {
    const charged = payment.paymentRef !== null && payment.amountCents !== 0;
    const refund: RefundState = !charged ? 'not-needed' : this.gateway.embedded ? 'done' : 'pending';
    const refundRef = refund === 'done' ? await this.gateway.refund(payment.paymentRef!) : null;
    const inserted = (await this.anomalies.repo
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
      await this.sessions.repo.update({ id: session.id }, { status: charged ? 'refunded' : 'expired', endReason: reason, paymentRef: payment.paymentRef });
    }
    if (reason === 'coupon-used-up' && session.couponId !== null) await this.carts.dropCoupon(session.customerId, session.couponId);
    const customer = await this.carts.lockCart(session.customerId);
    await this.audit.record(
      { role: 'customer', id: session.customerId },
      {
        action: 'customer.payment.refused',
        patientHetu: customer.hetu,
        details: { paymentSession: session.id, reason, amountCents: payment.amountCents, currency: payment.currency, refund },
      },
    );
    this.logger.warn(`payment ${payment.paymentRef ?? payment.eventId} of ${session.id} refused (${reason}); refund ${refund}`);
    return { kind: 'refused', reason, refund };
  }

  /** Makes the Stripe refunds the session still owes (idempotent per payment); false when one failed. */
  private async refundOwed(sessionId: string): Promise<boolean> {
    const owed = await pendingRefunds(this.anomalies, sessionId);
    let ok = true;
    for (const anomaly of owed) {
      try {
        const refundRef = await this.gateway.refund(anomaly.paymentRef!);
        await this.transactions.run(async () => {
          const { affected } = await this.anomalies.repo.update({ id: anomaly.id, refund: 'pending' }, { refund: 'done', refundRef, refundedAt: new Date() });
          if (!affected) return;
          const session = await this.sessions.repo.findOneByOrFail({ id: sessionId });
          const customer = await this.carts.lockCart(session.customerId);
          await this.audit.record(
            { role: 'customer', id: session.customerId },
            { action: 'customer.payment.refunded', patientHetu: customer.hetu, details: { paymentSession: sessionId, paymentRef: anomaly.paymentRef, refundRef, amountCents: anomaly.amountCents } },
          );
        });
      } catch (err) {
        ok = false;
        this.logger.error(`refund of ${anomaly.paymentRef} (session ${sessionId}) failed: ${(err as Error).message}`);
      }
    }
    return ok;
  }

  private async recordExpired(sessionId: string, eventId: string): Promise<void> {
    await this.transactions.run(async () => {
      if (!(await recordEvent(this.sessions, eventId, 'checkout.session.expired', sessionId))) return;
      // The cart is left as it was: the customer may start a new checkout.
      await this.sessions.repo.update({ id: sessionId, status: 'open' }, { status: 'expired', endReason: 'expired' });
    });
  }
}

/** The payment a verified event reports (null: not a payment of ours). */
function paymentOf(event: Stripe.Event): ProviderPayment | null {
  const paidAt = new Date(event.created * 1000);
  if (PAID_EVENTS.has(event.type)) {
    const session = event.data.object as Stripe.Checkout.Session;
    const id = ourSessionId(session);
    if (!id || (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required')) return null;
    const intent = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
    return {
      sessionId: id,
      eventId: event.id,
      eventType: event.type,
      paymentRef: intent ?? (session.amount_total ? `checkout_${session.id}` : null),
      amountCents: session.amount_total ?? -1,
      currency: session.currency ?? '',
      paidAt,
      customerId: metadataCustomer(session.metadata),
    };
  }
  if (event.type === 'payment_intent.succeeded') {
    // A Checkout Session's own intent carries our id too: the same payment settles once.
    const intent = event.data.object;
    const id = intent.metadata?.paymentSessionId;
    if (!id || !SESSION_ID_PATTERN.test(id)) return null;
    return {
      sessionId: id,
      eventId: event.id,
      eventType: event.type,
      paymentRef: intent.id,
      amountCents: intent.amount_received || intent.amount,
      currency: intent.currency,
      paidAt,
      customerId: metadataCustomer(intent.metadata),
    };
  }
  return null;
}

/** Our session id of a Stripe Checkout Session (metadata first, then client_reference_id). */
function ourSessionId(session: { metadata?: Record<string, string> | null; client_reference_id?: string | null }): string | null {
  const id = session.metadata?.paymentSessionId ?? session.client_reference_id ?? null;
  return id && SESSION_ID_PATTERN.test(id) ? id : null;
}

function metadataCustomer(metadata: Record<string, string> | null | undefined): number | null {
  const id = Number(metadata?.customerId);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

import { BadRequestException, ConflictException, GoneException, Inject, Injectable, Logger, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import type { Repository } from 'typeorm';
import {
  CUSTOMER_MESSAGES,
  formatEuro,
  type CustomerPaid,
  type EmbeddedCheckoutPaid,
  type EmbeddedCheckoutPayRequest,
  type EmbeddedCheckoutSession,
  type PaymentSessionResponse,
  type PaymentStatus,
} from '@resepti/domain';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { CheckoutSessions, claimEnds, paymentInProgress } from './checkout-sessions.js';
import { chargeTestCard, paymentDeclined } from './embedded-checkout.js';
import { paidUrl } from './paid-url.js';
import { PaymentGateway } from './payment-gateway.js';
import { PaymentSession } from './payment-session.entity.js';
import { PaymentSettlement, SESSION_ID_PATTERN, type Settlement } from './payment-settlement.js';

const newEventId = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`;
/** When to try again after the provider could not say whether an unanswered charge took the money. */
const PROVIDER_RETRY_MS = 30_000;

/**
 * The customer's side of card payment (SPEC section 4, Payment). With STRIPE_SECRET_KEY the cart
 * goes to a Stripe Checkout Session; without it, to the app's embedded test checkout (/kassa/{id}),
 * whose payments are signed events handed to the same settlement as Stripe's. Integrators pay a
 * token at once. Whatever the path, one checkout per cart, one charge per checkout (claim), and
 * PaymentSettlement decides exactly once what the payment becomes.
 */
@Injectable()
export class PaymentsService {
  private readonly logger = new Logger('Payments');

  constructor(
    @InjectRepository(PaymentSession) private readonly sessions: Repository<PaymentSession>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly checkouts: CheckoutSessions,
    private readonly gateway: PaymentGateway,
    private readonly settlement: PaymentSettlement,
  ) {}

  /** POST /start-payment-session: the checkout of the cart (the same one again while it is open and the cart unchanged). */
  async start(customerId: number): Promise<PaymentSessionResponse> {
    const unanswered = await this.settleUnansweredCharge(customerId);
    if (unanswered) {
      // The customer's earlier charge did pay: its order is where the checkout would have led.
      const paid = await this.answer(unanswered.session, unanswered.settled, unanswered.paymentRef);
      return { sessionId: paid.sessionId, url: paidUrl(paid.sessionId) };
    }
    const { session, discountCode } = await this.checkouts.open(customerId);
    if (session.amountCents === 0) {
      // A code covered everything: nothing to charge, the order is placed at once.
      const settled = await this.settlement.settleFree(session);
      this.logger.log(`free checkout ${session.id}: ${settled.kind}`);
      return { sessionId: session.id, url: paidUrl(session.id) };
    }
    if (session.checkoutUrl) return { sessionId: session.providerRef ?? session.id, url: session.checkoutUrl };
    try {
      // Concurrent starts of one session ask Stripe with the same key and get the same Checkout Session.
      const created = await this.gateway.createCheckout(session, this.config.publicUrl, discountCode);
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
   * number of concurrent requests one charges; the others get 409 'Maksusi käsitellään' (with
   * Retry-After). The one that charged answers the order, even when the provider's event placed it
   * first. 402 when declined (the checkout stays payable), 409 when the payment could not become
   * an order (it is refunded). An earlier charge that never answered is settled first (no second charge).
   */
  async payWithToken(customerId: number, token: string): Promise<CustomerPaid> {
    const unanswered = await this.settleUnansweredCharge(customerId);
    if (unanswered) return this.answer(unanswered.session, unanswered.settled, unanswered.paymentRef);
    const { session } = await this.checkouts.open(customerId);
    if (session.amountCents === 0) return this.answer(session, await this.settlement.settleFree(session), null);
    const attempt = await this.checkouts.claim(session.id);
    if (attempt === null) throw paymentInProgress(claimEnds(null));
    const charge = await this.gateway.chargeToken(session, token, attempt);
    if (charge.kind === 'declined' || charge.kind === 'invalid-token') {
      await this.checkouts.release(session.id);
      if (charge.kind === 'declined') throw paymentDeclined();
      throw new BadRequestException(CUSTOMER_MESSAGES.paymentTokenInvalid);
    }
    if (charge.kind === 'unknown') {
      // Whether the card was charged is unknown: the claim stays until the provider's event, or the next try, settles it.
      this.logger.error(`payment of ${session.id} (try ${attempt}) failed: ${charge.message}`);
      throw new ServiceUnavailableException(CUSTOMER_MESSAGES.paymentUnavailable);
    }
    return this.answer(session, await this.settlement.settleCharge(session, charge, new Date()), charge.paymentRef);
  }

  /**
   * A charge of the customer's that never answered (its process died, or the provider did not
   * answer within the claim's timeout) may have taken the money: before the cart may be charged
   * again the provider is asked, and a charge it reports is settled (the order, or its refund).
   * Null: nothing was charged, and the stale claim ends with the next checkout. 409 'Maksusi
   * käsitellään' while the provider cannot be asked.
   */
  private async settleUnansweredCharge(customerId: number): Promise<{ session: PaymentSession; settled: Settlement; paymentRef: string } | null> {
    const claimed = await this.checkouts.unansweredCharge(customerId);
    if (!claimed) return null;
    let charge: Awaited<ReturnType<PaymentGateway['findSucceededCharge']>>;
    try {
      charge = await this.gateway.findSucceededCharge(claimed.id);
    } catch (err) {
      this.logger.error(`could not ask the provider about the unanswered charge of ${claimed.id}: ${(err as Error).message}`);
      throw paymentInProgress(new Date(Date.now() + PROVIDER_RETRY_MS));
    }
    if (!charge) return null;
    this.logger.warn(`unanswered charge ${charge.paymentRef} of ${claimed.id} found at the provider: settled now`);
    return { session: claimed, settled: await this.settlement.settleCharge(claimed, charge, charge.paidAt), paymentRef: charge.paymentRef };
  }

  /**
   * The answer to a customer's own payment: the order, or 409 saying why there is none. This
   * request's own charge (`paymentRef`) seen before was settled first by its provider's event (or
   * a twin request): the order it became is this request's answer too.
   */
  private async answer(session: PaymentSession, settled: Settlement, paymentRef: string | null): Promise<CustomerPaid> {
    if (settled.kind === 'placed') return { sessionId: session.id, orderId: settled.orderId };
    if (settled.kind === 'refused') {
      throw new ConflictException(settled.refund === 'not-needed' ? CUSTOMER_MESSAGES.couponUsedUp : CUSTOMER_MESSAGES.paymentRefunded);
    }
    const now = await this.sessions.findOneByOrFail({ id: session.id });
    if (paymentRef !== null && now.paymentRef === paymentRef && now.status === 'complete' && now.orderId !== null) return { sessionId: now.id, orderId: now.orderId };
    throw new ConflictException(now.status === 'refunded' ? CUSTOMER_MESSAGES.paymentRefunded : CUSTOMER_MESSAGES.alreadyPaid);
  }

  /** GET /embedded-checkout/{id}: the customer's own embedded checkout (404 otherwise; an overdue one expires now). */
  async embeddedSession(customerId: number, id: string): Promise<EmbeddedCheckoutSession> {
    const session = await this.expireIfDue(await this.ownEmbeddedSession(customerId, id));
    return {
      sessionId: session.id,
      amountCents: session.amountCents,
      priceEuro: formatEuro(session.amountCents),
      items: session.items.map((i) => ({ displayName: i.displayName, medicalProblem: i.medicalProblem, priceCents: i.priceCents })),
      discountCents: session.items.reduce((sum, i) => sum + i.priceCents, 0) - session.amountCents,
      status: session.status,
      expiresAt: session.expiresAt.toISOString(),
      successUrl: paidUrl(session.id),
      cancelUrl: '/handling?success=false',
    };
  }

  /**
   * POST /embedded-checkout/{id}/pay: charges a test card. A paid session answers its order again,
   * marked `alreadyPaid` (a double click, a stale second tab: nothing more was charged); a
   * concurrent pay is 409 (with Retry-After); a payment that cannot become an order is refunded (409).
   */
  async payEmbedded(customerId: number, id: string, card: EmbeddedCheckoutPayRequest): Promise<EmbeddedCheckoutPaid> {
    const session = await this.expireIfDue(await this.ownEmbeddedSession(customerId, id));
    const paid = (s: PaymentSession): EmbeddedCheckoutPaid => ({ status: 'complete', orderId: s.orderId!, successUrl: paidUrl(id), alreadyPaid: true });
    if (session.status === 'complete') return paid(session);
    if (session.status === 'expired') throw new GoneException(CUSTOMER_MESSAGES.checkoutExpired);
    if (session.status === 'refunded') throw new ConflictException(CUSTOMER_MESSAGES.paymentRefunded);
    const attempt = await this.checkouts.claim(session.id);
    if (attempt === null) {
      const now = await this.sessions.findOneByOrFail({ id });
      if (now.status === 'complete') return paid(now);
      if (now.status === 'expired') throw new GoneException(CUSTOMER_MESSAGES.checkoutExpired);
      throw paymentInProgress(claimEnds(now.claimedAt));
    }
    try {
      chargeTestCard(card);
    } catch (err) {
      await this.checkouts.release(session.id);
      throw err;
    }
    const paymentRef = `pi_embedded_${session.id}_${attempt}`;
    const settled = await this.sendEmbeddedEvent('checkout.session.completed', session, paymentRef);
    return { status: 'complete', orderId: (await this.answer(session, settled, paymentRef)).orderId, successUrl: paidUrl(id), alreadyPaid: false };
  }

  /**
   * GET /payment-sessions/{id}: where the customer's own checkout stands (either provider), for the
   * page the customer returns to from the checkout (/reseptit?maksu={id}); 404 for anyone else's.
   */
  async status(customerId: number, id: string): Promise<PaymentStatus> {
    const session = SESSION_ID_PATTERN.test(id) ? await this.sessions.findOneBy({ id, customerId }) : null;
    if (!session) throw new NotFoundException(CUSTOMER_MESSAGES.checkoutNotFound);
    return { sessionId: session.id, status: session.status, priceEuro: formatEuro(session.amountCents), orderId: session.orderId };
  }

  /** Signs an event of the embedded checkout and hands it to the settlement, as Stripe's webhook would. */
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
    return this.settlement.handleEvent(Buffer.from(payload), this.gateway.signEvent(payload));
  }

  private async ownEmbeddedSession(customerId: number, id: string): Promise<PaymentSession> {
    const session = this.gateway.embedded && SESSION_ID_PATTERN.test(id) ? await this.sessions.findOneBy({ id, customerId, provider: 'embedded' }) : null;
    if (!session) throw new NotFoundException(CUSTOMER_MESSAGES.checkoutNotFound);
    return session;
  }

  /** An open embedded session past its time expires now, through its signed `checkout.session.expired` event. */
  private async expireIfDue(session: PaymentSession): Promise<PaymentSession> {
    if (session.status !== 'open' || session.expiresAt.getTime() > Date.now()) return session;
    await this.sendEmbeddedEvent('checkout.session.expired', session);
    return this.sessions.findOneByOrFail({ id: session.id });
  }
}

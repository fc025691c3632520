import { Inject, Injectable, Logger } from '@nestjs/common';
import Stripe from 'stripe';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { DECLINED_TOKENS, PAYING_TOKENS } from './embedded-checkout.js';
import { paidUrl } from './paid-url.js';
import type { PaymentProvider, PaymentSession } from './payment-session.entity.js';

/** Stripe's tolerance for a signed event's time, both ways: an event from the future is as suspect as an old one. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export type TokenCharge =
  | { kind: 'paid'; paymentRef: string; amountCents: number; currency: string }
  /** The card was declined (nothing charged): the session may be paid again. */
  | { kind: 'declined' }
  | { kind: 'invalid-token' }
  /** The provider did not answer: whether money moved is unknown until its event arrives. */
  | { kind: 'unknown'; message: string };

export class WebhookSignatureError extends Error {}

/**
 * The payment provider: Stripe through its SDK with STRIPE_SECRET_KEY, or the app's embedded test
 * checkout without it (then the SDK only signs and verifies events). Every call that can move money
 * carries an idempotency key derived from our session id, so a retried or raced request never
 * creates a second charge or refund.
 */
@Injectable()
export class PaymentGateway {
  private readonly logger = new Logger('Payments');
  readonly embedded: boolean;
  private readonly stripe: Stripe;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.embedded = config.payments.stripeSecretKey === null;
    const api = config.payments.apiUrl;
    this.stripe = new Stripe(config.payments.stripeSecretKey ?? 'sk_test_embedded_checkout', {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(api ? { host: api.hostname, port: api.port || (api.protocol === 'https:' ? 443 : 80), protocol: api.protocol === 'https:' ? 'https' : 'http' } : {}),
    });
  }

  get provider(): PaymentProvider {
    return this.embedded ? 'embedded' : 'stripe';
  }

  /** A Stripe Checkout Session of the session's copy of the cart; the same session for the same id (idempotency key). */
  async createCheckout(session: PaymentSession, base: string, discountCode: string | null): Promise<{ providerRef: string; url: string }> {
    const created = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: session.id,
        metadata: { paymentSessionId: session.id, customerId: String(session.customerId) },
        payment_intent_data: { metadata: { paymentSessionId: session.id, customerId: String(session.customerId) } },
        expires_at: Math.floor(session.expiresAt.getTime() / 1000),
        locale: 'fi',
        // Stripe's line items cannot be negative: with a code, one line of the discounted total.
        line_items: discountCode
          ? [{ quantity: 1, price_data: { currency: 'eur', unit_amount: session.amountCents, product_data: { name: `Reseptit (${session.items.length} kpl), kampanjakoodi ${discountCode}` } } }]
          : session.items.map((i) => ({ quantity: 1, price_data: { currency: 'eur', unit_amount: i.priceCents, product_data: { name: i.displayName } } })),
        success_url: `${base}${paidUrl(session.id)}`,
        cancel_url: `${base}/handling?success=false`,
      },
      { idempotencyKey: session.id },
    );
    return { providerRef: created.id, url: created.url! };
  }

  /** Ends Stripe Checkout Sessions we no longer accept; one already paid is settled by its own event (and refunded). */
  async expireCheckouts(sessions: Array<Pick<PaymentSession, 'provider' | 'providerRef'>>): Promise<void> {
    for (const s of sessions) {
      if (s.provider !== 'stripe' || !s.providerRef?.startsWith('cs_')) continue;
      try {
        await this.stripe.checkout.sessions.expire(s.providerRef);
      } catch (err) {
        this.logger.warn(`could not expire Stripe session ${s.providerRef}: ${(err as Error).message}`);
      }
    }
  }

  /** Charges a card token for the session (the `attempt`th try: each try has its own keys, a retry of one try repeats it). */
  async chargeToken(session: PaymentSession, token: string, attempt: number): Promise<TokenCharge> {
    if (this.embedded) {
      if (DECLINED_TOKENS.has(token)) return { kind: 'declined' };
      if (!PAYING_TOKENS.has(token)) return { kind: 'invalid-token' };
      return { kind: 'paid', paymentRef: `pi_embedded_${session.id}_${attempt}`, amountCents: session.amountCents, currency: 'eur' };
    }
    const key = `${session.id}:${attempt}`;
    try {
      const method = await this.stripe.paymentMethods.create({ type: 'card', card: { token } }, { idempotencyKey: `${key}:method` });
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: session.amountCents,
          currency: 'eur',
          confirm: true,
          payment_method: method.id,
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          metadata: { paymentSessionId: session.id, customerId: String(session.customerId) },
        },
        { idempotencyKey: `${key}:intent` },
      );
      // A card that asks for authentication cannot be paid without a browser: not charged.
      if (intent.status !== 'succeeded') return { kind: 'declined' };
      return { kind: 'paid', paymentRef: intent.id, amountCents: intent.amount_received || intent.amount, currency: intent.currency };
    } catch (err) {
      if (err instanceof Stripe.errors.StripeCardError) return { kind: 'declined' };
      if (err instanceof Stripe.errors.StripeInvalidRequestError) return { kind: 'invalid-token' };
      return { kind: 'unknown', message: (err as Error).message };
    }
  }

  /**
   * The succeeded charge of a session at the provider, if any: a charge whose answer never reached
   * us (the process died, or the provider did not answer), asked for before the session may be
   * charged again and by the reconciliation. The embedded test checkout charges nothing real:
   * always null. Throws when the provider cannot be asked.
   */
  async findSucceededCharge(sessionId: string): Promise<{ paymentRef: string; amountCents: number; currency: string; paidAt: Date } | null> {
    if (this.embedded) return null;
    const found = await this.stripe.paymentIntents.search({ query: `metadata['paymentSessionId']:'${sessionId}' AND status:'succeeded'`, limit: 1 });
    const intent = found.data[0];
    return intent ? { paymentRef: intent.id, amountCents: intent.amount_received || intent.amount, currency: intent.currency, paidAt: new Date(intent.created * 1000) } : null;
  }

  /** Returns a payment in full, once (the key is the payment's own); returns the refund's id. */
  async refund(paymentRef: string): Promise<string> {
    if (this.embedded) return `re_embedded_${paymentRef}`;
    const refund = await this.stripe.refunds.create({ payment_intent: paymentRef, reason: 'requested_by_customer' }, { idempotencyKey: `refund:${paymentRef}` });
    return refund.id;
  }

  /**
   * A webhook event whose signature verifies with STRIPE_WEBHOOK_SECRET and whose signed time is
   * within 5 minutes of now, in the past or the future (a replayed or pre-dated event fails). The
   * header names one time: the SDK signs over its last `t=` and checks only that it is not too old,
   * so with two our age check and its signature would read different times.
   */
  verifyEvent(rawBody: Buffer, signature: string | undefined): Stripe.Event {
    const header = signature ?? '';
    const times = header.split(',').filter((part) => /^\s*t=/.test(part));
    if (times.length !== 1) throw new WebhookSignatureError(`${times.length} signed times in the header, not one`);
    const signedAt = Number(/^\s*t=(\d{1,12})\s*$/.exec(times[0])?.[1]);
    if (!Number.isFinite(signedAt) || Math.abs(Date.now() / 1000 - signedAt) > WEBHOOK_TOLERANCE_SECONDS) throw new WebhookSignatureError('signature time outside the tolerance');
    try {
      return this.stripe.webhooks.constructEvent(rawBody, header, this.config.payments.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
    } catch (err) {
      throw new WebhookSignatureError((err as Error).message);
    }
  }

  /** Signs an event of the embedded checkout as Stripe signs its own. */
  signEvent(payload: string): string {
    return this.stripe.webhooks.generateTestHeaderString({ payload, secret: this.config.payments.webhookSecret });
  }
}

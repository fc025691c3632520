/**
 * Payment with STRIPE_SECRET_KEY set: the real stripe SDK talks to a local stand-in of Stripe's
 * API (STRIPE_API_URL, as stripe-mock would be used; nothing leaves this machine). It checks what
 * the app asks of Stripe (a Checkout Session with the cart's lines, back URLs, 30-minute expiry,
 * an idempotency key; a PaymentIntent for a token) and that Stripe's signed webhook places the order.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { type CustomerOrder, type CustomerPaid, type PaymentSessionResponse, type Product } from '@resepti/domain';
import { CUSTOMER_MESSAGES as M } from '../support/finnish-messages';
import { fakeStripeApi, type StandInIntent, type StripeBehaviour, type StripeCall } from '../../bench/lib/stripe-stand-in.cjs';
import { startApp, type TestApp } from '../support/app';
import { runAdmin } from '../support/cli';
import { ALLERGY_ANSWERS, questionnaireChat } from '../support/customer-flow';
import { type ApiClient, loginAs } from '../support/http';

const WEBHOOK_SECRET = 'whsec_stripe_mode_test';
const SECRET_KEY = 'sk_test_stripe_mode_test';

let stripeApi: Server;
const calls: StripeCall[] = [];
const behaviour: StripeBehaviour = { holdIntent: null, failRefunds: 0, failSearches: 0 };
/** The cards charged at the stand-in (its PaymentIntents). */
const intents = new Map<string, StandInIntent>();
let stripeEnv: Record<string, string>;
let app: TestApp;
/** The API started again on the same database after a kill -9 (the last test). */
let restarted: TestApp | undefined;
/** Started after the restarted one is killed too. */
let third: TestApp | undefined;
let customer: ApiClient;
let kestine: Product;
const signer = new Stripe(SECRET_KEY);

beforeAll(async () => {
  stripeApi = fakeStripeApi(calls, behaviour, intents);
  await new Promise<void>((resolve) => stripeApi.listen(0, '127.0.0.1', resolve));
  const port = (stripeApi.address() as AddressInfo).port;
  stripeEnv = { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: `http://127.0.0.1:${port}`, PUBLIC_URL: 'https://resepti.example.fi' };
  app = await startApp({ env: stripeEnv });
  customer = await loginAs(app, 'customer');
  kestine = (await customer.get<Product[]>('/products')).body.find((p) => p.displayName.startsWith('Kestine'))!;
});
afterAll(async () => {
  await third?.stop();
  await restarted?.stop();
  await app?.stop();
  await new Promise((resolve) => stripeApi?.close(resolve));
});

async function fillCart(): Promise<void> {
  await customer.post('/my-shopping-cart/item', { type: 'renewal', productId: kestine.productId, reason: 'Lääke loppumassa' });
  await customer.post('/my-shopping-cart/item', { type: 'prescription', medicalProblem: 'allergy', chat: questionnaireChat('allergy', ALLERGY_ANSWERS) });
}

/** Stripe's signed `payment_intent.succeeded` of a charge (a token payment's intent carries our session id). */
function intentSucceeded(eventId: string, intentId: string, sessionId: string): string {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    type: 'payment_intent.succeeded',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object: { id: intentId, object: 'payment_intent', status: 'succeeded', amount: 2980, amount_received: 2980, currency: 'eur', metadata: { paymentSessionId: sessionId } } },
  });
}

/** Delivers an event to the webhook as Stripe does (signed now, unless a header is given). */
function deliver(a: TestApp, payload: string, signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET })): Promise<Response> {
  return fetch(`${a.apiUrl}/payments/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
}

/** Holds the next charge's answer (the card is charged at the stand-in): its intent, and how to send the answer. */
function holdNextCharge(): Promise<{ intentId: string; answer: () => void }> {
  return new Promise((resolve) => {
    behaviour.holdIntent = (intentId, answer) => {
      behaviour.holdIntent = null;
      resolve({ intentId, answer });
    };
  });
}

describe('with Stripe', () => {
  it("creates a Checkout Session of the cart, and Stripe's signed checkout.session.completed places the order", async () => {
    await fillCart();
    const started = await customer.post<PaymentSessionResponse>('/start-payment-session');
    expect(started.status).toBe(201);
    expect(started.body.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_fake_/);

    const call = calls.find((c) => c.path === '/v1/checkout/sessions')!;
    expect(call.authorization).toBe(`Bearer ${SECRET_KEY}`);
    const ours = call.form.get('metadata[paymentSessionId]')!;
    expect(ours).toMatch(/^ps_/);
    expect(call.idempotencyKey).toBe(ours);
    expect(call.form.get('mode')).toBe('payment');
    expect(call.form.get('client_reference_id')).toBe(ours);
    expect([call.form.get('line_items[0][price_data][unit_amount]'), call.form.get('line_items[1][price_data][unit_amount]')]).toEqual(['990', '1990']);
    expect(call.form.get('line_items[0][price_data][currency]')).toBe('eur');
    expect(call.form.get('line_items[1][price_data][product_data][name]')).toBe('Allergia');
    expect(call.form.get('success_url')).toBe(`https://resepti.example.fi/reseptit?maksu=${ours}`);
    expect(call.form.get('cancel_url')).toBe('https://resepti.example.fi/handling?success=false');
    const expiresIn = Number(call.form.get('expires_at')) - Date.now() / 1000;
    expect(expiresIn).toBeGreaterThan(30 * 60);
    expect(expiresIn).toBeLessThan(32 * 60);
    // The embedded checkout does not exist in this mode.
    expect((await customer.get(`/embedded-checkout/${started.body.sessionId}`)).status).toBe(404);

    // Stripe's event, as its servers sign it.
    const payload = JSON.stringify({
      id: 'evt_stripe_mode_1',
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: { id: started.body.sessionId, object: 'checkout.session', client_reference_id: ours, metadata: { paymentSessionId: ours }, payment_status: 'paid', status: 'complete', amount_total: 2980, currency: 'eur', payment_intent: 'pi_checkout_1' } },
    });
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const delivered = await fetch(`${app.apiUrl}/payments/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
    expect(delivered.status).toBe(200);
    const outstanding = (await customer.get<CustomerOrder[]>('/my-outstanding-orders')).body;
    expect(outstanding).toHaveLength(1);
    expect(outstanding[0].priceCents).toBe(2980);
    expect((await customer.get('/my-shopping-cart')).body.items).toEqual([]);
  });

  it('gives a second start the same Stripe session; a change of the cart expires it at Stripe', async () => {
    await fillCart();
    const created = () => calls.filter((c) => c.path === '/v1/checkout/sessions').length;
    const before = created();
    const first = (await customer.post<PaymentSessionResponse>('/start-payment-session')).body;
    const again = (await customer.post<PaymentSessionResponse>('/start-payment-session')).body;
    expect(again).toEqual(first);
    expect(created()).toBe(before + 1);
    const items = (await customer.get<{ items: Array<{ id: number }> }>('/my-shopping-cart')).body.items;
    await customer.delete(`/my-shopping-cart/item/${items[0].id}`);
    // Expired at Stripe once the change has committed (after the answer, not inside the cart's lock).
    for (let i = 0; i < 50 && !calls.some((c) => c.path === `/v1/checkout/sessions/${first.sessionId}/expire`); i++) await new Promise((r) => setTimeout(r, 100));
    expect(calls.some((c) => c.path === `/v1/checkout/sessions/${first.sessionId}/expire`)).toBe(true);
    await app.sql('DELETE FROM customer_cart_item');
  });

  it('pays a token with a confirmed PaymentIntent; a declined card is 402 and changes nothing', async () => {
    await fillCart();
    const before = (await customer.get<CustomerOrder[]>('/my-outstanding-orders')).body.length;
    const declined = await customer.post('/my-shopping-cart/pay', { token: 'tok_chargeDeclined' });
    expect([declined.status, declined.body.message]).toEqual([402, M.paymentDeclined]);
    expect((await customer.get('/my-shopping-cart')).body.items).toHaveLength(2);

    const paid = await customer.post<CustomerPaid>('/my-shopping-cart/pay', { token: 'tok_visa' });
    expect(paid.status).toBe(201);
    const intents = calls.filter((c) => c.path === '/v1/payment_intents').slice(-2);
    const [, intent] = intents;
    expect([intent.form.get('amount'), intent.form.get('currency'), intent.form.get('confirm')]).toEqual(['2980', 'eur', 'true']);
    expect((await customer.get<CustomerOrder[]>('/my-outstanding-orders')).body).toHaveLength(before + 1);
    // Each try has keys derived from the checkout's id and the try's number: a retry of a try repeats it, a new try is new.
    const session = paid.body.sessionId;
    expect(intents.map((c) => c.idempotencyKey)).toEqual([`${session}:1:intent`, `${session}:2:intent`]);
    expect(intents.map((c) => c.form.get('metadata[paymentSessionId]'))).toEqual([session, session]);
  });
});

describe('a charge in flight', () => {
  const sessionOf = (intentId: string) => intents.get(intentId)!.metadata.paymentSessionId;

  it("while a charge is unanswered the customer is told 'Maksusi käsitellään' with when to try again, and nothing is charged twice", async () => {
    await fillCart();
    const held = holdNextCharge();
    const paying = customer.post<CustomerPaid>('/my-shopping-cart/pay', { token: 'tok_visa' });
    const { answer } = await held;
    const charged = intents.size;
    for (const again of [() => customer.post('/my-shopping-cart/pay', { token: 'tok_visa' }), () => customer.post('/start-payment-session')]) {
      const refused = await again();
      expect([refused.status, refused.body.message]).toEqual([409, M.paymentInProgress]);
      expect(M.paymentInProgress).toMatch(/^Maksusi käsitellään\./);
      // By then the claim has timed out (2 minutes): the outcome is known.
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(120);
      expect(refused.body.retryAfterSeconds).toBe(retryAfter);
    }
    expect(intents.size).toBe(charged);
    answer();
    expect((await paying).status).toBe(201);
  });

  it("a claim past its timeout while Stripe cannot be asked about its charge: 409 'Maksusi käsitellään' (Retry-After), nothing charged; once Stripe answers that nothing was charged, the cart is paid", async () => {
    await fillCart();
    const { sessionId } = (await customer.post<PaymentSessionResponse>('/start-payment-session')).body;
    const [ours] = await app.sql<{ id: string }>(`SELECT id FROM payment_session WHERE provider_ref = $1`, [sessionId]);
    // A charge began 3 minutes ago and its answer never came (the process died before Stripe was reached).
    await app.sql(`UPDATE payment_session SET status = 'paying', claimed_at = now() - interval '3 minutes', pay_attempts = 1 WHERE id = $1`, [ours.id]);
    const charged = intents.size;
    behaviour.failSearches = 10;
    try {
      const refused = await customer.post('/my-shopping-cart/pay', { token: 'tok_visa' });
      expect([refused.status, refused.body.message, refused.headers.get('retry-after')]).toEqual([409, M.paymentInProgress, '30']);
    } finally {
      behaviour.failSearches = 0;
    }
    expect(intents.size).toBe(charged);
    const paid = await customer.post<CustomerPaid>('/my-shopping-cart/pay', { token: 'tok_visa' });
    expect(paid.status).toBe(201);
    expect(intents.size).toBe(charged + 1);
    const [ended] = await app.sql<{ status: string; end_reason: string }>(`SELECT status, end_reason FROM payment_session WHERE id = $1`, [ours.id]);
    expect(ended).toEqual({ status: 'expired', end_reason: 'timeout' });
  });

  it('the paying request answers 201 with the order when Stripe’s event placed it before the charge answered', async () => {
    await fillCart();
    const before = (await customer.get<CustomerOrder[]>('/my-outstanding-orders')).body.length;
    const held = holdNextCharge();
    const paying = customer.post<CustomerPaid>('/my-shopping-cart/pay', { token: 'tok_visa' });
    const { intentId, answer } = await held;
    expect((await deliver(app, intentSucceeded('evt_before_answer', intentId, sessionOf(intentId)))).status).toBe(200);
    const placed = (await customer.get<CustomerOrder[]>('/my-outstanding-orders')).body;
    expect(placed).toHaveLength(before + 1);
    answer();
    const paid = await paying;
    expect([paid.status, paid.body]).toEqual([201, { sessionId: sessionOf(intentId), orderId: expect.any(Number) }]);
    expect(placed.map((o) => o.orderId)).toContain(paid.body.orderId);
    expect((await customer.get<CustomerOrder[]>('/my-outstanding-orders')).body).toHaveLength(before + 1);
  });

  it('an event whose header names two signed times (a current one first, a future one signed) is 400 and places nothing', async () => {
    await fillCart();
    const held = holdNextCharge();
    const paying = customer.post('/my-shopping-cart/pay', { token: 'tok_visa' });
    const { intentId, answer } = await held;
    const now = Math.floor(Date.now() / 1000);
    const payload = intentSucceeded('evt_signed_for_later', intentId, sessionOf(intentId));
    const future = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: now + 30 * 24 * 3600 });
    const before = (await customer.get<CustomerOrder[]>('/my-outstanding-orders')).body.length;
    for (const header of [`t=${now},${future}`, `${future},t=${now}`]) {
      const refused = await deliver(app, payload, header);
      expect(refused.status).toBe(400);
    }
    expect((await app.sql(`SELECT id FROM payment_event WHERE id = 'evt_signed_for_later'`)).length).toBe(0);
    expect((await customer.get<CustomerOrder[]>('/my-outstanding-orders')).body).toHaveLength(before);
    answer();
    expect((await paying).status).toBe(201);
  });
});

describe('money safety with Stripe', () => {
  const intentCalls = () => calls.filter((c) => c.path === '/v1/payment_intents');
  const refundCalls = () => calls.filter((c) => c.path === '/v1/refunds');
  const reconcile = (a: TestApp) => runAdmin(['reconcile-payments'], { DATABASE_URL: a.databaseUrl, ...stripeEnv });

  it('10 parallel token payments create one PaymentIntent and one order', async () => {
    await fillCart();
    const before = intentCalls().length;
    const answers = await Promise.all(Array.from({ length: 10 }, () => customer.post<CustomerPaid>('/my-shopping-cart/pay', { token: 'tok_visa' })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(intentCalls().length).toBe(before + 1);
  });

  it("refunds a payment of a checkout that had ended through Stripe, once, keyed by the payment; a failed refund is 503 so Stripe retries", async () => {
    await fillCart();
    await customer.post<PaymentSessionResponse>('/start-payment-session');
    const ours = calls.filter((c) => c.path === '/v1/checkout/sessions').at(-1)!.form.get('metadata[paymentSessionId]')!;
    // The customer changes the cart in another tab while Stripe's page takes the card.
    const items = (await customer.get<{ items: Array<{ id: number }> }>('/my-shopping-cart')).body.items;
    await customer.delete(`/my-shopping-cart/item/${items[0].id}`);
    const event = (eventId: string) => {
      const payload = JSON.stringify({
        id: eventId,
        object: 'event',
        type: 'checkout.session.completed',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        data: { object: { id: 'cs_test_paid_late', object: 'checkout.session', metadata: { paymentSessionId: ours }, payment_status: 'paid', status: 'complete', amount_total: 2980, currency: 'eur', payment_intent: 'pi_paid_after_change' } },
      });
      return { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) }, body: payload };
    };
    const orders = (await customer.get<CustomerOrder[]>('/my-outstanding-orders')).body.length;
    behaviour.failRefunds = 3; // the first delivery's call and both of the SDK's retries
    expect((await fetch(`${app.apiUrl}/payments/webhook`, event('evt_paid_after_change'))).status).toBe(503);
    const pending = await app.sql<{ kind: string; refund: string }>(`SELECT kind, refund FROM payment_anomaly WHERE session_id = $1`, [ours]);
    expect(pending).toEqual([{ kind: 'not-open', refund: 'pending' }]);
    const owed = await reconcile(app);
    expect([owed.code, owed.stdout]).toEqual([1, expect.stringMatching(/! .*paid-without-order .*pi_paid_after_change.*not yet refunded/)]);

    // Stripe delivers the event again: the refund is made now, once.
    expect((await fetch(`${app.apiUrl}/payments/webhook`, event('evt_paid_after_change'))).status).toBe(200);
    expect((await fetch(`${app.apiUrl}/payments/webhook`, event('evt_paid_after_change'))).status).toBe(200);
    const refunds = refundCalls();
    expect(new Set(refunds.map((c) => c.idempotencyKey))).toEqual(new Set(['refund:pi_paid_after_change']));
    expect(refunds.every((c) => c.form.get('payment_intent') === 'pi_paid_after_change')).toBe(true);
    const [done] = await app.sql<{ refund: string; refund_ref: string }>(`SELECT refund, refund_ref FROM payment_anomaly WHERE session_id = $1`, [ours]);
    expect(done.refund).toBe('done');
    expect(done.refund_ref).toMatch(/^re_fake_/);
    expect((await customer.get<CustomerOrder[]>('/my-outstanding-orders')).body).toHaveLength(orders);
    expect((await reconcile(app)).code).toBe(0);
    const audit = await app.sql<{ action: string }>(`SELECT action FROM audit_log WHERE details LIKE $1 ORDER BY id`, [`%${ours}%`]);
    expect(audit.map((a) => a.action)).toEqual(['customer.payment.refused', 'customer.payment.refunded']);
    await app.sql('DELETE FROM customer_cart_item');
  });

  it('kill -9 after Stripe charged the card and before the order: reconciliation finds the payment, and the webhook after the restart places exactly one order', async () => {
    await fillCart();
    const charged = new Promise<string>((resolve) => (behaviour.holdIntent = resolve));
    const paying = customer.post('/my-shopping-cart/pay', { token: 'tok_visa' }).catch(() => null);
    const intentId = await charged;
    expect(await app.signal('SIGKILL')).toBeNull();
    await paying;
    behaviour.holdIntent = null;
    const [claimed] = await app.sql<{ id: string; status: string; order_id: number | null }>(`SELECT id, status, order_id FROM payment_session WHERE status = 'paying'`);
    expect(claimed).toMatchObject({ status: 'paying', order_id: null });

    // The operator's daily check, once the claim is past its timeout: money at Stripe, no order here.
    await app.sql(`UPDATE payment_session SET claimed_at = claimed_at - interval '3 minutes' WHERE id = $1`, [claimed.id]);
    const report = await reconcile(app);
    expect([report.code, report.stdout]).toEqual([1, expect.stringMatching(new RegExp(`! .*paid-without-order .*${claimed.id}.*${intentId}`))]);

    restarted = await startApp({ databaseUrl: app.databaseUrl, env: stripeEnv });
    const again = await loginAs(restarted, 'customer');
    const before = (await again.get<CustomerOrder[]>('/my-outstanding-orders')).body.length;
    const payload = JSON.stringify({
      id: 'evt_after_kill',
      object: 'event',
      type: 'payment_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: { id: intentId, object: 'payment_intent', status: 'succeeded', amount: 2980, amount_received: 2980, currency: 'eur', metadata: { paymentSessionId: claimed.id } } },
    });
    const deliver = () =>
      fetch(`${restarted!.apiUrl}/payments/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
        body: payload,
      });
    const answers = await Promise.all([deliver(), deliver(), deliver()]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect((await again.get<CustomerOrder[]>('/my-outstanding-orders')).body).toHaveLength(before + 1);
    const [settled] = await app.sql<{ status: string; payment_ref: string }>(`SELECT status, payment_ref FROM payment_session WHERE id = $1`, [claimed.id]);
    expect(settled).toEqual({ status: 'complete', payment_ref: intentId });
    expect((await reconcile(restarted)).code).toBe(0);
  });

  it("kill -9 while Stripe's charge is unanswered and its event late: the customer's retry after the claim timeout settles that charge into the order and charges nothing again", async () => {
    const live = restarted!;
    const buyer = await loginAs(live, 'customer');
    await buyer.post('/my-shopping-cart/item', { type: 'renewal', productId: kestine.productId, reason: 'Lääke loppumassa' });
    await buyer.post('/my-shopping-cart/item', { type: 'prescription', medicalProblem: 'allergy', chat: questionnaireChat('allergy', ALLERGY_ANSWERS) });
    const before = (await buyer.get<CustomerOrder[]>('/my-outstanding-orders')).body.length;
    const held = holdNextCharge();
    const paying = buyer.post('/my-shopping-cart/pay', { token: 'tok_visa' }).catch(() => null);
    const { intentId } = await held;
    expect(await live.signal('SIGKILL')).toBeNull();
    await paying;
    const session = intents.get(intentId)!.metadata.paymentSessionId;
    // The claim's 2 minutes pass; Stripe's event has not come.
    await app.sql(`UPDATE payment_session SET claimed_at = claimed_at - interval '3 minutes' WHERE id = $1`, [session]);
    third = await startApp({ databaseUrl: app.databaseUrl, env: stripeEnv });
    const back = await loginAs(third, 'customer');
    const charges = intents.size;
    const retried = await Promise.all([back.post('/my-shopping-cart/pay', { token: 'tok_visa' }), back.post('/my-shopping-cart/pay', { token: 'tok_visa' })]);
    // Both retries learn the first charge's order, or the second, once it is placed, finds the cart empty.
    const paid = retried.filter((r) => r.status === 201);
    expect(paid.length).toBeGreaterThan(0);
    expect(new Set(paid.map((r) => `${r.body.sessionId} ${r.body.orderId}`))).toEqual(new Set([`${session} ${paid[0].body.orderId}`]));
    for (const r of retried.filter((x) => x.status !== 201)) expect([r.status, r.body.message]).toEqual([400, M.cartEmpty]);
    expect(intents.size).toBe(charges);
    expect((await back.get<CustomerOrder[]>('/my-outstanding-orders')).body).toHaveLength(before + 1);

    // Stripe's late event changes nothing: no second order, no refund.
    const refunds = calls.filter((c) => c.path === '/v1/refunds').length;
    expect((await deliver(third, intentSucceeded('evt_late_after_retry', intentId, session))).status).toBe(200);
    expect((await back.get<CustomerOrder[]>('/my-outstanding-orders')).body).toHaveLength(before + 1);
    expect(calls.filter((c) => c.path === '/v1/refunds').length).toBe(refunds);
    const [settled] = await app.sql<{ status: string; payment_ref: string; order_id: number }>(`SELECT status, payment_ref, order_id FROM payment_session WHERE id = $1`, [session]);
    expect(settled).toEqual({ status: 'complete', payment_ref: intentId, order_id: paid[0].body.orderId });
    const report = await reconcile(third);
    expect([report.code, report.stdout]).toEqual([0, expect.stringMatching(/checkouts checked, \d+ unanswered charges asked of stripe; .* 0 unexplained/)]);
  });

  it('reconcile-payments without the Stripe settings refuses a database with Stripe payments (exit 2) instead of reporting nothing', async () => {
    const embedded = await runAdmin(['reconcile-payments'], { DATABASE_URL: app.databaseUrl, STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '', STRIPE_API_URL: '' });
    expect([embedded.code, embedded.stdout, embedded.stderr]).toEqual([2, '', expect.stringMatching(/were paid with Stripe, but STRIPE_SECRET_KEY is not set/)]);
  });
});

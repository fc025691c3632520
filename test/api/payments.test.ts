/**
 * Card payment of the customer's cart (issue "Customer orders"): the embedded checkout paid through
 * the signed webhook (the same verified path as Stripe's), one order however often the event comes,
 * declined cards and tokens changing nothing, expiry, and the order through a doctor's hands to
 * the customer's history, one SMS and feedback.
 */
import Stripe from 'stripe';
import {
  type CustomerCart,
  type CustomerOrder,
  type CustomerPaid,
  type EmbeddedCheckoutPaid,
  type EmbeddedCheckoutSession,
  type FeedbackQuestion,
  type PaymentSessionResponse,
  type Product,
} from '@resepti/domain';
import { CUSTOMER_MESSAGES as M } from '../support/finnish-messages';
import { startApp, TEST_WEBHOOK_SECRET, type TestApp } from '../support/app';
import { runAdmin } from '../support/cli';
import { ALLERGY_ANSWERS, questionnaireChat, signInOtherCustomer } from '../support/customer-flow';
import { ApiClient, loginAs } from '../support/http';
import { APPROVAL } from '../support/prescribing';

let app: TestApp;
let customer: ApiClient;
let doctor: ApiClient;
let kestine: Product;
// Only its webhook helpers are used: they sign events as Stripe does.
const stripe = new Stripe('sk_test_resepti_tests');

beforeAll(async () => {
  app = await startApp();
  customer = await loginAs(app, 'customer');
  doctor = await loginAs(app, 'doctor');
  kestine = (await customer.get<Product[]>('/products')).body.find((p) => p.displayName.startsWith('Kestine'))!;
});
afterAll(async () => {
  await app?.stop();
});
afterEach(async () => {
  await app.sql('DELETE FROM customer_cart_item');
  await app.sql('DELETE FROM customer_cart_coupon');
});

const PAYING_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
const DECLINED_CARD = { cardNumber: '4000 0000 0000 0002', expiry: '12/34', cvc: '123' };

async function fillCart(client = customer): Promise<CustomerCart> {
  await client.post('/my-shopping-cart/item', { type: 'renewal', productId: kestine.productId, reason: 'Lääke loppumassa' });
  return (await client.post<CustomerCart>('/my-shopping-cart/item', { type: 'prescription', medicalProblem: 'allergy', chat: questionnaireChat('allergy', ALLERGY_ANSWERS) })).body;
}

const countOrders = async () => Number((await app.sql<{ n: string }>(`SELECT count(*) AS n FROM orders WHERE source = 'customer'`))[0].n);

/** A `checkout.session.completed` event of our session, signed with the webhook secret as Stripe signs it. */
function signedCompletedEvent(eventId: string, sessionId: string, amount: number): { payload: string; signature: string } {
  const payload = JSON.stringify({
    id: eventId,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object: { id: sessionId, object: 'checkout.session', metadata: { paymentSessionId: sessionId }, amount_total: amount, currency: 'eur', payment_status: 'paid', status: 'complete' } },
  });
  return { payload, signature: stripe.webhooks.generateTestHeaderString({ payload, secret: TEST_WEBHOOK_SECRET }) };
}

/** Stripe's delivery: a plain POST from another site, no cookie, no CSRF token. */
function deliverWebhook(payload: string, signature: string): Promise<Response> {
  return fetch(`${app.apiUrl}/payments/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
}

describe('the embedded checkout', () => {
  it('charges 2 980 cents less a campaign code; a declined card changes nothing; 4242 … places one waiting order, empties the cart and uses the code', async () => {
    expect((await runAdmin(['create-coupon', '--code', 'MAKSU10', '--percent', '10', '--uses', '5'], { DATABASE_URL: app.databaseUrl })).code).toBe(0);
    expect((await fillCart()).totalPrice).toBe(2980);
    const withCode = (await customer.post<CustomerCart>('/my-shopping-cart/apply-coupon', { code: 'maksu10' })).body;
    expect([withCode.totalPrice, withCode.priceEuro, withCode.coupon?.discountEuro]).toEqual([2682, '26,82 €', '2,98 €']);

    const started = await customer.post<PaymentSessionResponse>('/start-payment-session');
    expect(started.status).toBe(201);
    expect(started.body.url).toBe(`/kassa/${started.body.sessionId}`);
    const checkout = (await customer.get<EmbeddedCheckoutSession>(`/embedded-checkout/${started.body.sessionId}`)).body;
    expect([checkout.status, checkout.amountCents, checkout.priceEuro, checkout.items.map((i) => i.priceCents)]).toEqual(['open', 2682, '26,82 €', [990, 1990]]);
    // A new prescription's line carries its topic: the page names it in the patient's language.
    expect(checkout.items.map((i) => i.medicalProblem)).toEqual([null, 'allergy']);
    // The discount line of the checkout page is the cart's: the items less what is charged.
    expect(checkout.discountCents).toBe(298);
    // Open for 30 minutes (Stripe's shortest checkout).
    expect(Date.parse(checkout.expiresAt) - Date.now()).toBeGreaterThan(29 * 60_000);

    const before = await countOrders();
    const declined = await customer.post(`/embedded-checkout/${started.body.sessionId}/pay`, DECLINED_CARD);
    expect([declined.status, declined.body.message]).toEqual([402, M.paymentDeclined]);
    const notACard = await customer.post(`/embedded-checkout/${started.body.sessionId}/pay`, { ...PAYING_CARD, cardNumber: '4242 4242 4242 4241' });
    expect([notACard.status, notACard.body.message]).toEqual([400, M.cardNumberInvalid]);
    const expired = await customer.post(`/embedded-checkout/${started.body.sessionId}/pay`, { ...PAYING_CARD, expiry: '01/20' });
    expect([expired.status, expired.body.message]).toEqual([402, M.cardExpired]);
    expect(await countOrders()).toBe(before);
    expect((await customer.get<CustomerCart>('/my-shopping-cart')).body.items).toHaveLength(2);

    const paid = await customer.post<EmbeddedCheckoutPaid>(`/embedded-checkout/${started.body.sessionId}/pay`, PAYING_CARD);
    expect(paid.status).toBe(200);
    expect(paid.body).toEqual({ status: 'complete', orderId: expect.any(Number), successUrl: `/reseptit?maksu=${started.body.sessionId}`, alreadyPaid: false });
    expect((await customer.get(`/payment-sessions/${started.body.sessionId}`)).body).toEqual({ sessionId: started.body.sessionId, status: 'complete', priceEuro: '26,82 €', orderId: paid.body.orderId });
    // Paying again (a double click, a stale second tab) answers the same order, says it was paid already, and places nothing more.
    const again = (await customer.post<EmbeddedCheckoutPaid>(`/embedded-checkout/${started.body.sessionId}/pay`, PAYING_CARD)).body;
    expect([again.orderId, again.alreadyPaid]).toEqual([paid.body.orderId, true]);
    expect(await countOrders()).toBe(before + 1);

    expect((await customer.get<CustomerCart>('/my-shopping-cart')).body).toEqual({ items: [], totalPrice: 0, priceEuro: '0,00 €', coupon: null });
    const outstanding = (await customer.get<CustomerOrder[]>('/my-outstanding-orders')).body.find((o) => o.orderId === paid.body.orderId)!;
    expect([outstanding.deliveryStatus, outstanding.priceCents]).toEqual(['waiting', 2682]);
    expect(outstanding.prescriptions.map((p) => [p.type, p.displayName, p.priceCents, p.decision])).toEqual([
      ['renewal', kestine.displayName, 990, 'undecided'],
      ['prescription', 'Allergia', 1990, 'undecided'],
    ]);
    const [coupon] = await app.sql<{ uses: number }>(`SELECT uses FROM coupon WHERE code = 'MAKSU10'`);
    expect(coupon.uses).toBe(1);
    // The customer's 12 working-hour deadline, and the questionnaire checked by the server.
    const [order] = await app.sql<{ hours: number }>(`SELECT extract(epoch FROM delivery_before_time - created_at) / 3600 AS hours FROM orders WHERE id = $1`, [paid.body.orderId]);
    expect(Number(order.hours)).toBeGreaterThanOrEqual(12);
    const items = await app.sql<{ chat_verified: boolean | null }>(`SELECT chat_verified FROM order_item WHERE order_id = $1 ORDER BY id`, [paid.body.orderId]);
    expect(items.map((i) => i.chat_verified)).toEqual([null, true]);
    const audit = await app.sql<{ action: string }>(`SELECT action FROM audit_log WHERE order_id = $1`, [paid.body.orderId]);
    expect(audit.map((a) => a.action)).toEqual(['customer.order.paid']);
  });

  it('expires after 30 minutes: the checkout says so, paying is 410 and the cart stays as it was', async () => {
    await fillCart();
    const { sessionId } = (await customer.post<PaymentSessionResponse>('/start-payment-session')).body;
    await app.sql(`UPDATE payment_session SET expires_at = now() - interval '1 second' WHERE id = $1`, [sessionId]);
    expect((await customer.get<EmbeddedCheckoutSession>(`/embedded-checkout/${sessionId}`)).body.status).toBe('expired');
    const late = await customer.post(`/embedded-checkout/${sessionId}/pay`, PAYING_CARD);
    expect([late.status, late.body.message]).toEqual([410, M.checkoutExpired]);
    expect((await customer.get<CustomerCart>('/my-shopping-cart')).body.totalPrice).toBe(2980);
    const events = await app.sql<{ type: string }>(`SELECT type FROM payment_event WHERE session_id = $1`, [sessionId]);
    expect(events.map((e) => e.type)).toEqual(['checkout.session.expired']);
  });

  it('keeps one checkout per cart: another tab gets the same one; a change of the cart ends it and the next start is new', async () => {
    await fillCart();
    const first = (await customer.post<PaymentSessionResponse>('/start-payment-session')).body;
    const again = (await customer.post<PaymentSessionResponse>('/start-payment-session')).body;
    expect(again).toEqual(first);
    expect((await customer.get<EmbeddedCheckoutSession>(`/embedded-checkout/${first.sessionId}`)).body.status).toBe('open');

    const items = (await customer.get<CustomerCart>('/my-shopping-cart')).body.items;
    await customer.delete(`/my-shopping-cart/item/${items[0].id}`);
    expect((await customer.get<EmbeddedCheckoutSession>(`/embedded-checkout/${first.sessionId}`)).body.status).toBe('expired');
    expect((await customer.post(`/embedded-checkout/${first.sessionId}/pay`, PAYING_CARD)).status).toBe(410);
    const second = (await customer.post<PaymentSessionResponse>('/start-payment-session')).body;
    expect(second.sessionId).not.toBe(first.sessionId);
    expect((await customer.get<EmbeddedCheckoutSession>(`/embedded-checkout/${second.sessionId}`)).body).toMatchObject({ status: 'open', amountCents: 1990 });
  });

  it("is the customer's own: another customer, a doctor and a stranger cannot see or pay it", async () => {
    await fillCart();
    const { sessionId } = (await customer.post<PaymentSessionResponse>('/start-payment-session')).body;
    const other = await signInOtherCustomer(app);
    expect((await other.get(`/embedded-checkout/${sessionId}`)).status).toBe(404);
    expect((await other.post(`/embedded-checkout/${sessionId}/pay`, PAYING_CARD)).status).toBe(404);
    expect((await doctor.post(`/embedded-checkout/${sessionId}/pay`, PAYING_CARD)).status).toBe(403);
    expect((await new ApiClient(app.apiUrl).get(`/embedded-checkout/${sessionId}`)).status).toBe(401);
    expect((await other.post('/start-payment-session')).body.message).toBe(M.cartEmpty);
    expect((await customer.get<EmbeddedCheckoutSession>(`/embedded-checkout/${sessionId}`)).body.status).toBe('open');
  });
});

describe('the payment webhook', () => {
  it('places one order for a paid session however often (and however concurrently) its event arrives', async () => {
    await fillCart();
    const { sessionId } = (await customer.post<PaymentSessionResponse>('/start-payment-session')).body;
    const before = await countOrders();
    const event = signedCompletedEvent('evt_test_twice', sessionId, 2980);
    const answers = await Promise.all([deliverWebhook(event.payload, event.signature), deliverWebhook(event.payload, event.signature)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect((await deliverWebhook(event.payload, event.signature)).status).toBe(200);
    // Another event of the same paid session (e.g. async_payment_succeeded) places nothing either.
    const other = signedCompletedEvent('evt_test_other', sessionId, 2980);
    expect((await deliverWebhook(other.payload, other.signature)).status).toBe(200);
    expect(await countOrders()).toBe(before + 1);
    const [session] = await app.sql<{ status: string; order_id: number }>(`SELECT status, order_id FROM payment_session WHERE id = $1`, [sessionId]);
    expect(session.status).toBe('complete');
    expect((await customer.get<CustomerOrder[]>('/my-outstanding-orders')).body.some((o) => o.orderId === session.order_id)).toBe(true);
  });

  it('refuses an event whose signature does not verify (400) and changes nothing', async () => {
    await fillCart();
    const { sessionId } = (await customer.post<PaymentSessionResponse>('/start-payment-session')).body;
    const before = await countOrders();
    const forged = signedCompletedEvent('evt_test_forged', sessionId, 2980);
    const otherSecret = stripe.webhooks.generateTestHeaderString({ payload: forged.payload, secret: 'whsec_someone_else' });
    expect((await deliverWebhook(forged.payload, otherSecret)).status).toBe(400);
    expect((await deliverWebhook(forged.payload.replace('2980', '1'), forged.signature)).status).toBe(400);
    expect((await deliverWebhook(forged.payload, '')).status).toBe(400);
    expect(await countOrders()).toBe(before);
    expect((await customer.get<CustomerCart>('/my-shopping-cart')).body.items).toHaveLength(2);
  });

  it('acknowledges events of sessions that are not ours without acting on them', async () => {
    const event = signedCompletedEvent('evt_test_foreign', 'cs_test_not_ours_0123456789', 100);
    const before = await countOrders();
    expect((await deliverWebhook(event.payload, event.signature)).status).toBe(200);
    expect(await countOrders()).toBe(before);
  });
});

describe('POST /my-shopping-cart/pay (integrators)', () => {
  it('declines tok_chargeDeclined with 402 and nothing changed; tok_visa pays; an unknown token or an empty cart is 400', async () => {
    expect((await customer.post('/my-shopping-cart/pay', { token: 'tok_visa' })).body.message).toBe(M.cartEmpty);
    await fillCart();
    const before = await countOrders();
    const openSessions = async () => Number((await app.sql<{ n: string }>(`SELECT count(*) AS n FROM payment_session WHERE status IN ('open', 'paying')`))[0].n);
    const declined = await customer.post('/my-shopping-cart/pay', { token: 'tok_chargeDeclined' });
    expect([declined.status, declined.body.message]).toEqual([402, M.paymentDeclined]);
    expect((await customer.post('/my-shopping-cart/pay', { token: 'tok_made_up' })).status).toBe(400);
    expect((await customer.post('/my-shopping-cart/pay', { token: 42 })).status).toBe(400);
    // Declined tries leave the one checkout of the cart payable: no order, no second checkout.
    expect([await countOrders(), await openSessions()]).toEqual([before, 1]);
    expect((await customer.get<CustomerCart>('/my-shopping-cart')).body.totalPrice).toBe(2980);

    const paid = await customer.post<CustomerPaid>('/my-shopping-cart/pay', { token: 'tok_visa' });
    expect(paid.status).toBe(201);
    expect(await countOrders()).toBe(before + 1);
    expect((await customer.get<CustomerCart>('/my-shopping-cart')).body.items).toEqual([]);
    expect((await customer.get<CustomerOrder[]>('/my-outstanding-orders')).body.map((o) => o.orderId)).toContain(paid.body.orderId);
  });
});

describe('from payment to the decision', () => {
  it("shows the doctor's decisions in /my-order-history with renewableTill, texts once, and takes feedback", async () => {
    // The orders paid in earlier tests wait a day longer, so this one is the doctor's next.
    await app.sql(`UPDATE orders SET delivery_before_time = delivery_before_time + interval '1 day' WHERE delivery_status = 'waiting'`);
    await fillCart();
    const { orderId } = (await customer.post<CustomerPaid>('/my-shopping-cart/pay', { token: 'tok_visa' })).body;
    const picked = await doctor.post<{ id: number; prescriptions: Array<{ id: number }> }>('/order/pick-first');
    expect(picked.body.id).toBe(orderId);
    const [renewal, request] = picked.body.prescriptions;
    await doctor.post(`/order/process-item/${renewal.id}`, APPROVAL);
    await doctor.post(`/order/process-item/${request.id}`, { decision: 'rejected', reasonForDecision: 'Tarvitaan lääkärin tutkimus' });
    // 200 with the next waiting order (earlier tests' orders), or 204 when none waits.
    expect([200, 204]).toContain((await doctor.post('/order/mark-delivered')).status);

    const handled = (await customer.get<CustomerOrder[]>('/my-order-history')).body.find((o) => o.orderId === orderId)!;
    const [{ expected }] = await app.sql<{ expected: string }>(
      `SELECT to_char((delivery_time AT TIME ZONE 'Europe/Helsinki') + interval '2 years', 'YYYY-MM-DD') AS expected FROM orders WHERE id = $1`,
      [orderId],
    );
    expect(handled.deliveryStatus).toBe('delivered');
    expect(handled.prescriptions.map((p) => [p.decision, p.reasonForDecision, p.renewableTill, p.recent])).toEqual([
      ['approved', '', expected, true],
      ['rejected', 'Tarvitaan lääkärin tutkimus', null, true],
    ]);
    const sms = await app.sql<{ body: string }>('SELECT body FROM sms_outbox WHERE order_id = $1', [orderId]);
    expect(sms).toHaveLength(1);
    expect(sms[0].body).not.toMatch(/Kestine|Allergia|hyväksy|hylät/i);

    const question = await customer.get<FeedbackQuestion>('/my-feedback-question');
    expect(question.body.orderId).toBe(orderId);
    expect((await customer.post('/my-feedback-question', { orderId, score: 4, feedbackText: 'Nopeaa palvelua' })).status).toBe(204);
    const [feedback] = await app.sql<{ score: number; feedback_text: string }>('SELECT score, feedback_text FROM customer_feedback WHERE order_id = $1', [orderId]);
    expect([feedback.score, feedback.feedback_text]).toEqual([4, 'Nopeaa palvelua']);
    expect((await customer.get('/my-feedback-question')).status).toBe(204);
  });
});

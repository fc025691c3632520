/**
 * Payment with STRIPE_SECRET_KEY set: the real stripe SDK talks to a local stand-in of Stripe's
 * API (STRIPE_API_URL, as stripe-mock would be used; nothing leaves this machine). It checks what
 * the app asks of Stripe (a Checkout Session with the cart's lines, back URLs, 30-minute expiry,
 * an idempotency key; a PaymentIntent for a token) and that Stripe's signed webhook places the order.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { CUSTOMER_MESSAGES as M, type CustomerOrder, type CustomerPaid, type PaymentSessionResponse, type Product } from '@resepti/domain';
import { startApp, type TestApp } from '../support/app';
import { ALLERGY_ANSWERS, questionnaireChat } from '../support/customer-flow';
import { type ApiClient, loginAs } from '../support/http';

const WEBHOOK_SECRET = 'whsec_stripe_mode_test';
const SECRET_KEY = 'sk_test_stripe_mode_test';

interface StripeCall {
  method: string;
  path: string;
  form: URLSearchParams;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
}

/** Answers the few Stripe API calls the app makes, as Stripe's test mode would, and records them. */
function fakeStripeApi(calls: StripeCall[]): Server {
  const paymentMethods = new Map<string, string>();
  const read = async (req: IncomingMessage) => {
    let body = '';
    for await (const chunk of req) body += String(chunk);
    return new URLSearchParams(body);
  };
  return createServer((req, res) => {
    void read(req).then((form) => {
      const path = req.url ?? '';
      calls.push({ method: req.method ?? '', path, form, authorization: req.headers.authorization, idempotencyKey: req.headers['idempotency-key'] as string | undefined });
      const send = (status: number, body: object) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${calls.length}` });
        res.end(JSON.stringify(body));
      };
      if (path === '/v1/checkout/sessions') {
        const id = `cs_test_fake_${calls.length}`;
        return send(200, { id, object: 'checkout.session', url: `https://checkout.stripe.com/c/pay/${id}`, status: 'open' });
      }
      if (/^\/v1\/checkout\/sessions\/[^/]+\/expire$/.test(path)) return send(200, { id: path.split('/')[4], object: 'checkout.session', status: 'expired' });
      if (path === '/v1/payment_methods') {
        const id = `pm_fake_${calls.length}`;
        paymentMethods.set(id, form.get('card[token]') ?? '');
        return send(200, { id, object: 'payment_method', type: 'card' });
      }
      if (path === '/v1/payment_intents') {
        if (paymentMethods.get(form.get('payment_method') ?? '') === 'tok_chargeDeclined') {
          return send(402, { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } });
        }
        return send(200, { id: `pi_fake_${calls.length}`, object: 'payment_intent', status: 'succeeded', amount: Number(form.get('amount')) });
      }
      send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method} ${path})` } });
    });
  });
}

let stripeApi: Server;
const calls: StripeCall[] = [];
let app: TestApp;
let customer: ApiClient;
let kestine: Product;
const signer = new Stripe(SECRET_KEY);

beforeAll(async () => {
  stripeApi = fakeStripeApi(calls);
  await new Promise<void>((resolve) => stripeApi.listen(0, '127.0.0.1', resolve));
  const port = (stripeApi.address() as AddressInfo).port;
  app = await startApp({ env: { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: `http://127.0.0.1:${port}`, PUBLIC_URL: 'https://resepti.example.fi' } });
  customer = await loginAs(app, 'customer');
  kestine = (await customer.get<Product[]>('/products')).body.find((p) => p.displayName.startsWith('Kestine'))!;
});
afterAll(async () => {
  await app?.stop();
  await new Promise((resolve) => stripeApi?.close(resolve));
});

async function fillCart(): Promise<void> {
  await customer.post('/my-shopping-cart/item', { type: 'renewal', productId: kestine.productId, reason: '' });
  await customer.post('/my-shopping-cart/item', { type: 'prescription', medicalProblem: 'allergy', chat: questionnaireChat('allergy', ALLERGY_ANSWERS) });
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
    expect(call.form.get('success_url')).toBe('https://resepti.example.fi/reseptit?session_id={CHECKOUT_SESSION_ID}');
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
      data: { object: { id: started.body.sessionId, object: 'checkout.session', client_reference_id: ours, metadata: { paymentSessionId: ours }, payment_status: 'paid', status: 'complete', amount_total: 2980 } },
    });
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const delivered = await fetch(`${app.apiUrl}/payments/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
    expect(delivered.status).toBe(200);
    const outstanding = (await customer.get<CustomerOrder[]>('/my-outstanding-orders')).body;
    expect(outstanding).toHaveLength(1);
    expect(outstanding[0].priceCents).toBe(2980);
    expect((await customer.get('/my-shopping-cart')).body.items).toEqual([]);
  });

  it('ends the open Stripe session when a new checkout starts', async () => {
    await fillCart();
    const first = (await customer.post<PaymentSessionResponse>('/start-payment-session')).body;
    await customer.post<PaymentSessionResponse>('/start-payment-session');
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
    const intent = calls.filter((c) => c.path === '/v1/payment_intents').at(-1)!;
    expect([intent.form.get('amount'), intent.form.get('currency'), intent.form.get('confirm')]).toEqual(['2980', 'eur', 'true']);
    expect((await customer.get<CustomerOrder[]>('/my-outstanding-orders')).body).toHaveLength(before + 1);
  });
});

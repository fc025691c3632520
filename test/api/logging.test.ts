/**
 * Structured logs (issue 25), read as a log collector reads them: with LOG_FORMAT=json every line
 * the server writes is a JSON object with a level and a message; each request is one line with
 * its method, route pattern, status, duration and request id; X-Request-Id is kept when
 * well-formed, returned on every answer and in a 500's body; the log of a whole order flow (a
 * customer's paid order through a doctor's hands, a pharmacy's send) holds no hetu, name, phone,
 * password, chat text or session cookie. Without METRICS_TOKEN the metrics are loopback-only.
 */
import type { CustomerCart, DoctorOrder, EmbeddedCheckoutPaid, PaymentSessionResponse, Product } from '@resepti/domain';
import { startApp, type TestApp } from '../support/app';
import { ALLERGY_ANSWERS, questionnaireChat } from '../support/customer-flow';
import { ApiClient, DEMO, loginAs } from '../support/http';
import { parseMetrics, scrape, valueOf } from '../support/metrics';
import { clearOrders } from '../support/order-fixtures';
import { pharmacistAtOffice, PHARMACY_PATIENT, sendPharmacyOrder } from '../support/pharmacy-flow';
import { APPROVAL } from '../support/prescribing';

jest.setTimeout(120_000);

let app: TestApp;
beforeAll(async () => {
  app = await startApp({ env: { LOG_FORMAT: 'json', SMS_SEND_INTERVAL_SECONDS: '0.2' } });
  await clearOrders(app);
});
afterAll(async () => {
  await app?.stop();
});

interface LogLine {
  level: number;
  msg?: string;
  time: string;
  reqId?: string;
  method?: string;
  route?: string;
  status?: number;
  durationMs?: number;
  [key: string]: unknown;
}

/** Every line the server has written so far, each parsed as JSON (throws on one that is not). */
const logLines = (): LogLine[] =>
  app
    .output()
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => {
      try {
        return JSON.parse(l) as LogLine;
      } catch {
        throw new Error(`not a JSON log line: ${l}`);
      }
    });

const until = async (check: () => boolean, what: string): Promise<void> => {
  for (let i = 0; i < 100; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`not seen in the log: ${what}`);
};

describe('X-Request-Id', () => {
  it('keeps a well-formed id from the proxy, returns it and logs the request once with it', async () => {
    const res = await fetch(`${app.apiUrl}/csrf-token`, { headers: { 'x-request-id': 'proxy-7f3a9c01-abcd' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('proxy-7f3a9c01-abcd');
    await until(() => logLines().some((l) => l.reqId === 'proxy-7f3a9c01-abcd' && l.msg === 'request'), 'the request line');
    const lines = logLines().filter((l) => l.reqId === 'proxy-7f3a9c01-abcd' && l.msg === 'request');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, method: 'GET', route: '/ui-api/v1/csrf-token', status: 200, durationMs: expect.any(Number) });
    expect(Date.parse(lines[0].time)).not.toBeNaN();
  });

  it('generates one when the given one is malformed or missing, on every answer (also 404 and the web app)', async () => {
    for (const given of ['has spaces in it', 'x'.repeat(200), 'short', '<script>']) {
      const res = await fetch(`${app.apiUrl}/csrf-token`, { headers: { 'x-request-id': given } });
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
    for (const path of ['/ui-api/v1/no-such-route', '/', '/health', '/health/ready']) {
      expect([path, (await fetch(app.baseUrl + path)).headers.get('x-request-id')]).toEqual([path, expect.stringMatching(/^[0-9a-f-]{36}$/)]);
    }
  });

  it("is echoed in a 500's body and in the error's log lines", async () => {
    // A fault of our own making: the catalogue's table is gone for a moment.
    const customer = new ApiClient(app.apiUrl, { 'x-request-id': 'trace-me-0123456789' });
    expect((await customer.post('/login', { email: DEMO.customer.email, password: DEMO.customer.password })).status).toBe(200);
    await app.sql('ALTER TABLE product RENAME TO product_gone');
    let res: Awaited<ReturnType<ApiClient['get']>>;
    try {
      res = await customer.get('/products');
    } finally {
      await app.sql('ALTER TABLE product_gone RENAME TO product');
    }
    expect(res.status).toBe(500);
    expect(res.headers.get('x-request-id')).toBe('trace-me-0123456789');
    expect(res.body).toEqual({ statusCode: 500, message: 'Palvelussa tapahtui virhe', requestId: 'trace-me-0123456789' });
    await until(() => logLines().some((l) => l.reqId === 'trace-me-0123456789' && l.msg === 'request failed'), 'the failed request line');
    const lines = logLines().filter((l) => l.reqId === 'trace-me-0123456789');
    expect(lines.find((l) => l.msg === 'request failed')).toMatchObject({ level: 50, route: '/ui-api/v1/products', status: 500 });
    // The error itself, with its stack, logged inside the request: it carries the id too.
    expect(lines.some((l) => l.level === 50 && l.context === 'HttpError' && typeof l.stack === 'string')).toBe(true);
  });
});

describe('a whole order flow', () => {
  it('logs every line as JSON with level and message, and no hetu, name, phone, password, chat text or cookie', async () => {
    const customer = await loginAs(app, 'customer');
    const doctor = await loginAs(app, 'doctor');
    const wrong = await new ApiClient(app.apiUrl).post('/login', { email: DEMO.customer.email, password: 'VaaraSalasana-991' });
    expect(wrong.status).toBe(401);

    // The customer pays a cart with a questionnaire; the doctor approves and delivers; a text goes out.
    const kestine = (await customer.get<Product[]>('/products')).body.find((p) => p.displayName.startsWith('Kestine'))!;
    await customer.post('/my-shopping-cart/item', { type: 'renewal', productId: kestine.productId, reason: 'Lääke loppumassa' });
    const cart = await customer.post<CustomerCart>('/my-shopping-cart/item', { type: 'prescription', medicalProblem: 'allergy', chat: questionnaireChat('allergy', ALLERGY_ANSWERS) });
    expect(cart.body.items).toHaveLength(2);
    const started = await customer.post<PaymentSessionResponse>('/start-payment-session');
    const paid = await customer.post<EmbeddedCheckoutPaid>(`/embedded-checkout/${started.body.sessionId}/pay`, { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' });
    expect(paid.status).toBe(200);
    const picked = await doctor.post<DoctorOrder>('/order/pick-first');
    expect(picked.body.id).toBe(paid.body.orderId);
    for (const item of picked.body.prescriptions) await doctor.post(`/order/process-item/${item.id}`, { ...APPROVAL, reasonForDecision: 'Hyväksytty Aino Asiakkaalle' });
    expect((await doctor.post('/order/mark-delivered')).status).toBe(204);
    // And a pharmacy's send for another patient.
    const { client: pharmacist } = await pharmacistAtOffice(app, 'pharmacy');
    await sendPharmacyOrder(pharmacist, ['Kestine']);
    await until(() => logLines().some((l) => l.context === 'SMS' && /sent/.test(l.msg ?? '')), 'the text message sent');

    const lines = logLines();
    expect(lines.length).toBeGreaterThan(20);
    for (const line of lines) expect([line, typeof line.level, typeof line.msg]).toEqual([line, 'number', 'string']);
    const requests = lines.filter((l) => l.msg === 'request');
    expect(requests.find((l) => l.route === '/ui-api/v1/embedded-checkout/:sessionId/pay')).toMatchObject({ method: 'POST', status: 200, reqId: expect.any(String) });

    const log = app.output();
    const secrets = [
      DEMO.customer.hetu,
      PHARMACY_PATIENT.hetu,
      PHARMACY_PATIENT.firstName,
      PHARMACY_PATIENT.lastName,
      'Aino',
      'Asiakkaalle',
      '+358401234567',
      '0401234567',
      DEMO.customer.password,
      DEMO.doctor.password,
      'VaaraSalasana-991',
      ...ALLERGY_ANSWERS.filter((a) => a.length > 3),
      'Lääke loppumassa',
      customer.cookieHeader.split('; ')[0].split('=')[1],
    ];
    for (const secret of secrets) expect([secret, log.includes(secret)]).toEqual([secret, false]);

    // The same flow as the operator's metrics see it (no METRICS_TOKEN: loopback only).
    const samples = parseMetrics((await scrape(app.baseUrl)).text);
    expect(valueOf(samples, 'resepti_payment_outcomes_total', { outcome: 'placed' })).toBe(1);
    expect(valueOf(samples, 'resepti_login_attempts_total', { role: 'customer', outcome: 'wrong' })).toBe(1);
    expect(valueOf(samples, 'resepti_outbox_attempts_total', { channel: 'sms', result: 'sent' })).toBeGreaterThanOrEqual(1);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('serves a loopback client, and refuses one that came through a proxy (X-Forwarded-For)', async () => {
    expect((await scrape(app.baseUrl)).status).toBe(200);
    expect((await scrape(app.baseUrl, undefined, { 'x-forwarded-for': '203.0.113.9' })).status).toBe(401);
  });
});

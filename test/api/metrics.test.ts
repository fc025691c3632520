/**
 * Prometheus metrics at GET /metrics (issue 25), read as an operator's Prometheus reads them:
 * refused without the token, served with it; after a pharmacy order, a pick and a delivery the
 * counters and gauges move; route labels are patterns, never ids or a hetu; login steps with
 * TOTP are counted by step and outcome; clients polling because their socket is down are counted.
 */
import { LIVE_FALLBACK_HEADER, type DoctorOrder, type TotpSetupResponse } from '@resepti/domain';
import { startApp, type TestApp } from '../support/app';
import { ApiClient, DEMO, loginAs } from '../support/http';
import { clearOrders, insertOrder } from '../support/order-fixtures';
import { parseMetrics, scrape, sumOf, valueOf, type Sample } from '../support/metrics';
import { pharmacistAtOffice, PHARMACY_PATIENT, sendPharmacyOrder } from '../support/pharmacy-flow';
import { connectSocket, nextEvent, type TestSocket } from '../support/socket';
import { nextTotpCode } from '../support/totp';
import { APPROVAL } from '../support/prescribing';

const TOKEN = 'metrics-token-for-the-test-0123456789';
let app: TestApp;

beforeAll(async () => {
  app = await startApp({ env: { METRICS_TOKEN: TOKEN } });
  await clearOrders(app);
});
afterAll(async () => {
  await app?.stop();
});

const metrics = async (): Promise<Sample[]> => {
  const res = await scrape(app.baseUrl, TOKEN);
  expect(res.status).toBe(200);
  return parseMetrics(res.text);
};

describe('GET /metrics with METRICS_TOKEN', () => {
  it('answers 401 without the token or with another, even from loopback', async () => {
    expect((await scrape(app.baseUrl)).status).toBe(401);
    expect((await scrape(app.baseUrl, 'another-token-of-the-same-size-012345')).status).toBe(401);
    expect((await scrape(app.baseUrl, undefined, { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` })).status).toBe(401);
  });

  it("serves Prometheus's text format with the process and Node metrics", async () => {
    const res = await scrape(app.baseUrl, TOKEN);
    expect(res.status).toBe(200);
    expect(res.contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    const samples = parseMetrics(res.text);
    for (const name of ['process_cpu_seconds_total', 'nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes', 'process_resident_memory_bytes']) {
      expect([name, valueOf(samples, name) !== undefined]).toEqual([name, true]);
    }
    expect(res.text).toContain('# TYPE http_request_duration_seconds histogram');
  });
});

describe('after a pharmacy order, a pick and a delivery', () => {
  let doctorSocket: TestSocket | undefined;
  afterAll(() => doctorSocket?.close());

  it('counts logins, sockets, orders, pushes, audit appends and requests by route pattern', async () => {
    const before = await metrics();
    expect(valueOf(before, 'resepti_socket_connections', { role: 'doctor' })).toBe(0);
    expect(valueOf(before, 'resepti_orders_overdue')).toBe(0);
    expect(valueOf(before, 'resepti_next_deadline_seconds', { delivery_option: 'delivery-20-min' })).toBeUndefined();

    // A wrong password, then the right ones.
    const wrong = await new ApiClient(app.apiUrl).post('/doctor-login', { email: 'laakari@example.fi', password: 'Vaarin123' });
    expect(wrong.status).toBe(401);
    const doctor = await loginAs(app, 'doctor');
    const { client: pharmacist } = await pharmacistAtOffice(app, 'pharmacy');
    doctorSocket = await connectSocket(app.baseUrl, doctor);

    const queueStatus = nextEvent(doctorSocket, 'queue:status');
    const orderId = await sendPharmacyOrder(pharmacist, ['Kestine', 'Bisoprolol'], { option: 'delivery-20-min' });
    await queueStatus;

    const placed = await metrics();
    expect(valueOf(placed, 'resepti_login_attempts_total', { role: 'doctor', outcome: 'wrong' })).toBe(1);
    expect(valueOf(placed, 'resepti_login_attempts_total', { role: 'doctor', outcome: 'ok' })).toBe(1);
    expect(valueOf(placed, 'resepti_login_attempts_total', { role: 'pharmacy', outcome: 'ok' })).toBe(1);
    expect(valueOf(placed, 'resepti_socket_connections', { role: 'doctor' })).toBe(1);
    expect(valueOf(placed, 'resepti_orders_waiting', { delivery_option: 'delivery-20-min' })).toBe(1);
    expect(valueOf(placed, 'resepti_orders_processing', { delivery_option: 'delivery-20-min' })).toBe(0);
    expect(valueOf(placed, 'resepti_order_changes_total', { kind: 'placed' })).toBe(1);
    const deadline = valueOf(placed, 'resepti_next_deadline_seconds', { delivery_option: 'delivery-20-min' })!;
    expect(deadline).toBeGreaterThan(0);
    expect(deadline).toBeLessThanOrEqual(20 * 60);
    expect(valueOf(placed, 'resepti_pushes_total', { event: 'queue:status' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(placed, 'resepti_push_latency_seconds_count', { event: 'queue:status' })).toBeGreaterThanOrEqual(1);

    const picked = await doctor.post<DoctorOrder>('/order/pick-first');
    expect(picked.body.id).toBe(orderId);
    const afterPick = await metrics();
    expect(valueOf(afterPick, 'resepti_orders_waiting', { delivery_option: 'delivery-20-min' })).toBe(0);
    expect(valueOf(afterPick, 'resepti_orders_processing', { delivery_option: 'delivery-20-min' })).toBe(1);
    expect(valueOf(afterPick, 'resepti_order_changes_total', { kind: 'picked' })).toBe(1);
    expect(valueOf(afterPick, 'resepti_next_deadline_seconds', { delivery_option: 'delivery-20-min' })).toBeUndefined();
    // The doctor's read of the held order is audited: the chain grew.
    expect(valueOf(afterPick, 'resepti_audit_appends_total')!).toBeGreaterThan(valueOf(before, 'resepti_audit_appends_total')!);

    for (const item of picked.body.prescriptions) expect((await doctor.post(`/order/process-item/${item.id}`, APPROVAL)).status).toBe(200);
    expect((await doctor.post('/order/mark-delivered')).status).toBe(204);

    const delivered = await metrics();
    expect(valueOf(delivered, 'resepti_orders_processing', { delivery_option: 'delivery-20-min' })).toBe(0);
    expect(valueOf(delivered, 'resepti_order_changes_total', { kind: 'decided' })).toBe(2);
    expect(valueOf(delivered, 'resepti_order_changes_total', { kind: 'delivered' })).toBe(1);
    expect(valueOf(delivered, 'resepti_pushes_total', { event: 'order:updated' })).toBeGreaterThanOrEqual(4);
    expect(valueOf(delivered, 'http_request_duration_seconds_count', { method: 'POST', route: '/ui-api/v1/order/process-item/:id', status_class: '2xx' })).toBe(2);
    expect(valueOf(delivered, 'http_request_duration_seconds_count', { method: 'POST', route: '/ui-api/v1/order/mark-delivered', status_class: '2xx' })).toBe(1);
    expect(valueOf(delivered, 'http_request_duration_seconds_count', { method: 'POST', route: '/ui-api/v1/doctor-login', status_class: '4xx' })).toBe(1);
  });

  it('labels requests by route pattern: no id, no hetu, no raw URL', async () => {
    const doctor = await loginAs(app, 'doctor');
    expect((await doctor.post('/history', { search: PHARMACY_PATIENT.hetu })).status).toBeLessThan(500);
    expect((await doctor.get(`/no-such-thing/${PHARMACY_PATIENT.hetu}/12345`)).status).toBe(404);
    expect((await doctor.post('/order/process-item/987654', APPROVAL)).status).toBeGreaterThanOrEqual(400);
    const res = await scrape(app.baseUrl, TOKEN);
    expect(res.text).not.toContain(PHARMACY_PATIENT.hetu);
    expect(res.text).not.toContain('987654');
    expect(res.text).not.toContain('12345');
    const routes = new Set(parseMetrics(res.text).filter((s) => s.name.startsWith('http_request_duration_seconds')).map((s) => s.labels.route));
    expect(routes).toContain('(unmatched)');
    for (const route of routes) expect([route, /^(\(web\)|\(unmatched\)|(\/(:[A-Za-z]+|[a-z][a-z0-9.-]*|[A-Z][A-Za-z]+)(\*[a-z]+)?)+)$/.test(route)]).toEqual([route, true]);
  });
});

describe('shared state read at the scrape', () => {
  it('shows overdue orders and the outbox backlog by channel with its age', async () => {
    await clearOrders(app);
    await insertOrder(app, { deliveryBeforeTime: new Date(Date.now() - 5 * 60_000) });
    // A text due only tomorrow, written ten minutes ago: pending, and not sent by the worker meanwhile.
    await app.sql(`INSERT INTO sms_outbox (phone, body, idempotency_key, created_at, next_attempt_at) VALUES ('+358401234567', 'Testiviesti', gen_random_uuid(), now() - interval '10 minutes', now() + interval '1 day')`);
    const samples = await metrics();
    expect(valueOf(samples, 'resepti_orders_overdue')).toBe(1);
    expect(valueOf(samples, 'resepti_next_deadline_seconds', { delivery_option: 'delivery-12-h' })!).toBeLessThan(0);
    expect(valueOf(samples, 'resepti_outbox_pending', { channel: 'sms' })).toBe(1);
    expect(valueOf(samples, 'resepti_outbox_oldest_seconds', { channel: 'sms' })!).toBeGreaterThanOrEqual(600);
    expect(valueOf(samples, 'resepti_outbox_pending', { channel: 'webhook' })).toBe(0);
    expect(valueOf(samples, 'resepti_outbox_oldest_seconds', { channel: 'webhook' })).toBe(0);
    expect(valueOf(samples, 'resepti_shared_state_up')).toBe(1);
    expect(sumOf(samples, 'resepti_outbox_attempts_total')).toBeGreaterThanOrEqual(0);
  });
});

describe('login steps with TOTP', () => {
  it('counts a right password that must be followed by a code as mfa, then the code as wrong or ok', async () => {
    // Lauri turns TOTP on (signed in with the password alone: one password ok).
    const lauri = await loginAs(app, 'doctor2');
    const setup = await lauri.post<TotpSetupResponse>('/mfa/totp/setup');
    expect((await lauri.post('/mfa/totp/enable', { code: await nextTotpCode(setup.body.secret) })).status).toBe(200);
    const before = await metrics();

    const client = new ApiClient(app.apiUrl);
    const password = await client.post('/doctor-login', { email: DEMO.doctor2.email, password: DEMO.doctor2.password });
    expect(password.body).toEqual({ role: 'doctor', mfaRequired: true });
    expect((await client.post('/login/mfa', { code: '000000' })).status).toBe(401);
    expect((await client.post('/login/mfa', { code: await nextTotpCode(setup.body.secret) })).status).toBe(200);
    // A code without a password step before it is no login step: not counted.
    expect((await new ApiClient(app.apiUrl).post('/login/mfa', { code: '123456' })).status).toBe(401);

    const after = await metrics();
    const moved = (step: string, outcome: string) =>
      (valueOf(after, 'resepti_login_attempts_total', { role: 'doctor', step, outcome }) ?? 0) - (valueOf(before, 'resepti_login_attempts_total', { role: 'doctor', step, outcome }) ?? 0);
    expect({
      passwordMfa: moved('password', 'mfa'),
      passwordOk: moved('password', 'ok'),
      codeWrong: moved('code', 'wrong'),
      codeOk: moved('code', 'ok'),
    }).toEqual({ passwordMfa: 1, passwordOk: 0, codeWrong: 1, codeOk: 1 });
  });
});

describe('clients on the polling fallback', () => {
  it("counts each signed-in session whose reads say it polls (its socket is down) once, by role", async () => {
    const polling = { [LIVE_FALLBACK_HEADER]: 'polling' };
    const before = await metrics();
    expect(valueOf(before, 'resepti_polling_fallback_clients', { role: 'pharmacy' })).toBe(0);
    expect(valueOf(before, 'resepti_polling_fallback_clients', { role: 'doctor' })).toBe(0);

    // Two pharmacy sessions poll, one of them twice; a doctor reads with its socket up; an anonymous poll is refused.
    const { client: first } = await pharmacistAtOffice(app, 'pharmacy');
    const { client: second } = await pharmacistAtOffice(app, 'kyla');
    for (const client of [first, first, second]) expect((await client.get('/pharmacy-order-history/active', polling)).status).toBe(200);
    const doctor = await loginAs(app, 'doctor');
    expect((await doctor.get('/system-status')).status).toBe(200);
    expect((await new ApiClient(app.apiUrl).get('/system-status', polling)).status).toBe(401);

    const after = await metrics();
    expect(valueOf(after, 'resepti_polling_fallback_clients', { role: 'pharmacy' })).toBe(2);
    expect(valueOf(after, 'resepti_polling_fallback_clients', { role: 'doctor' })).toBe(0);
    expect(valueOf(after, 'resepti_polling_fallback_clients', { role: 'customer' })).toBe(0);

    // The doctor's socket drops: its next read polls.
    expect((await doctor.get('/system-status', polling)).status).toBe(200);
    expect(valueOf(await metrics(), 'resepti_polling_fallback_clients', { role: 'doctor' })).toBe(1);
  });
});

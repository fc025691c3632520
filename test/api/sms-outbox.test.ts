/**
 * The SMS outbox and its sender (issue "Customer orders", SMS): against a local gateway that
 * fails twice before it accepts, a message goes out exactly once, with one idempotency key on
 * every try, and the tries are visible in the outbox; two API processes never send one message
 * twice; the text names no medicine; GET /dev/sms-outbox only with SMS_PROVIDER=log.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DoctorOrder } from '@resepti/domain';
import { startApp, type TestApp } from '../support/app';
import { loginAs } from '../support/http';
import { insertOrder } from '../support/order-fixtures';
import { APPROVAL } from '../support/prescribing';
import { eventually } from '../support/waiting';

interface GatewayCall {
  body: { to: string; text: string; idempotencyKey: string };
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  status: number;
}

/** A stand-in SMS gateway: answers `failFirst` tries of each message with 500, then 200. */
async function startGateway(failFirst: number): Promise<{ url: string; calls: GatewayCall[]; close(): Promise<void> }> {
  const calls: GatewayCall[] = [];
  const triesByKey = new Map<string, number>();
  const server: Server = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw) as GatewayCall['body'];
      const tries = (triesByKey.get(body.idempotencyKey) ?? 0) + 1;
      triesByKey.set(body.idempotencyKey, tries);
      const status = tries <= failFirst ? 500 : 200;
      calls.push({ body, idempotencyKey: req.headers['idempotency-key'] as string | undefined, authorization: req.headers.authorization, status });
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: status === 200 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/messages`, calls, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const until = <T>(what: string, probe: () => Promise<T | undefined>, ms = 20_000) => eventually(probe, { ms, what });

/** A customer order of the demo customer, approved and sent by the demo doctor: its SMS is queued. */
async function deliverCustomerOrder(app: TestApp): Promise<number> {
  const order = await insertOrder(app, { source: 'customer' });
  const doctor = await loginAs(app, 'doctor');
  const picked = (await doctor.post<DoctorOrder>('/order/pick-first')).body;
  expect(picked.id).toBe(order.id);
  for (const id of order.itemIds) await doctor.post(`/order/process-item/${id}`, APPROVAL);
  expect((await doctor.post('/order/mark-delivered')).status).toBe(204);
  return order.id;
}

const FAST_SMS = { SMS_SEND_INTERVAL_SECONDS: '0.2', SMS_RETRY_SECONDS: '0.2' };

describe('the http provider against a gateway that fails twice', () => {
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  let app: TestApp;
  beforeAll(async () => {
    gateway = await startGateway(2);
    app = await startApp({ env: { ...FAST_SMS, SMS_PROVIDER: 'http', SMS_GATEWAY_URL: gateway.url, SMS_GATEWAY_TOKEN: 'gateway-secret' } });
  });
  afterAll(async () => {
    await app?.stop();
    await gateway?.close();
  });

  it('delivers the message once, with one idempotency key on all three tries, and the outbox shows the tries', async () => {
    const orderId = await deliverCustomerOrder(app);
    const row = await until('the message to be sent', async () => {
      const [r] = await app.sql<{ status: string; attempts: number; sent_at: Date | null; last_error: string | null; idempotency_key: string; body: string; phone: string }>(
        'SELECT * FROM sms_outbox WHERE order_id = $1',
        [orderId],
      );
      return r?.status === 'sent' ? r : undefined;
    });
    expect(row).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
    expect(row.sent_at).not.toBeNull();

    const calls = gateway.calls.filter((c) => c.body.idempotencyKey === row.idempotency_key);
    expect(calls.map((c) => c.status)).toEqual([500, 500, 200]);
    expect(calls.every((c) => c.idempotencyKey === row.idempotency_key && c.authorization === 'Bearer gateway-secret')).toBe(true);
    expect(calls[2].body).toEqual({ to: row.phone, text: row.body, idempotencyKey: row.idempotency_key });

    // The text says that the order is handled and where to read it: no medicine, no decision.
    const medicines = await app.sql<{ name: string }>('SELECT DISTINCT display_name AS name FROM order_item WHERE order_id = $1', [orderId]);
    expect(medicines.length).toBeGreaterThan(0);
    for (const { name } of medicines) expect(row.body).not.toContain(name);
    expect(row.body).not.toMatch(/hyväksy|hylä/i);
    expect(row.body).toMatch(/käsitellyt.*\/reseptit$/);

    // Sent is sent: later rounds do not send it again.
    await new Promise((r) => setTimeout(r, 1000));
    expect(gateway.calls.filter((c) => c.body.idempotencyKey === row.idempotency_key)).toHaveLength(3);
    expect((await fetch(`${app.baseUrl}/dev/sms-outbox`)).status).toBe(404);
  });
});

describe('two API processes on one outbox', () => {
  it('send each of 20 messages exactly once', async () => {
    const gateway = await startGateway(0);
    const env = { ...FAST_SMS, SMS_PROVIDER: 'http', SMS_GATEWAY_URL: gateway.url };
    const first = await startApp({ env });
    const second = await startApp({ databaseUrl: first.databaseUrl, env });
    try {
      const [{ id: customerId, phone }] = await first.sql<{ id: number; phone: string }>("SELECT id, phone FROM customer WHERE email = 'asiakas@example.fi'");
      await first.sql(
        `INSERT INTO sms_outbox (phone, body, order_id, idempotency_key) SELECT $1, 'Resepti: testiviesti ' || g, NULL, gen_random_uuid() FROM generate_series(1, 20) g`,
        [phone],
      );
      expect(customerId).toBeGreaterThan(0);
      await until('all 20 sent', async () => {
        const [{ n }] = await first.sql<{ n: number }>("SELECT count(*)::int AS n FROM sms_outbox WHERE status = 'sent'");
        return n === 20 ? n : undefined;
      });
      await new Promise((r) => setTimeout(r, 600));
      const keys = gateway.calls.map((c) => c.body.idempotencyKey);
      expect(keys).toHaveLength(20);
      expect(new Set(keys).size).toBe(20);
    } finally {
      await second.stop();
      await first.stop();
      await gateway.close();
    }
  });
});

describe('the log provider', () => {
  it('keeps the message in the outbox, logs no number or text, and lists the outbox at /dev/sms-outbox', async () => {
    const app = await startApp({ env: FAST_SMS });
    try {
      const orderId = await deliverCustomerOrder(app);
      const [row] = await until('the message to be sent', async () => {
        const rows = await app.sql<{ status: string; phone: string; body: string }>('SELECT status, phone, body FROM sms_outbox WHERE order_id = $1', [orderId]);
        return rows[0]?.status === 'sent' ? rows : undefined;
      });
      expect(app.output()).not.toContain(row.phone);
      expect(app.output()).not.toContain(row.body);
      const listed = await fetch(`${app.baseUrl}/dev/sms-outbox`);
      expect(listed.status).toBe(200);
      expect(((await listed.json()) as Array<{ orderId: number; status: string }>).find((m) => m.orderId === orderId)).toMatchObject({ status: 'sent' });
    } finally {
      await app.stop();
    }
  });
});

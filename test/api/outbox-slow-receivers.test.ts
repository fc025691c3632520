/**
 * Issue 39, "Faults, second round": a slow but healthy receiver (it answers inside the send
 * timeout) and two API processes on one outbox. A claim's lease covers one send (its timeout plus
 * a margin), not a batch of them, so neither process claims a row the other is still sending:
 * every text message and every webhook reaches its receiver once, on the first try. The timings
 * are scaled down (a 3 s timeout, a 1 s receiver) so the file runs in seconds.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startApp, type TestApp } from '../support/app';
import { createApiClient, IntegratorClient } from '../support/integrator';
import { until as waitUntil } from '../support/waiting';

jest.setTimeout(200_000);

const ANSWER_MS = 1_000;
const MESSAGES = 8;
const EVENTS = 40;

/** What the receiver got: each item's key (an SMS's idempotency key, an event's id) and how often it arrived. */
const received = new Map<string, number>();
let receiver: Server;
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw) as { idempotencyKey?: string; id?: string };
      const key = `${req.url}:${body.idempotencyKey ?? body.id}`;
      received.set(key, (received.get(key) ?? 0) + 1);
      setTimeout(() => res.writeHead(200).end('{}'), ANSWER_MS);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const env = {
    SMS_PROVIDER: 'http',
    SMS_GATEWAY_URL: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/sms`,
    SMS_SEND_INTERVAL_SECONDS: '0.1',
    WEBHOOK_SEND_INTERVAL_SECONDS: '0.05',
    OUTBOX_SEND_TIMEOUT_SECONDS: '3',
    OUTBOX_LEASE_MARGIN_SECONDS: '1',
  };
  a = await startApp({ env });
  b = await startApp({ databaseUrl: a.databaseUrl, env });
});
afterAll(async () => {
  await b?.stop();
  await a?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

const until = (what: string, done: () => Promise<boolean>) => waitUntil(what, done, { ms: 90_000, everyMs: 100 });

it('sends every text message and webhook once, on its first try, though each send takes a second', async () => {
  const client = await IntegratorClient.signIn(a, await createApiClient(a, 'Keskusapteekki', 'Kassajärjestelmä'));
  const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const endpoint = await client.call<{ id: number }>('POST', '/webhook-endpoints', { url: hook, events: ['order.created'] });
  expect(endpoint.status).toBe(201);
  const [{ phone }] = await a.sql<{ phone: string }>("SELECT phone FROM customer WHERE email = 'asiakas@example.fi'");
  const [{ id: endpointId }] = await a.sql<{ id: number }>('SELECT id FROM webhook_endpoint WHERE url = $1', [hook]);

  // Each outbox gets its rows in one statement: one round could claim them all.
  await a.sql(
    `INSERT INTO sms_outbox (phone, body, order_id, idempotency_key) SELECT $1, 'Resepti: testiviesti ' || g, NULL, gen_random_uuid() FROM generate_series(1, $2) g`,
    [phone, MESSAGES],
  );
  await a.sql(
    `INSERT INTO webhook_delivery (endpoint_id, event_id, event_type, order_id, payload)
     SELECT $1, 'evt_slow_' || g, 'order.created', NULL, jsonb_build_object('id', 'evt_slow_' || g, 'type', 'order.created', 'data', jsonb_build_object('object', '{}'::jsonb))
       FROM generate_series(1, $2) g`,
    [endpointId, EVENTS],
  );

  await until('every row sent', async () => {
    const [{ n }] = await a.sql<{ n: number }>(
      `SELECT (SELECT count(*) FROM sms_outbox WHERE status = 'pending') + (SELECT count(*) FROM webhook_delivery WHERE status = 'pending') AS n`,
    );
    return Number(n) === 0;
  });
  // A send begun before the last row was recorded would arrive within one answer's time.
  await new Promise((r) => setTimeout(r, ANSWER_MS + 500));

  const counts = [...received.entries()];
  expect(counts.filter(([key]) => key.startsWith('/sms:'))).toHaveLength(MESSAGES);
  expect(counts.filter(([key]) => key.startsWith('/hook:'))).toHaveLength(EVENTS);
  expect(counts.filter(([, n]) => n > 1)).toEqual([]);
  const sms = await a.sql<{ status: string; attempts: number }>('SELECT status, attempts FROM sms_outbox');
  const webhooks = await a.sql<{ status: string; attempts: number }>('SELECT status, attempts FROM webhook_delivery');
  expect(sms.filter((r) => r.status !== 'sent' || r.attempts !== 1)).toEqual([]);
  expect(webhooks.filter((r) => r.status !== 'delivered' || r.attempts !== 1)).toEqual([]);
});

/**
 * Sandbox triggers (issue 42): a sandbox client makes the events happen that the simulated doctor
 * never causes by itself (order.released, order.e-prescription, notice.published), on its own
 * sandbox orders, through the same lifecycle, webhooks and events list as real ones; once per
 * Idempotency-Key. A live client is refused, another client's order is not found, and nothing of
 * it reaches real orders, the doctors, the doctors' notices or any other client.
 */
import type { IntegratorEventPage, IntegratorOrder, ProblemDetails, Product, SystemStatus } from '@resepti/domain';
import { startApp, type TestApp } from '../support/app';
import { runAdmin } from '../support/cli';
import { loginAs } from '../support/http';
import { createApiClient, IntegratorClient, type IntegratorCredentials } from '../support/integrator';
import { eventually } from '../support/waiting';
import { startWebhookReceiver } from '../support/webhook-receiver';

interface TriggerResult {
  type: string;
  eventId: string;
  orderId: number | null;
}

const ALL_EVENTS = ['order.created', 'order.processing', 'order.released', 'order.delivered', 'order.e-prescription', 'notice.published'];
const SANDBOX_PATIENT = { hetu: '121212-913Y', firstName: 'Hiekka', lastName: 'Laatikko' };

let app: TestApp;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let sandbox: IntegratorClient;
/** Another sandbox client of the same pharmacy: it shares the pharmacy's sandbox orders (as live clients share live ones), not the notices triggered by another client. */
let otherSandbox: IntegratorClient;
let live: IntegratorClient;
let officeId: number;
let productId: number;

const sandboxClient = async (name: string, pharmacy = 'Keskusapteekki') =>
  IntegratorClient.signIn(
    app,
    JSON.parse((await runAdmin(['create-api-client', '--pharmacy', pharmacy, '--name', name, '--sandbox', '--json'], { DATABASE_URL: app.databaseUrl })).stdout.trim().split('\n').at(-1)!) as IntegratorCredentials,
  );

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  // The simulated doctor picks 2 s after placing and delivers 2 s later.
  app = await startApp({ env: { WEBHOOK_SEND_INTERVAL_SECONDS: '0.2', WEBHOOK_RETRY_SECONDS: '0.3', SANDBOX_DECISION_SECONDS: '4', API_RATE_LIMIT_PER_MINUTE: '10000' } });
  sandbox = await sandboxClient('Laukaisija');
  otherSandbox = await sandboxClient('Toinen hiekkalaatikko');
  live = await IntegratorClient.signIn(app, await createApiClient(app, 'Keskusapteekki', 'Oikea kassa'));
  for (const [client, path] of [[sandbox, '/sandbox'], [otherSandbox, '/other'], [live, '/live']] as const) {
    expect((await client.call('POST', '/webhook-endpoints', { url: `${receiver.origin}${path}`, events: ALL_EVENTS })).status).toBe(201);
  }
  [{ id: officeId }] = await app.sql<{ id: number }>(`SELECT id FROM pharmacy_office WHERE name = 'Keskusapteekki Kauppatori'`);
  productId = (await sandbox.call<{ data: Product[] }>('GET', '/products?q=Kestine')).body.data[0].productId;
}, 120_000);
afterAll(async () => {
  await app?.stop();
  await receiver?.close();
});

const until = <T>(what: () => Promise<T | undefined> | T | undefined, ms = 30_000) => eventually(what, { ms });

const place = async (client: IntegratorClient, patient = SANDBOX_PATIENT) => {
  const res = await client.call<IntegratorOrder>('POST', '/orders', { officeId, patient, items: [{ productId }], deliveryOption: 'delivery-20-min' });
  expect(res.status).toBe(201);
  return res.body.orderId;
};
const trigger = (client: IntegratorClient, body: unknown, key?: string) => client.call<TriggerResult & ProblemDetails>('POST', '/sandbox/triggers', body, key ? { 'Idempotency-Key': key } : {});
const receivedAt = (path: string, eventId: string) => receiver.received.filter((r) => r.path === path && r.event.id === eventId);
const eventIdsOf = async (client: IntegratorClient) => (await client.call<IntegratorEventPage>('GET', '/events?limit=100')).body.data.map((e) => e.id);

describe('POST /api/v1/sandbox/triggers', () => {
  let orderId: number;

  it('order.released: the client’s sandbox order goes back to the queue, told by webhook and in the events list, once per Idempotency-Key', async () => {
    const doctor = await loginAs(app, 'doctor');
    const countsBefore = (await doctor.get<SystemStatus>('/system-status')).body;
    orderId = await place(sandbox);
    const answers = await Promise.all([1, 2, 3].map(() => trigger(sandbox, { type: 'order.released', orderId }, 'release-1')));
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202]);
    const { eventId } = answers[0].body;
    expect(answers.map((a) => a.body)).toEqual(answers.map(() => ({ type: 'order.released', eventId: expect.stringMatching(/^evt_/), orderId })));
    expect(new Set(answers.map((a) => a.body.eventId)).size).toBe(1);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(2);

    const [delivered] = await until(() => (receivedAt('/sandbox', eventId).length > 0 ? receivedAt('/sandbox', eventId) : undefined));
    expect(delivered.event).toMatchObject({ type: 'order.released', livemode: false, data: { object: { orderId, deliveryStatus: 'waiting' }, previous_attributes: { deliveryStatus: 'processing' } } });
    expect(await eventIdsOf(sandbox)).toContain(eventId);
    const released = await app.sql(`SELECT 1 FROM api_event WHERE type = 'order.released' AND payload #>> '{data,object,orderId}' = $1`, [String(orderId)]);
    expect(released).toHaveLength(1);
    // The simulated doctor's release, audited as its; the client's trigger, audited as the client's.
    expect(await app.sql(`SELECT actor_role FROM audit_log WHERE order_id = $1 AND action IN ('order:release', 'sandbox.trigger') ORDER BY id`, [orderId])).toEqual([{ actor_role: 'sandbox' }, { actor_role: 'integrator' }]);
    // No doctor's queue or count moved.
    expect((await doctor.get<SystemStatus>('/system-status')).body).toEqual(countsBefore);
  });

  it('order.e-prescription: for a delivered sandbox order with an approved item; 409 before it is delivered', async () => {
    const waiting = await place(sandbox);
    const early = await trigger(sandbox, { type: 'order.e-prescription', orderId: waiting });
    expect([early.status, early.body.code]).toEqual([409, 'sandbox_trigger_state']);
    // The released order is taken on again by the simulated doctor and delivered.
    await until(async () => ((await sandbox.call<IntegratorOrder>('GET', `/orders/${orderId}`)).body.deliveryStatus === 'delivered' ? true : undefined));
    const res = await trigger(sandbox, { type: 'order.e-prescription', orderId }, 'eprescription-1');
    expect(res.status).toBe(202);
    const [delivered] = await until(() => (receivedAt('/sandbox', res.body.eventId).length > 0 ? receivedAt('/sandbox', res.body.eventId) : undefined));
    expect(delivered.event).toMatchObject({ type: 'order.e-prescription', livemode: false, data: { object: { orderId, deliveryStatus: 'delivered' } } });
    const again = await trigger(sandbox, { type: 'order.released', orderId });
    expect([again.status, again.body.code]).toEqual([409, 'sandbox_trigger_state']);
  });

  it('notice.published: a test notice to this client alone, never a doctors’ notice', async () => {
    const noticesBefore = await app.sql(`SELECT id, header, status FROM notice ORDER BY id`);
    const res = await trigger(sandbox, { type: 'notice.published' }, 'notice-1');
    expect([res.status, res.body.type, res.body.orderId]).toEqual([202, 'notice.published', null]);
    const [delivered] = await until(() => (receivedAt('/sandbox', res.body.eventId).length > 0 ? receivedAt('/sandbox', res.body.eventId) : undefined));
    expect(delivered.event).toMatchObject({ type: 'notice.published', livemode: false, data: { object: { id: 0, status: 'published' } } });
    expect(await eventIdsOf(sandbox)).toContain(res.body.eventId);
    await new Promise((r) => setTimeout(r, 1000)); // time for a stray delivery to show up, if any
    expect([...receivedAt('/other', res.body.eventId), ...receivedAt('/live', res.body.eventId)]).toEqual([]);
    expect(await eventIdsOf(otherSandbox)).not.toContain(res.body.eventId);
    expect(await eventIdsOf(live)).not.toContain(res.body.eventId);
    expect(await app.sql(`SELECT id, header, status FROM notice ORDER BY id`)).toEqual(noticesBefore);
  });

  it('refuses: a live client 403, another pharmacy’s or a real order 404, a bad body 400 with its field', async () => {
    const otherPharmacy = await sandboxClient('Kylän hiekkalaatikko', 'Kylän apteekki');
    const refusedLive = await trigger(live, { type: 'notice.published' });
    expect([refusedLive.status, refusedLive.body.code, refusedLive.headers.get('content-type')]).toEqual([403, 'sandbox_only', expect.stringContaining('application/problem+json')]);
    const realOrder = await place(live);
    for (const [client, id] of [[otherPharmacy, orderId], [sandbox, realOrder], [sandbox, 2_000_000_000]] as const) {
      const res = await trigger(client, { type: 'order.released', orderId: id });
      expect([res.status, res.body.code]).toEqual([404, 'order_not_found']);
    }
    expect((await live.call<IntegratorOrder>('GET', `/orders/${realOrder}`)).body.deliveryStatus).toBe('waiting');
    const noOrder = await trigger(sandbox, { type: 'order.released' });
    expect([noOrder.status, noOrder.body.errors?.[0]?.code, noOrder.body.errors?.[0]?.pointer]).toEqual([400, 'sandbox_trigger_order_required', '/orderId']);
    const badType = await trigger(sandbox, { type: 'order.created' });
    expect([badType.status, badType.body.errors?.[0]?.code, badType.body.errors?.[0]?.pointer]).toEqual([400, 'sandbox_trigger_type_invalid', '/type']);
    const otherKey = await trigger(sandbox, { type: 'notice.published', orderId: 1 }, 'notice-1');
    expect([otherKey.status, otherKey.body.code]).toEqual([409, 'idempotency_conflict']);
  });
});

/**
 * The integrators' sandbox (issue 26): a client made with `create-api-client --sandbox` places
 * orders that a simulated doctor decides through the same lifecycle and webhooks as a real
 * doctor's (an item whose reason says SANDBOX-REJECT is rejected), that no real doctor's queue,
 * count or history, no pharmacy list and no text message ever shows, and that a real client never
 * sees (nor a sandbox client the real ones). The orders are placed while the one API process
 * waits an hour to decide; that process stops, and two new ones (deciding after a second) take
 * the pending orders on: each is picked and delivered exactly once.
 */
import {
  SANDBOX_REJECTION_REASON,
  type ApiClientView,
  type MyAccessLog,
  type PatientAccessLog,
  type ProblemDetails,
  type HistoryResponse,
  type IntegratorEventPage,
  type IntegratorOrder,
  type IntegratorOrderPage,
  type IntegratorWebhookEvent,
  type PharmacyOrder,
  type PharmacyOrderPage,
  type Product,
  type QueueOrder,
  type SystemStatus,
} from '@resepti/domain';
import { startApp, type TestApp } from '../support/app';
import { runAdmin } from '../support/cli';
import { DEMO, loginAs } from '../support/http';
import { createApiClient, IntegratorClient, type IntegratorCredentials } from '../support/integrator';
import { pharmacistAtOffice } from '../support/pharmacy-flow';
import { eventually } from '../support/waiting';
import { startWebhookReceiver } from '../support/webhook-receiver';

const WEBHOOKS = { WEBHOOK_SEND_INTERVAL_SECONDS: '0.2', WEBHOOK_RETRY_SECONDS: '0.3' };
const EVENTS = ['order.created', 'order.processing', 'order.released', 'order.delivered'];
const SANDBOX_PATIENT = { hetu: '121212-913Y', firstName: 'Hiekka', lastName: 'Laatikko' };
/** Sandbox orders besides the two whose decisions are checked: the two processes race for them all. */
const MORE_ORDERS = 6;

let first: TestApp;
let second: TestApp | undefined;
let third: TestApp | undefined;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  // The first process would decide only after an hour: every sandbox order is still pending when it stops.
  first = await startApp({ env: { ...WEBHOOKS, SANDBOX_DECISION_SECONDS: '3600' } });
});
afterAll(async () => {
  await third?.stop();
  await second?.stop();
  await first?.stop();
  await receiver?.close();
});

const until = <T>(what: () => Promise<T | undefined> | T | undefined, ms = 30_000) => eventually(what, { ms });

const eventsOf = (path: string, orderId: number) =>
  receiver.received.filter((r) => r.path === path && (r.event.data.object as { orderId?: number }).orderId === orderId).map((r) => r.event);

describe('create-api-client --sandbox', () => {
  it('makes a sandbox client, says so, and marks it', async () => {
    const text = await runAdmin(['create-api-client', '--pharmacy', 'Keskusapteekki', '--name', 'Testikassa', '--sandbox'], { DATABASE_URL: first.databaseUrl });
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^Sandbox API client \d+ 'Testikassa' created for Keskusapteekki/m);
    expect(text.stdout).toContain('simulated doctor');
    const json = await runAdmin(['create-api-client', '--pharmacy', 'Keskusapteekki', '--name', 'Testikassa 2', '--sandbox', '--json'], { DATABASE_URL: first.databaseUrl });
    expect(JSON.parse(json.stdout.trim().split('\n').at(-1)!)).toMatchObject({ clientId: expect.stringMatching(/^rc_/), sandbox: true });
    const real = await createApiClient(first, 'Keskusapteekki', 'Oikea kassa');
    const rows = await first.sql<{ name: string; sandbox: boolean }>(`SELECT name, sandbox FROM api_client WHERE name IN ('Testikassa', 'Testikassa 2', 'Oikea kassa') ORDER BY name`);
    expect(rows).toEqual([
      { name: 'Oikea kassa', sandbox: false },
      { name: 'Testikassa', sandbox: true },
      { name: 'Testikassa 2', sandbox: true },
    ]);
    expect(real).toMatchObject({ sandbox: false });
    // The pharmacy's admin tells them apart.
    const admin = await loginAs(first, 'pharmacyAdmin');
    const listed = (await admin.get<ApiClientView[]>('/pharmacy-api-clients')).body.filter((c) => ['Testikassa', 'Oikea kassa'].includes(c.name));
    expect(listed.map((c) => [c.name, c.sandbox])).toEqual([
      ['Testikassa', true],
      ['Oikea kassa', false],
    ]);
  });
});

describe('sandbox orders', () => {
  let sandbox: IntegratorClient;
  let real: IntegratorClient;
  let officeId: number;
  let approveId: number;
  let rejectId: number;
  let realId: number;
  const sandboxIds: number[] = [];

  it('are placed and told by webhook like real ones, but never reach the doctors, their counts or the pharmacy', async () => {
    const sandboxCredentials = JSON.parse(
      (await runAdmin(['create-api-client', '--pharmacy', 'Keskusapteekki', '--name', 'Hiekkalaatikko', '--sandbox', '--json'], { DATABASE_URL: first.databaseUrl })).stdout.trim().split('\n').at(-1)!,
    ) as IntegratorCredentials;
    sandbox = await IntegratorClient.signIn(first, sandboxCredentials);
    real = await IntegratorClient.signIn(first, await createApiClient(first, 'Keskusapteekki', 'Kassajärjestelmä'));
    for (const [client, path] of [[sandbox, '/sandbox'], [real, '/real']] as const) {
      expect((await client.call('POST', '/webhook-endpoints', { url: `${receiver.origin}${path}`, events: EVENTS })).status).toBe(201);
    }
    const { client: pharmacist, office } = await pharmacistAtOffice(first, 'pharmacy');
    officeId = office.id;
    const products = (await sandbox.call<{ data: Product[] }>('GET', '/products?q=a')).body.data;
    expect(products.length).toBeGreaterThanOrEqual(2);
    const doctor = await loginAs(first, 'doctor');
    const statusBefore = (await doctor.get<SystemStatus>('/system-status')).body;

    const place = async (client: IntegratorClient, items: Array<{ productId: number; reason?: string }>, patient = SANDBOX_PATIENT) => {
      const res = await client.call<IntegratorOrder>('POST', '/orders', { officeId, patient, items, deliveryOption: 'delivery-20-min' });
      expect(res.status).toBe(201);
      return res.body.orderId;
    };
    approveId = await place(sandbox, [{ productId: products[0].productId, reason: 'Verenpaine hoidossa' }]);
    rejectId = await place(sandbox, [
      { productId: products[0].productId, reason: 'Testi: sandbox-reject tämä' },
      { productId: products[1].productId },
    ]);
    sandboxIds.push(approveId, rejectId);
    for (let i = 0; i < MORE_ORDERS; i++) sandboxIds.push(await place(sandbox, [{ productId: products[0].productId }]));
    expect(await first.sql(`SELECT id FROM orders WHERE id = ANY($1) AND sandbox AND delivery_status = 'waiting'`, [sandboxIds])).toHaveLength(sandboxIds.length);

    // Waiting, but in no doctor's queue or count: the counts are as before, and a doctor cannot touch one.
    expect((await doctor.get<SystemStatus>('/system-status')).body).toEqual(statusBefore);
    expect((await doctor.get<QueueOrder[]>('/order/queue')).body.filter((o) => sandboxIds.includes(o.id))).toEqual([]);
    expect((await doctor.post(`/order/release-one/${approveId}`)).status).toBe(404);
    // The demo data has no orders: with only sandbox orders waiting, a doctor finds the queue empty.
    expect((await doctor.post('/order/pick-first')).status).toBe(204);

    realId = await place(real, [{ productId: products[0].productId }], { hetu: '121212-913Y', firstName: 'Oikea', lastName: 'Potilas' });
    expect((await doctor.get<SystemStatus>('/system-status')).body.waitingForDoctor).toBe(statusBefore.waitingForDoctor + 1);
    expect((await doctor.get<QueueOrder[]>('/order/queue')).body.map((o) => o.id)).toContain(realId);

    // Each client sees its own kind only.
    expect((await sandbox.call('GET', `/orders/${realId}`)).status).toBe(404);
    expect((await real.call('GET', `/orders/${approveId}`)).status).toBe(404);
    expect((await sandbox.call<IntegratorOrderPage>('GET', '/orders?limit=100')).body.data.map((o) => o.orderId).sort((x, y) => x - y)).toEqual([...sandboxIds].sort((x, y) => x - y));
    expect((await real.call<IntegratorOrderPage>('GET', '/orders?limit=100')).body.data.map((o) => o.orderId)).not.toEqual(expect.arrayContaining([approveId]));

    // Told to the sandbox client's endpoint only; the pharmacy's workbench lists none of them.
    await until(() => (sandboxIds.every((id) => eventsOf('/sandbox', id).length === 1) && eventsOf('/real', realId).length === 1 ? true : undefined));
    expect(sandboxIds.flatMap((id) => eventsOf('/real', id))).toEqual([]);
    expect(eventsOf('/sandbox', realId)).toEqual([]);
    expect(eventsOf('/sandbox', approveId).map((e) => e.type)).toEqual(['order.created']);
    const active = (await pharmacist.get<PharmacyOrder[]>('/pharmacy-order-history/active?limit=100')).body.map((o) => o.orderId);
    expect(active).toContain(realId);
    expect(active.filter((id) => sandboxIds.includes(id))).toEqual([]);
    const history = (await pharmacist.get<PharmacyOrderPage>('/pharmacy-order-history/history?limit=100')).body;
    expect(history.data.map((o) => o.orderId)).toContain(realId);
    expect(history.data.filter((o) => sandboxIds.includes(o.orderId))).toEqual([]);
  });

  it('are decided after a restart, each exactly once, by two processes racing for them', async () => {
    // The process that placed them stops with all of them pending; two new ones decide after a second.
    await first.signal('SIGTERM');
    const quick = { ...WEBHOOKS, SANDBOX_DECISION_SECONDS: '1' };
    [second, third] = await Promise.all([startApp({ databaseUrl: first.databaseUrl, env: quick }), startApp({ databaseUrl: first.databaseUrl, env: quick })]);

    await until(() => (sandboxIds.every((id) => eventsOf('/sandbox', id).some((e) => e.type === 'order.delivered')) ? true : undefined));
    await new Promise((r) => setTimeout(r, 1000)); // time for a second pick or delivery to show up, if any
    for (const id of sandboxIds) {
      const events = eventsOf('/sandbox', id);
      expect(events.map((e) => e.type)).toEqual(['order.created', 'order.processing', 'order.delivered']);
      expect(new Set(events.map((e) => e.id)).size).toBe(3);
    }
    const audited = await first.sql<{ order_id: number; action: string; count: number }>(
      `SELECT order_id, action, count(*)::int AS count FROM audit_log WHERE actor_role = 'sandbox' AND action IN ('order:pick', 'order:deliver') GROUP BY order_id, action`,
    );
    expect(audited).toHaveLength(sandboxIds.length * 2);
    expect(audited.every((a) => sandboxIds.includes(a.order_id) && a.count === 1)).toBe(true);

    const approved = eventsOf('/sandbox', approveId).at(-1)!.data.object as IntegratorOrder;
    expect(approved).toMatchObject({ orderId: approveId, deliveryStatus: 'delivered', prescriptions: [{ decision: 'approved', reasonForDecision: '' }] });
    const rejected = eventsOf('/sandbox', rejectId).at(-1)!.data.object as IntegratorOrder;
    expect(rejected.prescriptions.map((p) => [p.decision, p.reasonForDecision])).toEqual([
      ['rejected', SANDBOX_REJECTION_REASON],
      ['approved', ''],
    ]);
    // The API reads back what the webhook told.
    sandbox = await IntegratorClient.signIn(second!, sandbox.credentials);
    expect((await sandbox.call<IntegratorOrder>('GET', `/orders/${rejectId}`)).body.prescriptions).toEqual(rejected.prescriptions);
  });

  it('never mix with real work: the real order waits, and no history, list, text message, event or FHIR item shows the other kind', async () => {
    const app = second!;
    real = await IntegratorClient.signIn(app, real.credentials);
    expect((await real.call<IntegratorOrder>('GET', `/orders/${realId}`)).body.deliveryStatus).toBe('waiting');
    expect(eventsOf('/real', realId).map((e) => e.type)).toEqual(['order.created']);

    const doctor = await loginAs(app, 'doctor');
    const byName = (await doctor.post<HistoryResponse>('/history', { filter: 'Laatikko' })).body;
    expect(byName.count).toBe(0);
    const handled = (await doctor.post<HistoryResponse>('/history', {})).body;
    expect(handled.data.filter((o) => sandboxIds.includes(o.id))).toEqual([]);
    expect((await doctor.get<QueueOrder[]>('/order/queue')).body.map((o) => o.id)).toContain(realId);

    const { client: pharmacist } = await pharmacistAtOffice(app, 'pharmacy');
    const history = (await pharmacist.get<PharmacyOrderPage>('/pharmacy-order-history/history?limit=100')).body;
    expect(history.data.filter((o) => sandboxIds.includes(o.orderId))).toEqual([]);
    const [sandboxItem] = await app.sql<{ id: number }>(`SELECT id FROM order_item WHERE order_id = $1`, [approveId]);
    expect((await pharmacist.post(`/check-order-item/${sandboxItem.id}`)).status).toBe(404);
    expect(await app.sql(`SELECT id FROM sms_outbox WHERE order_id = ANY($1)`, [sandboxIds])).toEqual([]);

    // The events log: each client its own kind. The sandbox client checks its decided item as a pharmacy system would.
    const sandboxEvents = (await sandbox.call<IntegratorEventPage>('GET', '/events?limit=100')).body.data;
    const orderOf = (e: IntegratorWebhookEvent) => (e.data.object as { orderId?: number }).orderId;
    expect(sandboxEvents.filter((e) => orderOf(e) !== undefined).every((e) => sandboxIds.includes(orderOf(e)!))).toBe(true);
    expect(sandboxEvents.filter((e) => orderOf(e) === approveId).map((e) => e.type)).toEqual(['order.created', 'order.processing', 'order.delivered']);
    const realEvents = (await real.call<IntegratorEventPage>('GET', '/events?limit=100')).body.data;
    expect(realEvents.map(orderOf)).toContain(realId);
    expect(realEvents.filter((e) => sandboxIds.includes(orderOf(e) ?? -1))).toEqual([]);
    expect((await sandbox.call<IntegratorOrder>('POST', `/orders/${approveId}/items/${sandboxItem.id}/check`)).body.prescriptions[0].pharmacyChecked).toBe(true);

    const fhirIds = async (client: IntegratorClient) => {
      const res = await fetch(`${app.baseUrl}/api/fhir/MedicationRequest?_count=100`, { headers: { authorization: `Bearer ${client.token}` } });
      expect(res.status).toBe(200);
      const bundle = (await res.json()) as { entry?: Array<{ resource: { id: string } }> };
      return (bundle.entry ?? []).map((e) => Number(e.resource.id));
    };
    const sandboxItems = (await app.sql<{ id: number }>(`SELECT id FROM order_item WHERE order_id = ANY($1)`, [sandboxIds])).map((r) => r.id);
    expect((await fhirIds(sandbox)).sort((x, y) => x - y)).toEqual(sandboxItems.sort((x, y) => x - y));
    expect((await fhirIds(real)).filter((id) => sandboxItems.includes(id))).toEqual([]);
    // The approved item is the (simulated) doctor's order: it names its requester, as a real one does.
    const approved = (await (await fetch(`${app.baseUrl}/api/fhir/MedicationRequest/${sandboxItem.id}`, { headers: { authorization: `Bearer ${sandbox.token}` } })).json()) as { intent: string; requester?: unknown; performer?: unknown };
    const simulated = { reference: 'Practitioner/sandbox', type: 'Practitioner', display: 'Sandbox-lääkäri (simuloitu)' };
    expect([approved.intent, approved.requester, approved.performer]).toEqual(['order', simulated, simulated]);
  });

  it("never join a real patient's records: a customer's or a permanent hetu is refused, and an order already under a customer's hetu is in none of their views", async () => {
    const app = second!;
    const products = (await sandbox.call<{ data: Product[] }>('GET', '/products?q=a')).body.data;
    const orderCount = async () => (await app.sql<{ n: number }>('SELECT count(*)::int AS n FROM orders'))[0].n;
    const before = await orderCount();
    // Aino's hetu is in the test range (998), but hers; 131052-308T is a permanent number.
    for (const patient of [
      { hetu: DEMO.customer.hetu, firstName: 'Keksitty', lastName: 'Nimi' },
      { hetu: '131052-308T', firstName: 'Pysyvä', lastName: 'Tunnus' },
    ]) {
      const refused = await sandbox.call<ProblemDetails>('POST', '/orders', { officeId, patient, items: [{ productId: products[0].productId }], deliveryOption: 'delivery-20-min' });
      expect(refused.status).toBe(400);
      expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(refused.body).toMatchObject({ status: 400, code: 'sandbox_real_hetu', detailFi: expect.stringContaining('900–999') });
    }
    expect(await orderCount()).toBe(before);

    // A sandbox order already under Aino's hetu (placed before the rule), read by the sandbox client.
    await app.sql('UPDATE orders SET patient_hetu = $1 WHERE id = $2', [DEMO.customer.hetu, approveId]);
    expect((await sandbox.call('GET', `/orders/${approveId}`)).status).toBe(200);
    expect((await sandbox.call('GET', '/orders?limit=100')).status).toBe(200);
    const [{ n: reads }] = await app.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE actor_role = 'integrator' AND (patient_hetu = $1 OR patient_hetus @> ARRAY[$1]::text[])`,
      [DEMO.customer.hetu],
    );
    expect(reads).toBeGreaterThanOrEqual(2);

    const aino = await loginAs(app, 'customer');
    const data = (await aino.get('/my-data')).body as { orders: Array<{ id: number }>; accessLog: MyAccessLog['entries'] };
    expect(data.orders.filter((o) => sandboxIds.includes(o.id))).toEqual([]);
    expect(data.accessLog.filter((e) => e.actorRole === 'integrator')).toEqual([]);
    const own = (await aino.get<MyAccessLog>('/my-access-log?limit=100')).body.entries;
    expect(own.filter((e) => e.actorRole === 'integrator')).toEqual([]);
    const doctor = await loginAs(app, 'doctor');
    const exported = (await doctor.post<PatientAccessLog>('/patient-access-log', { hetu: DEMO.customer.hetu })).body.entries;
    expect(exported.filter((e) => e.actorRole === 'integrator' || (e.actorRole as string) === 'sandbox' || sandboxIds.includes(e.orderId ?? -1))).toEqual([]);
  });
});

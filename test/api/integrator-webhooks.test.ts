/**
 * Integrator webhooks (issue "Integrator API"): a local receiver that answers 500 twice and then
 * 200 gets `order.delivered` with the decisions, signed so the documented check verifies it; the
 * retries are in the delivery log and nothing is sent again after success. An endpoint pointing
 * into a private network is refused at once, without any request to it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { INTEGRATOR_API_VERSION, type DoctorOrder, type IntegratorOrder, type IntegratorWebhookEvent, type Product, type ProblemDetails, type WebhookDeliveryView, type WebhookEndpointView } from '@resepti/domain';
import { startApp, type TestApp } from '../support/app';
import { loginAs } from '../support/http';
import { postToWebhook, resolveWebhookTarget, webhookUrlProblem } from '../../apps/api/src/integrator/webhook-url';
import { createApiClient, IntegratorClient } from '../support/integrator';
import { retryDelayMs, withJitter } from '../../apps/api/src/platform/outbox/retry-delay';
import { eventually } from '../support/waiting';

interface Received {
  path: string;
  body: string;
  signature: string | undefined;
  event: IntegratorWebhookEvent;
  answered: number;
}

/** The documented 10-line check of Resepti-Signature (the OpenAPI description carries the same). */
function verify(rawBody: string, header: string, secret: string, toleranceSeconds = 300): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=')));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${rawBody}`).digest('hex');
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  const fresh = Math.abs(Date.now() / 1000 - Number(parts.t)) <= toleranceSeconds;
  return fresh && given.length === 32 && timingSafeEqual(given, Buffer.from(expected, 'hex'));
}

/** Addresses a webhook must never reach, in the forms an attacker probe found accepted (issue 21) and the classic ones. */
const PRIVATE_URLS = [
  'https://10.0.0.1/hook',
  'https://192.168.1.20/hook',
  'https://169.254.169.254/latest/meta-data',
  'https://[fd00::1]/hook',
  'https://[::ffff:10.0.0.1]/hook',
  'https://[64:ff9b::7f00:1]/hook', // NAT64 of 127.0.0.1
  'https://[64:ff9b::a9fe:a9fe]/hook', // NAT64 of 169.254.169.254
  'https://[2002:7f00:1::1]/hook', // 6to4 of 127.0.0.1
  'https://[2002:a00:1::1]/hook', // 6to4 of 10.0.0.1
  'https://[::127.0.0.1]/hook', // IPv4-compatible
  'https://[fec0::1]/hook', // site-local
  'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/hook', // Teredo
  'https://[::]/hook',
  'https://[100::1]/hook', // discard
];

let app: TestApp;
let receiver: Server;
let receiverOrigin: string;
let receiverUrl: string;
const received: Received[] = [];
let failuresLeft = 2;

beforeAll(async () => {
  receiver = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const event = JSON.parse(body) as IntegratorWebhookEvent;
      // The delivered event fails twice before it is taken; other events are taken at once, except
      // on /failing/…, which never takes anything.
      const failing = req.url!.startsWith('/failing/');
      const answered = failing || (event.type === 'order.delivered' && failuresLeft-- > 0) ? 500 : 200;
      received.push({ path: req.url!, body, signature: req.headers['resepti-signature'] as string | undefined, event, answered });
      res.writeHead(answered).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverOrigin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  receiverUrl = `${receiverOrigin}/resepti`;
  app = await startApp({
    env: { WEBHOOK_SEND_INTERVAL_SECONDS: '0.2', WEBHOOK_RETRY_SECONDS: '0.3', API_RATE_LIMIT_PER_MINUTE: '30', API_TOKEN_LIMIT_PER_CLIENT: '3', API_TOKEN_LIMIT_PER_ADDRESS: '30' },
  });
});
afterAll(async () => {
  await app?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

const until = <T>(what: () => Promise<T | undefined> | T | undefined, ms = 20_000) => eventually(what, { ms });

describe('webhooks', () => {
  it('delivers order.delivered with its decisions, signed, after two failed tries, and never again', async () => {
    const client = await IntegratorClient.signIn(app, await createApiClient(app, 'Keskusapteekki', 'Kassajärjestelmä'));
    const created = await client.call<WebhookEndpointView>('POST', '/webhook-endpoints', { url: receiverUrl, events: ['order.created', 'order.processing', 'order.delivered'] });
    expect(created.status).toBe(201);
    const secret = created.body.secret!;
    expect(secret).toMatch(/^whsec_/);
    expect((await client.call<WebhookEndpointView[]>('GET', '/webhook-endpoints')).body.map((e) => [e.url, e.secret])).toEqual([[receiverUrl, undefined]]);

    const [office] = await app.sql<{ id: number }>(`SELECT id FROM pharmacy_office WHERE name = 'Keskusapteekki Kauppatori'`);
    const product = (await client.call<{ data: Product[] }>('GET', '/products?q=Kestine')).body.data[0];
    const order = (
      await client.call<IntegratorOrder>('POST', '/orders', {
        officeId: office.id,
        patient: { hetu: '121212-913Y', firstName: 'Matti', lastName: 'Meikäläinen' },
        items: [{ productId: product.productId }],
        deliveryOption: 'delivery-20-min',
      })
    ).body;
    const doctor = await loginAs(app, 'doctor');
    const picked = (await doctor.post<DoctorOrder>('/order/pick-first')).body;
    expect(picked.id).toBe(order.orderId);
    await doctor.post(`/order/process-item/${picked.prescriptions[0].id}`, { decision: 'rejected', reasonForDecision: 'Tarvitaan lääkärin tutkimus' });
    await doctor.post('/order/mark-delivered');

    const success = await until(() => received.find((r) => r.event.type === 'order.delivered' && r.answered === 200));
    expect(verify(success.body, success.signature!, secret)).toBe(true);
    expect(verify(success.body, success.signature!, 'whsec_someone_else')).toBe(false);
    expect(success.event).toMatchObject({
      id: expect.stringMatching(/^evt_/),
      type: 'order.delivered',
      api_version: INTEGRATOR_API_VERSION,
      livemode: true,
      data: { object: { orderId: order.orderId, deliveryStatus: 'delivered', prescriptions: [{ decision: 'rejected', reasonForDecision: 'Tarvitaan lääkärin tutkimus' }] } },
    });
    // What changed, as it was before: the status, the delivery time and the decisions hidden until now.
    const decided = success.event.type === 'order.delivered' ? success.event.data.previous_attributes : undefined;
    expect(decided).toMatchObject({ deliveryStatus: 'processing', deliveryTime: null, prescriptions: [{ decision: 'undecided', reasonForDecision: '', prescribed: null }] });
    // In order per order: created, processing, then delivered (three tries, one event id).
    const forOrder = received.filter((r) => (r.event.data.object as { orderId?: number }).orderId === order.orderId);
    expect(forOrder.map((r) => [r.event.type, r.answered])).toEqual([
      ['order.created', 200],
      ['order.processing', 200],
      ['order.delivered', 500],
      ['order.delivered', 500],
      ['order.delivered', 200],
    ]);
    expect(new Set(forOrder.filter((r) => r.event.type === 'order.delivered').map((r) => r.event.id)).size).toBe(1);
    // A new order tells no previous values; a doctor's pick tells the status it had.
    expect(forOrder.slice(0, 2).map((r) => ('previous_attributes' in r.event.data ? r.event.data.previous_attributes : 'none'))).toEqual(['none', { deliveryStatus: 'waiting' }]);
    // The waiting order of the created event hides decisions, as the workbench does.
    expect((forOrder[0].event.data.object as IntegratorOrder).prescriptions[0].decision).toBe('undecided');

    // The sender records the answer just after the receiver gave it: the log says so a moment later.
    const delivered = await until(async () => {
      const log = (await client.call<WebhookDeliveryView[]>('GET', `/webhook-endpoints/${created.body.id}/deliveries`)).body;
      return log.find((d) => d.eventType === 'order.delivered' && d.status !== 'pending');
    });
    expect([delivered.status, delivered.attempts, delivered.lastStatus, delivered.nextAttemptAt]).toEqual(['delivered', 3, 200, null]);
    // Each try is in the audit log: the endpoint, the event and the patient whose data went out.
    const sends = await app.sql<{ actor_id: number; subject: string; patient_hetu: string; details: string }>(
      `SELECT actor_id, subject, patient_hetu, details FROM audit_log WHERE action = 'webhook-delivery.send' AND order_id = $1 ORDER BY id`,
      [order.orderId],
    );
    expect(sends.map((r) => [r.subject, r.patient_hetu, JSON.parse(r.details).eventType, JSON.parse(r.details).status])).toEqual([
      [`webhook_endpoint:${created.body.id}`, '121212-913Y', 'order.created', 200],
      [`webhook_endpoint:${created.body.id}`, '121212-913Y', 'order.processing', 200],
      [`webhook_endpoint:${created.body.id}`, '121212-913Y', 'order.delivered', 500],
      [`webhook_endpoint:${created.body.id}`, '121212-913Y', 'order.delivered', 500],
      [`webhook_endpoint:${created.body.id}`, '121212-913Y', 'order.delivered', 200],
    ]);
    expect(new Set(sends.map((r) => r.actor_id)).size).toBe(1);
    // Nothing more arrives after the success.
    const count = received.length;
    await new Promise((r) => setTimeout(r, 1_500));
    expect(received.length).toBe(count);
  });

  it('tells order.released when a doctor puts the order back in the queue (their own release, or another doctor’s Palauta)', async () => {
    const client = await IntegratorClient.signIn(app, await createApiClient(app, 'Keskusapteekki', 'Vapautusten kuuntelija'));
    const endpoint = await client.call<WebhookEndpointView>('POST', '/webhook-endpoints', { url: `${receiverOrigin}/released`, events: ['order.released'] });
    expect(endpoint.status).toBe(201);
    const [office] = await app.sql<{ id: number }>(`SELECT id FROM pharmacy_office WHERE name = 'Keskusapteekki Kauppatori'`);
    const product = (await app.sql<{ id: number }>(`SELECT id FROM product WHERE renewable AND available ORDER BY id LIMIT 1`))[0].id;
    const order = (
      await client.call<IntegratorOrder>('POST', '/orders', {
        officeId: office.id,
        patient: { hetu: '280264-051U', firstName: 'Pirjo', lastName: 'Potilas' },
        items: [{ productId: product }],
        deliveryOption: 'delivery-20-min',
      })
    ).body;
    // This order first in the queue.
    await app.sql(`UPDATE orders SET delivery_before_time = delivery_before_time + interval '1 day' WHERE id <> $1 AND delivery_status = 'waiting'`, [order.orderId]);
    const lauri = await loginAs(app, 'doctor2');
    const liisa = await loginAs(app, 'doctor');
    expect((await lauri.post<DoctorOrder>('/order/pick-first')).body.id).toBe(order.orderId);
    expect((await lauri.post('/order/release')).status).toBeLessThan(300);
    expect((await lauri.post<DoctorOrder>('/order/pick-first')).body.id).toBe(order.orderId);
    expect((await liisa.post(`/order/release-one/${order.orderId}`)).status).toBeLessThan(300);

    const releases = await until(() => {
      const mine = received.filter((r) => r.path === '/released');
      return mine.length >= 2 ? mine : undefined;
    });
    // Only the subscribed event, once per release, each a waiting order again, signed and versioned.
    expect(releases.map((r) => [r.event.type, r.event.api_version, (r.event.data.object as IntegratorOrder).orderId, (r.event.data.object as IntegratorOrder).deliveryStatus])).toEqual([
      ['order.released', INTEGRATOR_API_VERSION, order.orderId, 'waiting'],
      ['order.released', INTEGRATOR_API_VERSION, order.orderId, 'waiting'],
    ]);
    expect(releases.map((r) => (r.event.type === 'order.released' ? r.event.data.previous_attributes : null))).toEqual([{ deliveryStatus: 'processing' }, { deliveryStatus: 'processing' }]);
    expect(new Set(releases.map((r) => r.event.id)).size).toBe(2);
    expect(releases.every((r) => verify(r.body, r.signature!, endpoint.body.secret!))).toBe(true);
    expect((await client.call<IntegratorOrder>('GET', `/orders/${order.orderId}`)).body.deliveryStatus).toBe('waiting');
  });

  it('sends a test event on request, and sends a delivered event again (same id and body) when asked; only to the client’s own endpoint', async () => {
    const credentials = await createApiClient(app, 'Keskusapteekki', 'Testaaja');
    const client = await IntegratorClient.signIn(app, credentials);
    const endpoint = (await client.call<WebhookEndpointView>('POST', '/webhook-endpoints', { url: `${receiverOrigin}/probe`, events: ['order.created'] })).body;
    const queued = await client.call<WebhookDeliveryView>('POST', `/webhook-endpoints/${endpoint.id}/test`);
    expect([queued.status, queued.body.eventType, queued.body.status]).toEqual([202, 'webhook.test', 'pending']);
    const probe = await until(() => received.find((r) => r.path === '/probe'));
    expect(verify(probe.body, probe.signature!, endpoint.secret!)).toBe(true);
    expect(probe.event).toMatchObject({ id: queued.body.eventId, type: 'webhook.test', api_version: INTEGRATOR_API_VERSION, data: { object: { endpointId: endpoint.id } } });

    const delivered = await until(async () => (await client.call<WebhookDeliveryView[]>('GET', `/webhook-endpoints/${endpoint.id}/deliveries`)).body.find((d) => d.status === 'delivered'));
    const again = await client.call<WebhookDeliveryView>('POST', `/webhook-endpoints/${endpoint.id}/deliveries/${delivered.id}/redeliver`);
    expect([again.status, again.body.eventId, again.body.id === delivered.id]).toEqual([202, delivered.eventId, false]);
    const both = await until(() => {
      const got = received.filter((r) => r.path === '/probe');
      return got.length >= 2 ? got : undefined;
    });
    expect(both.map((r) => [r.event.id, r.body === probe.body])).toEqual([
      [queued.body.eventId, true],
      [queued.body.eventId, true],
    ]);

    const other = await IntegratorClient.signIn(app, await createApiClient(app, 'Keskusapteekki', 'Vieras'));
    expect((await other.call('POST', `/webhook-endpoints/${endpoint.id}/test`)).status).toBe(404);
    expect((await other.call('POST', `/webhook-endpoints/${endpoint.id}/deliveries/${delivered.id}/redeliver`)).status).toBe(404);
    const unknown = await client.call<ProblemDetails>('POST', `/webhook-endpoints/${endpoint.id}/deliveries/2147483647/redeliver`);
    expect([unknown.status, unknown.body.code, unknown.body.detailFi]).toEqual([404, 'webhook_delivery_not_found', 'Webhookin toimitusta ei löytynyt.']);
    const audit = await app.sql<{ action: string; details: string }>(`SELECT action, details FROM audit_log WHERE actor_id = $1 AND action LIKE 'webhook-delivery.%' AND action <> 'webhook-delivery.send' ORDER BY id`, [credentials.id]);
    expect(audit.map((a) => [a.action, JSON.parse(a.details).eventId])).toEqual([
      ['webhook-delivery.test', queued.body.eventId],
      ['webhook-delivery.redeliver', queued.body.eventId],
    ]);
  });

  it('refuses at once an endpoint in a private network (SSRF), sending nothing', async () => {
    const client = await IntegratorClient.signIn(app, await createApiClient(app, 'Keskusapteekki', 'Toinen'));
    for (const url of [...PRIVATE_URLS, 'http://example.com/hook', 'ftp://example.com/x']) {
      const res = await client.call<ProblemDetails>('POST', '/webhook-endpoints', { url, events: ['order.delivered'] });
      expect({ url, status: res.status }).toEqual({ url, status: 400 });
    }
    expect((await client.call<ProblemDetails>('POST', '/webhook-endpoints', { url: 'https://10.0.0.1/hook', events: ['order.delivered'] })).body.detailFi).toBe(
      'Webhookin osoite ei saa osoittaa yksityiseen tai paikalliseen verkkoon.',
    );
    expect((await client.call('POST', '/webhook-endpoints', { url: receiverUrl, events: ['order.shipped'] })).status).toBe(400);
    const [{ n }] = await app.sql<{ n: string }>(`SELECT count(*) AS n FROM webhook_endpoint e JOIN api_client c ON c.id = e.api_client_id WHERE c.name = 'Toinen'`);
    expect(n).toBe('0');
  });

  it("tells every subscribed endpoint of a published notice; another client's endpoints are not its to see", async () => {
    const kyla = await IntegratorClient.signIn(app, await createApiClient(app, 'Kylän apteekki', 'Kylän kassa'));
    const endpoint = (await kyla.call<WebhookEndpointView>('POST', '/webhook-endpoints', { url: receiverUrl, events: ['notice.published'] })).body;
    const doctor = await loginAs(app, 'doctor');
    expect((await doctor.post('/set-pharmacy-message', { header: 'Huoltokatko', additionalDetails: 'Sunnuntaina klo 2–4', status: 'published' })).status).toBeLessThan(300);
    const notice = await until(() => received.find((r) => r.event.type === 'notice.published'));
    expect(notice.event.data.object).toMatchObject({ header: 'Huoltokatko', status: 'published' });
    const other = await IntegratorClient.signIn(app, await createApiClient(app, 'Keskusapteekki', 'Kolmas'));
    expect((await other.call('GET', `/webhook-endpoints/${endpoint.id}/deliveries`)).status).toBe(404);
    expect((await other.call('DELETE', `/webhook-endpoints/${endpoint.id}`)).status).toBe(404);
    expect((await kyla.call('DELETE', `/webhook-endpoints/${endpoint.id}`)).status).toBe(204);
  });

  it('limits each client to API_RATE_LIMIT_PER_MINUTE calls (here 30): then 429 with Retry-After, other clients unaffected', async () => {
    const busy = await IntegratorClient.signIn(app, await createApiClient(app, 'Keskusapteekki', 'Kiireinen'));
    const answers = [];
    for (let i = 0; i < 32; i++) answers.push(await busy.call<ProblemDetails>('GET', '/webhook-endpoints'));
    expect(answers.slice(0, 30).every((r) => r.status === 200)).toBe(true);
    const limited = answers[31];
    expect([limited.status, limited.body.type, limited.body.title, limited.body.code, limited.body.detailFi]).toEqual([
      429,
      'urn:resepti:problem:rate-limited',
      'Too many requests',
      'rate_limited',
      'Liian monta pyyntöä. Yritä hetken kuluttua uudelleen.',
    ]);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const calm = await IntegratorClient.signIn(app, await createApiClient(app, 'Keskusapteekki', 'Rauhallinen'));
    expect((await calm.call('GET', '/webhook-endpoints')).status).toBe(200);
  });

  it('stops the deliveries of a revoked client or a deleted endpoint at once: cancelled and audited, never retried', async () => {
    const [office] = await app.sql<{ id: number }>(`SELECT id FROM pharmacy_office WHERE name = 'Keskusapteekki Kauppatori'`);
    const product = (await app.sql<{ id: number }>(`SELECT id FROM product WHERE renewable AND available ORDER BY id LIMIT 1`))[0].id;
    // Three systems of the pharmacy, each with an endpoint that answers 500 to everything.
    const systems = await Promise.all(
      ['peruttu', 'poistettu', 'käsin-peruttu'].map(async (name) => {
        const credentials = await createApiClient(app, 'Keskusapteekki', `Kassa ${name}`);
        const client = await IntegratorClient.signIn(app, credentials);
        const endpoint = (await client.call<WebhookEndpointView>('POST', '/webhook-endpoints', { url: `${receiverOrigin}/failing/${encodeURIComponent(name)}`, events: ['order.created'] })).body;
        return { name, credentials, client, endpoint, path: `/failing/${encodeURIComponent(name)}` };
      }),
    );
    const order = await systems[0].client.call('POST', '/orders', {
      officeId: office.id,
      patient: { hetu: '121212-913Y', firstName: 'Matti', lastName: 'Meikäläinen' },
      items: [{ productId: product }],
      deliveryOption: 'delivery-12-h',
    });
    expect(order.status).toBe(201);
    const tries = (path: string) => received.filter((r) => r.path === path).length;
    // Each endpoint has failed at least twice: the retries are running.
    await until(() => (systems.every((s) => tries(s.path) >= 2) ? true : undefined));

    // The pharmacy's admin revokes one system, another deletes its endpoint.
    const admin = await loginAs(app, 'pharmacyAdmin');
    expect((await admin.post(`/pharmacy-api-clients/${systems[0].credentials.id}/revoke`)).status).toBe(200);
    expect((await systems[1].client.call('DELETE', `/webhook-endpoints/${systems[1].endpoint.id}`)).status).toBe(204);
    // Revoked straight in the database (no cancelling): the sender's claim still skips it.
    await app.sql('UPDATE api_client SET revoked_at = now() WHERE id = $1', [systems[2].credentials.id]);
    // A try claimed before the revocation still goes out ("a POST already in flight completes"):
    // the counts start once no row of these endpoints is held by the sender.
    await until(async () => {
      const [{ n }] = await app.sql<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_delivery WHERE endpoint_id = ANY($1::int[]) AND claimed_by IS NOT NULL`, [systems.map((s) => s.endpoint.id)]);
      return n === 0 ? true : undefined;
    });
    const counts = systems.map((s) => tries(s.path));
    await new Promise((r) => setTimeout(r, 2_500)); // several retry intervals (0.3 s, doubling)
    expect(systems.map((s) => tries(s.path))).toEqual(counts);

    const rows = await app.sql<{ endpoint_id: number; status: string; last_error: string | null }>(
      'SELECT endpoint_id, status, last_error FROM webhook_delivery WHERE endpoint_id = ANY($1::int[]) ORDER BY array_position($1::int[], endpoint_id)',
      [systems.map((s) => s.endpoint.id)],
    );
    expect(rows).toEqual([
      { endpoint_id: systems[0].endpoint.id, status: 'cancelled', last_error: 'cancelled: client revoked' },
      { endpoint_id: systems[1].endpoint.id, status: 'cancelled', last_error: 'cancelled: endpoint deleted' },
      { endpoint_id: systems[2].endpoint.id, status: 'pending', last_error: 'HTTP 500' },
    ]);
    const log = (await systems[1].client.call<WebhookDeliveryView[]>('GET', `/webhook-endpoints/${systems[1].endpoint.id}/deliveries`)).body;
    expect([log[0].status, log[0].nextAttemptAt]).toEqual(['cancelled', null]);
    const audit = await app.sql<{ actor_role: string; subject: string; details: string }>(
      `SELECT actor_role, subject, details FROM audit_log WHERE action = 'webhook-delivery.cancel' ORDER BY id`,
    );
    expect(audit.map((a) => [a.actor_role, a.subject, JSON.parse(a.details)])).toEqual([
      ['pharmacy', `webhook_endpoint:${systems[0].endpoint.id}`, { deliveries: 1, reason: 'client revoked' }],
      ['integrator', `webhook_endpoint:${systems[1].endpoint.id}`, { deliveries: 1, reason: 'endpoint deleted' }],
    ]);
  });

  // Last in this file: it uses up this address's token requests for the minute.
  it('limits POST /api/oauth/token per client id (here 3) and per address (here 30): 429 problem+json with Retry-After, before the secret is checked', async () => {
    const credentials = await createApiClient(app, 'Keskusapteekki', 'Tokenien hakija');
    const pos = new IntegratorClient(app.baseUrl, credentials);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await pos.requestToken());
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    const limited = answers[3];
    expect([limited.headers.get('content-type')?.split(';')[0], limited.body]).toEqual([
      'application/problem+json',
      {
        type: 'urn:resepti:problem:rate-limited',
        title: 'Too many requests',
        status: 429,
        code: 'rate_limited',
        detail: 'Too many requests. Try again after Retry-After seconds.',
        detailFi: 'Liian monta pyyntöä. Yritä hetken kuluttua uudelleen.',
        detailSv: 'För många förfrågningar. Försök igen om en stund.',
        instance: '/api/oauth/token',
        requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    ]);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // The right secret does not get past the limit either; a wrong one is not even checked (no audit row).
    const failedBefore = (await app.sql<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'integrator.auth-failed'`))[0].n;
    expect((await pos.requestToken(true, 'rcs_arvaus')).status).toBe(429);
    expect((await app.sql<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'integrator.auth-failed'`))[0].n).toBe(failedBefore);

    // Guessing across client ids from one address meets the address's limit.
    let guessed = 0;
    let last: Awaited<ReturnType<IntegratorClient['requestToken']>> | undefined;
    while (guessed < 40) {
      last = await new IntegratorClient(app.baseUrl, { id: 0, clientId: `rc_arvaus_${guessed++}`, clientSecret: 'rcs_arvaus' }).requestToken();
      if (last.status === 429) break;
      expect(last.status).toBe(401);
    }
    expect([last!.status, Number(last!.headers.get('retry-after')) > 0]).toEqual([429, true]);
  });
});

describe('webhook retry timing', () => {
  it('doubles the wait per try and makes its second half random (equal jitter)', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 30))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect([withJitter(60_000, () => 0), withJitter(60_000, () => 0.5), withJitter(60_000, () => 0.999)]).toEqual([30_000, 45_000, 59_970]);
    const waits = Array.from({ length: 50 }, () => withJitter(60_000));
    expect(waits.every((w) => w >= 30_000 && w <= 60_000)).toBe(true);
    expect(new Set(waits).size).toBeGreaterThan(1);
  });
});

describe('webhook addresses (webhook-url.ts)', () => {
  it('refuses in production every form of a non-global address, and a name with any such address among its answers', async () => {
    for (const url of PRIVATE_URLS) expect({ url, problem: await webhookUrlProblem(url, true) }).toEqual({ url, problem: 'private' });
    const dns = (addresses: string[]) => async () => addresses;
    expect(await webhookUrlProblem('https://kassa.example/hook', true, dns(['93.184.216.34', '10.0.0.1']))).toBe('private');
    expect(await webhookUrlProblem('https://kassa.example/hook', true, dns(['2606:4700:4700::1111', '64:ff9b::a00:1']))).toBe('private');
    expect(await webhookUrlProblem('https://kassa.example/hook', true, dns(['93.184.216.34', '2606:4700:4700::1111']))).toBeNull();
    expect(await webhookUrlProblem('https://kassa.example/hook', true, dns([]))).toBe('unresolvable');
    expect(await webhookUrlProblem('http://kassa.example/hook', true, dns(['93.184.216.34']))).toBe('scheme');
    expect(await webhookUrlProblem('https://localhost/hook', true)).toBe('private');
  });

  it('connects to the address it checked: a name that answers otherwise the second time (DNS rebinding) still reaches the first', async () => {
    const port = (receiver.address() as AddressInfo).port;
    const asked: string[] = [];
    // A name no real DNS knows: only the check's resolver can answer it, first with loopback, then with a private address.
    const rebinding = async (host: string) => {
      asked.push(host);
      return asked.length === 1 ? ['127.0.0.1'] : ['10.0.0.1'];
    };
    const checked = await resolveWebhookTarget(`http://rebind.resepti.invalid:${port}/failing/rebind`, false, rebinding);
    if (!('target' in checked)) throw new Error(`refused: ${checked.problem}`);
    const before = received.length;
    const event = { id: 'evt_rebind', type: 'order.created', created: new Date().toISOString(), data: { object: {} } };
    expect(await postToWebhook(checked.target, { 'content-type': 'application/json' }, JSON.stringify(event), AbortSignal.timeout(5_000))).toBe(500);
    expect(received.slice(before).map((r) => [r.path, r.event.id])).toEqual([['/failing/rebind', 'evt_rebind']]);
    expect(asked).toEqual(['rebind.resepti.invalid']);
  });
});

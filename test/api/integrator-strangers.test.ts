/**
 * What a stranger to Resepti met with third-party tools (issue "Integrator API, third round"), each
 * a test that failed before its fix: an order without a patient is a 400 with a pointer (it was a
 * 500 that clients retry forever); a poller that read a partial page of orders gets a cursor after it
 * and sees each order once (it re-read the page on every poll); one Idempotency-Key makes one webhook endpoint however many
 * repeats race; unknown routes under /api answer problem+json; FHIR writes answer 405 OperationOutcome.
 */
import type { IntegratorOrder, IntegratorOrderPage, Product, ProblemDetails } from '@resepti/domain';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startApp, type TestApp } from '../support/app';
import { createApiClient, IntegratorClient } from '../support/integrator';

let app: TestApp;
let pos: IntegratorClient;
let officeId: number;
let kestine: Product;

beforeAll(async () => {
  app = await startApp({ env: { API_TOKEN_LIMIT_PER_CLIENT: '1000', API_TOKEN_LIMIT_PER_ADDRESS: '1000' } });
  pos = await IntegratorClient.signIn(app, await createApiClient(app, 'Keskusapteekki', 'Vieras järjestelmä'));
  [{ id: officeId }] = await app.sql<{ id: number }>(`SELECT id FROM pharmacy_office WHERE name = 'Keskusapteekki Kauppatori'`);
  kestine = (await pos.call<{ data: Product[] }>('GET', '/products?q=Kestine')).body.data[0];
}, 120_000);
afterAll(async () => {
  await app?.stop();
});

const newOrder = (overrides: Record<string, unknown> = {}) => ({
  officeId,
  patient: { hetu: '121212-913Y', firstName: 'Matti', lastName: 'Meikäläinen' },
  items: [{ productId: kestine.productId, reason: 'Loppumassa' }],
  deliveryOption: 'delivery-12-h',
  ...overrides,
});

describe('an order without a usable patient', () => {
  it.each([
    ['missing', undefined],
    ['null', null],
    ['a string', 'Matti'],
    ['an array', [{ hetu: '121212-913Y' }]],
  ])('patient %s → 400 validation-failed pointing at /patient, no order', async (_, patient) => {
    const ordersBefore = (await app.sql<{ n: number }>('SELECT count(*)::int AS n FROM orders'))[0].n;
    const body: Record<string, unknown> = newOrder({ patient });
    if (patient === undefined) delete body.patient;
    const res = await pos.call<ProblemDetails>('POST', '/orders', body);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(res.body.type).toBe('urn:resepti:problem:validation-failed');
    expect(res.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ pointer: '/patient', code: 'patient_missing' })]));
    expect((await app.sql<{ n: number }>('SELECT count(*)::int AS n FROM orders'))[0].n).toBe(ordersBefore);
  });
});

describe('every answer under /api is problem+json (FHIR: OperationOutcome)', () => {
  it.each(['/api/nothing', '/api/v2/orders', '/api/oauth/token/x', '/api/v1/orders/1/nothing'])('GET %s → 404 problem+json route-not-found', async (path) => {
    const res = await fetch(`${app.baseUrl}${path}`, { headers: { authorization: `Bearer ${pos.token}` } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(((await res.json()) as ProblemDetails).type).toBe('urn:resepti:problem:route-not-found');
  });

  it.each(['/api/fhir', '/api/fhir/', '/api/fhir/Nothing'])('GET %s → 404 OperationOutcome', async (path) => {
    const res = await fetch(`${app.baseUrl}${path}`, { headers: { authorization: `Bearer ${pos.token}` } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/fhir\+json/);
    expect(((await res.json()) as { resourceType: string }).resourceType).toBe('OperationOutcome');
  });

  it.each([
    ['POST', '/api/fhir/MedicationRequest'],
    ['PUT', '/api/fhir/MedicationRequest/1'],
    ['POST', '/api/fhir/MedicationRequest/_search'],
    ['DELETE', '/api/fhir/MedicationRequest/1'],
  ])('%s %s with a body → 405 OperationOutcome', async (method, path) => {
    const res = await fetch(`${app.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${pos.token}`, 'content-type': 'application/fhir+json' },
      body: method === 'DELETE' ? undefined : JSON.stringify({ resourceType: 'MedicationRequest' }),
    });
    expect(res.status).toBe(405);
    expect(res.headers.get('content-type')).toMatch(/^application\/fhir\+json/);
    const outcome = (await res.json()) as { resourceType: string; issue: Array<{ code: string }> };
    expect(outcome.resourceType).toBe('OperationOutcome');
    expect(outcome.issue[0].code).toBe('not-supported');
  });
});

describe('Idempotency-Key on every POST that creates or sends', () => {
  const endpoints = async () => (await app.sql<{ n: number }>('SELECT count(*)::int AS n FROM webhook_endpoint WHERE deleted_at IS NULL AND url = $1', ['http://127.0.0.1:9/idem']))[0].n;

  it('the same key sent 8 times at once makes one webhook endpoint, and every answer is the same endpoint and secret', async () => {
    const body = { url: 'http://127.0.0.1:9/idem', events: ['order.delivered'] };
    const answers = await Promise.all(Array.from({ length: 8 }, () => pos.call<{ id: number; secret: string }>('POST', '/webhook-endpoints', body, { 'Idempotency-Key': 'endpoint-1' })));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(new Set(answers.map((a) => a.body.secret)).size).toBe(1);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(7);
    expect(await endpoints()).toBe(1);
    // another body under the same key is a conflict, and changes nothing
    const other = await pos.call<ProblemDetails>('POST', '/webhook-endpoints', { ...body, events: ['order.created'] }, { 'Idempotency-Key': 'endpoint-1' });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('idempotency_conflict');
    expect(await endpoints()).toBe(1);
    // a new key is a new endpoint; a refused body claims no key (the same key then works)
    expect((await pos.call('POST', '/webhook-endpoints', { url: 'ftp://x' }, { 'Idempotency-Key': 'endpoint-2' })).status).toBe(400);
    expect((await pos.call('POST', '/webhook-endpoints', body, { 'Idempotency-Key': 'endpoint-2' })).status).toBe(201);
    expect(await endpoints()).toBe(2);
  });

  it('a test event and a rotation with one key happen once', async () => {
    const endpoint = (await pos.call<{ id: number }>('POST', '/webhook-endpoints', { url: 'http://127.0.0.1:9/once', events: ['order.delivered'] })).body;
    const tests = await Promise.all(Array.from({ length: 5 }, () => pos.call<{ id: number }>('POST', `/webhook-endpoints/${endpoint.id}/test`, undefined, { 'Idempotency-Key': 'test-1' })));
    expect(tests.map((t) => t.status)).toEqual(Array(5).fill(202));
    const [{ n }] = await app.sql<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_delivery WHERE endpoint_id = $1 AND event_type = 'webhook.test'`, [endpoint.id]);
    expect(n).toBe(1);
    const rotations = await Promise.all(Array.from({ length: 5 }, () => pos.call<{ secret: string }>('POST', `/webhook-endpoints/${endpoint.id}/rotate-secret`, { overlapHours: 1 }, { 'Idempotency-Key': 'rotate-1' })));
    expect(rotations.map((r) => r.status)).toEqual(Array(5).fill(200));
    expect(new Set(rotations.map((r) => r.body.secret)).size).toBe(1);
    const [{ secret }] = await app.sql<{ secret: string }>('SELECT secret FROM webhook_endpoint WHERE id = $1', [endpoint.id]);
    expect(secret).toBe(rotations[0].body.secret);
    // a redelivery with one key: one new delivery, the same answer to every twin
    const deliveries = async () => (await app.sql<{ n: number }>('SELECT count(*)::int AS n FROM webhook_delivery WHERE endpoint_id = $1', [endpoint.id]))[0].n;
    const before = await deliveries();
    const path = `/webhook-endpoints/${endpoint.id}/deliveries/${tests[0].body.id}/redeliver`;
    const redeliveries = await Promise.all(Array.from({ length: 5 }, () => pos.call<{ id: number }>('POST', path, undefined, { 'Idempotency-Key': 'redeliver-1' })));
    expect(redeliveries.map((r) => r.status)).toEqual(Array(5).fill(202));
    expect(new Set(redeliveries.map((r) => r.body.id)).size).toBe(1);
    expect(redeliveries.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(4);
    expect(await deliveries()).toBe(before + 1);
    // without a key each redelivery is its own
    expect((await pos.call('POST', path)).status).toBe(202);
    expect(await deliveries()).toBe(before + 2);
  });

  it('every POST of /api/v1 declares Idempotency-Key in the contract', () => {
    const document = JSON.parse(readFileSync(join(__dirname, '../../docs/openapi/integrator-v1.json'), 'utf8')) as { paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string }> }>> };
    const posts = Object.entries(document.paths).filter(([path, item]) => path.startsWith('/api/v1/') && item.post);
    expect(posts.length).toBeGreaterThanOrEqual(6);
    for (const [path, item] of posts) expect([path, item.post.parameters?.some((p) => p.in === 'header' && p.name === 'Idempotency-Key')]).toEqual([path, true]);
  });

  it('a key that is not 1–200 printable characters is 400', async () => {
    const res = await pos.call<ProblemDetails>('POST', '/webhook-endpoints', { url: 'http://127.0.0.1:9/x', events: ['order.delivered'] }, { 'Idempotency-Key': 'x'.repeat(201) });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('idempotency_key_invalid');
  });
});

describe('the order list as a poller reads it', () => {
  /** Reads to the end as docs/integrators.md step 8 says: follows nextCursor while hasMore, keeps the last one. */
  async function poll(cursor: string | null): Promise<{ orders: IntegratorOrder[]; cursor: string | null }> {
    const orders: IntegratorOrder[] = [];
    for (;;) {
      const page = (await pos.call<IntegratorOrderPage>('GET', `/orders?limit=50${cursor ? `&cursor=${cursor}` : ''}`)).body;
      orders.push(...page.data);
      cursor = page.nextCursor ?? cursor;
      if (!page.hasMore) return { orders, cursor };
    }
  }

  it('a partial page gives a cursor after it: the next poll sees only what changed since', async () => {
    for (let i = 0; i < 3; i++) expect((await pos.call('POST', '/orders', newOrder())).status).toBe(201);
    const first = await poll(null);
    expect(first.orders.length).toBeGreaterThan(0);
    expect(first.orders.length % 50).not.toBe(0); // the last page was partial
    expect(first.cursor).not.toBeNull();
    // nothing changed: nothing again (it was the whole last page on every poll)
    expect((await poll(first.cursor)).orders).toEqual([]);
    const placed = await pos.call<IntegratorOrder>('POST', '/orders', newOrder());
    expect(placed.status).toBe(201);
    const second = await poll(first.cursor);
    expect(second.orders.map((o) => o.orderId)).toEqual([placed.body.orderId]);
    expect((await poll(second.cursor)).orders).toEqual([]);
  });

  it('a full page says hasMore, and its cursor continues where it ended', async () => {
    const all = await poll(null);
    const page = (await pos.call<IntegratorOrderPage>('GET', '/orders?limit=1')).body;
    expect(page.hasMore).toBe(all.orders.length > 1);
    const rest = (await pos.call<IntegratorOrderPage>('GET', `/orders?limit=100&cursor=${page.nextCursor}`)).body;
    expect([...page.data, ...rest.data].map((o) => o.orderId)).toEqual(all.orders.map((o) => o.orderId));
  });
});

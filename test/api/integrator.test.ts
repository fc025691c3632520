/**
 * The integrator API over HTTP (issue "Integrator API"): client credentials (good, wrong, revoked,
 * expired), an order from a pharmacy system that a doctor then handles in the workbench, the same
 * Idempotency-Key twice, another pharmacy's client, cookies ignored, problem+json errors.
 */
import { INTEGRATOR_API_VERSION } from '@resepti/domain';
import type { DoctorOrder, IntegratorDeliveryOptionList, IntegratorEventPage, IntegratorWebhookEvent, IntegratorOfficeList, IntegratorOrder, IntegratorOrderPage, PatientAccessLog, Product, ProblemDetails } from '@resepti/domain';
import { userInfo } from 'node:os';
import { startApp, type TestApp } from '../support/app';
import { runAdmin } from '../support/cli';
import { loginAs } from '../support/http';
import { createApiClient, IntegratorClient, type IntegratorCredentials } from '../support/integrator';
import { APPROVAL } from '../support/prescribing';

let app: TestApp;
let keskus: IntegratorCredentials;
let pos: IntegratorClient;
let officeId: number;
let otherOfficeId: number;
let kestine: Product;

beforeAll(async () => {
  // Tokens live 3 s here, so this file asks for many: the token endpoint's limits are tested in integrator-webhooks.test.ts.
  app = await startApp({ env: { API_TOKEN_MINUTES: '0.05', API_TOKEN_LIMIT_PER_CLIENT: '1000', API_TOKEN_LIMIT_PER_ADDRESS: '1000' } });
  keskus = await createApiClient(app, 'Keskusapteekki', 'Kassajärjestelmä');
  pos = await IntegratorClient.signIn(app, keskus);
  [{ id: officeId }] = await app.sql<{ id: number }>(`SELECT id FROM pharmacy_office WHERE name = 'Keskusapteekki Kauppatori'`);
  [{ id: otherOfficeId }] = await app.sql<{ id: number }>(`SELECT id FROM pharmacy_office WHERE name = 'Kylän apteekki'`);
  kestine = (await pos.call<{ data: Product[] }>('GET', '/products?q=Kestine')).body.data[0];
  // A budget for a start, the admin CLI and a token on a shared, loaded machine; not a measurement.
}, 180_000);
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

/**
 * A client with a new token that renews it when refused: tokens live 3 s in this file
 * (API_TOKEN_MINUTES=0.05), less than a flow takes on a busy machine.
 */
async function fresh(client: IntegratorClient | IntegratorCredentials): Promise<IntegratorClient> {
  const renewing = await IntegratorClient.signIn(app, client instanceof IntegratorClient ? client.credentials : client);
  renewing.renewWhenRefused = true;
  return renewing;
}

describe('tokens', () => {
  it('issues a short-lived Bearer token for the right id and secret, by HTTP Basic or form fields', async () => {
    const basic = await pos.requestToken(true);
    expect(basic.status).toBe(200);
    expect(basic.body).toEqual({ access_token: expect.stringMatching(/^rat_/), token_type: 'Bearer', expires_in: 3 });
    expect(basic.headers.get('cache-control')).toBe('no-store');
    expect((await pos.requestToken(false)).status).toBe(200);
  });

  it('refuses a wrong secret with 401 invalid_client, and a wrong grant with 400', async () => {
    const wrong = await pos.requestToken(true, 'rcs_wrong');
    expect([wrong.status, wrong.body]).toEqual([401, { error: 'invalid_client', error_description: 'The client id or secret is wrong.' }]);
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Basic/);
    const grant = await fetch(`${app.baseUrl}/api/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=password' });
    expect([grant.status, ((await grant.json()) as { error: string }).error]).toEqual([400, 'unsupported_grant_type']);
  });

  it('rejects a missing, forged or expired token with problem+json 401', async () => {
    const none = await new IntegratorClient(app.baseUrl, keskus).call<ProblemDetails>('GET', '/products');
    expect(none.status).toBe(401);
    expect(none.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(none.body).toMatchObject({
      type: 'urn:resepti:problem:unauthorized',
      title: 'Authentication required',
      status: 401,
      code: 'token_missing',
      detail: 'The request has no Bearer token.',
      detailFi: 'Pyynnöstä puuttuu Bearer-tunniste.',
      instance: '/api/v1/products',
    });
    const forged = new IntegratorClient(app.baseUrl, keskus);
    forged.token = `${pos.token.slice(0, -4)}AAAA`;
    expect((await forged.call('GET', '/products')).status).toBe(401);

    const client = await IntegratorClient.signIn(app, pos.credentials);
    expect((await client.call('GET', '/products')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 3_200)); // the token lives 3 s here
    expect((await client.call<ProblemDetails>('GET', '/products')).body).toMatchObject({ code: 'token_invalid', detailFi: 'Tunniste on virheellinen, vanhentunut tai peruttu.' });
  });

  it('ends every token of a revoked client at once', async () => {
    const temp = await createApiClient(app, 'Keskusapteekki', 'Väliaikainen');
    const client = await IntegratorClient.signIn(app, temp);
    expect((await client.call('GET', '/products')).status).toBe(200);
    expect((await runAdmin(['revoke-api-client', temp.clientId], { DATABASE_URL: app.databaseUrl })).code).toBe(0);
    expect((await client.call('GET', '/products')).status).toBe(401);
    expect((await client.requestToken()).status).toBe(401);
  });

  it('ignores a browser session on /api/v1: a signed-in pharmacist without Bearer is 401', async () => {
    const pharmacist = await loginAs(app, 'pharmacyAdmin');
    const res = await fetch(`${app.baseUrl}/api/v1/products`, { headers: { cookie: pharmacist.cookieHeader } });
    expect(res.status).toBe(401);
  });
});

describe('orders', () => {
  it('creates an order that a doctor handles in the workbench; decisions show once delivered', async () => {
    const client = await fresh(pos);
    const created = await client.call<IntegratorOrder>('POST', '/orders', newOrder());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      deliveryStatus: 'waiting',
      officeId,
      patient: { hetu: '121212-913Y', firstName: 'Matti', lastName: 'Meikäläinen' },
      pharmacist: 'Kassajärjestelmä',
      priceCents: 200,
      prescriptions: [{ displayName: kestine.displayName, reason: 'Loppumassa', decision: 'undecided' }],
    });

    // The doctors' queue holds it like a pharmacy's own order.
    await app.sql(`UPDATE orders SET delivery_before_time = delivery_before_time + interval '1 day' WHERE id <> $1 AND delivery_status = 'waiting'`, [created.body.orderId]);
    const doctor = await loginAs(app, 'doctor');
    const picked = (await doctor.post<DoctorOrder>('/order/pick-first')).body;
    expect(picked.id).toBe(created.body.orderId);
    await doctor.post(`/order/process-item/${picked.prescriptions[0].id}`, APPROVAL);
    // A new token for each step: the doctor's login may take longer than this file's 3-s tokens on a loaded machine.
    const during = (await (await fresh(pos)).call<IntegratorOrder>('GET', `/orders/${created.body.orderId}`)).body;
    expect([during.deliveryStatus, during.prescriptions[0].decision]).toEqual(['processing', 'undecided']);
    await doctor.post('/order/mark-delivered');
    const after = (await (await fresh(pos)).call<IntegratorOrder>('GET', `/orders/${created.body.orderId}`)).body;
    expect([after.deliveryStatus, after.prescriptions[0].decision]).toEqual(['delivered', 'approved']);

    // The pharmacy system checks the item off, as the workbench's trash does.
    const checker = await fresh(pos);
    const checked = await checker.call<IntegratorOrder>('POST', `/orders/${created.body.orderId}/items/${after.prescriptions[0].id}/check`);
    expect([checked.status, checked.body.prescriptions[0].pharmacyChecked]).toEqual([200, true]);
    // Idempotent: a repeat answers the order, still checked, and checks nothing twice.
    const again = await checker.call<IntegratorOrder>('POST', `/orders/${created.body.orderId}/items/${after.prescriptions[0].id}/check`);
    expect([again.status, again.body.prescriptions[0].pharmacyChecked]).toEqual([200, true]);
    const [{ n: checks }] = await app.sql<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE order_id = $1 AND action LIKE '%check%' AND action <> 'integrator.request'`, [created.body.orderId]);
    expect(checks).toBe(1);
  });

  it('creates one order for the same Idempotency-Key twice (also at once, also with its keys reordered), replays the first answer marked Idempotent-Replayed, 409 for another body', async () => {
    const client = await fresh(pos);
    const count = async () => Number((await app.sql<{ n: string }>(`SELECT count(*) AS n FROM orders`))[0].n);
    const before = await count();
    const key = { 'Idempotency-Key': 'kassa-2026-11-24-0001' };
    const [a, b] = await Promise.all([client.call<IntegratorOrder>('POST', '/orders', newOrder(), key), client.call<IntegratorOrder>('POST', '/orders', newOrder(), key)]);
    const c = await client.call<IntegratorOrder>('POST', '/orders', newOrder(), key);
    expect([a.status, b.status, c.status]).toEqual([201, 201, 201]);
    expect(new Set([a.body.orderId, b.body.orderId, c.body.orderId]).size).toBe(1);
    expect([a, b].map((r) => r.headers.get('idempotent-replayed')).sort()).toEqual([null, 'true']);
    expect(c.headers.get('idempotent-replayed')).toBe('true');
    // The stored first answer, not the order's later state: the same body, to the letter.
    expect(c.body).toEqual([a, b].find((r) => r.headers.get('idempotent-replayed') === null)!.body);
    expect(await count()).toBe(before + 1);
    // The same body with its keys (also nested) in another order is the same request: a replay, not 409.
    const { patient, items, deliveryOption, officeId: office } = newOrder() as { patient: { hetu: string; firstName: string; lastName: string }; items: unknown; deliveryOption: string; officeId: number };
    const reordered = { deliveryOption, items, patient: { lastName: patient.lastName, hetu: patient.hetu, firstName: patient.firstName }, officeId: office };
    const replay = await client.call<IntegratorOrder>('POST', '/orders', reordered, key);
    expect([replay.status, replay.headers.get('idempotent-replayed'), replay.body.orderId]).toEqual([201, 'true', a.body.orderId]);
    const other = await client.call<ProblemDetails>('POST', '/orders', newOrder({ deliveryOption: 'delivery-20-min' }), key);
    expect([other.status, other.body.code, other.body.detailFi]).toEqual([409, 'idempotency_conflict', 'Idempotency-Key on jo käytetty toisenlaisella pyynnöllä.']);
    expect(await count()).toBe(before + 1);
  });

  it('places one order for six identical requests sent at once with one Idempotency-Key', async () => {
    const client = await fresh(pos);
    const count = async () => (await app.sql<{ n: number }>(`SELECT count(*)::int AS n FROM orders`))[0].n;
    const before = await count();
    const key = { 'Idempotency-Key': 'kassa-kilpa-0001' };
    const answers = await Promise.all(Array.from({ length: 6 }, () => client.call<IntegratorOrder>('POST', '/orders', newOrder(), key)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.orderId)).size).toBe(1);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === null)).toHaveLength(1);
    expect(await count()).toBe(before + 1);
  });

  it('forgets a key after 24 hours: the same key then places a new order, and every client’s expired keys are deleted', async () => {
    const client = await fresh(pos);
    const key = { 'Idempotency-Key': 'kassa-vanha-0001' };
    const first = await client.call<IntegratorOrder>('POST', '/orders', newOrder(), key);
    expect(first.status).toBe(201);
    const kyla = await createApiClient(app, 'Kylän apteekki', 'Kylän vanha kassa');
    await app.sql(`INSERT INTO api_idempotency_key (api_client_id, key, request_hash, status, body, created_at) VALUES ($1, 'kyla-vanha', 'x', 201, '{}', now() - interval '25 hours')`, [kyla.id]);
    await app.sql(`UPDATE api_idempotency_key SET created_at = now() - interval '24 hours 1 minute' WHERE key = $1`, [key['Idempotency-Key']]);
    const again = await client.call<IntegratorOrder>('POST', '/orders', newOrder(), key);
    expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([201, null]);
    expect(again.body.orderId).not.toBe(first.body.orderId);
    // The new order holds the key now; the other client's expired key is gone.
    const keys = await app.sql<{ key: string; order_id: number }>(`SELECT key, (body ->> 'orderId')::int AS order_id FROM api_idempotency_key WHERE key IN ('kassa-vanha-0001', 'kyla-vanha')`);
    expect(keys).toEqual([{ key: 'kassa-vanha-0001', order_id: again.body.orderId }]);
  });

  it('keeps the workbench rules: a bad hetu, a narcotic, another pharmacy’s office are 400 and nothing is created', async () => {
    const client = await fresh(pos);
    const [narcotic] = await app.sql<{ id: number }>(`SELECT id FROM product WHERE NOT renewable AND available LIMIT 1`);
    const before = (await app.sql<{ n: string }>(`SELECT count(*) AS n FROM orders`))[0].n;
    const cases: Array<[unknown, string]> = [
      [newOrder({ patient: { hetu: '121212-913X', firstName: 'Matti', lastName: 'M' } }), 'Tarkista henkilöturvatunnus'],
      [newOrder({ items: [{ productId: narcotic.id }] }), 'PKV'],
      [newOrder({ officeId: otherOfficeId }), 'Toimipaikkaa ei löytynyt'],
      [newOrder({ officeId: 99_999_999_999 }), 'Toimipaikkaa ei löytynyt'],
      [newOrder({ items: [{ productId: 1e20 }] }), 'Hakemaasi lääkettä ei löydy'],
      [newOrder({ items: [] }), 'Tilauksessa on oltava 1–10 lääkettä.'],
      [newOrder({ deliveryOption: 'huomenna' }), 'Valitse käsittelyaika'],
    ];
    for (const [body, text] of cases) {
      const res = await client.call<ProblemDetails>('POST', '/orders', body);
      expect([res.status, res.headers.get('content-type')?.split(';')[0]]).toEqual([400, 'application/problem+json']);
      expect(res.body.detailFi).toContain(text);
    }
    expect((await app.sql<{ n: string }>(`SELECT count(*) AS n FROM orders`))[0].n).toBe(before);
  });

  it("gives another pharmacy's client 404 for the order and leaves it out of the list", async () => {
    const mine = (await (await fresh(pos)).call<IntegratorOrder>('POST', '/orders', newOrder())).body;
    const kyla = await fresh(await createApiClient(app, 'Kylän apteekki', 'Kylän kassa'));
    expect((await kyla.call('GET', `/orders/${mine.orderId}`)).status).toBe(404);
    expect((await kyla.call('POST', `/orders/${mine.orderId}/items/${mine.prescriptions[0].id}/check`)).status).toBe(404);
    expect((await kyla.call<IntegratorOrderPage>('GET', '/orders')).body.data.some((o) => o.orderId === mine.orderId)).toBe(false);
    // A client limited to the other office of the same pharmacy does not see it either.
    const asema = await fresh(await createApiClient(app, 'Keskusapteekki', 'Aseman kassa', ['Keskusapteekki Asema']));
    expect((await asema.call('GET', `/orders/${mine.orderId}`)).status).toBe(404);
  });

  it('lists by last change with a stable cursor and filters by status and updatedSince', async () => {
    const client = await fresh(pos);
    const seen: number[] = [];
    let cursor: string | null = null;
    let more = true;
    while (more) {
      const page: IntegratorOrderPage = (await client.call<IntegratorOrderPage>('GET', `/orders?limit=2${cursor ? `&cursor=${cursor}` : ''}`)).body;
      seen.push(...page.data.map((o) => o.orderId));
      cursor = page.nextCursor ?? cursor;
      more = page.hasMore;
    }
    const [{ n }] = await app.sql<{ n: string }>(`SELECT count(*) AS n FROM orders WHERE pharmacy_id = (SELECT pharmacy_id FROM api_client WHERE client_id = $1)`, [keskus.clientId]);
    expect(seen).toHaveLength(Number(n));
    expect(new Set(seen).size).toBe(seen.length);
    const delivered = (await client.call<IntegratorOrderPage>('GET', '/orders?status=delivered')).body.data;
    expect(delivered.every((o) => o.deliveryStatus === 'delivered')).toBe(true);
    const future = (await client.call<IntegratorOrderPage>('GET', `/orders?updatedSince=${new Date(Date.now() + 60_000).toISOString()}`)).body;
    expect(future).toEqual({ data: [], nextCursor: null, hasMore: false });
    expect((await client.call('GET', '/orders?cursor=bm9wZQ')).status).toBe(400);
    expect((await client.call('GET', '/orders?status=lost')).status).toBe(400);
  });

  it('answers 400 (problem+json), never 500, to a cursor or updatedSince out of range, and marks patient data no-store', async () => {
    const client = await fresh(pos);
    const cursor = (text: string) => Buffer.from(text).toString('base64url');
    for (const query of [
      `cursor=${cursor('2026-01-01T00:00:00.000Z|9999999999')}`,
      `cursor=${cursor('2026-01-01T00:00:00.000Z|2147483648')}`,
      `cursor=${cursor('-271821-04-20T00:00:00.000Z|1')}`,
      `cursor=${cursor('+275760-09-13T00:00:00.000Z|1')}`,
      `cursor=${cursor('0000-01-01T00:00:00.000Z|1')}`,
      'updatedSince=0000-01-01',
      'updatedSince=-271821-04-20T00:00:00Z',
    ]) {
      const res = await client.call<ProblemDetails>('GET', `/orders?${query}`);
      expect({ query, status: res.status, type: res.headers.get('content-type')?.split(';')[0] }).toEqual({ query, status: 400, type: 'application/problem+json' });
    }
    const order = await client.call<IntegratorOrderPage>('GET', '/orders?limit=1');
    expect([order.status, order.headers.get('cache-control')]).toEqual([200, 'no-store']);
    const one = await client.call('GET', `/orders/${order.body.data[0].orderId}`);
    expect(one.headers.get('cache-control')).toBe('no-store');
    expect((await new IntegratorClient(app.baseUrl, keskus).call('GET', '/orders')).headers.get('cache-control')).toBe('no-store');
  });
});

describe('discovery', () => {
  it("lists the client's offices (only its own pharmacy's, only the ones it may act for)", async () => {
    const all = await (await fresh(pos)).call<IntegratorOfficeList>('GET', '/offices');
    expect([all.status, all.headers.get('cache-control')]).toEqual([200, 'no-store']);
    expect(all.body.data.map((o) => [o.name, o.level, o.pharmacyName])).toEqual([
      ['Keskusapteekki Asema', 'Sivuapteekki', 'Keskusapteekki'],
      ['Keskusapteekki Kauppatori', 'Apteekki', 'Keskusapteekki'],
    ]);
    expect(all.body.data.find((o) => o.name === 'Keskusapteekki Kauppatori')!.officeId).toBe(officeId);
    const asema = await fresh(await createApiClient(app, 'Keskusapteekki', 'Aseman toimipaikat', ['Keskusapteekki Asema']));
    expect((await asema.call<IntegratorOfficeList>('GET', '/offices')).body.data.map((o) => o.name)).toEqual(['Keskusapteekki Asema']);
    const kyla = await fresh(await createApiClient(app, 'Kylän apteekki', 'Kylän toimipaikat'));
    expect((await kyla.call<IntegratorOfficeList>('GET', '/offices')).body.data.map((o) => [o.officeId, o.name])).toEqual([[otherOfficeId, 'Kylän apteekki']]);
  });

  it('tells the prices: an order costs its handling option’s first-item price plus the next-item price per further medicine', async () => {
    const client = await fresh(pos);
    const options = (await client.call<IntegratorDeliveryOptionList>('GET', '/delivery-options')).body.data;
    expect(options.map((o) => [o.id, o.label, o.firstItemCents, o.nextItemCents])).toEqual([
      ['delivery-12-h', 'Seuraavana arkiaamuna', 200, 200],
      ['delivery-20-min', 'Pikakäsittely 15 min', 1490, 490],
    ]);
    const [second] = await app.sql<{ id: number }>(`SELECT id FROM product WHERE renewable AND available AND id <> $1 ORDER BY id LIMIT 1`, [kestine.productId]);
    const order = await client.call<IntegratorOrder>('POST', '/orders', newOrder({ deliveryOption: 'delivery-20-min', items: [{ productId: kestine.productId }, { productId: second.id }] }));
    const express = options.find((o) => o.id === 'delivery-20-min')!;
    expect(order.body.priceCents).toBe(express.firstItemCents + express.nextItemCents);
  });
});

describe('events', () => {
  it('lists the client’s events of the last 30 days without any endpoint, paged by after, never another pharmacy’s', async () => {
    const client = await fresh(pos);
    const order = (await client.call<IntegratorOrder>('POST', '/orders', newOrder())).body;
    const kylan = await fresh(await createApiClient(app, 'Kylän apteekki', 'Kylän tapahtumat'));
    const theirs = (await kylan.call<IntegratorOrder>('POST', '/orders', newOrder({ officeId: otherOfficeId }))).body;
    const seen: IntegratorWebhookEvent[] = [];
    let after: string | undefined;
    for (;;) {
      const page: IntegratorEventPage = (await client.call<IntegratorEventPage>('GET', `/events?limit=3${after ? `&after=${after}` : ''}`)).body;
      seen.push(...page.data);
      if (!page.hasMore) break;
      after = page.data[page.data.length - 1].id;
    }
    const mine = seen.filter((e) => (e.data.object as IntegratorOrder).orderId === order.orderId);
    expect(mine.map((e) => [e.type, e.api_version])).toEqual([['order.created', INTEGRATOR_API_VERSION]]);
    expect(seen.some((e) => (e.data.object as IntegratorOrder).orderId === theirs.orderId)).toBe(false);
    expect(new Set(seen.map((e) => e.id)).size).toBe(seen.length);
    // An event older than 30 days is no longer listed, and an unknown (or another pharmacy's) id is 400.
    await app.sql(`UPDATE api_event SET created_at = now() - interval '31 days' WHERE event_id = $1`, [mine[0].id]);
    const later = (await client.call<IntegratorEventPage>('GET', '/events?limit=100')).body.data;
    expect(later.some((e) => e.id === mine[0].id)).toBe(false);
    const theirEvent = (await kylan.call<IntegratorEventPage>('GET', '/events?limit=100')).body.data.find((e) => (e.data.object as IntegratorOrder).orderId === theirs.orderId)!;
    for (const id of ['evt_tuntematon', theirEvent.id, mine[0].id]) {
      const res = await client.call<ProblemDetails>('GET', `/events?after=${id}`);
      expect({ id, status: res.status, code: res.body.code }).toEqual({ id, status: 400, code: 'event_after_invalid' });
    }
    // Reading events is reading the orders in them: audited per order.
    const [{ n }] = await app.sql<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'integrator.order.read' AND actor_id = $1 AND $2 = ANY(order_ids)`, [keskus.id, order.orderId]);
    expect(n).toBeGreaterThanOrEqual(1);
  });
});

describe('limits and audit', () => {
  it('audits every call with the client as the actor', async () => {
    const client = await fresh(pos);
    await client.call('GET', '/orders?limit=1');
    await client.call('GET', '/orders/999999');
    const rows = await app.sql<{ actor_role: string; subject: string; details: string }>(
      `SELECT actor_role, subject, details FROM audit_log WHERE action = 'integrator.request' AND actor_id = $1 ORDER BY id DESC LIMIT 3`,
      [keskus.id],
    );
    expect(rows.map((r) => [r.actor_role, r.subject, (JSON.parse(r.details) as { status?: number }).status])).toEqual([
      ['integrator', 'GET /api/v1/orders/:id', 404],
      ['integrator', 'GET /api/v1/orders', 200],
      ['integrator', 'POST /api/oauth/token', undefined],
    ]);
  });

  it("names the order and the patient of each read and write, in that patient's access log", async () => {
    const client = await fresh(pos);
    const hetu = '280264-051U';
    const created = (await client.call<IntegratorOrder>('POST', '/orders', newOrder({ patient: { hetu, firstName: 'Pirjo', lastName: 'Potilas' } }))).body;
    expect((await client.call('GET', `/orders/${created.orderId}`)).status).toBe(200);
    const page = (await client.call<IntegratorOrderPage>('GET', `/orders?updatedSince=${encodeURIComponent(created.updatedAt)}`)).body;
    expect(page.data.map((o) => o.orderId)).toContain(created.orderId);

    // The page is one row listing its orders and their patients (order_ids, patient_hetus).
    const rows = await app.sql<{ action: string; subject: string | null; order_id: number | null; details: string | null }>(
      `SELECT action, subject, coalesce(order_id, order_ids[array_position(patient_hetus, $1)]) AS order_id, details FROM audit_log
        WHERE (patient_hetu = $1 OR patient_hetus @> ARRAY[$1]) AND actor_role = 'integrator' AND actor_id = $2 ORDER BY id`,
      [hetu, keskus.id],
    );
    expect(rows.map((r) => [r.action, r.subject, r.order_id])).toEqual([
      ['integrator.order.create', null, created.orderId],
      ['integrator.request', 'POST /api/v1/orders', created.orderId],
      ['integrator.request', 'GET /api/v1/orders/:id', created.orderId],
      ['integrator.order.read', null, created.orderId],
    ]);
    expect(JSON.parse(rows[2].details!)).toMatchObject({ status: 200, params: { id: String(created.orderId) } });

    // The patient's access log names the system and its pharmacy, for a doctor and the pharmacy's admin.
    const doctor = await loginAs(app, 'doctor');
    const log = (await doctor.post<PatientAccessLog>('/patient-access-log', { hetu })).body.entries;
    expect(log.map((e) => `${e.actorName}: ${e.action} ${e.orderId}`)).toEqual(
      expect.arrayContaining([`Kassajärjestelmä (Keskusapteekki): integrator.request ${created.orderId}`, `Kassajärjestelmä (Keskusapteekki): integrator.order.read ${created.orderId}`]),
    );
    const admin = await loginAs(app, 'pharmacyAdmin');
    expect((await admin.post<PatientAccessLog>('/patient-access-log', { hetu })).body.entries.some((e) => e.actorRole === 'integrator')).toBe(true);
  });

  it('audits failed authentications, at most one row per client id and address a minute', async () => {
    const unknown = new IntegratorClient(app.baseUrl, { id: 0, clientId: 'rc_tuntematon', clientSecret: 'rcs_arvaus' });
    for (let i = 0; i < 5; i++) expect((await unknown.requestToken()).status).toBe(401);
    const revoked = await IntegratorClient.signIn(app, await createApiClient(app, 'Keskusapteekki', 'Peruttu kassa'));
    await app.sql('UPDATE api_client SET revoked_at = now() WHERE id = $1', [revoked.credentials.id]);
    for (let i = 0; i < 5; i++) expect((await revoked.call('GET', '/products')).status).toBe(401);

    const rows = await app.sql<{ actor_id: number | null; subject: string; client_address: string; details: string }>(
      `SELECT actor_id, subject, client_address, details FROM audit_log
        WHERE action = 'integrator.auth-failed' AND (details::jsonb ->> 'clientId') IN ($1, $2) ORDER BY id`,
      ['rc_tuntematon', revoked.credentials.clientId],
    );
    expect(rows.map((r) => [r.actor_id, r.subject, JSON.parse(r.details)])).toEqual([
      [null, 'POST /api/oauth/token', { kind: 'client-credentials', clientId: 'rc_tuntematon', reason: 'invalid client id or secret' }],
      [revoked.credentials.id, 'GET /api/v1/products', { kind: 'bearer-token', clientId: revoked.credentials.clientId, reason: 'client revoked' }],
    ]);
    expect(rows.every((r) => /127\.0\.0\.1$/.test(r.client_address))).toBe(true);
    // A forged token is logged too (as one row a minute with the other forged ones of this address).
    const [{ n }] = await app.sql<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'integrator.auth-failed' AND details::jsonb ->> 'reason' = 'invalid or expired token'`);
    expect(n).toBeGreaterThanOrEqual(1);
  });

  it("audits the CLI's create-api-client and revoke-api-client with the operator's OS user", async () => {
    const temp = await createApiClient(app, 'Keskusapteekki', 'Operaattorin testi');
    expect((await runAdmin(['revoke-api-client', String(temp.id)], { DATABASE_URL: app.databaseUrl })).code).toBe(0);
    const rows = await app.sql<{ actor_role: string; actor_id: number | null; action: string; details: string }>(
      `SELECT actor_role, actor_id, action, details FROM audit_log WHERE subject = $1 ORDER BY id`,
      [`api-client:${temp.clientId}`],
    );
    expect(rows.map((r) => [r.actor_role, r.actor_id, r.action, JSON.parse(r.details).osUser])).toEqual([
      ['operator', null, 'api-client.create', userInfo().username],
      ['operator', null, 'api-client.revoke', userInfo().username],
    ]);
  });
});

/**
 * One list shape (issue 42): products and events page like orders, by `cursor` with `hasMore` and
 * a `nextCursor` that is given on a partial page too and only moves forward; a poller that reads
 * to the end and polls again sees only what is new. The old forms (`offset`, `after`) still work,
 * answered with Deprecation, Sunset and Link.
 */
import type { IntegratorEventPage, Product, ProductPage } from '@resepti/domain';
import { startApp, type TestApp } from '../support/app';
import { createApiClient, IntegratorClient } from '../support/integrator';

let app: TestApp;
let pos: IntegratorClient;
let officeId: number;
let kestine: Product;

beforeAll(async () => {
  app = await startApp({ env: { API_RATE_LIMIT_PER_MINUTE: '10000', API_TOKEN_LIMIT_PER_CLIENT: '1000', API_TOKEN_LIMIT_PER_ADDRESS: '1000' } });
  pos = await IntegratorClient.signIn(app, await createApiClient(app, 'Keskusapteekki', 'Listat'));
  [{ id: officeId }] = await app.sql<{ id: number }>(`SELECT id FROM pharmacy_office WHERE name = 'Keskusapteekki Kauppatori'`);
  kestine = (await pos.call<{ data: Product[] }>('GET', '/products?q=Kestine')).body.data[0];
}, 120_000);
afterAll(async () => {
  await app?.stop();
});

const placeOrder = async () => {
  const res = await pos.call<{ orderId: number }>('POST', '/orders', {
    officeId,
    patient: { hetu: '121212-913Y', firstName: 'Matti', lastName: 'Meikäläinen' },
    items: [{ productId: kestine.productId }],
    deliveryOption: 'delivery-12-h',
  });
  expect(res.status).toBe(201);
  return res.body.orderId;
};

/** Reads a list to its end by `nextCursor` while `hasMore`, keeping the last cursor (as docs/integrators.md says). */
async function readToEnd<T>(path: string, cursor: string | null): Promise<{ items: T[]; cursor: string | null; pages: number }> {
  const items: T[] = [];
  for (let pages = 1; ; pages++) {
    const res = await pos.call<{ data: T[]; nextCursor: string | null; hasMore: boolean }>('GET', `${path}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('deprecation')).toBeNull();
    items.push(...res.body.data);
    if (res.body.data.length > 0) expect(res.body.nextCursor).not.toBeNull();
    cursor = res.body.nextCursor ?? cursor;
    if (!res.body.hasMore) return { items, cursor, pages };
  }
}

const expectDeprecated = (headers: Headers) => {
  expect(headers.get('deprecation')).toMatch(/^@\d+$/);
  expect(headers.get('sunset')).toBe('Tue, 01 Jun 2027 00:00:00 GMT');
  expect(headers.get('link')).toContain('rel="deprecation"');
};

describe('products', () => {
  it('page by cursor: every product once, in the order of one long page; a partial last page has a cursor too', async () => {
    const all = (await pos.call<ProductPage>('GET', '/products?limit=200')).body;
    expect(all.hasMore).toBe(false);
    const paged = await readToEnd<Product>('/products?limit=7', null);
    expect(paged.items.map((p) => p.productId)).toEqual(all.data.map((p) => p.productId));
    expect(paged.pages).toBe(Math.ceil(all.count / 7));
    // the cursor after the end moves on to nothing: read again from it, nothing comes twice
    expect((await readToEnd<Product>('/products?limit=7', paged.cursor)).items).toEqual([]);
  });

  it('offset still works, answered as deprecated; a cursor the API did not write is 400 cursor_invalid', async () => {
    const old = await pos.call<ProductPage>('GET', '/products?limit=3&offset=3');
    expect(old.status).toBe(200);
    expectDeprecated(old.headers);
    const second = await pos.call<ProductPage>('GET', `/products?limit=3&cursor=${(await pos.call<ProductPage>('GET', '/products?limit=3')).body.nextCursor}`);
    expect(second.body.data).toEqual(old.body.data);
    const bad = await pos.call<{ code: string; errors: Array<{ parameter: string }> }>('GET', '/products?cursor=eHl6');
    expect([bad.status, bad.body.code, bad.body.errors[0].parameter]).toEqual([400, 'cursor_invalid', 'cursor']);
  });
});

describe('events', () => {
  it('a poller that read to the end sees, on its next poll, only the events that came since', async () => {
    await placeOrder();
    const first = await readToEnd<IntegratorEventPage['data'][number]>('/events?limit=2', null);
    expect(first.items.length).toBeGreaterThan(0);
    expect(first.cursor).not.toBeNull();
    expect((await readToEnd('/events?limit=2', first.cursor)).items).toEqual([]);
    const orderId = await placeOrder();
    const second = await readToEnd<IntegratorEventPage['data'][number]>('/events?limit=2', first.cursor);
    expect(second.items.map((e) => [e.type, (e.data.object as { orderId?: number }).orderId])).toEqual([['order.created', orderId]]);
    expect(first.items.map((e) => e.id)).not.toContain(second.items[0].id);
  });

  it('after still works like cursor, answered as deprecated', async () => {
    const firstPage = (await pos.call<IntegratorEventPage>('GET', '/events?limit=1')).body;
    const byAfter = await pos.call<IntegratorEventPage>('GET', `/events?limit=5&after=${firstPage.data[0].id}`);
    expectDeprecated(byAfter.headers);
    const byCursor = await pos.call<IntegratorEventPage>('GET', `/events?limit=5&cursor=${firstPage.nextCursor}`);
    expect(byCursor.headers.get('deprecation')).toBeNull();
    expect(byCursor.body.data).toEqual(byAfter.body.data);
  });
});

describe('webhook endpoints and deliveries by dated version (Resepti-Version)', () => {
  const V2 = { 'Resepti-Version': '2026-12-01' };
  type Page<T> = { data: T[]; nextCursor: string | null; hasMore: boolean };
  let endpointIds: number[];

  beforeAll(async () => {
    endpointIds = [];
    for (const n of [1, 2, 3]) {
      const res = await pos.call<{ id: number }>('POST', '/webhook-endpoints', { url: `http://127.0.0.1:9/hook-${n}`, events: ['order.created'] });
      expect(res.status).toBe(201);
      endpointIds.push(res.body.id);
    }
  });

  it('with 2026-12-01 the endpoints are a page by limit and cursor, the version echoed; without the header the bare array, deprecated', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 10; pages++) {
      const res: { status: number; body: Page<{ id: number; secret?: string }>; headers: Headers } = await pos.call('GET', `/webhook-endpoints?limit=2${cursor ? `&cursor=${cursor}` : ''}`, undefined, V2);
      expect(res.status).toBe(200);
      expect(res.headers.get('resepti-version')).toBe('2026-12-01');
      expect(res.headers.get('deprecation')).toBeNull();
      expect(res.body.data.every((e) => e.secret === undefined)).toBe(true);
      seen.push(...res.body.data.map((e) => e.id));
      cursor = res.body.nextCursor ?? cursor;
      if (!res.body.hasMore) break;
    }
    expect(seen).toEqual(endpointIds);

    for (const headers of [{}, { 'Resepti-Version': '2026-11-24' }] as Array<Record<string, string>>) {
      const old = await pos.call<Array<{ id: number }>>('GET', '/webhook-endpoints', undefined, headers);
      expect(old.status).toBe(200);
      expect(old.body.map((e) => e.id)).toEqual(endpointIds);
      expect(old.headers.get('resepti-version')).toBe('2026-11-24');
      expectDeprecated(old.headers);
    }
  });

  it('an unknown Resepti-Version is 400 api_version_unknown (fi/sv/en) at the header; a cursor of another list is 400 cursor_invalid', async () => {
    for (const version of ['2026-12-02', '1.6.0', 'latest']) {
      const res = await pos.call<{ code: string; detail: string; detailFi: string; detailSv: string; errors: Array<{ parameter: string; code: string }> }>('GET', '/webhook-endpoints', undefined, { 'Resepti-Version': version });
      expect([res.status, res.body.code, res.body.errors[0]]).toEqual([400, 'api_version_unknown', expect.objectContaining({ parameter: 'Resepti-Version', code: 'api_version_unknown' })]);
      expect(res.body.detail).toContain('2026-12-01');
      expect(res.body.detailFi).toContain('2026-12-01');
      expect(res.body.detailSv).toContain('2026-12-01');
    }
    const productCursor = (await pos.call<ProductPage>('GET', '/products?limit=1')).body.nextCursor!;
    const bad = await pos.call<{ code: string }>('GET', `/webhook-endpoints/${endpointIds[0]}/deliveries?cursor=${productCursor}`, undefined, V2);
    expect([bad.status, bad.body.code]).toEqual([400, 'cursor_invalid']);
  });

  it('deliveries: the whole log (more than 100), newest first; a delivery queued while paging comes before the pages read, never twice', async () => {
    const endpointId = endpointIds[0];
    // 105 deliveries: the bare array of the first version stops at 100, the pages do not.
    const [{ id: eventRow }] = await app.sql<{ id: number }>(
      `INSERT INTO webhook_delivery (endpoint_id, event_id, event_type, order_id, payload, status)
       SELECT $1, 'evt_list' || n, 'webhook.test', NULL, '{}'::jsonb, 'cancelled' FROM generate_series(1, 105) n RETURNING id`,
      [endpointId],
    );
    expect(eventRow).toBeGreaterThan(0);
    const old = await pos.call<unknown[]>('GET', `/webhook-endpoints/${endpointId}/deliveries`);
    expect(old.body).toHaveLength(100);
    expectDeprecated(old.headers);

    const seen: number[] = [];
    let cursor: string | null = null;
    let queuedMeanwhile: number | null = null;
    for (let pages = 0; pages < 50; pages++) {
      const res: { status: number; body: Page<{ id: number }>; headers: Headers } = await pos.call('GET', `/webhook-endpoints/${endpointId}/deliveries?limit=20${cursor ? `&cursor=${cursor}` : ''}`, undefined, V2);
      expect(res.status).toBe(200);
      expect(res.headers.get('resepti-version')).toBe('2026-12-01');
      seen.push(...res.body.data.map((d) => d.id));
      if (pages === 1) queuedMeanwhile = (await pos.call<{ id: number }>('POST', `/webhook-endpoints/${endpointId}/test`)).body.id;
      cursor = res.body.nextCursor ?? cursor;
      if (!res.body.hasMore) break;
    }
    const [{ count }] = await app.sql<{ count: string }>(`SELECT count(*) FROM webhook_delivery WHERE endpoint_id = $1 AND id <> $2`, [endpointId, queuedMeanwhile]);
    expect(seen).toHaveLength(Number(count));
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    expect(seen).not.toContain(queuedMeanwhile);
    const head = await pos.call<Page<{ id: number }>>('GET', `/webhook-endpoints/${endpointId}/deliveries?limit=1`, undefined, V2);
    expect(head.body.data[0].id).toBe(queuedMeanwhile);
  });
});

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

/**
 * The integrators' change feeds never skip (issue 26): two transactions that commit in the other
 * order than they started (the later-started one first) while a client pages the order list and
 * the events list: the client sees both. A transaction of another database does not hold the
 * feeds back; a cursor of the first version keeps working.
 */
import type { IntegratorEventPage, IntegratorOrder, IntegratorOrderPage, IntegratorWebhookEvent, Product } from '@resepti/domain';
import { Client } from 'pg';
import { startApp, type TestApp } from '../support/app';
import { createApiClient, IntegratorClient } from '../support/integrator';

let app: TestApp;
let client: IntegratorClient;
let officeId: number;
let product: Product;

beforeAll(async () => {
  app = await startApp();
  client = await IntegratorClient.signIn(app, await createApiClient(app, 'Keskusapteekki', 'Kassajärjestelmä'));
  client.renewWhenRefused = true;
  [{ id: officeId }] = await app.sql<{ id: number }>(`SELECT id FROM pharmacy_office WHERE name = 'Keskusapteekki Kauppatori'`);
  product = (await client.call<{ data: Product[] }>('GET', '/products?q=Kestine')).body.data[0];
  // A budget for a start, the admin CLI and a token on a shared, loaded machine; not a measurement.
}, 180_000);
afterAll(async () => {
  await app?.stop();
});

const placeOrder = async (hetu = '121212-913Y') =>
  (
    await client.call<IntegratorOrder>('POST', '/orders', {
      officeId,
      patient: { hetu, firstName: 'Matti', lastName: 'Meikäläinen' },
      items: [{ productId: product.productId }],
      deliveryOption: 'delivery-12-h',
    })
  ).body;

/** A connection of its own, for a transaction the test holds open. */
async function connection(url = app.databaseUrl): Promise<Client> {
  const c = new Client({ connectionString: url });
  await c.connect();
  return c;
}

/** Pages the order list from `cursor` to its end, as an integrator does: keeps the last cursor it got. */
async function followOrders(cursor: string | null): Promise<{ orders: IntegratorOrder[]; cursor: string | null }> {
  const orders: IntegratorOrder[] = [];
  for (;;) {
    const page = await client.call<IntegratorOrderPage>('GET', `/orders?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
    expect(page.status).toBe(200);
    orders.push(...page.body.data);
    if (!page.body.nextCursor) return { orders, cursor };
    cursor = page.body.nextCursor;
  }
}

/** Pages the events list after `after` to its end; keeps the last event id. */
async function followEvents(after: string | undefined): Promise<{ events: IntegratorWebhookEvent[]; after: string | undefined }> {
  const events: IntegratorWebhookEvent[] = [];
  for (;;) {
    const page = await client.call<IntegratorEventPage>('GET', `/events?limit=1${after ? `&after=${after}` : ''}`);
    expect(page.status).toBe(200);
    events.push(...page.body.data);
    if (page.body.data.length > 0) after = page.body.data[page.body.data.length - 1].id;
    if (!page.body.hasMore) return { events, after };
  }
}

/** A change of an order as the lifecycle writes it: its updated_at moves to the transaction's clock. */
const TOUCH = `UPDATE orders SET updated_at = date_trunc('milliseconds', clock_timestamp()) WHERE id = $1`;

describe('the order list pages by commit', () => {
  it('shows both changes of two transactions that commit out of order while the client pages', async () => {
    const first = await placeOrder();
    const second = await placeOrder('010101-123N');
    const start = await followOrders(null);
    expect(start.orders.map((o) => o.orderId)).toEqual(expect.arrayContaining([first.orderId, second.orderId]));

    const early = await connection();
    const late = await connection();
    try {
      // The early transaction changes the first order (the earlier time and transaction id) and stays open ...
      await early.query('BEGIN');
      await early.query(TOUCH, [first.orderId]);
      await new Promise((r) => setTimeout(r, 20));
      // ... while the late one changes the second order and commits first.
      await late.query('BEGIN');
      await late.query(TOUCH, [second.orderId]);
      await late.query('COMMIT');
      const [secondNow] = await app.sql<{ updated_at: Date }>(`SELECT updated_at FROM orders WHERE id = $1`, [second.orderId]);

      // The client pages now: a list by clock would hand it the second order and move its cursor past the first's time.
      const meanwhile = await followOrders(start.cursor);
      // The second change is final only once the early transaction has ended: not listed yet, and no cursor beyond it.
      expect(meanwhile.orders.map((o) => o.orderId)).not.toContain(second.orderId);

      await early.query('COMMIT');
      const [firstNow] = await app.sql<{ updated_at: Date }>(`SELECT updated_at FROM orders WHERE id = $1`, [first.orderId]);
      expect(firstNow.updated_at.getTime()).toBeLessThan(secondNow.updated_at.getTime());

      const after = await followOrders(meanwhile.cursor);
      const seen = [...meanwhile.orders, ...after.orders].map((o) => [o.orderId, o.updatedAt]);
      expect(seen).toEqual(expect.arrayContaining([
        [first.orderId, firstNow.updated_at.toISOString()],
        [second.orderId, secondNow.updated_at.toISOString()],
      ]));
    } finally {
      await early.end();
      await late.end();
    }
  });

  it('is not held back by a transaction of another database on the same server', async () => {
    const elsewhere = await connection(process.env.TEST_PG_ADMIN_URL);
    try {
      await elsewhere.query('BEGIN');
      // An id for that transaction (older than the order's), then it stays open.
      await elsewhere.query('SELECT pg_current_xact_id()');
      const order = await placeOrder();
      const { orders } = await followOrders(null);
      expect(orders.map((o) => o.orderId)).toContain(order.orderId);
    } finally {
      await elsewhere.query('ROLLBACK');
      await elsewhere.end();
    }
  });

  it('keeps a cursor of the first version (updated_at|id) working: the changes after it, then on by commit', async () => {
    const all = (await followOrders(null)).orders;
    const middle = all[Math.floor(all.length / 2)];
    const old = Buffer.from(`${middle.updatedAt}|${middle.orderId}`).toString('base64url');
    const newer = await placeOrder();
    const page = await client.call<IntegratorOrderPage>('GET', `/orders?limit=100&cursor=${old}`);
    expect(page.status).toBe(200);
    const expected = all.filter((o) => o.updatedAt > middle.updatedAt || (o.updatedAt === middle.updatedAt && o.orderId > middle.orderId)).map((o) => o.orderId);
    expect(page.body.data.map((o) => o.orderId).sort()).toEqual([...expected, newer.orderId].sort());
    // Its next cursors carry the old position along: nothing from before it comes back.
    const small = await client.call<IntegratorOrderPage>('GET', `/orders?limit=1&cursor=${old}`);
    const next = await client.call<IntegratorOrderPage>('GET', `/orders?limit=100&cursor=${small.body.nextCursor}`);
    expect([...small.body.data, ...next.body.data].map((o) => o.orderId).sort()).toEqual(page.body.data.map((o) => o.orderId).sort());
  });
});

describe('the events list pages by commit', () => {
  it('shows both events of two transactions that commit out of order while the client pages', async () => {
    await placeOrder();
    const start = await followEvents(undefined);
    const template = start.events.at(-1)!;
    const [scope] = await app.sql<{ pharmacy_id: number; office_id: number }>(`SELECT pharmacy_id, office_id FROM api_event WHERE event_id = $1`, [template.id]);
    // An event as the outbox writes it, in the transaction of its change.
    const write = (c: Client, id: string) =>
      c.query(`INSERT INTO api_event (event_id, type, pharmacy_id, office_id, payload) VALUES ($1, $2, $3, $4, $5)`, [id, template.type, scope.pharmacy_id, scope.office_id, { ...template, id }]);

    const early = await connection();
    const late = await connection();
    try {
      await early.query('BEGIN');
      await write(early, 'evt_early_commits_last');
      await late.query('BEGIN');
      await write(late, 'evt_late_commits_first');
      await late.query('COMMIT');
      const meanwhile = await followEvents(start.after);
      expect(meanwhile.events.map((e) => e.id)).not.toContain('evt_late_commits_first');
      await early.query('COMMIT');
      const after = await followEvents(meanwhile.after);
      expect([...meanwhile.events, ...after.events].map((e) => e.id)).toEqual(['evt_early_commits_last', 'evt_late_commits_first']);
    } finally {
      await early.end();
      await late.end();
    }
  });

  it('lists an event caused by an earlier one after it, whatever their transactions’ ids', async () => {
    const start = await followEvents(undefined);
    const template = start.events.at(-1)!;
    const [scope] = await app.sql<{ pharmacy_id: number; office_id: number }>(`SELECT pharmacy_id, office_id FROM api_event WHERE event_id = $1`, [template.id]);
    const write = (c: Client, id: string) =>
      c.query(`INSERT INTO api_event (event_id, type, pharmacy_id, office_id, payload) VALUES ($1, $2, $3, $4, $5)`, [id, template.type, scope.pharmacy_id, scope.office_id, { ...template, id }]);
    const picker = await connection();
    const placer = await connection();
    try {
      // The picking transaction got its id first (it locked its doctor), then waited for the order ...
      await picker.query('BEGIN');
      await picker.query('SELECT pg_current_xact_id()');
      // ... that another transaction placed and committed ...
      await placer.query('BEGIN');
      await write(placer, 'evt_placed');
      await placer.query('COMMIT');
      // ... and then picked it: its event comes after the placing one.
      await write(picker, 'evt_picked');
      await picker.query('COMMIT');
      expect((await followEvents(start.after)).events.map((e) => e.id)).toEqual(['evt_placed', 'evt_picked']);
    } finally {
      await picker.end();
      await placer.end();
    }
  });
});

describe('deprecation of the first version’s cursor', () => {
  it('answers a cursor of API 1.2 (by clock) with Deprecation, Sunset and Link, and a current cursor without them', async () => {
    await placeOrder();
    const first = await client.call<IntegratorOrderPage>('GET', '/orders?limit=1');
    expect([first.headers.get('deprecation'), first.headers.get('sunset')]).toEqual([null, null]);
    const current = await client.call<IntegratorOrderPage>('GET', `/orders?limit=1&cursor=${first.body.nextCursor}`);
    expect([current.status, current.headers.get('deprecation')]).toEqual([200, null]);
    const order = first.body.data[0];
    const old = await client.call<IntegratorOrderPage>('GET', `/orders?cursor=${Buffer.from(`${order.updatedAt}|${order.orderId}`).toString('base64url')}`);
    expect(old.status).toBe(200);
    expect(old.headers.get('deprecation')).toMatch(/^@\d+$/);
    expect(Date.parse(old.headers.get('sunset')!)).toBeGreaterThan(Number(old.headers.get('deprecation')!.slice(1)) * 1000 + 180 * 86_400_000);
    expect(old.headers.get('link')).toContain('rel="deprecation"');
  });
});

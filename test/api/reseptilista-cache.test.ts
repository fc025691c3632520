/**
 * Reseptilista kept in memory (ReseptilistaCache): a second screen of an office is answered
 * without the database, yet every read is audited, a change shows at once in this process and,
 * over a real Redis, in the others, and the office check is never skipped.
 */
import { Redis } from 'ioredis';
import type { PharmacyOrder } from '@resepti/domain';
import { ReseptilistaCache, type ReseptilistaPage } from '../../apps/api/src/pharmacy/reseptilista-cache';
import { startApp, type TestApp } from '../support/app';
import { scrape, parseMetrics, valueOf } from '../support/metrics';
import { insertOrder } from '../support/order-fixtures';
import { pharmacistAtOffice } from '../support/pharmacy-flow';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

describe('ReseptilistaCache, two processes on one Redis', () => {
  const clients: Redis[] = [];
  const caches: ReseptilistaCache[] = [];
  /** A process's cache; only a forget can drop its pages within a test (not their age). */
  async function processCache(): Promise<ReseptilistaCache> {
    const redis = new Redis(REDIS_URL);
    clients.push(redis);
    const cache = new ReseptilistaCache(
      redis,
      (message) => {
        throw new Error(message);
      },
      60_000,
    );
    caches.push(cache);
    await cache.subscribed;
    return cache;
  }
  const page = (json: string): ReseptilistaPage => ({ json, listed: [{ orderId: 1, patientHetu: '121212-913Y' }] });
  afterAll(async () => {
    for (const cache of caches) cache.close();
    await Promise.all(clients.map((c) => c.quit()));
  });

  it('gives a page only to a user the database found working at the office', async () => {
    const cache = await processCache();
    cache.fill(cache.ticket(), 7, 1, 30, page('[1]'));
    expect(cache.page(7, 1, 30)?.json).toBe('[1]');
    expect(cache.page(8, 1, 30)).toBeUndefined(); // another user: the database checks them first
    expect(cache.page(7, 1, 10)).toBeUndefined(); // another page size
    expect(cache.page(7, 2, 30)).toBeUndefined(); // another office
  });

  it("forgets an office's pages when one of its orders changes, here at once and in another process over Redis", async () => {
    const [here, there] = [await processCache(), await processCache()];
    for (const cache of [here, there]) {
      cache.fill(cache.ticket(), 7, 1, 30, page('[1]'));
      cache.fill(cache.ticket(), 7, 2, 30, page('[2]'));
    }
    here.forget(1);
    expect(here.page(7, 1, 30)).toBeUndefined();
    // The other process hears it within Redis's delivery; its pages would live a minute here.
    for (let i = 0; i < 500 && there.page(7, 1, 30); i++) await new Promise((r) => setTimeout(r, 10));
    expect(there.page(7, 1, 30)).toBeUndefined();
    expect(there.page(7, 2, 30)?.json).toBe('[2]');
    expect(here.page(7, 2, 30)?.json).toBe('[2]');
  });

  it('does not keep a page whose read began before a change, nor a page of more than 100 cards', async () => {
    const cache = await processCache();
    const ticket = cache.ticket();
    cache.forget(1); // committed while the read was under way
    cache.fill(ticket, 7, 1, 30, page('[old]'));
    expect(cache.page(7, 1, 30)).toBeUndefined();
    cache.fill(cache.ticket(), 7, 1, 101, page('[many]'));
    expect(cache.page(7, 1, 101)).toBeUndefined();
  });
});

describe('GET /pharmacy-order-history/active from memory', () => {
  let app: TestApp;
  /** On the office's Reseptilista from the start (inserted by SQL: no change for the cache to hear of). */
  let order: { id: number; itemIds: number[] };
  beforeAll(async () => {
    // Pages kept for a minute: a read answered from the database after a change shows the change
    // was heard, not that the second had passed (and a loaded machine cannot make it pass early).
    app = await startApp({ env: { RESEPTILISTA_CACHE_MS: '60000' } });
    order = await insertOrder(app, { source: 'pharmacy', status: 'delivered', createdAt: new Date() });
  });
  afterAll(async () => {
    await app?.stop();
  });
  const reads = async (from: 'memory' | 'database') => valueOf(parseMetrics((await scrape(app.baseUrl)).text), 'resepti_reseptilista_reads_total', { from }) ?? 0;

  it('refuses an office the user no longer works at, though its page is in memory', async () => {
    const admin = await pharmacistAtOffice(app, 'pharmacyAdmin');
    const user = await pharmacistAtOffice(app, 'pharmacy');
    expect(user.office.id).toBe(admin.office.id);
    expect((await admin.client.get('/pharmacy-order-history/active')).status).toBe(200);
    const [u] = await app.sql<{ id: number }>(`SELECT id FROM pharmacy_user WHERE username = 'apteekki'`);
    await app.sql('DELETE FROM pharmacy_user_office WHERE pharmacy_user_id = $1 AND pharmacy_office_id = $2', [u.id, user.office.id]);
    try {
      const refused = await user.client.get('/pharmacy-order-history/active');
      expect(refused.status).toBe(400);
    } finally {
      await app.sql('INSERT INTO pharmacy_user_office (pharmacy_user_id, pharmacy_office_id) VALUES ($1, $2)', [u.id, user.office.id]);
    }
  });

  it("answers a screen's repeated read from memory, audits every read, and shows a prescription checked on another screen at once", async () => {
    const { client, office } = await pharmacistAtOffice(app, 'pharmacyAdmin');
    const other = await pharmacistAtOffice(app, 'pharmacy');
    const { id: orderId, itemIds } = order;
    const card = (list: PharmacyOrder[]) => list.find((o) => o.orderId === orderId);

    const auditedBefore = (await app.sql(`SELECT id FROM audit_log WHERE action = 'pharmacy.orders.active' AND $1 = ANY(order_ids)`, [orderId])).length;
    const first = await client.get<PharmacyOrder[]>('/pharmacy-order-history/active');
    const [memoryBefore, databaseBefore] = [await reads('memory'), await reads('database')];
    const again = await client.get<PharmacyOrder[]>('/pharmacy-order-history/active');
    expect(again.status).toBe(200);
    expect(again.headers.get('content-type')).toMatch(/^application\/json/);
    expect(again.body).toEqual(first.body);
    expect(card(again.body)?.prescriptions.map((p) => p.id)).toEqual(itemIds);
    expect([await reads('memory'), await reads('database')]).toEqual([memoryBefore + 1, databaseBefore]);

    // each read is its own audit row listing the order, whether from memory or not
    const audited = await app.sql(`SELECT id FROM audit_log WHERE action = 'pharmacy.orders.active' AND $1 = ANY(order_ids)`, [orderId]);
    expect(audited).toHaveLength(auditedBefore + 2);

    // another screen checks a prescription: the next read shows it gone, not the page in memory
    expect((await other.client.post(`/check-order-item/${itemIds[0]}`)).status).toBe(200);
    const after = await client.get<PharmacyOrder[]>('/pharmacy-order-history/active');
    expect(card(after.body)?.prescriptions.map((p) => p.id)).toEqual(itemIds.slice(1));
    expect(office.id).toBe(other.office.id);
  });
});

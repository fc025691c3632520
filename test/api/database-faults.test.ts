/**
 * Database faults (issue "Trust"): the API outlives a PostgreSQL restart (503 meanwhile, /health
 * says so, serving again without its own restart), and `kill -9` of the API in the middle of
 * pharmacies' sends leaves no half order. This file runs a PostgreSQL of its own to stop it.
 * Prints its figures for docs/security.md.
 */
import { Client } from 'pg';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../apps/api/src/platform/database/database-unavailable';
import { startApp, type TestApp } from '../support/app';
import { ApiClient, loginAs } from '../support/http';
import { pharmacistAtOffice, sendPharmacyOrder } from '../support/pharmacy-flow';
import { startTestPostgres, type TestPostgres } from '../support/postgres';

jest.setTimeout(120_000);

let pg: TestPostgres;
let databaseUrl: string;
beforeAll(async () => {
  pg = await startTestPostgres();
  const admin = new Client({ connectionString: pg.adminUrl });
  await admin.connect();
  await admin.query('CREATE DATABASE resepti_faults');
  await admin.end();
  databaseUrl = pg.adminUrl.replace(/\/postgres$/, '/resepti_faults');
});
afterAll(async () => {
  await pg?.destroy();
});

async function health(app: TestApp): Promise<{ status: number; database?: string }> {
  const res = await fetch(`${app.baseUrl}/health`);
  return { status: res.status, database: ((await res.json()) as { database?: string }).database };
}

describe('a PostgreSQL restart', () => {
  it('is a 503 with a Finnish message while it lasts, /health says so, and the API serves again by itself', async () => {
    const app = await startApp({ databaseUrl });
    try {
      const doctor = await loginAs(app, 'doctor');
      const { client: pharmacist } = await pharmacistAtOffice(app, 'pharmacy');
      expect((await doctor.get('/my-doctor-info')).status).toBe(200);

      await pg.stop();
      const statuses = new Map<number, number>();
      const bodies: string[] = [];
      const calls: Array<() => Promise<{ status: number; body: unknown }>> = [
        () => doctor.get('/my-doctor-info'),
        () => doctor.post('/order/pick-first'),
        () => doctor.post('/history', { filter: '', offset: 30 }),
        () => pharmacist.get('/pharmacy-user-shopping-cart'),
        () => pharmacist.post('/patient-info', { firstName: 'Matti', lastName: 'Meikäläinen', hetu: '121212-913Y' }),
        () => new ApiClient(app.apiUrl).post('/doctor-login', { email: 'laakari@example.fi', password: 'Laakari123' }),
        () => new ApiClient(app.apiUrl).get('/products'),
      ];
      for (let round = 0; round < 3; round++) {
        for (const call of calls) {
          const res = await call();
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          bodies.push(JSON.stringify(res.body));
        }
      }
      expect((await health(app))).toEqual({ status: 503, database: 'down' });
      // Anonymous product reads may come from the cache; nothing is a 500, nothing leaks driver text.
      expect([...statuses.keys()].filter((s) => s >= 500 && s !== 503)).toEqual([]);
      expect(statuses.get(503) ?? 0).toBeGreaterThanOrEqual(calls.length * 3 - 3);
      expect(bodies.filter((b) => b.includes('503')).every((b) => b.includes(DATABASE_UNAVAILABLE_MESSAGE))).toBe(true);
      expect(bodies.join('\n')).not.toMatch(/ECONNREFUSED|at \w+ \(|node_modules|Connection terminated/);

      const restartedAt = Date.now();
      await pg.start();
      let recoveredMs = -1;
      for (let i = 0; i < 100; i++) {
        if ((await health(app)).status === 200) {
          recoveredMs = Date.now() - restartedAt;
          break;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(recoveredMs).toBeGreaterThanOrEqual(0);
      // The same sessions work again: they were kept in PostgreSQL.
      expect((await doctor.get('/my-doctor-info')).status).toBe(200);
      expect((await pharmacist.get('/pharmacy-user-shopping-cart')).status).toBe(200);
      console.log(
        `database restart: ${[...statuses].map(([s, n]) => `${n} × ${s}`).join(', ')} during the outage; /health 200 again ${recoveredMs} ms after PostgreSQL was back; the API process was not restarted`,
      );
    } finally {
      await app.stop();
    }
  });
});

describe('kill -9 of the API during sends', () => {
  it('leaves every order whole (all its items or none of it) and every cart usable', async () => {
    const app = await startApp({ databaseUrl });
    const pharmacists = await Promise.all((['pharmacy', 'pharmacyAdmin', 'kyla'] as const).map(async (who) => (await pharmacistAtOffice(app, who)).client));
    let sent = 0;
    let failed = 0;
    let killed = false;
    const sender = async (client: ApiClient) => {
      while (!killed) {
        try {
          await sendPharmacyOrder(client, ['Kestine', 'Bisoprolol', 'Cetirizin']);
          sent++;
        } catch {
          failed++;
        }
      }
    };
    const senders = pharmacists.map(sender);
    // Killed while sends are in full flow: after a few orders went through (however loaded the machine is).
    const deadline = Date.now() + 30_000;
    while (sent < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await app.signal('SIGKILL');
    killed = true;
    await Promise.all(senders);
    await app.stop();

    const check = new Client({ connectionString: databaseUrl });
    await check.connect();
    try {
      const orders = (await check.query('SELECT count(*)::int AS n FROM orders')).rows[0].n as number;
      const half = (await check.query(`SELECT o.id, count(i.id)::int AS items FROM orders o LEFT JOIN order_item i ON i.order_id = o.id GROUP BY o.id HAVING count(i.id) <> 3`)).rows;
      expect(orders).toBeGreaterThan(0);
      expect(half).toEqual([]);
      console.log(`kill -9 during sends: ${sent} orders sent, ${failed} sends cut off, ${orders} orders stored, 0 half orders`);
    } finally {
      await check.end();
    }

    // Another API process on the same database serves the same carts.
    const again = await startApp({ databaseUrl });
    try {
      const { client } = await pharmacistAtOffice(again, 'pharmacy');
      // A send cut off by the kill left its cart as it was (not half sent): clear it, send anew.
      expect((await client.get('/pharmacy-user-shopping-cart')).status).toBe(200);
      expect((await client.post('/pharmacy-user-shopping-cart/clear')).status).toBe(204);
      await sendPharmacyOrder(client, ['Kestine']);
    } finally {
      await again.stop();
    }
  });
});

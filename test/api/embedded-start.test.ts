import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startApp } from '../support/app';
import { runAdmin } from '../support/cli';
import { ApiClient, loginAs } from '../support/http';

/** `npm start` without DATABASE_URL: embedded PostgreSQL under DATA_DIR, kept across restarts. */
describe('embedded database start', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'resepti-data-'));
    await chmod(dataDir, 0o755);
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('seeds the demo data once, and a second start keeps the data and the sessions', async () => {
    const first = await startApp({ embeddedDataDir: dataDir });
    let cookie: string;
    let products: number;
    try {
      expect(first.output()).toMatch(/demo data seeded/);
      const doctor = await loginAs(first, 'doctor');
      cookie = doctor.cookieHeader;
      products = (await doctor.get<unknown[]>('/products')).body.length;
      expect(products).toBeGreaterThanOrEqual(40);
      // production accounts are added with the admin CLI, here while the app runs
      const created = await runAdmin(
        ['create-doctor', '--email', 'uusi.laakari@example.fi', '--password', 'Sade-Kello-77', '--first-name', 'Unto', '--last-name', 'Uusi'],
        { DATABASE_URL: '', DATA_DIR: dataDir, EMBEDDED_PG_PORT: new URL(first.databaseUrl).port },
      );
      expect(created.code).toBe(0);
    } finally {
      await first.stop();
    }

    const second = await startApp({ embeddedDataDir: dataDir });
    try {
      expect(second.output()).not.toMatch(/demo data seeded/);
      const counts = await second.sql<{ doctors: number; pharmacies: number; customers: number; products: number }>(
        `SELECT (SELECT count(*)::int FROM doctor) AS doctors, (SELECT count(*)::int FROM pharmacy) AS pharmacies,
                (SELECT count(*)::int FROM customer) AS customers, (SELECT count(*)::int FROM product) AS products`,
      );
      expect(counts[0]).toEqual({ doctors: 3, pharmacies: 2, customers: 1, products: expect.any(Number) });
      const resumed = await fetch(`${second.apiUrl}/my-doctor-info`, { headers: { cookie } });
      expect(resumed.status).toBe(200);
      expect(((await resumed.json()) as { firstName: string }).firstName).toBe('Liisa');
      const again = await loginAs(second, 'doctor');
      expect((await again.get<unknown[]>('/products')).body).toHaveLength(products);
      const newcomer = await new ApiClient(second.apiUrl).post('/doctor-login', { email: 'uusi.laakari@example.fi', password: 'Sade-Kello-77' });
      expect(newcomer.status).toBe(200);
    } finally {
      await second.stop();
    }
  });
});

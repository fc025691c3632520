/**
 * Liveness and readiness (issue 25): /health/live answers while the process does; /health/ready
 * turns 503 when PostgreSQL stops and from SIGTERM on (the proxy drains the node first), and is
 * 200 again once PostgreSQL is back. A process started while PostgreSQL is down waits for it (live,
 * not ready), then migrates and becomes ready. This file runs a PostgreSQL of its own to stop it.
 */
import { Client } from 'pg';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../apps/api/src/platform/database/database-unavailable';
import { startApp, type TestApp } from '../support/app';
import { freePort } from '../support/ports';
import { startTestPostgres, type TestPostgres } from '../support/postgres';

jest.setTimeout(120_000);

const probe = async (app: TestApp, which: 'live' | 'ready'): Promise<{ status: number; body: Record<string, unknown> }> => {
  const res = await fetch(`${app.baseUrl}/health/${which}`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe('on the shared test PostgreSQL', () => {
  it('is live and ready once started, with the migrations current', async () => {
    const app = await startApp();
    try {
      expect(await probe(app, 'live')).toEqual({ status: 200, body: { status: 'ok' } });
      expect(await probe(app, 'ready')).toEqual({ status: 200, body: { status: 'ready', database: 'up', migrations: 'current', shuttingDown: false } });
      // /health stays as it was.
      expect((await fetch(`${app.baseUrl}/health`)).status).toBe(200);
    } finally {
      await app.stop();
    }
  });

  it('turns not ready at SIGTERM while still live, for SHUTDOWN_DELAY_SECONDS, then exits 0', async () => {
    const app = await startApp({ env: { SHUTDOWN_DELAY_SECONDS: '3' } });
    try {
      const exited = app.signal('SIGTERM');
      let ready = await probe(app, 'ready');
      for (let i = 0; i < 20 && ready.status === 200; i++) {
        await new Promise((r) => setTimeout(r, 50));
        ready = await probe(app, 'ready');
      }
      expect(ready).toEqual({ status: 503, body: { status: 'not-ready', database: 'up', migrations: 'current', shuttingDown: true } });
      expect((await probe(app, 'live')).status).toBe(200);
      expect(await exited).toBe(0);
    } finally {
      await app.stop();
    }
  });
});

describe('when PostgreSQL stops', () => {
  let pg: TestPostgres;
  let databaseUrl: string;
  beforeAll(async () => {
    pg = await startTestPostgres();
    const admin = new Client({ connectionString: pg.adminUrl });
    await admin.connect();
    await admin.query('CREATE DATABASE resepti_probes');
    await admin.end();
    databaseUrl = pg.adminUrl.replace(/\/postgres$/, '/resepti_probes');
  });
  afterAll(async () => {
    await pg?.destroy();
  });

  it('answers 503 on /health/ready and 200 on /health/live, and is ready again once it is back', async () => {
    const app = await startApp({ databaseUrl });
    try {
      expect((await probe(app, 'ready')).status).toBe(200);
      await pg.stop();
      expect(await probe(app, 'ready')).toEqual({ status: 503, body: { status: 'not-ready', database: 'down', migrations: 'unknown', shuttingDown: false } });
      expect(await probe(app, 'live')).toEqual({ status: 200, body: { status: 'ok' } });
      await pg.start();
      let ready = await probe(app, 'ready');
      for (let i = 0; i < 100 && ready.status !== 200; i++) {
        await new Promise((r) => setTimeout(r, 100));
        ready = await probe(app, 'ready');
      }
      expect(ready.status).toBe(200);
    } finally {
      await app.stop();
    }
  });

  it('started while PostgreSQL is down, is live and not ready while it waits, then migrates and becomes ready once PostgreSQL answers', async () => {
    const admin = new Client({ connectionString: pg.adminUrl });
    await admin.connect();
    await admin.query('CREATE DATABASE resepti_late');
    await admin.end();
    await pg.stop();
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    // startApp resolves once /health answers 200, which is only after PostgreSQL is back.
    const started = startApp({ databaseUrl: pg.adminUrl.replace(/\/postgres$/, '/resepti_late'), env: { PORT: String(port) } });
    started.catch(() => undefined);
    let live = 0;
    for (let i = 0; i < 600 && live !== 200; i++) {
      await new Promise((r) => setTimeout(r, 100));
      live = await fetch(`${baseUrl}/health/live`).then((r) => r.status, () => 0);
    }
    expect(live).toBe(200);
    const ready = await fetch(`${baseUrl}/health/ready`);
    expect({ status: ready.status, body: await ready.json() }).toEqual({ status: 503, body: { status: 'not-ready', database: 'down', migrations: 'unknown', shuttingDown: false } });
    expect((await fetch(`${baseUrl}/health`)).status).toBe(503);
    const product = await fetch(`${baseUrl}/ui-api/v1/products`);
    expect(product.status).toBe(503);
    expect(((await product.json()) as { message: string }).message).toBe(DATABASE_UNAVAILABLE_MESSAGE);
    // A few tries go by (the process neither exits nor gives up) before PostgreSQL starts.
    await new Promise((r) => setTimeout(r, 2500));
    await pg.start();
    const app = await started;
    try {
      expect(await probe(app, 'ready')).toEqual({ status: 200, body: { status: 'ready', database: 'up', migrations: 'current', shuttingDown: false } });
      expect(app.output()).toMatch(/PostgreSQL does not answer \(try 2: /);
      const [{ n }] = await app.sql<{ n: number }>('SELECT count(*)::int AS n FROM migrations');
      expect(n).toBeGreaterThan(0);
    } finally {
      await app.stop();
    }
  });
});

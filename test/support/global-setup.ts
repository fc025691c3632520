import { APP_POOL_ENV, startAppPool, type AppPool } from './app-pool';
import { createTemplates } from './database-templates';
import { startTestPostgres } from './postgres';

/**
 * Provides a PostgreSQL server for the test run: the one in DATABASE_URL when set,
 * otherwise an embedded PostgreSQL started here (real binaries). Every test file then
 * creates its own fresh database on it (see startApp), cloned from the templates made here,
 * and most take an app the run's pool has started ahead (app-pool.ts).
 */
export default async function globalSetup(globalConfig?: { maxWorkers?: number }): Promise<void> {
  if (process.env.TEST_PG_ADMIN_URL) return; // another project of this run has set it up
  if (process.env.DATABASE_URL) {
    process.env.TEST_PG_ADMIN_URL = process.env.DATABASE_URL;
  } else {
    const server = await startTestPostgres();
    (globalThis as { __RESEPTI_PG__?: { stop(): Promise<void> } }).__RESEPTI_PG__ = { stop: server.destroy };
    process.env.TEST_PG_ADMIN_URL = server.adminUrl;
  }
  await createTemplates(process.env.TEST_PG_ADMIN_URL);
  // As many spare apps as files run at once.
  const pool = await startAppPool(Math.max(1, Math.min(2, globalConfig?.maxWorkers ?? 2)));
  (globalThis as { __RESEPTI_APP_POOL__?: AppPool }).__RESEPTI_APP_POOL__ = pool;
  process.env[APP_POOL_ENV] = pool.url;
}

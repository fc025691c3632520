import { createTemplates } from './database-templates';
import { startTestPostgres } from './postgres';

/**
 * Provides a PostgreSQL server for the test run: the one in DATABASE_URL when set,
 * otherwise an embedded PostgreSQL started here (real binaries). Every test file then
 * creates its own fresh database on it (see startApp), cloned from the templates made here.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.TEST_PG_ADMIN_URL) return; // another project of this run has set it up
  if (process.env.DATABASE_URL) {
    process.env.TEST_PG_ADMIN_URL = process.env.DATABASE_URL;
  } else {
    const server = await startTestPostgres();
    (globalThis as { __RESEPTI_PG__?: { stop(): Promise<void> } }).__RESEPTI_PG__ = { stop: server.destroy };
    process.env.TEST_PG_ADMIN_URL = server.adminUrl;
  }
  await createTemplates(process.env.TEST_PG_ADMIN_URL);
}

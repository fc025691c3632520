import { readFileSync } from 'node:fs';
import { Client } from 'pg';
import { APP_POOL_ENV, callPool, type PooledApp } from './app-pool';
import { launchApp, type LaunchedApp, type StartOptions } from './app-process';

export { TEST_WEBHOOK_SECRET, type StartOptions } from './app-process';

export interface TestApp {
  baseUrl: string;
  /** The API under /ui-api/v1 */
  apiUrl: string;
  databaseUrl: string;
  /** The API process's id (an outbox row's claimed_by names it). */
  pid: number;
  /** Output of the API process so far (for debugging a failing test). */
  output(): string;
  /** Runs SQL against the app's own database (fixtures and assertions on stored state); `name` prepares it once. */
  sql<T = Record<string, unknown>>(text: string, params?: unknown[], name?: string): Promise<T[]>;
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

/** An app of the run's pool (app-pool.ts): started ahead by jest's main process, stopped through it. */
async function takeFromPool(): Promise<LaunchedApp> {
  const app = await callPool<PooledApp>('/take');
  return {
    ...app,
    output: () => readFileSync(app.outputFile, 'utf8'),
    signal: async (signal) => (await callPool<{ code: number | null }>('/signal', { pid: app.pid, signal })).code,
    stop: async () => {
      await callPool('/stop', { pid: app.pid });
    },
  };
}

/**
 * The built API (apps/api/dist/main.js) as a process of its own on a free port with a fresh
 * database (migrated and seeded with the demo data: cloned from the run's template), serving the
 * built web app. A plain one (no options) comes from the run's pool, already started.
 */
export async function startApp(options: StartOptions = {}): Promise<TestApp> {
  const plain = !options.env && !options.databaseUrl && !options.embeddedDataDir;
  const app = plain && process.env[APP_POOL_ENV] ? await takeFromPool() : await launchApp(options);
  const baseUrl = `http://127.0.0.1:${app.port}`;
  const pool = new Client({ connectionString: app.databaseUrl });
  // A test that stops PostgreSQL (database-faults) must not crash on this idle connection's error.
  pool.on('error', () => undefined);
  await pool.connect();

  return {
    baseUrl,
    apiUrl: `${baseUrl}/ui-api/v1`,
    databaseUrl: app.databaseUrl,
    pid: app.pid,
    output: app.output,
    sql: async <T>(text: string, params?: unknown[], name?: string) => (await pool.query({ text, values: params, name })).rows as T[],
    signal: app.signal,
    stop: async () => {
      await pool.end().catch(() => undefined);
      await app.stop();
    },
  };
}

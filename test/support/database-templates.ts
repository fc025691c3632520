import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { TEST_PASSWORD_COST } from './password-cost';

/**
 * Template databases of a test run, made once in global setup: one migrated, one migrated and
 * seeded with the demo data (by the built API's own prepareDatabase, see database-template.mjs).
 * startApp clones its fresh database from one (CREATE DATABASE … TEMPLATE …, a fraction of a
 * second), so an API start finds nothing to migrate or seed beyond its cheap checks.
 */
interface Templates {
  migrated: string;
  seeded: string;
  /** The Helsinki day the demo data was seeded on (its Prescription Centre history counts back from it). */
  day: string;
}

const ENV = 'TEST_PG_TEMPLATES';

function helsinkiDay(): string {
  return new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Helsinki' });
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function asAdmin<T>(adminUrl: string, fn: (c: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const run = promisify(execFile);

/** Makes the run's templates (in global setup) and names them to the workers through the environment. */
export async function createTemplates(adminUrl: string): Promise<void> {
  const name = `resepti_tpl_${randomBytes(6).toString('hex')}`;
  const templates: Templates = { migrated: `${name}_migrated`, seeded: `${name}_seeded`, day: helsinkiDay() };
  const script = path.join(__dirname, 'database-template.mjs');
  await asAdmin(adminUrl, (c) => c.query(`CREATE DATABASE ${templates.migrated}`));
  await run(process.execPath, [script, withDatabase(adminUrl, templates.migrated), 'migrate']);
  await asAdmin(adminUrl, (c) => c.query(`CREATE DATABASE ${templates.seeded} TEMPLATE ${templates.migrated}`));
  await run(process.execPath, [script, withDatabase(adminUrl, templates.seeded), 'seed'], { env: { ...process.env, ...TEST_PASSWORD_COST } });
  process.env[ENV] = JSON.stringify(templates);
}

export async function dropTemplates(adminUrl: string): Promise<void> {
  const value = process.env[ENV];
  if (!value) return;
  delete process.env[ENV];
  const templates = JSON.parse(value) as Templates;
  await asAdmin(adminUrl, async (c) => {
    for (const db of [templates.seeded, templates.migrated]) await c.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
  });
}

/**
 * The TEMPLATE clause of a test database's CREATE DATABASE: the seeded template, or the migrated
 * one for an app started with SEED_DEMO=false. None (a start that migrates and seeds itself) outside
 * a jest run's global setup, or once the day has turned since the demo data was seeded.
 */
export function templateClause(env: Record<string, string> | undefined): string {
  const value = process.env[ENV];
  if (!value) return '';
  const templates = JSON.parse(value) as Templates;
  if (templates.day !== helsinkiDay()) return '';
  return ` TEMPLATE ${env?.SEED_DEMO === 'false' ? templates.migrated : templates.seeded}`;
}

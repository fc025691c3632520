import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource, type DataSourceOptions, type EntityManager } from 'typeorm';
import { auditKeyCheck } from '../audit/audit-chain.js';
import { isDatabaseUnavailable } from './database-unavailable.js';
import { dataSourceOptions } from './data-source-options.js';

/** Any fixed number: serialises migrations and seeding when several API nodes start at once. */
const MIGRATION_LOCK = 7_245_001;

export interface PrepareResult {
  migrations: string[];
  seeded: boolean;
}

export class AuditKeyMismatchError extends Error {}

/** The waits between tries while PostgreSQL does not answer at start: 0.5 s, doubling up to 5 s. */
const FIRST_WAIT_MS = 500;
const LONGEST_WAIT_MS = 5_000;

/**
 * prepareDatabase, tried again with a growing wait for as long as PostgreSQL cannot be reached (it
 * may start after the app, as a deployment without a supervisor does it). Any other failure (a
 * migration's, the audit key's) is thrown at once.
 */
export async function prepareDatabaseWhenUp(url: string, options: PrepareOptions, warn: (message: string) => void): Promise<PrepareResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await prepareDatabase(url, options);
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      const waitMs = Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** (attempt - 1));
      warn(`PostgreSQL does not answer (try ${attempt}: ${err instanceof Error ? err.message : String(err)}); trying again in ${waitMs / 1000} s`);
      await sleep(waitMs);
    }
  }
}

export interface PrepareOptions {
  /** Seeds data in the migrated database's transaction if it wants to (the demo data fills an empty database); true when it did. */
  seed?: (manager: EntityManager) => Promise<boolean>;
  /** The entities the seed writes (loadEntities()); migrating needs none. */
  entities?: DataSourceOptions['entities'];
  auditChainKey: string;
}

/**
 * Runs pending migrations and, when asked, seeds (the demo data, into an empty database). Then
 * checks that AUDIT_CHAIN_KEY is the key the audit chain was written with (recorded on first use):
 * a node with another key would append rows that break the chain, so it does not start.
 */
export async function prepareDatabase(url: string, options: PrepareOptions): Promise<PrepareResult> {
  const ds = new DataSource(dataSourceOptions(url, 10, '', options.auditChainKey, options.entities));
  await ds.initialize();
  const runner = ds.createQueryRunner();
  try {
    await runner.connect();
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const ran = await ds.runMigrations({ transaction: 'each' });
    let seeded = false;
    if (options.seed) seeded = await ds.transaction(options.seed);
    const check = auditKeyCheck(options.auditChainKey);
    const [head] = (await runner.query('SELECT key_check FROM audit_chain_head WHERE id = 1')) as Array<{ key_check: string | null }>;
    if (head.key_check === null) await runner.query('UPDATE audit_chain_head SET key_check = $1 WHERE id = 1 AND key_check IS NULL', [check]);
    else if (head.key_check !== check) {
      throw new AuditKeyMismatchError('AUDIT_CHAIN_KEY is not the key this database\'s audit chain was written with: use that key (every node and `npm run admin` share one)');
    }
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    return { migrations: ran.map((m) => m.name), seeded };
  } finally {
    await runner.release();
    await ds.destroy();
  }
}

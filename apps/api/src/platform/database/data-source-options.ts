import type { DataSourceOptions } from 'typeorm';
import { auditChainSubscriber } from '../audit/audit-chain.js';
import { MIGRATIONS } from './migrations/index.js';
import { SnakeNamingStrategy } from './snake-naming.strategy.js';

/**
 * The settings every connection of the app starts with (pg's `options`): it acts as `role` (SET
 * ROLE at start: the app's rights, whoever DATABASE_URL's user is; '' = the user's own rights),
 * and its statements run without parallel workers. The app's statements are short (an index
 * range, a page); starting a worker process costs more than any of them, and a plan that starts
 * one for a branch that never runs (the Historia page's walk, behind a condition on its count)
 * pays the start for nothing (docs/decisions.md, "No parallel workers for the app's statements").
 */
export function connectionOptions(role: string): { options: string } {
  return { options: `${role ? `-c role=${role} ` : ''}-c max_parallel_workers_per_gather=0` };
}

/**
 * The one description of our database, shared by the app, the admin CLI and the schema check.
 * `role`: see connectionOptions (migrations run without one, as the schema owner).
 * `auditChainKey`: AUDIT_CHAIN_KEY, for a data source that records audit rows or migrates a
 * database that has some (null: the TypeORM CLI and the schema check, which do neither).
 * `entities`: none for the app (each module brings its own: autoLoadEntities) and for migrating;
 * loadEntities() for the tools that need the whole schema.
 */
export function dataSourceOptions(url: string, poolSize = 10, role = '', auditChainKey: string | null = null, entities: DataSourceOptions['entities'] = []): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities,
    subscribers: [auditChainSubscriber(auditChainKey)],
    migrations: MIGRATIONS,
    migrationsRun: false,
    synchronize: false,
    namingStrategy: new SnakeNamingStrategy(),
    extra: { max: poolSize, ...connectionOptions(role) },
  };
}

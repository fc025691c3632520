import type { DataSourceOptions } from 'typeorm';
import { auditChainSubscriber } from '../audit/audit-chain.js';
import { ENTITIES } from './entities.js';
import { MIGRATIONS } from './migrations/index.js';
import { SnakeNamingStrategy } from './snake-naming.strategy.js';

/**
 * The pg connection option that makes every connection act as `role` (SET ROLE at start):
 * the app's rights, whoever DATABASE_URL's user is. '' = the user's own rights.
 */
export function connectAsRole(role: string): { options?: string } {
  return role ? { options: `-c role=${role}` } : {};
}

/**
 * The one description of our database, shared by the app, the admin CLI and the schema check.
 * `role`: see connectAsRole (migrations run without one, as the schema owner).
 * `auditChainKey`: AUDIT_CHAIN_KEY, for a data source that records audit rows or migrates a
 * database that has some (null: the TypeORM CLI and the schema check, which do neither).
 */
export function dataSourceOptions(url: string, poolSize = 10, role = '', auditChainKey: string | null = null): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: ENTITIES,
    subscribers: [auditChainSubscriber(auditChainKey)],
    migrations: MIGRATIONS,
    migrationsRun: false,
    synchronize: false,
    namingStrategy: new SnakeNamingStrategy(),
    extra: { max: poolSize, ...connectAsRole(role) },
  };
}

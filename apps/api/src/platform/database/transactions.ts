import { AsyncLocalStorage } from 'node:async_hooks';
import { Inject, Injectable, Module, type Provider } from '@nestjs/common';
import { InjectDataSource, getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource, EntityManager, EntityTarget, ObjectLiteral, Repository } from 'typeorm';
import type { IsolationLevel } from 'typeorm/driver/types/IsolationLevel.js';
import { preparedIn, preparedQuery } from './prepared-query.js';

// Transactions without a whole-database handle in the features: a unit of work runs in
// `Transactions.run`, which keeps its transaction's manager in an AsyncLocalStorage, and a module
// reaches its OWN tables through `OwnRepository`s (registered with `ownRepositories` for the
// entities its folder declares), which use the transaction the code runs in, or the pool outside
// one. Locks, isolation levels and the ORM's commit events (the event door's after-commit
// listeners) are TypeORM's own: `run` is DataSource.transaction with the manager kept ambient.

const ambient = new AsyncLocalStorage<EntityManager>();

/** What runs a statement: an OwnRepository (or, in platform/ and tools, a manager). */
export interface Queryable {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

/** The manager of the transaction the calling code runs in (null outside one, or once it has ended). */
export function ambientManager(): EntityManager | null {
  const m = ambient.getStore();
  const runner = m?.queryRunner;
  return m && runner && runner.isTransactionActive && !runner.isReleased ? m : null;
}

/** Runs `work` with `m` (a transaction's manager) as the ambient one: for code handed a manager by the ORM (the event door). */
export function withManager<T>(m: EntityManager, work: () => Promise<T>): Promise<T> {
  return ambient.run(m, work);
}

/** The manager to run a statement with: the ambient transaction's, else the pool's. */
const managerOf = (db: DataSource): EntityManager => ambientManager() ?? db.manager;

/** Runs units of work in a transaction; code called inside reaches it through OwnRepository (and AuditService, EventBus). */
@Injectable()
export class Transactions {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Runs `work` in one transaction: everything it awaits that reads or writes through an
   * OwnRepository (or the audit log, the event door) runs in it, and commits or rolls back with
   * it. Called inside a transaction already, `work` joins that one (as passing its manager did).
   */
  run<T>(work: () => Promise<T>, options: { isolation?: IsolationLevel } = {}): Promise<T> {
    return ambientManager() ? work() : this.runApart(work, options);
  }

  /**
   * Runs `work` in a transaction of its own, even when the calling code runs in one (which it
   * neither sees nor waits for): for what must commit whatever the caller's change does (the
   * login counters). Retry it whole with retryOnConflict when it may deadlock.
   */
  runApart<T>(work: () => Promise<T>, options: { isolation?: IsolationLevel } = {}): Promise<T> {
    const inTransaction = (m: EntityManager) => ambient.run(m, work);
    return options.isolation ? this.db.transaction(options.isolation, inTransaction) : this.db.transaction(inTransaction);
  }

  /** Whether the calling code runs in a transaction. */
  get active(): boolean {
    return ambientManager() !== null;
  }
}

/**
 * A module's repository of one of its own entities, bound to the transaction the calling code
 * runs in (Transactions.run), or to the pool outside one. `repo` is TypeORM's repository (find,
 * update, query builder, locks); `query` runs SQL, which names only the module's own tables
 * (test/api/architecture.test.ts); `prepared` runs a named prepared statement (prepared-query.ts).
 */
export class OwnRepository<E extends ObjectLiteral> {
  constructor(
    private readonly db: DataSource,
    private readonly target: EntityTarget<E>,
  ) {}

  /** TypeORM's repository of the entity, in the ambient transaction when there is one. */
  get repo(): Repository<E> {
    return managerOf(this.db).getRepository(this.target);
  }

  /** SQL on the module's own tables, in the ambient transaction when there is one. */
  query<T = unknown>(sql: string, params: unknown[] = []): Promise<T[]> {
    return managerOf(this.db).query(sql, params) as Promise<T[]>;
  }

  /** One statement on its own (autocommitted on a pooled connection), even when the calling code runs in a transaction. */
  queryOnItsOwn<T = unknown>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.db.query(sql, params) as Promise<T[]>;
  }

  /** A named prepared statement on any pooled connection, even when the calling code runs in a transaction. */
  preparedOnItsOwn<T>(name: string, sql: string, params: unknown[] = []): Promise<T[]> {
    return preparedQuery<T>(this.db, name, sql, params);
  }

  /** A named prepared statement (on the transaction's connection inside one, on any pooled one outside). */
  prepared<T>(name: string, sql: string, params: unknown[] = []): Promise<T[]> {
    const m = ambientManager();
    return m ? preparedIn<T>(m, name, sql, params) : preparedQuery<T>(this.db, name, sql, params);
  }
}

const tokens = new Map<EntityTarget<ObjectLiteral>, symbol>();

/** The injection token of an entity's OwnRepository. */
export function ownRepositoryToken(entity: EntityTarget<ObjectLiteral>): symbol {
  let token = tokens.get(entity);
  if (!token) {
    token = Symbol(`OwnRepository(${typeof entity === 'function' ? entity.name : String(entity)})`);
    tokens.set(entity, token);
  }
  return token;
}

/** Injects the OwnRepository of an entity its module registered with ownRepositories. */
export const InjectOwn = (entity: EntityTarget<ObjectLiteral>): ParameterDecorator & PropertyDecorator => Inject(ownRepositoryToken(entity));

/** The tokens of entities' OwnRepositories, for a module that shares them in its exports (accounts/ with the role modules). */
export const ownRepositoryTokens = (entities: Array<EntityTarget<ObjectLiteral>>): symbol[] => entities.map(ownRepositoryToken);

/** The providers of a module's OwnRepositories: the entities its own folder declares, never another module's. */
export function ownRepositories(entities: Array<EntityTarget<ObjectLiteral>>): Provider[] {
  return entities.map((entity) => ({
    provide: ownRepositoryToken(entity),
    useFactory: (db: DataSource) => new OwnRepository(db, entity),
    inject: [getDataSourceToken()],
  }));
}

/** Provides Transactions (import it where a unit of work starts). */
@Module({ providers: [Transactions], exports: [Transactions] })
export class TransactionsModule {}

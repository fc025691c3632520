import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager, EntitySubscriberInterface, QueryRunner, TransactionCommitEvent, TransactionRollbackEvent } from 'typeorm';
import { ambientManager, withManager } from '../database/transactions.js';
import type { DomainEventMap, DomainEventName } from './domain-events.js';

type InTransaction<K extends DomainEventName> = (m: EntityManager, event: DomainEventMap[K]) => Promise<void>;
type AfterCommit<K extends DomainEventName> = (event: DomainEventMap[K]) => void;
type Pending = Array<() => void>;

/**
 * The one door for domain events, in two phases. `emit(m, …)` (or `tell`, in the ambient
 * transaction) inside a change's transaction runs the in-transaction listeners at once with its manager
 * (also ambient for them: their OwnRepositories write in it) (their writes commit or roll back with
 * the change: the outboxes), and holds the after-commit listeners (realtime pushes) until the
 * transaction commits — never if it rolls back. Emitted outside a transaction, both run at once.
 * A failing after-commit listener is logged, never the emitter's problem (screens also poll).
 */
@Injectable()
export class EventBus implements OnModuleInit, EntitySubscriberInterface {
  private readonly logger = new Logger(EventBus.name);
  private readonly inTransactionListeners = new Map<DomainEventName, Array<InTransaction<DomainEventName>>>();
  private readonly afterCommitListeners = new Map<DomainEventName, Array<AfterCommit<DomainEventName>>>();
  /** After-commit work of each open transaction (by its query runner). */
  private readonly pending = new WeakMap<QueryRunner, Pending>();
  private readonly burst = new AsyncLocalStorage<Pending>();

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  onModuleInit(): void {
    // Told of every commit and rollback (TypeORM's transaction events).
    this.db.subscribers.push(this);
  }

  /** Writes that belong to the change (outbox rows): run inside its transaction. */
  inTransaction<K extends DomainEventName>(name: K, listener: InTransaction<K>): void {
    const list = this.inTransactionListeners.get(name) ?? [];
    list.push(listener as InTransaction<DomainEventName>);
    this.inTransactionListeners.set(name, list);
  }

  /** What others may learn only once the change is committed (pushes): run after the commit. */
  afterCommit<K extends DomainEventName>(name: K, listener: AfterCommit<K>): void {
    const list = this.afterCommitListeners.get(name) ?? [];
    list.push(listener as AfterCommit<DomainEventName>);
    this.afterCommitListeners.set(name, list);
  }

  /** Tells of a change in the transaction the calling code runs in (Transactions.run), or, outside one, as emit(null, …). */
  tell<K extends DomainEventName>(name: K, event: DomainEventMap[K]): Promise<void> {
    return this.emit(ambientManager(), name, event);
  }

  /** Tells of a change, in its transaction (`m`) or after it (`null`: it has committed, or there is none). */
  async emit<K extends DomainEventName>(m: EntityManager | null, name: K, event: DomainEventMap[K]): Promise<void> {
    const runner = m?.queryRunner;
    const inTransaction = runner?.isTransactionActive === true;
    for (const listener of this.inTransactionListeners.get(name) ?? []) {
      if (inTransaction) await withManager(m!, () => listener(m!, event));
      else await this.db.transaction((tx) => withManager(tx, () => listener(tx, event)));
    }
    const notify = () => this.notify(name, event);
    if (!inTransaction) return this.deliver(notify);
    const held = this.pending.get(runner) ?? [];
    held.push(notify);
    this.pending.set(runner, held);
  }

  /**
   * Runs several changes as one burst (e.g. deliver, then pick the next): their after-commit
   * listeners run together when all are done, so realtime can coalesce them (one queue:status).
   * Changes committed before a failure are still told.
   */
  async together<T>(work: () => Promise<T>): Promise<T> {
    const held: Pending = [];
    try {
      return await this.burst.run(held, work);
    } finally {
      for (const notify of held) notify();
    }
  }

  afterTransactionCommit(event: TransactionCommitEvent): void {
    const runner = event.queryRunner;
    // Only the outermost commit: a savepoint's release announces itself too.
    if ((runner as unknown as { transactionDepth: number }).transactionDepth > 0) return;
    const held = this.pending.get(runner);
    this.pending.delete(runner);
    for (const notify of held ?? []) this.deliver(notify);
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    const runner = event.queryRunner;
    if ((runner as unknown as { transactionDepth: number }).transactionDepth > 0) return;
    this.pending.delete(runner);
  }

  private deliver(notify: () => void): void {
    const burst = this.burst.getStore();
    if (burst) burst.push(notify);
    else notify();
  }

  private notify(name: DomainEventName, event: unknown): void {
    for (const listener of this.afterCommitListeners.get(name) ?? []) {
      try {
        listener(event as never);
      } catch (err) {
        this.logger.warn(`after-commit listener of ${name} failed: ${String(err)}`);
      }
    }
  }
}

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { GroupCommit } from '../database/group-commit.js';
import { ambientManager } from '../database/transactions.js';
import type { UserRole } from '@resepti/domain';
import type { AuditAction } from './audit-actions.js';
import { addPendingAuditRows, appendOnItsOwn, auditChainKeyOf, type PendingAuditRow, requireChainKey } from './audit-chain.js';
import { currentAuditOrigin } from './audit-context.js';

export interface AuditEntry {
  action: AuditAction;
  orderId?: number | null;
  patientHetu?: string | null;
  /** Another record concerned, as 'table:id', or the route of a refused request. */
  subject?: string | null;
  /** What else identifies the action (a search's filter); stored as JSON text. */
  details?: Record<string, unknown> | null;
  /**
   * A list read: every order it showed, with the order's patient, on this one row (order_ids and
   * patient_hetus) instead of a row per order; each patient's access log lists the read.
   */
  listed?: ReadonlyArray<ListedOrder>;
}

/** An order shown by a list read, and its patient. */
export interface ListedOrder {
  orderId: number;
  patientHetu: string;
}

/** Audit rows per shared append at most (15 parameters a row; PostgreSQL takes 65,535). */
const MAX_ROWS_PER_APPEND = 2_000;

/**
 * Who acted: a signed-in user (or, a failed login, the role tried with nobody signed in), an
 * integrator's API client (id = its row id), an operator at the admin CLI (id null), or the
 * sandbox's simulated doctor (id null; it acts only on sandbox orders).
 */
export interface AuditActor {
  role: UserRole | 'integrator' | 'operator' | 'sandbox';
  id: number | null;
}

/**
 * Appends to the audit log: who read or changed what, when, from which address and session.
 * Rows recorded with a transaction's manager are written as that transaction's last statements
 * (AuditChainSubscriber), so they commit, or roll back, with the change they describe.
 */
@Injectable()
export class AuditService {
  /**
   * Rows recorded without a transaction (reads, refused requests): concurrent ones go together,
   * in one statement (appendOnItsOwn), one head lock and one commit for them all, and appends of
   * one process never race each other's guess of the head.
   */
  private readonly ownTransactions: GroupCommit<PendingAuditRow[]>;

  constructor(@InjectDataSource() private readonly db: DataSource) {
    const key = auditChainKeyOf(db);
    this.ownTransactions = new GroupCommit((groups) => appendOnItsOwn(db, groups.flat(), requireChainKey(key)), (rows) => rows.length, MAX_ROWS_PER_APPEND);
  }

  /**
   * Pass the transaction's manager when the access is part of a change (a READ COMMITTED one: the
   * chain's head is locked at its commit), or call it inside Transactions.run (the ambient one);
   * without one the rows get a transaction of their own.
   */
  async record(actor: AuditActor, entries: AuditEntry | AuditEntry[], manager: EntityManager = ambientManager() ?? this.db.manager): Promise<void> {
    const list = Array.isArray(entries) ? entries : [entries];
    if (list.length === 0) return;
    const { clientAddress, sessionHash } = currentAuditOrigin();
    const rows: PendingAuditRow[] = list.map((e) => ({
      actorRole: actor.role,
      actorId: actor.id,
      action: e.action,
      orderId: e.orderId ?? null,
      patientHetu: e.patientHetu ?? null,
      subject: e.subject ?? null,
      details: e.details ? JSON.stringify(e.details) : null,
      clientAddress,
      sessionHash,
      orderIds: e.listed ? e.listed.map((o) => o.orderId) : null,
      patientHetus: e.listed ? e.listed.map((o) => o.patientHetu) : null,
    }));
    const runner = manager.queryRunner;
    if (runner?.isTransactionActive) addPendingAuditRows(runner, rows);
    else await this.ownTransactions.add(rows);
  }
}

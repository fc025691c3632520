import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { SessionUser } from '../auth/session-user.js';
import { AuditLog } from './audit-log.entity.js';

export interface AuditEntry {
  action: string;
  orderId?: number | null;
  patientHetu?: string | null;
}

/** Appends to the audit log: who read or changed which patient's data, when. */
@Injectable()
export class AuditService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Pass the transaction's manager when the access is part of a change, so both commit together. */
  async record(actor: SessionUser, entries: AuditEntry | AuditEntry[], manager: EntityManager = this.db.manager): Promise<void> {
    const list = Array.isArray(entries) ? entries : [entries];
    if (list.length === 0) return;
    await manager.insert(
      AuditLog,
      list.map((e) => ({ actorRole: actor.role, actorId: actor.id, action: e.action, orderId: e.orderId ?? null, patientHetu: e.patientHetu ?? null })),
    );
  }
}

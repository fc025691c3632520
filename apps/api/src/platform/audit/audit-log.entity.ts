import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type { UserRole } from '@resepti/domain';
import type { AuditAction } from './audit-actions.js';

/**
 * Who read or changed what, when, from where. Append-only: the application's database role may
 * INSERT and SELECT but not UPDATE, DELETE or TRUNCATE these rows (migrations AuditTrail and
 * AuditChainKey), and each row carries an HMAC (key outside the database) over its fields and the
 * hash of the one before it, so an edit by someone with more rights shows in
 * `npm run admin -- verify-audit`. Rows are written by audit-chain.ts only.
 */
@Entity()
@Index('idx_audit_log_order', ['orderId', 'at'])
// GIN over patient_hetus (migration AuditListReads): a patient's access log finds the list reads that showed them.
@Index('idx_audit_log_patient_hetus', { synchronize: false })
export class AuditLog {
  /** Taken from the sequence inside the chain's lock (audit-chain.ts), so ids follow the chain. */
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  /** Set by audit-chain.ts (the hash covers it), in milliseconds. */
  @Column({ type: 'timestamptz', default: () => 'now()' })
  at!: Date;

  /**
   * The acting user's role; for a failed login, the role whose login was tried; 'integrator' an
   * API client (actorId its row id); 'operator' someone at `npm run admin` (details: the OS user);
   * 'sandbox' the integrators' simulated doctor (actorId null).
   */
  @Column({ type: 'text' })
  actorRole!: UserRole | 'integrator' | 'operator' | 'sandbox';

  /** null: nobody signed in (a failed login). */
  @Column({ type: 'int', nullable: true })
  actorId!: number | null;

  @Column({ type: 'text' })
  action!: AuditAction;

  @Column({ type: 'int', nullable: true })
  orderId!: number | null;

  /** The patient concerned, when known (hetu), so a patient's access history can be listed. */
  @Index()
  @Column({ type: 'text', nullable: true })
  patientHetu!: string | null;

  /** Another record concerned, as 'table:id' (a pharmacy user, the notice), or the refused route. */
  @Column({ type: 'text', nullable: true })
  subject!: string | null;

  /** What else identifies the action, as JSON text (a history search's filter, a tried login name). */
  @Column({ type: 'text', nullable: true })
  details!: string | null;

  @Column({ type: 'text', nullable: true })
  clientAddress!: string | null;

  /** sha256 of the session id. */
  @Column({ type: 'text', nullable: true })
  sessionHash!: string | null;

  /** The hash of the row before (64 zeros for the first row). */
  @Column({ type: 'text' })
  prevHash!: string;

  /** HMAC-SHA256 (AUDIT_CHAIN_KEY) over this row's fields and prevHash (audit-chain.ts auditRowHash). */
  @Column({ type: 'text' })
  hash!: string;

  /**
   * A list read (Reseptilista, Historia): the orders it showed, in the list's order, one row for
   * the whole read. Parallel to patientHetus: the i-th order is the i-th patient's. null on every
   * other row (the hash covers both only when they are set).
   */
  @Column({ type: 'int', array: true, nullable: true })
  orderIds!: number[] | null;

  /** The patients of a list read's orders (see orderIds), so each patient's access log shows the read. */
  @Column({ type: 'text', array: true, nullable: true })
  patientHetus!: string[] | null;
}

/**
 * The end of the chain: one row, locked while rows are appended so the chain stays a line. The
 * app's role has no rights on it: it reads and locks it through SECURITY DEFINER functions, and a
 * trigger on audit_log moves it (migration AuditChainKey).
 */
@Entity()
export class AuditChainHead {
  @PrimaryColumn({ type: 'smallint' })
  id!: number;

  @Column({ type: 'bigint' })
  lastId!: string;

  @Column({ type: 'text' })
  lastHash!: string;

  /** audit-chain.ts auditKeyCheck(AUDIT_CHAIN_KEY): which key the chain is written with (null until first start). */
  @Column({ type: 'text', nullable: true })
  keyCheck!: string | null;
}

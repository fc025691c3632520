import { createHash } from 'node:crypto';
import { EventSubscriber, type EntityManager, type EntitySubscriberInterface, type QueryRunner, type TransactionCommitEvent, type TransactionRollbackEvent } from 'typeorm';
import { AuditLog } from './audit-log.entity.js';

export const GENESIS_HASH = '0'.repeat(64);

/** The fields a row's hash covers, in a fixed order. */
export type ChainedFields = Pick<
  AuditLog,
  'id' | 'at' | 'actorRole' | 'actorId' | 'action' | 'orderId' | 'patientHetu' | 'subject' | 'details' | 'clientAddress' | 'sessionHash' | 'prevHash'
>;

/** sha256 over the row's fields and the previous row's hash: editing any of them breaks the chain from there on. */
export function auditRowHash(row: ChainedFields): string {
  const canonical = JSON.stringify([
    String(row.id),
    row.at.toISOString(),
    row.actorRole,
    row.actorId,
    row.action,
    row.orderId,
    row.patientHetu,
    row.subject,
    row.details,
    row.clientAddress,
    row.sessionHash,
    row.prevHash,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

export type PendingAuditRow = Omit<ChainedFields, 'id' | 'at' | 'prevHash'>;

/** Rows recorded in a transaction, appended to the chain just before it commits. */
const pending = new WeakMap<QueryRunner, PendingAuditRow[]>();

export function addPendingAuditRows(runner: QueryRunner, rows: PendingAuditRow[]): void {
  const list = pending.get(runner);
  if (list) list.push(...rows);
  else pending.set(runner, [...rows]);
}

/**
 * Appends rows to the chain: locks the head, numbers the rows from the sequence, links and hashes
 * them, inserts them and moves the head. Runs at the end of the recording transaction (see
 * AuditChainSubscriber), so the head's lock is held only while that transaction commits.
 */
export async function appendToChain(m: EntityManager, rows: PendingAuditRow[]): Promise<void> {
  if (rows.length === 0) return;
  const [head] = (await m.query('SELECT last_hash FROM audit_chain_head WHERE id = 1 FOR UPDATE')) as Array<{ last_hash: string }>;
  const ids = (await m.query(
    `SELECT n::text AS id FROM (SELECT nextval(pg_get_serial_sequence('audit_log', 'id')) AS n FROM generate_series(1, $1::int)) s ORDER BY n`,
    [rows.length],
  )) as Array<{ id: string }>;
  const at = new Date();
  let prevHash = head.last_hash;
  const chained: AuditLog[] = rows.map((row, i) => {
    const fields: ChainedFields = { ...row, id: ids[i].id, at, prevHash };
    const hash = auditRowHash(fields);
    prevHash = hash;
    return { ...fields, hash };
  });
  // Plain SQL: TypeORM would leave out the ids (a generated column) and take new ones from the sequence.
  const columns = ['id', 'at', 'actor_role', 'actor_id', 'action', 'order_id', 'patient_hetu', 'subject', 'details', 'client_address', 'session_hash', 'prev_hash', 'hash'];
  const values = chained.flatMap((r) => [r.id, r.at, r.actorRole, r.actorId, r.action, r.orderId, r.patientHetu, r.subject, r.details, r.clientAddress, r.sessionHash, r.prevHash, r.hash]);
  const tuples = chained.map((_, i) => `(${columns.map((__, j) => `$${i * columns.length + j + 1}`).join(', ')})`);
  await m.query(`INSERT INTO audit_log (${columns.join(', ')}) VALUES ${tuples.join(', ')}`, values);
  await m.query('UPDATE audit_chain_head SET last_id = $1, last_hash = $2 WHERE id = 1', [ids[ids.length - 1].id, prevHash]);
}

/** Writes a transaction's audit rows as its last statements before COMMIT; forgets them on rollback. */
@EventSubscriber()
export class AuditChainSubscriber implements EntitySubscriberInterface {
  async beforeTransactionCommit(event: TransactionCommitEvent): Promise<void> {
    const runner = event.queryRunner;
    // Only the outermost commit (a savepoint's release also announces itself).
    if ((runner as unknown as { transactionDepth: number }).transactionDepth > 1) return;
    const rows = pending.get(runner);
    if (!rows) return;
    pending.delete(runner);
    await appendToChain(runner.manager, rows);
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    if ((event.queryRunner as unknown as { transactionDepth: number }).transactionDepth === 0) pending.delete(event.queryRunner);
  }
}

export interface ChainCheck {
  ok: boolean;
  /** Rows checked. */
  rows: number;
  /** The first row whose link or hash does not match. */
  brokenAtId?: string;
  reason?: string;
}

/** Walks the whole chain in id order and reports the first row that was changed, inserted or removed. */
export async function verifyAuditChain(m: EntityManager): Promise<ChainCheck> {
  let prevHash = GENESIS_HASH;
  let lastId = '0';
  let rows = 0;
  for (;;) {
    const batch = await m
      .getRepository(AuditLog)
      .createQueryBuilder('a')
      .where('a.id > :lastId::bigint', { lastId })
      .orderBy('a.id', 'ASC')
      .limit(5000)
      .getMany();
    if (batch.length === 0) break;
    for (const row of batch) {
      if (row.prevHash !== prevHash) return { ok: false, rows, brokenAtId: row.id, reason: 'does not link to the row before it (a row was removed or inserted)' };
      if (auditRowHash(row) !== row.hash) return { ok: false, rows, brokenAtId: row.id, reason: 'its content does not match its hash (the row was changed)' };
      prevHash = row.hash;
      lastId = row.id;
      rows++;
    }
  }
  const [head] = (await m.query('SELECT last_hash FROM audit_chain_head WHERE id = 1')) as Array<{ last_hash: string }>;
  if (head && head.last_hash !== prevHash) return { ok: false, rows, brokenAtId: lastId, reason: 'the chain ends before its recorded head (rows were removed from the end)' };
  return { ok: true, rows };
}

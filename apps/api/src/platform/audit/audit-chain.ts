import { createHmac } from 'node:crypto';
import {
  type DataSource,
  type EntitySubscriberInterface,
  EventSubscriber,
  type QueryRunner,
  type TransactionCommitEvent,
  type TransactionRollbackEvent,
} from 'typeorm';
import { isDatabaseUnavailable } from '../database/database-unavailable.js';
import { preparedIn, preparedQuery } from '../database/prepared-query.js';
import { auditAppendFailures, auditAppends, auditChainGuessMisses } from '../metrics/metrics.js';
import { AuditLog } from './audit-log.entity.js';

export const GENESIS_HASH = '0'.repeat(64);

/** The fields a row's hash covers, in a fixed order. */
export type ChainedFields = Pick<
  AuditLog,
  'id' | 'at' | 'actorRole' | 'actorId' | 'action' | 'orderId' | 'patientHetu' | 'subject' | 'details' | 'clientAddress' | 'sessionHash' | 'prevHash'
> &
  Partial<Pick<AuditLog, 'orderIds' | 'patientHetus'>>;

/**
 * The row's fields in the order the hash covers them (the same for the keyed and the legacy hash).
 * A list read's orders and patients (migration AuditListReads) are added only when the row has
 * them, so every row without them hashes exactly as it did before they existed.
 */
export function canonicalAuditRow(row: ChainedFields): string {
  const listed = row.orderIds != null || row.patientHetus != null ? [row.orderIds ?? null, row.patientHetus ?? null] : [];
  return JSON.stringify([
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
    ...listed,
  ]);
}

/**
 * HMAC-SHA256 with AUDIT_CHAIN_KEY over the row's fields and the previous row's hash. The key is
 * not in the database, so whoever can write the tables (the schema owner, a restored dump) can
 * no longer recompute the chain after an edit: editing any row breaks it from there on.
 */
export function auditRowHash(row: ChainedFields, key: string): string {
  return createHmac('sha256', key).update(canonicalAuditRow(row)).digest('hex');
}

/**
 * Stored in the chain's head: tells `verify-audit` and a starting node that they hold the key the
 * chain was written with (a wrong key would otherwise look like every row was edited). An HMAC of
 * a constant gives nothing towards the key.
 */
export function auditKeyCheck(key: string): string {
  return createHmac('sha256', key).update('resepti-audit-chain-key-check').digest('hex');
}

/**
 * An audited action whose audit rows could not be written: its transaction rolled back, nothing of
 * it was committed. The HTTP filters answer it 503 with Retry-After, never 500. (A plain Error:
 * this file is loaded by the TypeORM CLI and the schema test too, without Nest.)
 */
export class AuditWriteError extends Error {
  constructor(cause: unknown) {
    super(`audit rows could not be appended: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

export type PendingAuditRow = Omit<ChainedFields, 'id' | 'at' | 'prevHash'>;

/** Rows recorded in a transaction, appended to the chain just before it commits. */
const pending = new WeakMap<QueryRunner, PendingAuditRow[]>();

export function addPendingAuditRows(runner: QueryRunner, rows: PendingAuditRow[]): void {
  const list = pending.get(runner);
  if (list) list.push(...rows);
  else pending.set(runner, [...rows]);
}

/** What appends run their SQL on: a transaction's EntityManager, or a pg client in the bench's baseline. */
export interface SqlRunner {
  query(text: string, values?: unknown[]): Promise<unknown>;
  /** The same as a statement prepared by `name` on the connection, where the runner can (every change appends). */
  prepared?(name: string, text: string, values: unknown[]): Promise<unknown>;
}

/** Where the chain ended after an append: the id and hash of its last row. */
interface ChainEnd {
  lastId: bigint;
  lastHash: string;
}

/**
 * Per database (keyed by its DataSource, or whatever stands for it), where this process's last
 * append left the chain: the guess an append on its own starts from (see appendOnItsOwn). Wrong
 * when another process appended since, or a transaction with linked rows rolled back: that costs
 * a round trip, never a wrong chain.
 */
const chainEnds = new WeakMap<object, ChainEnd>();

const CHAIN_COLUMNS = ['id', 'at', 'actor_role', 'actor_id', 'action', 'order_id', 'patient_hetu', 'subject', 'details', 'client_address', 'session_hash', 'prev_hash', 'hash', 'order_ids', 'patient_hetus'];

/** The rows linked after `end` and HMACed (ids from its id + 1), as JSON of audit_log's columns, and where they end. */
function linkRows(rows: PendingAuditRow[], end: ChainEnd, at: Date, key: string): { json: string; end: ChainEnd } {
  let prevHash = end.lastHash;
  let id = end.lastId;
  const linked = rows.map((row) => {
    id += 1n;
    const fields: ChainedFields = { ...row, id: id.toString(), at, prevHash };
    const hash = auditRowHash(fields, key);
    prevHash = hash;
    return {
      id: fields.id, at, actor_role: row.actorRole, actor_id: row.actorId, action: row.action, order_id: row.orderId, patient_hetu: row.patientHetu,
      subject: row.subject, details: row.details, client_address: row.clientAddress, session_hash: row.sessionHash, prev_hash: fields.prevHash, hash,
      order_ids: row.orderIds ?? null, patient_hetus: row.patientHetus ?? null,
    };
  });
  return { json: JSON.stringify(linked), end: { lastId: id, lastHash: prevHash } };
}

/**
 * The rows (a JSON array in `$1`) as audit_log's columns. Plain SQL: TypeORM would leave out the
 * ids (a generated column) and take new ones from the sequence.
 */
const LINKED_ROWS = `json_populate_recordset(NULL::audit_log, $1::json) r`;
const INSERT_INTO = `INSERT INTO audit_log (${CHAIN_COLUMNS.join(', ')}) SELECT ${CHAIN_COLUMNS.map((c) => `r.${c}`).join(', ')} FROM`;
const INSERT_LINKED_ROWS = `${INSERT_INTO} ${LINKED_ROWS}`;

/**
 * One statement, in autocommit: locks the head (`audit_chain_lock()`, SECURITY DEFINER: the app's
 * role has no rights on the head itself) and inserts the rows only if the head is the row `$2`
 * with hash `$3`, the one they were linked after; answers the head as it found it and how many
 * rows went in. The lock comes before any row is inserted, and a wrong guess inserts nothing
 * (no error: nothing for the database's log).
 */
const APPEND_IF_HEAD_IS = `WITH head AS (SELECT last_id, last_hash FROM audit_chain_lock()),
  added AS (
    ${INSERT_INTO} head, ${LINKED_ROWS}
    WHERE head.last_id = $2::bigint AND head.last_hash = $3
    RETURNING 1)
  SELECT head.last_id::text AS last_id, head.last_hash, (SELECT count(*) FROM added)::int AS added FROM head`;

/**
 * Appends rows to the chain, inside the caller's transaction: the head locked and read, the rows
 * take the ids after it (no sequence: a reset sequence cannot collide with stored rows), are
 * linked and HMACed here, where the key is, and inserted; the database's trigger refuses a row
 * that does not continue the head and moves the head (once per statement). The head stays locked
 * until the transaction ends, so this runs as its last statements (see the subscriber). When this
 * process knows where the chain ended (its last append), the rows are linked after that and sent
 * with the lock in one statement (APPEND_IF_HEAD_IS); a wrong guess inserts nothing but locks
 * and answers the real head, after which they are linked again and inserted. Any failure is a
 * 503 for the action (its transaction rolls back with the rows, so the chain stays as it was),
 * never a 500.
 */
export async function appendToChain(m: SqlRunner, rows: PendingAuditRow[], key: string, source: object = chainSourceOf(m)): Promise<void> {
  if (rows.length === 0) return;
  const run: RunStatement = (name, text, values) => (m.prepared ? m.prepared(name, text, values) : m.query(text, values));
  const at = new Date();
  try {
    let head = await appendAfterGuess(run, source, rows, at, key);
    if (head === 'appended') return;
    if (!head) {
      const [locked] = (await run('audit-chain-lock', 'SELECT last_id::text AS last_id, last_hash FROM audit_chain_lock()', [])) as Array<{ last_id: string; last_hash: string }>;
      head = { lastId: BigInt(locked.last_id), lastHash: locked.last_hash };
    }
    const { json, end } = linkRows(rows, head, at, key);
    chainEnds.set(source, end);
    await run('audit-insert-linked', INSERT_LINKED_ROWS, [json]);
    auditAppends.inc(rows.length);
  } catch (err) {
    throw appendFailure(err, source);
  }
}

type RunStatement = (name: string, text: string, values: unknown[]) => Promise<unknown>;

/**
 * Links the rows after where this process last saw the chain of `source` end and sends them with
 * the lock in one statement (APPEND_IF_HEAD_IS): 'appended', or the head found instead (locked
 * until the statement's transaction ends; the next guess), or null when there was no guess.
 */
async function appendAfterGuess(run: RunStatement, source: object, rows: PendingAuditRow[], at: Date, key: string): Promise<ChainEnd | 'appended' | null> {
  const guess = chainEnds.get(source);
  if (!guess) return null;
  const { json, end } = linkRows(rows, guess, at, key);
  chainEnds.set(source, end);
  const [head] = (await run('audit-append-if-head-is', APPEND_IF_HEAD_IS, [json, guess.lastId.toString(), guess.lastHash])) as Array<{
    last_id: string;
    last_hash: string;
    added: number;
  }>;
  if (head.added === rows.length) {
    auditAppends.inc(rows.length);
    return 'appended';
  }
  auditChainGuessMisses.inc();
  const found = { lastId: BigInt(head.last_id), lastHash: head.last_hash };
  chainEnds.set(source, found);
  return found;
}

/** Tries of the one-statement append before a transaction of its own. */
const GUESSES = 3;

/**
 * Rows that describe no change (a read, a refused request): linked after this process's last
 * append and sent with the lock in one statement in autocommit (APPEND_IF_HEAD_IS), one round
 * trip instead of a transaction's four, prepared once per connection (planning the statement cost
 * PostgreSQL more than running it), on the pool itself (TypeORM's query runner per statement cost
 * the API more than the driver). A wrong guess answers the real head, to link after in the
 * next try; after GUESSES tries (other processes appending fast), a transaction of their own.
 * Callers run one at a time per process (AuditService's GroupCommit), so their guesses do not race.
 */
export async function appendOnItsOwn(db: DataSource, rows: PendingAuditRow[], key: string): Promise<void> {
  if (rows.length === 0) return;
  const at = new Date();
  const run: RunStatement = (name, text, values) => preparedQuery(db, name, text, values);
  try {
    for (let i = 0; i < GUESSES; i++) {
      const done = await appendAfterGuess(run, db, rows, at, key);
      if (done === 'appended') return;
      if (!done) break;
    }
  } catch (err) {
    throw appendFailure(err, db);
  }
  await db.transaction((m) => appendToChain(m, rows, key, db));
}

function appendFailure(err: unknown, source: object): unknown {
  chainEnds.delete(source);
  auditAppendFailures.inc();
  return isDatabaseUnavailable(err) ? err : new AuditWriteError(err);
}

/** The database an entity manager writes to (its DataSource): the key of its chain's guessed end. */
function chainSourceOf(m: SqlRunner): object {
  return (m as { connection?: object }).connection ?? m;
}

/** Marks the subscriber of a data source, so a migration can find the key it was built with. */
export interface AuditChainSubscriberInstance extends EntitySubscriberInterface {
  readonly auditChainKey: string | null;
}

/**
 * The subscriber that writes a transaction's audit rows as its last statements before COMMIT and
 * forgets them on rollback, bound to the chain's key (TypeORM builds subscribers from classes, so
 * the key goes in through a class made here). null: a data source that never records (the
 * TypeORM CLI, the schema test); recording through it fails.
 */
export function auditChainSubscriber(key: string | null): new () => AuditChainSubscriberInstance {
  @EventSubscriber()
  class AuditChainSubscriber implements AuditChainSubscriberInstance {
    readonly auditChainKey = key;

    async beforeTransactionCommit(event: TransactionCommitEvent): Promise<void> {
      const runner = event.queryRunner;
      // Only the outermost commit (a savepoint's release also announces itself).
      if ((runner as unknown as { transactionDepth: number }).transactionDepth > 1) return;
      const rows = pending.get(runner);
      if (!rows) return;
      pending.delete(runner);
      const m = runner.manager;
      await appendToChain({ query: (text, values) => m.query(text, values), prepared: (name, text, values) => preparedIn(m, name, text, values) }, rows, requireChainKey(key), runner.connection);
    }

    afterTransactionRollback(event: TransactionRollbackEvent): void {
      if ((event.queryRunner as unknown as { transactionDepth: number }).transactionDepth === 0) pending.delete(event.queryRunner);
    }
  }
  return AuditChainSubscriber;
}

/** The key to record with; null (a data source built without one, see auditChainSubscriber) fails the recording. */
export function requireChainKey(key: string | null): string {
  if (key === null) throw new Error('this data source has no AUDIT_CHAIN_KEY and cannot record audit rows');
  return key;
}

/** The chain key a data source was built with (see auditChainSubscriber), or null. */
export function auditChainKeyOf(ds: DataSource): string | null {
  const subscriber = ds.subscribers.find((s): s is AuditChainSubscriberInstance => 'auditChainKey' in s);
  return subscriber?.auditChainKey ?? null;
}

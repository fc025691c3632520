import { createHmac, timingSafeEqual } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { auditKeyCheck, auditRowHash, GENESIS_HASH } from './audit-chain.js';
import { AuditLog } from './audit-log.entity.js';

// Checking the audit chain (the admin CLI's audit verify): the head as stored, a walk over the
// rows recomputing each link and HMAC, and signed checkpoints kept outside the database.

export interface ChainHead {
  lastId: string;
  lastHash: string;
  keyCheck: string | null;
}

/** The head as stored (through `audit_chain_tip()`: the app's role cannot read the table). */
export async function readChainHead(m: EntityManager): Promise<ChainHead> {
  const [head] = (await m.query('SELECT last_id::text AS last_id, last_hash, key_check FROM audit_chain_tip()')) as Array<{
    last_id: string;
    last_hash: string;
    key_check: string | null;
  }>;
  return { lastId: head.last_id, lastHash: head.last_hash, keyCheck: head.key_check };
}

export interface ChainCheck {
  ok: boolean;
  /** Rows checked (when intact: every row of audit_log, all of them in the chain). */
  rows: number;
  /** The first row whose link or hash does not match. */
  brokenAtId?: string;
  reason?: string;
  /** The last row checked (the head), when intact. */
  lastId?: string;
  lastHash?: string;
}

/**
 * Walks every row of audit_log in id order, in one snapshot with the head (rows appended
 * meanwhile are in neither), and reports the first row that was changed, inserted or removed, a
 * row outside the chain (past its head or before its first row: written with the chain's trigger
 * off), or a head that the rows do not reach. Rows removed from the end together with a head
 * moved back are not visible here: that is what checkpoints are for (verifyCheckpoint).
 */
export async function verifyAuditChain(m: EntityManager, key: string): Promise<ChainCheck> {
  return m.transaction('REPEATABLE READ', (snapshot) => walkChain(snapshot, key));
}

async function walkChain(m: EntityManager, key: string): Promise<ChainCheck> {
  const head = await readChainHead(m);
  if (head.keyCheck !== null && !sameHex(head.keyCheck, auditKeyCheck(key))) {
    return { ok: false, rows: 0, brokenAtId: '0', reason: 'AUDIT_CHAIN_KEY is not the key this chain was written with' };
  }
  const [before] = (await m.query('SELECT id::text AS id FROM audit_log WHERE id < 1 ORDER BY id LIMIT 1')) as Array<{ id: string }>;
  if (before) return { ok: false, rows: 0, brokenAtId: before.id, reason: 'it lies before the chain’s first row (written outside the chain)' };
  let prevHash = GENESIS_HASH;
  let lastId = '0';
  let rows = 0;
  for (;;) {
    const batch = await m.getRepository(AuditLog).createQueryBuilder('a').where('a.id > :lastId::bigint', { lastId }).orderBy('a.id', 'ASC').limit(5000).getMany();
    if (batch.length === 0) break;
    for (const row of batch) {
      if (BigInt(row.id) > BigInt(head.lastId)) {
        return { ok: false, rows, brokenAtId: row.id, reason: `it lies beyond the chain’s head, row ${head.lastId} (written outside the chain)` };
      }
      if (row.prevHash !== prevHash) return { ok: false, rows, brokenAtId: row.id, reason: 'does not link to the row before it (a row was removed or inserted)' };
      if (!sameHex(auditRowHash(row, key), row.hash)) return { ok: false, rows, brokenAtId: row.id, reason: 'its content does not match its hash (the row was changed)' };
      prevHash = row.hash;
      lastId = row.id;
      rows++;
    }
  }
  if (lastId !== head.lastId || head.lastHash !== prevHash) {
    return { ok: false, rows, brokenAtId: lastId, reason: 'the chain ends before its recorded head (rows were removed from the end)' };
  }
  return { ok: true, rows, lastId, lastHash: prevHash };
}

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

/**
 * A signed statement of how far the chain reached at a moment and how many rows it had then:
 * operators ship it out of the database's reach (a log collector, a ticket, WORM storage). A
 * chain later cut back before `lastId`, rewritten up to it, or with another number of rows up to
 * it, no longer matches it. Format /1 (before the count) is still read.
 */
export interface AuditCheckpoint {
  format: 'resepti-audit-checkpoint/1' | 'resepti-audit-checkpoint/2';
  lastId: string;
  lastHash: string;
  /** The chain's rows up to lastId (format /2). */
  rows?: number;
  at: string;
  /** HMAC-SHA256 with AUDIT_CHAIN_KEY over the fields above. */
  signature: string;
}

function checkpointSignature(c: Omit<AuditCheckpoint, 'signature'>, key: string): string {
  const payload = c.format === 'resepti-audit-checkpoint/1' ? [c.format, c.lastId, c.lastHash, c.at] : [c.format, c.lastId, c.lastHash, c.rows, c.at];
  return createHmac('sha256', key).update(payload.join('|')).digest('hex');
}

export function signCheckpoint(chain: { lastId: string; lastHash: string; rows: number }, at: Date, key: string): AuditCheckpoint {
  const fields = { format: 'resepti-audit-checkpoint/2' as const, lastId: chain.lastId, lastHash: chain.lastHash, rows: chain.rows, at: at.toISOString() };
  return { ...fields, signature: checkpointSignature(fields, key) };
}

/** The checkpoint in a file's text, when it is one and its signature holds; otherwise why not. */
export function parseCheckpoint(text: string, key: string): AuditCheckpoint | string {
  let c: Partial<AuditCheckpoint>;
  try {
    c = JSON.parse(text) as Partial<AuditCheckpoint>;
  } catch {
    return 'not a checkpoint (not JSON)';
  }
  const counted = c?.format === 'resepti-audit-checkpoint/2';
  if (
    (c?.format !== 'resepti-audit-checkpoint/1' && !counted) ||
    typeof c.lastId !== 'string' || !/^\d{1,19}$/.test(c.lastId) ||
    (counted && !Number.isSafeInteger(c.rows)) ||
    typeof c.lastHash !== 'string' || typeof c.at !== 'string' || typeof c.signature !== 'string'
  ) {
    return 'not a checkpoint (fields missing)';
  }
  const checkpoint = c as AuditCheckpoint;
  if (!sameHex(checkpoint.signature, checkpointSignature(checkpoint, key))) return 'its signature does not hold (edited, or signed with another AUDIT_CHAIN_KEY)';
  return checkpoint;
}

/**
 * Whether the chain still holds the checkpoint's row with the checkpoint's hash, and (format /2)
 * as many rows up to it as then (call after verifyAuditChain said ok).
 */
export async function verifyCheckpoint(m: EntityManager, checkpoint: AuditCheckpoint, chain: ChainCheck): Promise<ChainCheck> {
  const [row] = (await m.query('SELECT hash FROM audit_log WHERE id = $1::bigint', [checkpoint.lastId])) as Array<{ hash: string }>;
  if (!row || BigInt(chain.lastId ?? '0') < BigInt(checkpoint.lastId)) {
    return {
      ok: false,
      rows: chain.rows,
      brokenAtId: chain.lastId ?? '0',
      reason: `the chain ends at row ${chain.lastId ?? 0}, before row ${checkpoint.lastId} of the checkpoint of ${checkpoint.at} (rows were removed from the end)`,
    };
  }
  if (row.hash !== checkpoint.lastHash) {
    return { ok: false, rows: chain.rows, brokenAtId: checkpoint.lastId, reason: `it differs from the checkpoint of ${checkpoint.at} (the chain was rewritten)` };
  }
  if (checkpoint.rows !== undefined) {
    const [{ n }] = (await m.query('SELECT count(*)::int AS n FROM audit_log WHERE id <= $1::bigint', [checkpoint.lastId])) as Array<{ n: number }>;
    if (n !== checkpoint.rows) {
      return { ok: false, rows: chain.rows, brokenAtId: checkpoint.lastId, reason: `the chain has ${n} rows up to it, the checkpoint of ${checkpoint.at} ${checkpoint.rows} (rows were added or removed)` };
    }
  }
  return chain;
}

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
  /** Rows checked. */
  rows: number;
  /** The first row whose link or hash does not match. */
  brokenAtId?: string;
  reason?: string;
  /** The last row checked (the head), when intact. */
  lastId?: string;
  lastHash?: string;
}

/**
 * Walks the chain in id order up to the head (read first, so rows appended meanwhile do not count)
 * and reports the first row that was changed, inserted or removed, or a head that the rows do not
 * reach. Rows removed from the end together with a head moved back are not visible here: that is
 * what checkpoints are for (verifyCheckpoint).
 */
export async function verifyAuditChain(m: EntityManager, key: string): Promise<ChainCheck> {
  const head = await readChainHead(m);
  if (head.keyCheck !== null && !sameHex(head.keyCheck, auditKeyCheck(key))) {
    return { ok: false, rows: 0, brokenAtId: '0', reason: 'AUDIT_CHAIN_KEY is not the key this chain was written with' };
  }
  let prevHash = GENESIS_HASH;
  let lastId = '0';
  let rows = 0;
  for (;;) {
    const batch = await m
      .getRepository(AuditLog)
      .createQueryBuilder('a')
      .where('a.id > :lastId::bigint AND a.id <= :headId::bigint', { lastId, headId: head.lastId })
      .orderBy('a.id', 'ASC')
      .limit(5000)
      .getMany();
    if (batch.length === 0) break;
    for (const row of batch) {
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
 * A signed statement of how far the chain reached at a moment: operators ship it out of the
 * database's reach (a log collector, a ticket, WORM storage). A chain later cut back before
 * `lastId`, or rewritten up to it, no longer matches it.
 */
export interface AuditCheckpoint {
  format: 'resepti-audit-checkpoint/1';
  lastId: string;
  lastHash: string;
  at: string;
  /** HMAC-SHA256 with AUDIT_CHAIN_KEY over the fields above. */
  signature: string;
}

const checkpointPayload = (c: Pick<AuditCheckpoint, 'lastId' | 'lastHash' | 'at'>) => `resepti-audit-checkpoint/1|${c.lastId}|${c.lastHash}|${c.at}`;

export function signCheckpoint(lastId: string, lastHash: string, at: Date, key: string): AuditCheckpoint {
  const fields = { lastId, lastHash, at: at.toISOString() };
  return { format: 'resepti-audit-checkpoint/1', ...fields, signature: createHmac('sha256', key).update(checkpointPayload(fields)).digest('hex') };
}

/** The checkpoint in a file's text, when it is one and its signature holds; otherwise why not. */
export function parseCheckpoint(text: string, key: string): AuditCheckpoint | string {
  let c: Partial<AuditCheckpoint>;
  try {
    c = JSON.parse(text) as Partial<AuditCheckpoint>;
  } catch {
    return 'not a checkpoint (not JSON)';
  }
  if (c?.format !== 'resepti-audit-checkpoint/1' || typeof c.lastId !== 'string' || !/^\d{1,19}$/.test(c.lastId) || typeof c.lastHash !== 'string' || typeof c.at !== 'string' || typeof c.signature !== 'string') {
    return 'not a checkpoint (fields missing)';
  }
  const expected = createHmac('sha256', key).update(checkpointPayload({ lastId: c.lastId, lastHash: c.lastHash, at: c.at })).digest('hex');
  if (!sameHex(c.signature, expected)) return 'its signature does not hold (edited, or signed with another AUDIT_CHAIN_KEY)';
  return c as AuditCheckpoint;
}

/** Whether the chain still holds the checkpoint's row with the checkpoint's hash (call after verifyAuditChain said ok). */
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
  return chain;
}

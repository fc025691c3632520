import { createHash } from 'node:crypto';

/**
 * The audit chain's hash before AUDIT_CHAIN_KEY (migration AuditTrail): a plain sha256 that anyone
 * could recompute. Kept frozen here for the two migrations that meet it: AuditTrail chained the
 * rows of that time with it, and AuditChainKey checks that chain before re-chaining it with the key.
 */
export interface LegacyChainedRow {
  id: string;
  at: Date;
  actorRole: string;
  actorId: number | null;
  action: string;
  orderId: number | null;
  patientHetu: string | null;
  subject: string | null;
  details: string | null;
  clientAddress: string | null;
  sessionHash: string | null;
  prevHash: string;
}

export const LEGACY_GENESIS_HASH = '0'.repeat(64);

export function legacyAuditRowHash(row: LegacyChainedRow): string {
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

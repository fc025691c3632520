import { hostname, userInfo } from 'node:os';
import type { EntityManager } from 'typeorm';
import { AuditService, type AuditEntry } from '../platform/audit/audit.service.js';

/** Bad input to an admin command: a clear message on stderr, exit code 2, nothing written. */
export class UsageError extends Error {}

/**
 * Audit rows of an operator's command, in its transaction: the actor is the person at the
 * terminal, known by the OS user (and host) the CLI runs as.
 */
export async function auditOperator(m: EntityManager, entries: AuditEntry[]): Promise<void> {
  const operator = { osUser: userInfo().username, host: hostname() };
  await new AuditService(m.connection).record(
    { role: 'operator', id: null },
    entries.map((e) => ({ ...e, details: { ...operator, ...e.details } })),
    m,
  );
}

import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { hasStoredSession } from '../http/session-user.js';

/** Where an audited action came from: the HTTP request it is part of. */
const requestContext = new AsyncLocalStorage<Request>();

/**
 * Express middleware: the rest of the request runs with its request in context, so AuditService
 * finds the client address and session without every caller passing them down.
 */
export function auditRequestContext(req: Request, _res: Response, next: NextFunction): void {
  requestContext.run(req, next);
}

export interface AuditOrigin {
  clientAddress: string | null;
  /** sha256 of the session id (never the id itself: it would let a log reader take over the session). */
  sessionHash: string | null;
}

export function currentAuditOrigin(): AuditOrigin {
  const req = requestContext.getStore();
  if (!req) return { clientAddress: null, sessionHash: null };
  return {
    clientAddress: req.ip ?? null,
    sessionHash: hasStoredSession(req) ? createHash('sha256').update(req.sessionID).digest('hex') : null,
  };
}

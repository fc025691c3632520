import type { NextFunction, Request, Response } from 'express';

/** The answer while PostgreSQL cannot be reached (a restart, a failover): try again shortly. */
export const DATABASE_UNAVAILABLE_MESSAGE = 'Palvelu on hetken poissa käytöstä. Yritä uudelleen hetken kuluttua.';
export const DATABASE_RETRY_AFTER_SECONDS = '5';

/** Network errors and PostgreSQL's "connection" and "operator intervention" classes (08, 57P). */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', '57P01', '57P02', '57P03', '53300']);
const UNAVAILABLE_TEXT = /connection terminated|connection timeout|timeout exceeded when trying to connect|terminating connection|client has encountered a connection error|the database system is (starting up|shutting down)|cannot connect now/i;

/**
 * Whether an error means "the database is not reachable right now" rather than a fault of the
 * request or of our code: such a request is answered 503 (with Retry-After), never 500, and the
 * pools reconnect by themselves once PostgreSQL is back.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && UNAVAILABLE_TEXT.test(message)) return true;
    e = (e as { driverError?: unknown; cause?: unknown }).driverError ?? (e as { cause?: unknown }).cause;
  }
  return false;
}

export function sendDatabaseUnavailable(res: Response): void {
  res.setHeader('Retry-After', DATABASE_RETRY_AFTER_SECONDS);
  res.status(503).json({ statusCode: 503, message: DATABASE_UNAVAILABLE_MESSAGE, error: 'Service Unavailable' });
}

/**
 * Express error handler for the middlewares before Nest's routes (the session store, passport's
 * session user): a database that cannot be reached is a 503 here too. Anything else goes on to
 * the handling it had (body parser errors become 400s in HttpExceptionFilter).
 */
export function middlewareErrorHandler(log: (message: string) => void) {
  return (err: unknown, req: Request, res: Response, next: NextFunction): void => {
    if (res.headersSent || !isDatabaseUnavailable(err)) return next(err);
    log(`${req.method} ${req.path}: database unavailable (${String((err as Error)?.message ?? err)})`);
    sendDatabaseUnavailable(res);
  };
}

import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { tracing, type TraceIds } from '../tracing/tracing.js';

/** A proxy's X-Request-Id is kept when it looks like an id (letters, digits, . _ : -; at most 128). */
const WELL_FORMED = /^[A-Za-z0-9._:-]{8,128}$/;

const context = new AsyncLocalStorage<{ requestId: string }>();

/** The id of the request this code runs for (logs made during it carry it), or undefined. */
export function currentRequestId(): string | undefined {
  return context.getStore()?.requestId;
}

/** The id given to a request (requestIds), or undefined before that middleware ran. */
export function requestIdOf(req: Request): string | undefined {
  return (req as Request & { id?: string }).id;
}

/** The trace and span ids of a request's server span (tracing on), for its log line. */
export function traceIdsOf(req: Request): TraceIds | undefined {
  return (req as Request & { traceIds?: TraceIds }).traceIds;
}

/**
 * First in the chain: every request gets an id (the proxy's X-Request-Id when well-formed, a new
 * UUID otherwise), answered in X-Request-Id and carried by every log line made while it runs.
 * With tracing, the id is an attribute of the request's span, and its log line has the span's ids.
 */
export function requestIds(req: Request, res: Response, next: NextFunction): void {
  const given = req.headers['x-request-id'];
  const requestId = typeof given === 'string' && WELL_FORMED.test(given) ? given : randomUUID();
  (req as Request & { id?: string }).id = requestId;
  (req as Request & { traceIds?: TraceIds }).traceIds = tracing().requestStarted(req, requestId);
  res.setHeader('X-Request-Id', requestId);
  context.run({ requestId }, next);
}

/**
 * The route pattern a request matched ('/ui-api/v1/doctor/orders/:id'), never its raw URL (ids,
 * hetus, search words): for metrics and logs. The web app's files and pages are '(web)', anything
 * unmatched '(unmatched)'.
 */
export function routePattern(req: Request, status: number): string {
  const route = (req as Request & { route?: { path?: unknown } }).route;
  if (route && typeof route.path === 'string') return `${req.baseUrl ?? ''}${route.path}`;
  if ((req.method === 'GET' || req.method === 'HEAD') && status < 400 && !/^\/(ui-api|api|health|metrics)(\/|$)/.test(req.path)) return '(web)';
  return '(unmatched)';
}

import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { httpRequestDuration } from '../metrics/metrics.js';
import { notePollingRead } from '../metrics/polling-fallback.js';
import { requestIdOf, routePattern, traceIdsOf } from './request-context.js';

/**
 * Each request once, when its answer is done (or the client went away): one log line with the
 * method, route pattern, status, duration and request id, and one observation of
 * http_request_duration_seconds. Never the raw URL: ids, hetus and search words stay out.
 */
export function observeRequests(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const status = res.headersSent ? res.statusCode : 499;
      const route = routePattern(req, status);
      httpRequestDuration.observe({ method: req.method, route, status_class: `${Math.floor(status / 100)}xx` }, seconds);
      notePollingRead(req, status);
      const line = { reqId: requestIdOf(req), ...traceIdsOf(req), method: req.method, route, status, durationMs: Math.round(seconds * 1e4) / 10 };
      if (status >= 500) logger.error(line, 'request failed');
      // Probes and scrapes come every few seconds: only at debug level.
      else if (/^\/(health|metrics)/.test(route)) logger.debug(line, 'request');
      else logger.info(line, 'request');
    };
    res.once('finish', finish);
    res.once('close', finish);
    next();
  };
}

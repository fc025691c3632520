import express from 'express';
import type { Server } from 'node:http';
import { sendDatabaseUnavailable } from './platform/database/database-unavailable.js';
import { isIntegratorPath, sendProblem } from './api-clients/problem-json.js';
import type { HealthResponse, ReadinessResponse } from './health/health.controller.js';

/**
 * What the port answers while the process waits for PostgreSQL and prepares it (before the app
 * listens): alive, not ready, and 503 for everything else, so an orchestrator keeps the process
 * and the proxy sends it nothing. Closed the moment before the app takes the port.
 */
export async function serveWhileStarting(port: number, redisConfigured: boolean): Promise<{ close(): Promise<void> }> {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.get('/health/live', (_req, res) => void res.json({ status: 'ok' }));
  app.get('/health/ready', (_req, res) => {
    const body: ReadinessResponse = { status: 'not-ready', database: 'down', migrations: 'unknown', shuttingDown: false };
    res.status(503).json(body);
  });
  app.get('/health', (_req, res) => {
    const body: HealthResponse = { status: 'degraded', database: 'down', redis: redisConfigured ? 'down' : 'disabled' };
    res.status(503).json(body);
  });
  app.use((req, res) => {
    if (!isIntegratorPath(req.path)) return sendDatabaseUnavailable(res);
    res.setHeader('Retry-After', '5');
    sendProblem(req, res, { status: 503 });
  });
  const server: Server = await new Promise((resolve, reject) => {
    const s = app.listen(port, () => resolve(s));
    s.once('error', reject);
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Kept-alive connections would hold the port's handover up.
        server.closeAllConnections();
      }),
  };
}

import { fileURLToPath } from 'node:url';
import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter, type NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import express from 'express';
import type { Server } from 'node:http';
import { SwaggerModule } from '@nestjs/swagger';
import passport from 'passport';
import { AppModule } from './app.module.js';
import { buildIntegratorDocument } from './integrator/integrator-docs.js';
import { registerIntegratorRoutes, requireIntegratorMediaType } from './api-clients/problem-json.js';
import { auditRequestContext } from './platform/audit/audit-context.js';
import { CsrfProtection } from './accounts/csrf.js';
import { SessionMiddleware } from './accounts/session.middleware.js';
import { middlewareErrorHandler } from './platform/database/database-unavailable.js';
import { GracefulShutdown } from './platform/http/graceful-shutdown.js';
import { RejectNulPipe, rejectHostileJson, requireOriginForm } from './platform/http/request-input.js';
import { securityHeaders } from './platform/http/security-headers.js';
import { createValidationPipe } from './platform/http/validation.js';
import { answerUnknownRoute } from './platform/http/unknown-route.js';
import { buildWebApiDocument, setWebApiPrefix, WEB_API_PREFIX } from './openapi/web-api-docs.js';
import { DEV_IDP_PATH, DEV_PRESCRIPTION_CENTRE_PATH, type AppConfig } from './platform/config/config.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './platform/database/embedded-postgres.js';
import { AuditKeyMismatchError, prepareDatabaseWhenUp, type PrepareResult } from './platform/database/prepare-database.js';
import { ShutdownState } from './health/shutdown-state.js';
import { seedDemoDataIntoEmpty } from './demo/demo-data.js';
import { loadEntities } from './platform/database/entity-files.js';
import { serveWhileStarting } from './starting-server.js';
import { RedisConnection } from './platform/redis/redis-connection.js';
import { RealtimeIoAdapter } from './realtime/redis-io.adapter.js';
import { observeRequests } from './platform/logging/http-requests.js';
import { createLogger, createRequestLogger, NestPinoLogger, routeConsole } from './platform/logging/logger.js';
import { requestIds } from './platform/logging/request-context.js';
import { tracing } from './platform/tracing/tracing.js';
import { serveWebApp } from './web-host.js';
import { configurePasswordHashing } from './accounts/password.js';


/** Where Stripe (and the embedded checkout's test events) post payment events. */
const STRIPE_WEBHOOK_PATH = `/${WEB_API_PREFIX}/payments/webhook`;

/** The app itself, started by main.ts once tracing (when configured) is in place. */
export async function bootstrap(config: AppConfig): Promise<void> {
  // Every line through pino (logging/logger.ts): JSON with LOG_FORMAT=json, pretty otherwise.
  const pinoLogger = createLogger(config.observability);
  const nestLogger = new NestPinoLogger(pinoLogger);
  Logger.overrideLogger(nestLogger);
  const logger = new Logger('Bootstrap');
  if (config.observability.logFormat === 'json') routeConsole(pinoLogger);
  // Node's own warnings (deprecations) as log lines too, not bare text on stderr.
  process.removeAllListeners('warning');
  process.on('warning', (w) => pinoLogger.warn({ context: 'Node', warning: w.name, code: (w as { code?: string }).code }, w.message));
  configurePasswordHashing(config.passwordHashing);

  // Alive but not ready until PostgreSQL answers and is prepared (it may come up after this process).
  const starting = await serveWhileStarting(config.port, config.redisUrl !== null);
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres(config.dataDir, config.embeddedPgPort, (m) => logger.log(m));
    databaseUrl = embedded.url;
  }
  if (config.databaseUrl && !config.migrationDatabaseUrl) {
    logger.warn('MIGRATION_DATABASE_URL unset: migrations run with DATABASE_URL (in production, give the app a user without owner rights)');
  }
  if (config.publicUrlIsDefault) logger.log(`PUBLIC_URL unset: absolute links (the identification callback) use ${config.publicUrl}; open the app there`);
  if (config.auditChainKeyIsDevelopment) logger.warn('AUDIT_CHAIN_KEY unset: the audit chain uses the development key, which is public (never in production)');
  let prepared: PrepareResult;
  try {
    prepared = await prepareDatabaseWhenUp(config.migrationDatabaseUrl ?? databaseUrl, config.seedDemo
        ? { seed: seedDemoDataIntoEmpty, entities: await loadEntities(fileURLToPath(new URL('.', import.meta.url))), auditChainKey: config.auditChainKey }
        : { auditChainKey: config.auditChainKey }, (m) => logger.warn(m));
  } catch (err) {
    if (err instanceof AuditKeyMismatchError) {
      console.error(`Configuration error: ${err.message}`);
      await embedded?.stop();
      process.exit(1);
    }
    throw err;
  }
  if (prepared.migrations.length) logger.log(`migrations run: ${prepared.migrations.join(', ')}`);
  if (prepared.seeded) logger.log('demo data seeded');

  // Our own body parser (JSON only), so the depth check runs right after it, before any guard.
  // Routes match only in their own letter case: Express ignores case by default, so /UI-API/v1/…
  // reached the same handlers while path checks (CSRF, no-store) saw another path. The router
  // takes the setting when it is created, which the adapter does at once: set it before.
  const server = express();
  server.set('case sensitive routing', true);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, databaseUrl), new ExpressAdapter(server), { bodyParser: false, logger: nestLogger });
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  // No ETag on API answers: they are no-store (never revalidated), and hashing every body for
  // one cost as much as a list's query. The web's files get theirs from express.static.
  app.set('etag', false);
  const graceful = new GracefulShutdown();
  // First: the request id (X-Request-Id), then the one log line and metric of each request.
  app.use(requestIds);
  app.use(observeRequests(createRequestLogger(config.observability, pinoLogger)));
  app.use(graceful.track);
  app.use(requireOriginForm);
  // Stripe signs the exact bytes of its events: that route keeps its body raw (express.json skips a parsed body).
  app.use(STRIPE_WEBHOOK_PATH, express.raw({ type: '*/*', limit: '256kb' }));
  // /api: 415 for a body in another media type than the route takes (before any parser).
  app.use(requireIntegratorMediaType);
  app.use(express.json({ limit: '100kb' }));
  // The integrators' token endpoint speaks OAuth's form encoding.
  app.use('/api/oauth/token', express.urlencoded({ extended: false, limit: '10kb' }));
  app.use(rejectHostileJson);
  setWebApiPrefix(app);
  if (config.oidc.embedded) {
    // Before the session and body parsers: the test IdP has its own cookies and parsing.
    const { createDevIdp } = await import('./dev-idp/dev-idp.js');
    app.use(DEV_IDP_PATH, await createDevIdp(config));
    logger.warn(`OIDC_ISSUER unset: the embedded test identity provider serves ${config.oidc.issuer}`);
  }
  if (config.prescriptionCentre.embedded) {
    // Like the test IdP: its own parsing, no session; a FHIR server answers other servers.
    const { createDevPrescriptionCentre } = await import('./prescription-centre/dev-centre.js');
    app.use(DEV_PRESCRIPTION_CENTRE_PATH, createDevPrescriptionCentre(app.get(DataSource), config.prescriptionCentre.url));
    logger.warn(`PRESCRIPTION_CENTRE_URL unset: the embedded Prescription Centre stand-in serves ${config.prescriptionCentre.url}`);
  }
  // After the test IdP (its own pages and headers): everything else gets the security headers.
  app.use(securityHeaders({ production: config.production }));
  app.useGlobalPipes(new RejectNulPipe(), createValidationPipe());
  // Stripe's webhook has no session (no cookie; @Public, CSRF-exempt): without this, every event
  // made a throwaway session (a random id, its objects and hash) and passport looked into it.
  const sessionless = (handler: express.RequestHandler): express.RequestHandler => (req, res, next) => (req.path === STRIPE_WEBHOOK_PATH ? next() : handler(req, res, next));
  app.use(sessionless(app.get(SessionMiddleware).handler));
  app.use(passport.initialize());
  app.use(sessionless(passport.session()));
  app.use(auditRequestContext);
  app.use(app.get(CsrfProtection).handler);
  app.use(middlewareErrorHandler((m) => logger.warn(m)));

  // Redis (optional) connects in the background: the API starts and serves without it.
  app.useWebSocketAdapter(new RealtimeIoAdapter(app, app.get(RedisConnection).client, config.allowedOrigins));

  // The integrator API's contract is served in every environment (the committed
  // docs/openapi/integrator-v1.json is the same document, checked by a test); its routes give
  // the 405's Allow header.
  const integratorDocument = buildIntegratorDocument(app);
  registerIntegratorRoutes(integratorDocument.paths);
  SwaggerModule.setup('api/docs', app, integratorDocument, { ui: config.apiDocs, raw: ['json'] });
  if (config.apiDocs) {
    // The same document as the committed docs/openapi/web-api.json (checked by a test).
    SwaggerModule.setup('ui-api/docs', app, () => buildWebApiDocument(app));
  }

  serveWebApp(app.getHttpAdapter().getInstance(), config.webDist, (m) => logger.warn(m), { cookieConsentOnScroll: config.cookieConsentOnScroll });

  // Routes are added at init: the handler of requests no route took goes after them.
  await app.init();
  app.use(answerUnknownRoute);
  await starting.close();
  await app.listen(config.port);
  // An idle keep-alive connection outlives the proxy's (60 s is the common default) and the
  // client's: the side that closes first is never the server, so a request sent just as the
  // server closed its idle connection (Node's 5 s) does not die with ECONNRESET.
  const http = app.getHttpServer() as Server;
  http.keepAliveTimeout = 65_000;
  http.headersTimeout = 66_000;
  logger.log(`Resepti listening on http://localhost:${config.port}`);

  /**
   * Graceful stop: no new connections; requests in flight finish (SHUTDOWN_TIMEOUT_SECONDS); then the live
   * sockets close without a goodbye, so clients reconnect (to another process behind the load
   * balancer); then the pools and the embedded database close.
   */
  let closing = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (closing) return;
    closing = true;
    logger.log(`${signal}: shutting down`);
    // Readiness answers 503 at once; the listener stays open SHUTDOWN_DELAY_SECONDS so the proxy sees it and stops sending.
    app.get(ShutdownState).begin();
    if (config.shutdownDelaySeconds > 0) await new Promise((r) => setTimeout(r, config.shutdownDelaySeconds * 1000));
    const unfinished = await graceful.drain(app.getHttpServer() as Server, config.shutdownTimeoutSeconds * 1000);
    if (unfinished > 0) logger.warn(`${unfinished} requests still running after ${config.shutdownTimeoutSeconds} s; closing anyway`);
    await app.close().catch((e: unknown) => logger.error(String(e)));
    await embedded?.stop().catch((e: unknown) => logger.error(String(e)));
    // The last spans (this shutdown's requests) go out before the process does.
    await tracing().shutdown().catch((e: unknown) => logger.error(String(e)));
    process.exit(0);
  };
  // The process owns its signals: embedded-postgres installs an exit hook at import time that
  // would exit at once on SIGTERM/SIGINT, cutting requests in flight (we stop its database above).
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.removeAllListeners(signal);
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}


import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import passport from 'passport';
import { AppModule } from './app.module.js';
import { SessionMiddleware } from './auth/session.middleware.js';
import { RejectNulPipe } from './common/request-input.js';
import { createValidationPipe } from './common/validation.js';
import { ConfigError, loadConfig, type AppConfig } from './config/config.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './database/embedded-postgres.js';
import { prepareDatabase } from './database/prepare-database.js';
import { RedisConnection } from './realtime/redis-connection.js';
import { RealtimeIoAdapter } from './realtime/redis-io.adapter.js';
import { serveWebApp } from './web-host.js';

export const API_PREFIX = 'ui-api/v1';

async function bootstrap(): Promise<void> {
  const logger = new Logger('Bootstrap');
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Configuration error: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }

  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres(config.dataDir, config.embeddedPgPort, (m) => logger.log(m));
    databaseUrl = embedded.url;
  }
  const prepared = await prepareDatabase(databaseUrl, { seedDemo: config.seedDemo });
  if (prepared.migrations.length) logger.log(`migrations run: ${prepared.migrations.join(', ')}`);
  if (prepared.seeded) logger.log('demo data seeded');

  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, databaseUrl));
  if (config.production) app.set('trust proxy', 1);
  app.disable('x-powered-by');
  app.setGlobalPrefix(API_PREFIX, { exclude: ['health'] });
  app.useGlobalPipes(new RejectNulPipe(), createValidationPipe());
  app.use(app.get(SessionMiddleware).handler);
  app.use(passport.initialize());
  app.use(passport.session());

  // Redis (optional) connects in the background: the API starts and serves without it.
  app.useWebSocketAdapter(new RealtimeIoAdapter(app, app.get(RedisConnection).client));

  const openApi = new DocumentBuilder()
    .setTitle('Resepti REST API')
    .setDescription('The REST contract under /ui-api/v1. Authentication: the session cookie set by the login endpoints.')
    .setVersion('1')
    .addCookieAuth('resepti.sid')
    .build();
  SwaggerModule.setup('ui-api/docs', app, () => SwaggerModule.createDocument(app, openApi));

  serveWebApp(app.getHttpAdapter().getInstance(), config.webDist, (m) => logger.warn(m));

  await app.listen(config.port);
  logger.log(`Resepti listening on http://localhost:${config.port}`);

  let closing = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (closing) return;
    closing = true;
    logger.log(`${signal}: shutting down`);
    await app.close().catch((e: unknown) => logger.error(String(e)));
    await embedded?.stop().catch((e: unknown) => logger.error(String(e)));
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

bootstrap().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import connectPgSimple from 'connect-pg-simple';
import session from 'express-session';
import type { RequestHandler } from 'express';
import pg from 'pg';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DATABASE_URL } from '../database/database.tokens.js';

export const SESSION_COOKIE = 'resepti.sid';

/**
 * The one express-session middleware, shared by HTTP and the Socket.IO handshake so
 * both authenticate the same way. Sessions live in PostgreSQL: they survive restarts and
 * work across API nodes. The idle timeout rolls on every request.
 */
@Injectable()
export class SessionMiddleware implements OnApplicationShutdown {
  readonly handler: RequestHandler;
  private readonly pool: pg.Pool;

  constructor(@Inject(APP_CONFIG) config: AppConfig, @Inject(DATABASE_URL) databaseUrl: string) {
    this.pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
    const PgStore = connectPgSimple(session);
    const idleMs = config.sessionIdleMinutes * 60_000;
    this.handler = session({
      name: SESSION_COOKIE,
      secret: config.sessionSecret,
      store: new PgStore({ pool: this.pool, tableName: 'http_session', createTableIfMissing: false, pruneSessionInterval: 15 * 60 }),
      resave: false,
      saveUninitialized: false,
      rolling: true,
      cookie: { httpOnly: true, sameSite: 'lax', secure: config.production, maxAge: idleMs },
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.end();
  }
}

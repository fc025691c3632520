import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import connectPgSimple from 'connect-pg-simple';
import { parse as parseCookies, serialize as serializeCookie } from 'cookie';
import { sign, unsign } from 'cookie-signature';
import session, { type SessionData, type Store } from 'express-session';
import type { Request, RequestHandler, Response } from 'express';
import onHeaders from 'on-headers';
import pg from 'pg';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { connectionOptions } from '../platform/database/data-source-options.js';
import { DATABASE_URL } from '../platform/database/database.tokens.js';
import { RedisConnection } from '../platform/redis/redis-connection.js';
import { SessionCache } from './session-cache.js';
import { DELETE_SESSIONS_OF_USER, sessionsOfUserParams } from './session-rows.js';
import { hasStoredSession } from '../platform/http/session-user.js';

export const SESSION_COOKIE = 'resepti.sid';

/** A session as the Socket.IO handshake reads it: never written, so socket traffic does not keep it alive. */
export interface LoadedSession {
  id: string;
  data: SessionData;
  /** When the session expires unless the user makes another request. */
  expiresAt: number;
}

/**
 * How far the stored expiry may lag behind: a read within this time of the last write does not
 * write the session again (a session row written on every GET cost a database write per request).
 * The idle timeout is then between (idle - lag) and idle after the user's last request.
 */
export function touchLagMs(idleMs: number): number {
  return Math.min(60_000, Math.max(1_000, Math.floor(idleMs / 10)));
}

/**
 * The one login-session store and its express-session middleware. Sessions live in PostgreSQL:
 * they survive restarts and work across API nodes. The idle timeout rolls with the user's own
 * HTTP requests only; the Socket.IO handshake reads the session without touching it.
 */
@Injectable()
export class SessionMiddleware implements OnApplicationShutdown {
  readonly handler: RequestHandler;
  readonly store: Store;
  readonly idleMs: number;
  private readonly pool: pg.Pool;
  private readonly cache: SessionCache;
  private readonly secret: string;
  private readonly logger = new Logger('Sessions');

  constructor(@Inject(APP_CONFIG) config: AppConfig, @Inject(DATABASE_URL) databaseUrl: string, redis: RedisConnection) {
    this.pool = new pg.Pool({ connectionString: databaseUrl, max: config.sessionPoolSize, ...connectionOptions(config.databaseRole) });
    // An idle connection dropped by a database restart must not crash the process (an 'error'
    // event without a listener would); the pool opens new connections when PostgreSQL is back.
    this.pool.on('error', (err) => this.logger.warn(`session store connection lost: ${err.message}`));
    this.secret = config.sessionSecret;
    this.idleMs = Math.round(config.sessionIdleMinutes * 60_000);
    const PgStore = connectPgSimple(session);
    const store = new PgStore({ pool: this.pool, tableName: 'http_session', createTableIfMissing: false, pruneSessionInterval: 15 * 60 });
    // The cache sees only the touches that are written (it wraps the store first).
    this.cache = new SessionCache(this.pool, redis.client);
    this.cache.wrap(store);
    throttleTouches(store, touchLagMs(this.idleMs));
    this.store = store;
    const sessions = session({
      name: SESSION_COOKIE,
      secret: config.sessionSecret,
      store,
      resave: false,
      saveUninitialized: false,
      // The cookie's expiry is renewed by renewCookie, not on every answer.
      rolling: false,
      cookie: { httpOnly: true, sameSite: 'lax', secure: config.production, maxAge: this.idleMs },
    });
    const renew = renewCookie(this.secret, touchLagMs(this.idleMs));
    this.handler = (req, res, next) => {
      renew(req, res);
      sessions(req, res, next);
    };
  }

  /** The session named by a request's cookie header, or null (no cookie, bad signature, expired). */
  async read(cookieHeader: string | undefined): Promise<LoadedSession | null> {
    const raw = cookieHeader ? parseCookies(cookieHeader)[SESSION_COOKIE] : undefined;
    if (!raw?.startsWith('s:')) return null;
    const id = unsign(raw.slice(2), this.secret);
    if (id === false) return null;
    const data = await new Promise<SessionData | null | undefined>((resolve, reject) =>
      this.store.get(id, (err, value) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(value))),
    );
    if (!data) return null;
    return { id, data, expiresAt: await this.expiry(id) };
  }

  /** When the stored session expires (0 when it is gone). */
  async expiry(id: string): Promise<number> {
    return (await this.expiries([id])).get(id) ?? 0;
  }

  /** Stored expiry times of these sessions; ids of ended sessions are missing from the answer. */
  async expiries(ids: string[]): Promise<Map<string, number>> {
    const { rows } = await this.pool.query<{ sid: string; expire: Date }>(
      'SELECT sid, expire FROM http_session WHERE sid = ANY($1) AND expire > now()',
      [ids],
    );
    return new Map(rows.map((r) => [r.sid, r.expire.getTime()]));
  }

  /** Deletes every session of a user (except `keepId`); returns the ids deleted. */
  async deleteAllOf(user: { role: string; id: number }, keepId?: string): Promise<string[]> {
    const { rows } = await this.pool.query<{ sid: string }>(DELETE_SESSIONS_OF_USER, sessionsOfUserParams(user, keepId));
    const ids = rows.map((r) => r.sid);
    await this.cache.forget(ids);
    return ids;
  }

  async onApplicationShutdown(): Promise<void> {
    this.cache.close();
    await this.pool.end();
  }
}

/**
 * The idle timeout rolls with the user's requests, and so must the cookie's expiry: express-session's
 * `rolling` signed and sent the cookie on every answer (a tenth of a polled read's work). This
 * sends it again only when this process last sent it `lagMs` ago or more, as often as the stored
 * expiry is written (throttleTouches), so the browser's expiry stays within `lagMs` of the
 * server's. The cookie is the one express-session would send (its options, signed the same way,
 * Secure only over HTTPS); a session express-session itself sends the cookie for (new or changed)
 * is left to it, and nothing is saved to the session for this (a save would race a concurrent
 * change of the session and overwrite it). Registered before express-session, so at the headers
 * this runs after it and sees what it set.
 */
function renewCookie(secret: string, lagMs: number): (req: Request, res: Response) => void {
  const lastSent = new PerSession(lagMs);
  const setsOurs = (res: Response) => [res.getHeader('Set-Cookie') ?? []].flat().some((c) => String(c).startsWith(`${SESSION_COOKIE}=`));
  return (req, res) => {
    onHeaders(res, () => {
      if (!hasStoredSession(req)) return; // not stored (no login in it), or ended
      const sid = req.sessionID;
      const now = Date.now();
      if (setsOurs(res)) lastSent.mark(sid, now); // sent by express-session: a new or changed session
      if (!lastSent.due(sid, now) || (req.session.cookie.secure && !req.secure)) return;
      lastSent.mark(sid, now);
      const { expires, httpOnly, path, domain, secure, sameSite } = req.session.touch().cookie; // expires the idle time from now
      res.append('Set-Cookie', serializeCookie(SESSION_COOKIE, `s:${sign(sid, secret)}`, { expires: expires ?? undefined, httpOnly, path, domain, secure: secure === true, sameSite }));
    });
  };
}

/**
 * Skips a store touch when this process wrote the session's expiry less than `lagMs` ago.
 * Per process and in memory: another process touches on its own, which is harmless.
 */
function throttleTouches(store: Store, lagMs: number): void {
  const touch = store.touch?.bind(store);
  if (!touch) return;
  const lastWritten = new PerSession(lagMs);
  store.touch = (sid, sess, callback) => {
    const now = Date.now();
    if (!lastWritten.due(sid, now)) return callback?.();
    lastWritten.mark(sid, now);
    touch(sid, sess, callback);
  };
  const set = store.set.bind(store);
  store.set = (sid, sess, callback) => {
    lastWritten.mark(sid, Date.now());
    set(sid, sess, callback);
  };
}

/** When something was last done for each session in this process (a touch written, a cookie sent): due again `lagMs` later. */
class PerSession {
  private readonly at = new Map<string, number>();

  constructor(private readonly lagMs: number) {}

  due(sid: string, now: number): boolean {
    return now - (this.at.get(sid) ?? 0) >= this.lagMs;
  }

  mark(sid: string, now: number): void {
    this.at.set(sid, now);
    // Forget entries older than the lag: at worst it is done once more for a session.
    if (this.at.size > 50_000) for (const [id, t] of this.at) if (now - t >= this.lagMs) this.at.delete(id);
  }
}

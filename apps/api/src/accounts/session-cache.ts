import { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { SessionData, Store } from 'express-session';
import type pg from 'pg';
import { InvalidationChannel } from '../platform/redis/invalidation-channel.js';

/** How long a process may answer a session from memory before it asks the database again. */
export const SESSION_CACHE_MS = 1_000;

/** The channel on which a process tells the others which sessions it changed or ended. */
const INVALIDATED_CHANNEL = 'resepti:sessions:invalidated';

interface Cached {
  /** The stored JSON: every hit gets its own copy (express-session changes the object it gets). */
  json: string;
  /** The stored expiry as this process last wrote or read it. */
  expiresAt: number;
  /** Until when the entry may answer without the database. */
  until: number;
}

/**
 * Every authenticated request read its session row: a database round trip before any work,
 * as much as the request's own query on a cheap read (GET /system-status). This keeps a read
 * session in the process for SESSION_CACHE_MS. A session that this process writes or ends is
 * forgotten at once, and the others are told over Redis (they forget it within the pub/sub's
 * delivery); without Redis a change made by another process shows here within
 * SESSION_CACHE_MS. Only positive answers come from memory: a session not cached, expired by
 * its cached expiry, or cached too long is read from the database, which stays the truth.
 */
export class SessionCache {
  private readonly logger = new Logger('Sessions');
  private readonly entries = new Map<string, Cached>();
  private readonly channel: InvalidationChannel;
  /** Moves on every forget: a database read that began before one does not fill the cache. */
  private generation = 0;

  constructor(
    private readonly pool: pg.Pool,
    redis: Redis | null,
  ) {
    this.channel = new InvalidationChannel(redis, INVALIDATED_CHANNEL, (message) => {
      try {
        this.generation++;
        for (const sid of JSON.parse(message) as string[]) this.entries.delete(sid);
      } catch {
        // not ours
      }
    });
  }

  /** Puts the cache in front of the store's get, set, touch and destroy. */
  wrap(store: Store): void {
    store.get = (sid, callback) => {
      this.read(sid).then(
        (data) => callback(null, data),
        (err: unknown) => callback(err),
      );
    };
    const set = store.set.bind(store);
    store.set = (sid, sess, callback) => {
      set(sid, sess, (err?: unknown) => {
        void this.forget([sid]).finally(() => callback?.(err));
      });
    };
    const destroy = store.destroy.bind(store);
    store.destroy = (sid, callback) => {
      destroy(sid, (err?: unknown) => {
        void this.forget([sid]).finally(() => callback?.(err));
      });
    };
    const touch = store.touch?.bind(store);
    if (touch) {
      store.touch = (sid, sess, callback) => {
        // The store's callback has no error argument in the types; a failed touch leaves the stored expiry, which the next read sees.
        (touch as (sid: string, sess: SessionData, cb: (err?: unknown) => void) => void)(sid, sess, (err?: unknown) => {
          const entry = this.entries.get(sid);
          if (!err && entry && sess.cookie.expires) entry.expiresAt = new Date(sess.cookie.expires).getTime();
          (callback as ((err?: unknown) => void) | undefined)?.(err);
        });
      };
    }
  }

  /** Forgets these sessions here and tells the other processes (awaited: the change is theirs to see next). */
  async forget(sids: string[]): Promise<void> {
    if (sids.length === 0) return;
    this.generation++;
    for (const sid of sids) this.entries.delete(sid);
    await this.channel.publish(JSON.stringify(sids), (reason) =>
      this.logger.warn(`session invalidation not sent (${reason}): other processes forget within ${SESSION_CACHE_MS} ms`),
    );
  }

  close(): void {
    this.channel.close();
  }

  private async read(sid: string): Promise<SessionData | null> {
    const now = Date.now();
    const cached = this.entries.get(sid);
    if (cached && cached.until > now && cached.expiresAt > now) return JSON.parse(cached.json) as SessionData;
    const generation = this.generation;
    const { rows } = await this.pool.query<{ sess: SessionData; expire: Date }>('SELECT sess, expire FROM http_session WHERE sid = $1 AND expire > now()', [sid]);
    const row = rows[0];
    if (!row) {
      this.entries.delete(sid);
      return null;
    }
    if (generation !== this.generation) return row.sess;
    if (this.entries.size >= 50_000) this.entries.clear();
    this.entries.set(sid, { json: JSON.stringify(row.sess), expiresAt: row.expire.getTime(), until: now + SESSION_CACHE_MS });
    return row.sess;
  }
}

import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Redis, type RedisOptions } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/config.js';

export type RedisState = 'up' | 'down' | 'disabled';

/** Reconnect delays grow by 250 ms per attempt up to 2 s, and never stop: Redis may come back at any time. */
export function redisRetryDelay(attempt: number): number {
  return Math.min(attempt * 250, 2000);
}

/**
 * Options for every ioredis client of the API (duplicates inherit them).
 * - No connect at construction failure: the client keeps reconnecting in the background.
 * - maxRetriesPerRequest null: a command waits for the connection instead of failing after
 *   a few reconnects. Library code fires some commands without handling their failure
 *   (the streams adapter's SUBSCRIBE and session SET); a failure there would be an
 *   unhandled rejection, i.e. a crash. Our own calls on the request path check `status`
 *   and use a timeout instead (see RealtimeIoAdapter, EventSequence).
 */
export const REDIS_OPTIONS: RedisOptions = {
  maxRetriesPerRequest: null,
  retryStrategy: redisRetryDelay,
  connectTimeout: 5000,
};

/**
 * The one Redis connection of the API (optional: REDIS_URL). Redis only relays pushes
 * between processes and keeps the short-lived state for missed-event recovery; the API
 * works without it, as a single process, and reconnects by itself when it comes back.
 */
@Injectable()
export class RedisConnection implements OnApplicationShutdown {
  private readonly logger = new Logger('Redis');
  readonly client: Redis | null;
  private reported = false;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.client = config.redisUrl ? new Redis(config.redisUrl, REDIS_OPTIONS) : null;
    if (!this.client) {
      this.logger.log('REDIS_URL is not set: pushes stay within this process');
      return;
    }
    const where = redactUrl(config.redisUrl!);
    // One line per outage, not one per reconnect attempt.
    this.client.on('error', (err: Error) => {
      if (this.reported) return;
      this.reported = true;
      this.logger.warn(`Redis at ${where} unavailable (${err.message}): pushes stay within this process, reconnecting in the background`);
    });
    this.client.on('ready', () => {
      this.reported = false;
      this.logger.log(`Redis at ${where} connected: pushes reach every process`);
    });
  }

  state(): RedisState {
    if (!this.client) return 'disabled';
    return this.client.status === 'ready' ? 'up' : 'down';
  }

  ready(): boolean {
    return this.client?.status === 'ready';
  }

  /** QUIT lets what is already queued (sessions stored by the sockets just closed) reach Redis first. */
  async onApplicationShutdown(): Promise<void> {
    const client = this.client;
    if (!client) return;
    if (client.status !== 'ready') return client.disconnect();
    await withTimeout(client.quit(), 2000, 'quit').catch(() => client.disconnect());
  }
}

function redactUrl(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

/** Rejects after `ms` unless `promise` settles first (Redis calls on the request path must not wait for a reconnect). */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what}: no answer from Redis within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}

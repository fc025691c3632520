import { HttpException, HttpStatus, Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { Response } from 'express';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { INTEGRATOR_MESSAGES } from '@resepti/domain';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { RedisConnection } from '../platform/redis/redis-connection.js';

const WINDOW_SECONDS = 60;

/** One limit's state after a request counted: what the RateLimit-* headers tell the caller. */
interface LimitState {
  limit: number;
  remaining: number;
  resetSeconds: number;
  /** Seconds to wait; 0 when the request may go. */
  retryAfter: number;
}

/**
 * The integrator API's rate limits, per minute: calls per client (API_RATE_LIMIT_PER_MINUTE), and
 * at the token endpoint tries per client id and per address. With REDIS_URL the counts live in
 * Redis, so N processes share one limit (not N×); while Redis is away each process counts in memory
 * (rate-limiter-flexible's insurance limiter) and goes back to Redis when it returns. Every answer
 * tells the caller its state (RateLimit-Limit, -Remaining, -Reset, -Policy); a refusal is 429 with
 * Retry-After.
 */
@Injectable()
export class IntegratorRateLimits implements OnApplicationShutdown {
  /** A connection of its own that fails at once while Redis is down (no offline queue), so a request never waits for Redis. */
  private readonly store: Redis | null;
  private readonly perClient: Limit;
  private readonly tokenPerClient: Limit;
  private readonly tokenPerAddress: Limit;

  constructor(@Inject(APP_CONFIG) config: AppConfig, redis: RedisConnection) {
    this.store = redis.client ? redis.client.duplicate({ enableOfflineQueue: false, maxRetriesPerRequest: 1 }) : null;
    // Outages are reported by RedisConnection; here an error only means "count in memory meanwhile".
    this.store?.on('error', () => undefined);
    this.perClient = this.limit('api-client', config.integrator.rateLimitPerMinute);
    this.tokenPerClient = this.limit('token-client', config.integrator.tokenLimitPerClient);
    this.tokenPerAddress = this.limit('token-address', config.integrator.tokenLimitPerAddress);
  }

  /** An /api call of this client: counted, the headers set; 429 past the limit. */
  async takeCall(clientRowId: number, res: Response): Promise<void> {
    answer(res, [await this.perClient.take(String(clientRowId))]);
  }

  /** A token request from this address (and for this client id, when one was given): both count. */
  async takeToken(address: string, clientId: string | undefined, res: Response): Promise<void> {
    const states = [await this.tokenPerAddress.take(address)];
    if (clientId) states.push(await this.tokenPerClient.take(clientId));
    answer(res, states);
  }

  async onApplicationShutdown(): Promise<void> {
    this.store?.disconnect();
  }

  private limit(name: string, points: number): Limit {
    const options = { keyPrefix: `resepti:rate:${name}`, points, duration: WINDOW_SECONDS };
    const memory = new RateLimiterMemory(options);
    const limiter = this.store ? new RateLimiterRedis({ ...options, storeClient: this.store, rejectIfRedisNotReady: true, insuranceLimiter: memory }) : memory;
    return new Limit(limiter, points);
  }
}

class Limit {
  constructor(
    private readonly limiter: RateLimiterAbstract,
    private readonly points: number,
  ) {}

  async take(key: string): Promise<LimitState> {
    try {
      return this.state(await this.limiter.consume(key), 0);
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      return this.state(refusal, Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)));
    }
  }

  private state(res: RateLimiterRes, retryAfter: number): LimitState {
    return { limit: this.points, remaining: Math.max(0, res.remainingPoints), resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)), retryAfter };
  }
}

/** The headers of the tightest limit; 429 when any is used up. */
function answer(res: Response, states: LimitState[]): void {
  const tightest = states.reduce((a, b) => (b.retryAfter > a.retryAfter || (b.retryAfter === a.retryAfter && b.remaining < a.remaining) ? b : a));
  res.setHeader('RateLimit-Limit', String(tightest.limit));
  res.setHeader('RateLimit-Remaining', String(tightest.remaining));
  res.setHeader('RateLimit-Reset', String(tightest.resetSeconds));
  res.setHeader('RateLimit-Policy', `${tightest.limit};w=${WINDOW_SECONDS}`);
  if (tightest.retryAfter > 0) {
    res.setHeader('Retry-After', String(tightest.retryAfter));
    throw new HttpException(INTEGRATOR_MESSAGES.rateLimited, HttpStatus.TOO_MANY_REQUESTS);
  }
}

import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { SMS_GATEWAY_TIMEOUT_MS, SMS_PROVIDER, type SmsProvider } from './sms-provider.js';

/** Messages claimed per round. */
const BATCH = 20;
/** A claim lasts this long: well beyond a gateway call's timeout, so only a dead sender loses it. */
const LEASE_MS = 6 * SMS_GATEWAY_TIMEOUT_MS;

/** Wait after the n-th failed try: base, 2 × base, 4 × base … */
export function retryDelayMs(attempts: number, baseSeconds: number): number {
  return Math.round(baseSeconds * 1000 * 2 ** Math.max(0, attempts - 1));
}

interface Claimed {
  id: number;
  phone: string;
  body: string;
  attempts: number;
  idempotency_key: string;
}

/**
 * Delivers the SMS outbox, on every API process. A round claims due rows in one short statement
 * (FOR UPDATE SKIP LOCKED + a lease: two processes never hold the same row), commits, sends each
 * outside any transaction (no locks held over network calls; a failed commit cannot re-send
 * what went out), then records the result on the rows it still holds. A failure is retried with
 * a doubling wait until SMS_MAX_ATTEMPTS, then the row is 'failed'. A sender that dies while
 * holding rows leaves them to the next one once the lease runs out; the idempotency key lets the
 * gateway drop a message it has already sent.
 */
@Injectable()
export class SmsSenderService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(SmsSenderService.name);
  private readonly senderId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private timer: NodeJS.Timeout | undefined;
  private running = false;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(SMS_PROVIDER) private readonly provider: SmsProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sendDue(), this.config.smsSendIntervalSeconds * 1000);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** One round; returns how many messages were sent. */
  async sendDue(): Promise<number> {
    if (this.running) return 0;
    this.running = true;
    let sent = 0;
    try {
      for (const row of await this.claim()) {
        if (await this.deliver(row)) sent++;
      }
    } catch (err) {
      this.logger.error(`SMS round failed: ${String(err)}`);
    } finally {
      this.running = false;
    }
    return sent;
  }

  private async claim(): Promise<Claimed[]> {
    // (Wrapped in a SELECT: TypeORM answers a bare UPDATE … RETURNING as [rows, count].)
    return (await this.db.query(
      `WITH claimed AS (
         UPDATE sms_outbox SET claimed_by = $1, lease_until = now() + ($2::int * interval '1 millisecond'), attempts = attempts + 1
          WHERE id IN (SELECT id FROM sms_outbox
                        WHERE status = 'pending' AND next_attempt_at <= now() AND (lease_until IS NULL OR lease_until < now())
                        ORDER BY next_attempt_at LIMIT $3 FOR UPDATE SKIP LOCKED)
          RETURNING id, phone, body, attempts, idempotency_key)
       SELECT * FROM claimed ORDER BY id`,
      [this.senderId, LEASE_MS, BATCH],
    )) as Claimed[];
  }

  /** Sends one claimed message and records the outcome (only while this sender still holds it). */
  private async deliver(row: Claimed): Promise<boolean> {
    try {
      await this.provider.send({ id: row.id, to: row.phone, text: row.body, idempotencyKey: row.idempotency_key });
    } catch (err) {
      const failed = row.attempts >= this.config.sms.maxAttempts;
      // The error text of a gateway or fetch, never the number or the message.
      const reason = (err instanceof Error ? err.message : String(err)).slice(0, 300);
      await this.db.query(
        `UPDATE sms_outbox SET status = $3, last_error = $4, lease_until = NULL, claimed_by = NULL,
                next_attempt_at = now() + ($5::int * interval '1 millisecond')
          WHERE id = $1 AND claimed_by = $2`,
        [row.id, this.senderId, failed ? 'failed' : 'pending', reason, retryDelayMs(row.attempts, this.config.sms.retrySeconds)],
      );
      this.logger.warn(`SMS ${row.id} try ${row.attempts} failed${failed ? ' (giving up)' : ''}: ${reason}`);
      return false;
    }
    await this.db.query(
      `UPDATE sms_outbox SET status = 'sent', sent_at = now(), last_error = NULL, lease_until = NULL, claimed_by = NULL WHERE id = $1 AND claimed_by = $2`,
      [row.id, this.senderId],
    );
    return true;
  }
}

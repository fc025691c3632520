import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { SMS_PROVIDER, type SmsProvider } from './sms-provider.js';

export const SMS_MAX_ATTEMPTS = 5;
const BATCH = 20;

/** Retry delay after the n-th failed attempt: 30 s, 1 min, 2 min, 4 min … */
export function retryDelayMs(attempts: number): number {
  return 30_000 * 2 ** Math.max(0, attempts - 1);
}

/**
 * Delivers the SMS outbox. Each round claims due rows with FOR UPDATE SKIP LOCKED (so several
 * API nodes never send the same message), sends them and records the result; a failure is
 * retried with a growing delay until SMS_MAX_ATTEMPTS, then the row is marked failed.
 */
@Injectable()
export class SmsSenderService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(SmsSenderService.name);
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
      await this.db.transaction(async (m) => {
        const rows = (await m.query(
          `SELECT id, phone, body, attempts FROM sms_outbox
           WHERE status = 'pending' AND next_attempt_at <= now()
           ORDER BY next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED`,
          [BATCH],
        )) as Array<{ id: number; phone: string; body: string; attempts: number }>;
        for (const row of rows) {
          const attempts = row.attempts + 1;
          try {
            await this.provider.send(row.phone, row.body);
            await m.query(`UPDATE sms_outbox SET status = 'sent', attempts = $2, sent_at = now(), last_error = NULL WHERE id = $1`, [row.id, attempts]);
            sent++;
          } catch (err) {
            const failed = attempts >= SMS_MAX_ATTEMPTS;
            await m.query(
              `UPDATE sms_outbox SET status = $3, attempts = $2, last_error = $4, next_attempt_at = now() + ($5::int * interval '1 millisecond') WHERE id = $1`,
              [row.id, attempts, failed ? 'failed' : 'pending', String(err).slice(0, 500), retryDelayMs(attempts)],
            );
            this.logger.warn(`SMS ${row.id} attempt ${attempts} failed${failed ? ' (giving up)' : ''}: ${String(err)}`);
          }
        }
      });
    } catch (err) {
      this.logger.error(`SMS round failed: ${String(err)}`);
    } finally {
      this.running = false;
    }
    return sent;
  }
}

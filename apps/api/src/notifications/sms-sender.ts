import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { InjectOwn, Transactions, type OwnRepository } from '../platform/database/transactions.js';
import { EventBus } from '../platform/events/event-bus.js';
import { OutboxWorker, type OutboxRow } from '../platform/outbox/outbox-worker.js';
import { retryDelayMs } from '../platform/outbox/retry-delay.js';
import { SmsOutbox } from './sms-outbox.entity.js';
import { SMS_PROVIDER, type SmsProvider } from './sms-provider.js';

interface SmsRow extends OutboxRow {
  phone: string;
  body: string;
  idempotency_key: string;
}

/**
 * The SMS channel of the outbox: up to 8 messages at a time (one at a time, the texts of 16
 * doctors' deliveries fell behind by seconds: bench cycle), each retried with a doubling wait
 * (SMS_RETRY_SECONDS) until SMS_MAX_ATTEMPTS, then 'failed'. The idempotency key lets the gateway
 * drop a message it has already sent (a worker that died after sending, before recording).
 */
@Injectable()
export class SmsSender extends OutboxWorker<SmsRow> {
  constructor(
    @InjectOwn(SmsOutbox) outbox: OwnRepository<SmsOutbox>,
    transactions: Transactions,
    @Inject(SMS_PROVIDER) provider: SmsProvider,
    @Inject(APP_CONFIG) config: AppConfig,
    bus: EventBus,
  ) {
    super(
      outbox,
      transactions,
      {
        name: 'SMS',
        table: 'sms_outbox',
        done: { status: 'sent', timeColumn: 'sent_at' },
        concurrency: 8,
        intervalMs: config.smsSendIntervalSeconds * 1000,
        send: async (row, signal) => {
          await provider.send({ id: row.id, to: row.phone, text: row.body, idempotencyKey: row.idempotency_key }, signal);
          return { error: null };
        },
        retry: (row) => ({ giveUp: row.attempts >= config.sms.maxAttempts, delayMs: retryDelayMs(row.attempts, config.sms.retrySeconds) }),
      },
      config.outbox,
    );
    bus.afterCommit('outbox.written', ({ channel }) => void (channel === 'sms' && this.wake()));
  }
}

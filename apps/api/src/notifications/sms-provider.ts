import { Logger } from '@nestjs/common';
import type { SmsConfig } from '../platform/config/config.js';

export interface SmsMessage {
  /** The outbox row's id (for logs). */
  id: number;
  to: string;
  text: string;
  /** The same on every try of one message: the gateway sends it once. */
  idempotencyKey: string;
}

/** Sends one text message; throws when the gateway refuses it or cannot be reached, or `signal` aborts first. */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage, signal: AbortSignal): Promise<void>;
}

export const SMS_PROVIDER = Symbol('SMS_PROVIDER');

/** SMS_PROVIDER=log (development, tests, demos): the message "goes" into the log; its number and text stay out of it. */
export class LoggingSmsProvider implements SmsProvider {
  readonly name = 'log';
  private readonly logger = new Logger('SMS');

  send(message: SmsMessage): Promise<void> {
    this.logger.log(`message ${message.id} sent (SMS_PROVIDER=log; see GET /dev/sms-outbox)`);
    return Promise.resolve();
  }
}

/** SMS_PROVIDER=http: POSTs {to, text, idempotencyKey} to SMS_GATEWAY_URL; any non-2xx answer or an abort (the outbox's send timeout) is a failure. */
export class HttpSmsProvider implements SmsProvider {
  readonly name = 'http';

  constructor(private readonly config: SmsConfig) {}

  async send(message: SmsMessage, signal: AbortSignal): Promise<void> {
    const headers: Record<string, string> = { 'content-type': 'application/json', 'idempotency-key': message.idempotencyKey };
    if (this.config.gatewayToken) headers.authorization = `Bearer ${this.config.gatewayToken}`;
    const res = await fetch(this.config.gatewayUrl!, {
      method: 'POST',
      headers,
      body: JSON.stringify({ to: message.to, text: message.text, idempotencyKey: message.idempotencyKey }),
      signal,
    });
    await res.arrayBuffer().catch(() => undefined);
    if (!res.ok) throw new Error(`gateway answered ${res.status}`);
  }
}

export function smsProviderFor(config: SmsConfig): SmsProvider {
  return config.provider === 'http' ? new HttpSmsProvider(config) : new LoggingSmsProvider();
}

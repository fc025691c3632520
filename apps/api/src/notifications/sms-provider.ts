import { Logger } from '@nestjs/common';
import type { SmsConfig } from '../config/config.js';

export interface SmsMessage {
  /** The outbox row's id (for logs). */
  id: number;
  to: string;
  text: string;
  /** The same on every try of one message: the gateway sends it once. */
  idempotencyKey: string;
}

/** Sends one text message; throws when the gateway refuses it or cannot be reached. */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
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

/** How long one gateway call may take; the claim's lease is longer. */
export const SMS_GATEWAY_TIMEOUT_MS = 10_000;

/** SMS_PROVIDER=http: POSTs {to, text, idempotencyKey} to SMS_GATEWAY_URL; any non-2xx answer or a timeout is a failure. */
export class HttpSmsProvider implements SmsProvider {
  readonly name = 'http';

  constructor(private readonly config: SmsConfig) {}

  async send(message: SmsMessage): Promise<void> {
    const headers: Record<string, string> = { 'content-type': 'application/json', 'idempotency-key': message.idempotencyKey };
    if (this.config.gatewayToken) headers.authorization = `Bearer ${this.config.gatewayToken}`;
    const res = await fetch(this.config.gatewayUrl!, {
      method: 'POST',
      headers,
      body: JSON.stringify({ to: message.to, text: message.text, idempotencyKey: message.idempotencyKey }),
      signal: AbortSignal.timeout(SMS_GATEWAY_TIMEOUT_MS),
    });
    await res.arrayBuffer().catch(() => undefined);
    if (!res.ok) throw new Error(`gateway answered ${res.status}`);
  }
}

export function smsProviderFor(config: SmsConfig): SmsProvider {
  return config.provider === 'http' ? new HttpSmsProvider(config) : new LoggingSmsProvider();
}

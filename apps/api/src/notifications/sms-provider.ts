import { Logger } from '@nestjs/common';

/** Sends one text message; throws when the gateway refuses or cannot be reached. */
export interface SmsProvider {
  readonly name: string;
  send(phone: string, body: string): Promise<void>;
}

export const SMS_PROVIDER = Symbol('SMS_PROVIDER');

/** The default provider: writes the message to the log (development, tests, demos). */
export class LoggingSmsProvider implements SmsProvider {
  readonly name = 'logging';
  private readonly logger = new Logger('SMS');

  send(phone: string, body: string): Promise<void> {
    const masked = phone.length > 4 ? `${'*'.repeat(phone.length - 4)}${phone.slice(-4)}` : phone;
    this.logger.log(`to ${masked}: ${body}`);
    return Promise.resolve();
  }
}

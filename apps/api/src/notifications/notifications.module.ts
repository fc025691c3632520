import { Module } from '@nestjs/common';
import { SmsOutboxService } from './sms-outbox.service.js';
import { LoggingSmsProvider, SMS_PROVIDER } from './sms-provider.js';
import { SmsSenderService } from './sms-sender.service.js';

/** SMS: the outbox (written in the caller's transaction), the sender with retries and its provider. */
@Module({
  providers: [SmsOutboxService, SmsSenderService, { provide: SMS_PROVIDER, useClass: LoggingSmsProvider }],
  exports: [SmsOutboxService],
})
export class NotificationsModule {}

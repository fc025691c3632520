import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { SmsOutboxController } from './sms-outbox.controller.js';
import { SmsOutboxService } from './sms-outbox.service.js';
import { SMS_PROVIDER, smsProviderFor } from './sms-provider.js';
import { SmsSenderService } from './sms-sender.service.js';

/** SMS: the outbox (written in the caller's transaction), the sender with leases and retries, and its provider (SMS_PROVIDER). */
@Module({
  controllers: [SmsOutboxController],
  providers: [SmsOutboxService, SmsSenderService, { provide: SMS_PROVIDER, useFactory: (config: AppConfig) => smsProviderFor(config.sms), inject: [APP_CONFIG] }],
  exports: [SmsOutboxService],
})
export class NotificationsModule {}

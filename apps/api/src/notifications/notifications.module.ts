import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ownRepositories, TransactionsModule } from '../platform/database/transactions.js';
import { PersonalDataModule } from '../platform/personal-data/personal-data.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { SmsOutboxController } from './sms-outbox.controller.js';
import { SmsOutbox } from './sms-outbox.entity.js';
import { SmsOutboxService } from './sms-outbox.service.js';
import { SMS_PROVIDER, smsProviderFor } from './sms-provider.js';
import { SmsSender } from './sms-sender.js';

/** SMS: the outbox (written in the transaction of the change it tells of), its channel of the outbox worker, and its provider (SMS_PROVIDER). */
@Module({
  imports: [TypeOrmModule.forFeature([SmsOutbox]), TransactionsModule, PersonalDataModule],
  controllers: [SmsOutboxController],
  providers: [...ownRepositories([SmsOutbox]), SmsOutboxService, SmsSender, { provide: SMS_PROVIDER, useFactory: (config: AppConfig) => smsProviderFor(config.sms), inject: [APP_CONFIG] }],
})
export class NotificationsModule {}

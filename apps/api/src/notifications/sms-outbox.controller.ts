import { Controller, Get, Inject, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ApiExcludeController } from '@nestjs/swagger';
import type { DataSource } from 'typeorm';
import { Public } from '../auth/roles.decorator.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { SmsOutbox } from './sms-outbox.entity.js';

/**
 * GET /dev/sms-outbox: the outbox as JSON, for developers and tests with SMS_PROVIDER=log (the
 * messages "sent" there go nowhere else). 404 in production and with a real gateway.
 */
@ApiExcludeController()
@Controller('dev')
export class SmsOutboxController {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('sms-outbox')
  @Public()
  async list(): Promise<SmsOutbox[]> {
    if (this.config.production || this.config.sms.provider !== 'log') throw new NotFoundException();
    return this.db.getRepository(SmsOutbox).find({ order: { id: 'DESC' }, take: 200 });
  }
}

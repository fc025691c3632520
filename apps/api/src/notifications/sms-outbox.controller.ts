import { Controller, Get, Inject, NotFoundException } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '../platform/http/roles.decorator.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import type { SmsOutbox } from './sms-outbox.entity.js';
import { SmsOutboxService } from './sms-outbox.service.js';

/**
 * GET /dev/sms-outbox: the outbox as JSON, for developers and tests with SMS_PROVIDER=log (the
 * messages "sent" there go nowhere else). 404 in production and with a real gateway.
 */
@ApiExcludeController()
@Controller('dev')
export class SmsOutboxController {
  constructor(
    private readonly outbox: SmsOutboxService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('sms-outbox')
  @Public()
  async list(): Promise<SmsOutbox[]> {
    if (this.config.production || this.config.sms.provider !== 'log') throw new NotFoundException();
    return this.outbox.latest();
  }
}

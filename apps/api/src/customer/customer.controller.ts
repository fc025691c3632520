import { Body, Controller, Get, HttpCode, Inject, Patch, Post, Req } from '@nestjs/common';
import { ApiConflictResponse, ApiNoContentResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { CustomerInfo, CustomerSession } from '@resepti/domain';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { Roles } from '../auth/roles.decorator.js';
import { SessionsService } from '../auth/sessions.service.js';
import type { SessionUser } from '../auth/session-user.js';
import { CustomerService } from './customer.service.js';
import { ContactDetailsDto, NewPasswordDto } from './dto/customer-account.dto.js';

@ApiTags('customer')
@Controller()
@Roles('customer')
export class CustomerController {
  constructor(
    private readonly customers: CustomerService,
    private readonly sessions: SessionsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The signed-in customer and the session's idle timeout. Cheap: 'Jatka' calls it to keep the session. */
  @Get('my-user')
  async myUser(@CurrentUser() user: SessionUser): Promise<CustomerSession> {
    return { ...(await this.customers.info(user.id)), sessionIdleMinutes: this.config.sessionIdleMinutes };
  }

  @Patch('my-user')
  @ApiConflictResponse({ description: 'Sähköpostiosoite on jo käytössä.' })
  updateContact(@CurrentUser() user: SessionUser, @Body() dto: ContactDetailsDto): Promise<CustomerInfo> {
    return this.customers.updateContact(user.id, dto);
  }

  @Post('my-user/change-password')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Password changed; the other sessions of the customer end, this one stays.' })
  async changePassword(@CurrentUser() user: SessionUser, @Body() dto: NewPasswordDto, @Req() req: Request): Promise<void> {
    await this.customers.changePassword(user.id, dto.newPassword);
    await this.sessions.endAllOf(user, req.sessionID);
  }
}

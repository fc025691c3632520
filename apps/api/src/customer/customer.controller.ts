import { Body, Controller, Get, HttpCode, Inject, Patch, Post, Put, Req } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import type { CustomerInfo, CustomerSession } from '@resepti/domain';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { CurrentUser } from '../platform/http/current-user.decorator.js';
import { Roles } from '../platform/http/roles.decorator.js';
import { requestOrigin } from '../accounts/login-throttle.js';
import { SessionsService } from '../accounts/sessions.service.js';
import type { SessionUser } from '../platform/http/session-user.js';
import { CustomerService } from './customer.service.js';
import { ChangePasswordDto, CloseAccountDto, ContactDetailsDto, LanguageDto } from './dto/customer-account.dto.js';
import { CustomerInfoSchema, CustomerSessionSchema } from './customer-schemas.js';

@ApiTags('customer')
@Controller()
@Roles('customer')
@ApiNotFoundResponse({ description: 'Käyttäjää ei löydy: the account was closed meanwhile (e.g. in another tab).' })
export class CustomerController {
  constructor(
    private readonly customers: CustomerService,
    private readonly sessions: SessionsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The signed-in customer and the session's idle timeout. Cheap: 'Jatka' calls it to keep the session. */
  @Get('my-user')
  @ApiOperation({ summary: 'The signed-in customer' })
  @ApiOkResponse({ type: CustomerSessionSchema })
  async myUser(@CurrentUser() user: SessionUser): Promise<CustomerSession> {
    return { ...(await this.customers.info(user.id)), sessionIdleMinutes: this.config.sessionIdleMinutes };
  }

  @Patch('my-user')
  @ApiBadRequestResponse({ description: 'A new e-mail without the current password, or a wrong one.' })
  @ApiConflictResponse({ description: 'Sähköpostiosoite on jo käytössä.' })
  @ApiTooManyRequestsResponse({ description: 'Too many e-mail changes from this session or of this account (15 min).' })
  @ApiOperation({ summary: "Change the customer's e-mail or phone" })
  @ApiOkResponse({ type: CustomerInfoSchema })
  updateContact(@CurrentUser() user: SessionUser, @Body() dto: ContactDetailsDto, @Req() req: Request): Promise<CustomerInfo> {
    return this.customers.updateContact(user.id, dto, requestOrigin(req));
  }

  @Put('my-user/language')
  @ApiBadRequestResponse({ description: "The language is not 'fi', 'sv' or 'en'." })
  @ApiOperation({ summary: "Set the customer's language" })
  @ApiOkResponse({ type: CustomerInfoSchema })
  setLanguage(@CurrentUser() user: SessionUser, @Body() dto: LanguageDto): Promise<CustomerInfo> {
    return this.customers.setLanguage(user.id, dto.language);
  }

  @Post('my-user/change-password')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Password changed; the other sessions of the customer end, this one stays.' })
  @ApiBadRequestResponse({ description: 'The current password is wrong, or the new one is refused.' })
  @ApiTooManyRequestsResponse({ description: 'Too many password changes or wrong current passwords (15 min).' })
  @ApiOperation({ summary: 'Change the password' })
  async changePassword(@CurrentUser() user: SessionUser, @Body() dto: ChangePasswordDto, @Req() req: Request): Promise<void> {
    await this.customers.changePassword(user.id, dto, requestOrigin(req));
    await this.sessions.endAllOf(user, req.sessionID);
  }

  @Post('my-user/delete')
  @HttpCode(204)
  @ApiOperation({ summary: 'Close the account', description: 'Needs the password. The account can no longer sign in; the prescription records stay as the law requires.' })
  @ApiNoContentResponse({ description: 'Closed: credentials, e-mail, phone and marketing consent removed; every session and socket of the account ended; the open cart and checkout cancelled.' })
  @ApiBadRequestResponse({ description: 'The password is missing or wrong.' })
  @ApiConflictResponse({ description: 'A payment is being taken: try again when it has finished.' })
  @ApiTooManyRequestsResponse({ description: 'Too many wrong passwords (15 min).' })
  async closeAccount(@CurrentUser() user: SessionUser, @Body() dto: CloseAccountDto, @Req() req: Request): Promise<void> {
    await this.customers.closeAccount(user.id, dto, requestOrigin(req));
    await this.sessions.endAllOf(user);
    await this.sessions.endCurrent(req);
  }
}

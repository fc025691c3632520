import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PharmacyUserInfo } from '@resepti/domain';
import { CurrentUser } from '../platform/http/current-user.decorator.js';
import { Roles } from '../platform/http/roles.decorator.js';
import type { SessionUser } from '../platform/http/session-user.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { PharmacyService } from './pharmacy.service.js';
import { PharmacyUserInfoSchema } from './pharmacy-schemas.js';

@ApiTags('pharmacy')
@Controller()
@Roles('pharmacy')
export class PharmacyController {
  constructor(
    private readonly pharmacy: PharmacyService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The signed-in pharmacy user, and the session's idle timeout (the web warns two minutes before it). */
  @Get('pharmacy-user')
  @ApiOperation({ summary: 'The signed-in pharmacy user' })
  @ApiOkResponse({ type: PharmacyUserInfoSchema })
  async pharmacyUser(@CurrentUser() user: SessionUser): Promise<PharmacyUserInfo> {
    return { ...(await this.pharmacy.userInfo(user.id)), sessionIdleMinutes: this.config.sessionIdleMinutes };
  }
}

import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { PharmacyUserInfo } from '@resepti/domain';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { Roles } from '../auth/roles.decorator.js';
import type { SessionUser } from '../auth/session-user.js';
import { PharmacyService } from './pharmacy.service.js';

@ApiTags('pharmacy')
@Controller()
@Roles('pharmacy')
export class PharmacyController {
  constructor(private readonly pharmacy: PharmacyService) {}

  @Get('pharmacy-user')
  pharmacyUser(@CurrentUser() user: SessionUser): Promise<PharmacyUserInfo> {
    return this.pharmacy.userInfo(user.id);
  }
}

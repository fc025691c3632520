import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiForbiddenResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { PharmacyUserListEntry, UsernameCheck } from '@resepti/domain';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { Roles } from '../auth/roles.decorator.js';
import type { SessionUser } from '../auth/session-user.js';
import { CreatePharmacyUserDto, DeletePharmacyUserDto, ResetPharmacyUserMfaDto, UpdatePharmacyUserDto } from './dto/pharmacy-user.dto.js';
import { PharmacyUserAdminService } from './pharmacy-user-admin.service.js';

/** /adminapteekki: a pharmacy admin manages the user accounts of their own pharmacy. */
@ApiTags('pharmacy-admin')
@Controller()
export class PharmacyUserAdminController {
  constructor(private readonly users: PharmacyUserAdminService) {}

  @Get('list-users')
  @Roles('pharmacyAdmin')
  @ApiOkResponse({ description: "The users of the admin's own pharmacy (never with passwords)." })
  list(@CurrentUser() admin: SessionUser): Promise<PharmacyUserListEntry[]> {
    return this.users.list(admin);
  }

  @Get('check-username/:name')
  @Roles('pharmacyAdmin')
  @ApiOkResponse({ description: '{usernameExists}: whether any pharmacy user has this username (case-insensitive).' })
  checkUsername(@Param('name') name: string): Promise<UsernameCheck> {
    return this.users.usernameExists(name);
  }

  @Post('create-pharmacy-user')
  @Roles('pharmacyAdmin')
  @ApiCreatedResponse({ description: "A user of the admin's pharmacy, working at every office of the pharmacy." })
  @ApiBadRequestResponse({ description: 'The field messages of SPEC section 5.' })
  @ApiConflictResponse({ description: "'Käyttäjätunnus on varattu'" })
  create(@CurrentUser() admin: SessionUser, @Body() body: CreatePharmacyUserDto): Promise<PharmacyUserListEntry> {
    return this.users.create(admin, body);
  }

  @Post('update-pharmacy-user')
  @Roles('pharmacyAdmin')
  @HttpCode(200)
  @ApiOkResponse({ description: 'The saved user. An empty or missing password keeps the old one.' })
  @ApiConflictResponse({ description: "'Käyttäjätunnus on jo varattu!'" })
  @ApiForbiddenResponse({ description: "Another pharmacy's user, or another administrator." })
  update(@CurrentUser() admin: SessionUser, @Req() req: Request, @Body() body: UpdatePharmacyUserDto): Promise<PharmacyUserListEntry> {
    return this.users.update(admin, body, req.sessionID);
  }

  @Delete('delete-pharmacy-user')
  @Roles('pharmacyAdmin')
  @HttpCode(204)
  @ApiForbiddenResponse({ description: "Administrators cannot be deleted; another pharmacy's users are out of reach." })
  async remove(@CurrentUser() admin: SessionUser, @Body() body: DeletePharmacyUserDto): Promise<void> {
    await this.users.remove(admin, body.username);
  }

  @Post('reset-pharmacy-user-mfa')
  @Roles('pharmacyAdmin')
  @HttpCode(204)
  @ApiForbiddenResponse({ description: "Another pharmacy's user: 403 'Käyttäjä ei kuulu apteekkiisi'." })
  async resetMfa(@CurrentUser() admin: SessionUser, @Body() body: ResetPharmacyUserMfaDto): Promise<void> {
    await this.users.resetMfa(admin, body.id);
  }
}

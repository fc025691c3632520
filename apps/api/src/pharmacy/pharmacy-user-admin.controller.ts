import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiForbiddenResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { PharmacyUserListEntry, UsernameCheck } from '@resepti/domain';
import { CurrentUser } from '../platform/http/current-user.decorator.js';
import { requestOrigin } from '../accounts/login-throttle.js';
import { Roles } from '../platform/http/roles.decorator.js';
import type { SessionUser } from '../platform/http/session-user.js';
import { CreatePharmacyUserDto, DeletePharmacyUserDto, ResetPharmacyUserMfaDto, UpdatePharmacyUserDto } from './dto/pharmacy-user.dto.js';
import { PharmacyUserAdminService } from './pharmacy-user-admin.service.js';
import { PharmacyUserSchema, UsernameCheckSchema } from './pharmacy-schemas.js';

/** /adminapteekki: a pharmacy admin manages the user accounts of their own pharmacy. */
@ApiTags('pharmacy-admin')
@Controller()
export class PharmacyUserAdminController {
  constructor(private readonly users: PharmacyUserAdminService) {}

  @Get('list-users')
  @Roles('pharmacyAdmin')
  @ApiOkResponse({ type: [PharmacyUserSchema], description: "The users of the admin's own pharmacy (never with passwords)." })
  @ApiOperation({ summary: "The users of the admin's pharmacy" })
  list(@CurrentUser() admin: SessionUser): Promise<PharmacyUserListEntry[]> {
    return this.users.list(admin);
  }

  @Get('check-username/:name')
  @Roles('pharmacyAdmin')
  @ApiOkResponse({ type: UsernameCheckSchema, description: '{usernameExists}: whether any pharmacy user has this username (case-insensitive).' })
  @ApiOperation({ summary: 'Whether a username is taken' })
  checkUsername(@Param('name') name: string): Promise<UsernameCheck> {
    return this.users.usernameExists(name);
  }

  @Post('create-pharmacy-user')
  @Roles('pharmacyAdmin')
  @ApiCreatedResponse({ type: PharmacyUserSchema, description: "A user of the admin's pharmacy, working at every office of the pharmacy." })
  @ApiBadRequestResponse({ description: 'The field messages of SPEC section 5.' })
  @ApiConflictResponse({ description: "'Käyttäjätunnus on varattu'" })
  @ApiTooManyRequestsResponse({ description: 'Too many passwords chosen by this admin, session or address (15 min).' })
  @ApiOperation({ summary: 'Create a pharmacy user' })
  create(@CurrentUser() admin: SessionUser, @Req() req: Request, @Body() body: CreatePharmacyUserDto): Promise<PharmacyUserListEntry> {
    return this.users.create(admin, body, requestOrigin(req));
  }

  @Post('update-pharmacy-user')
  @Roles('pharmacyAdmin')
  @HttpCode(200)
  @ApiOkResponse({ type: PharmacyUserSchema, description: 'The saved user. An empty or missing password keeps the old one.' })
  @ApiConflictResponse({ description: "'Käyttäjätunnus on jo varattu!'" })
  @ApiTooManyRequestsResponse({ description: 'Too many passwords chosen by this admin, session or address (15 min).' })
  @ApiForbiddenResponse({ description: "Another pharmacy's user, or another administrator." })
  @ApiNotFoundResponse({ description: 'No such user.' })
  @ApiOperation({ summary: 'Update a pharmacy user' })
  update(@CurrentUser() admin: SessionUser, @Req() req: Request, @Body() body: UpdatePharmacyUserDto): Promise<PharmacyUserListEntry> {
    return this.users.update(admin, body, requestOrigin(req), req.sessionID);
  }

  @Delete('delete-pharmacy-user')
  @Roles('pharmacyAdmin')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiForbiddenResponse({ description: "Administrators cannot be deleted; another pharmacy's users are out of reach." })
  @ApiNotFoundResponse({ description: 'No such user.' })
  @ApiOperation({ summary: 'Delete a pharmacy user' })
  async remove(@CurrentUser() admin: SessionUser, @Body() body: DeletePharmacyUserDto): Promise<void> {
    await this.users.remove(admin, body.username);
  }

  @Post('reset-pharmacy-user-mfa')
  @Roles('pharmacyAdmin')
  @HttpCode(204)
  @ApiNoContentResponse({ description: "TOTP and the recovery codes of the user removed: the user sets TOTP up again at the next login. The user's sessions end (and their sockets close)." })
  @ApiForbiddenResponse({ description: "Another pharmacy's user: 403 'Käyttäjä ei kuulu apteekkiisi'." })
  @ApiNotFoundResponse({ description: 'No such user.' })
  @ApiOperation({ summary: "Reset a pharmacy user's TOTP" })
  async resetMfa(@CurrentUser() admin: SessionUser, @Req() req: Request, @Body() body: ResetPharmacyUserMfaDto): Promise<void> {
    await this.users.resetMfa(admin, body.id, req.sessionID);
  }
}

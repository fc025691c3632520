import { Body, Controller, Get, HttpCode, Post, Req, UnauthorizedException, UseGuards } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCookieAuth, ApiExtension, ApiForbiddenResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import { MESSAGES, MFA_MESSAGES, type LoginResponse, type TotpEnableResponse, type TotpSetupResponse, type TotpStatus } from '@resepti/domain';
import { AuditService } from '../platform/audit/audit.service.js';
import { AuthService } from './auth.service.js';
import { CurrentUser } from '../platform/http/current-user.decorator.js';
import { MfaCodeDto, PasswordAndCodeDto } from './mfa.dto.js';
import { MfaService } from './mfa.service.js';
import { pendingOf, signIn, StaffMfaGuard, staffOf } from './mfa-session.js';
import { Public, Roles, SESSION_SECURITY } from '../platform/http/roles.decorator.js';
import type { SessionUser } from '../platform/http/session-user.js';
import { SessionsService } from './sessions.service.js';
import { LoginResultSchema, TotpEnabledSchema, TotpSetupSchema, TotpStatusSchema } from '../platform/http/web-api-schemas.js';

/**
 * Staff TOTP: the code after the password (POST /login/mfa), and setting TOTP up, on and off.
 * The setup endpoints are open to a signed-in doctor or pharmacy user and to one who must set it
 * up before signing in (MFA_REQUIRED_FOR); they check that themselves (staffOf), hence @Public.
 */
/** Who the setup endpoints (StaffMfaGuard) answer, as the web API document says it: a staff session, or one whose login waits for TOTP setup. */
const STAFF_MFA_ROLES = ['doctor', 'pharmacy'];

@ApiTags('auth')
@Controller()
export class MfaController {
  constructor(
    private readonly mfa: MfaService,
    private readonly auth: AuthService,
    private readonly audit: AuditService,
    private readonly sessions: SessionsService,
  ) {}

  @Post('login/mfa')
  @Public()
  @HttpCode(200)
  @ApiOkResponse({ type: LoginResultSchema, description: 'Signed in (the session id is rotated): {role}.' })
  @ApiUnauthorizedResponse({ description: "A wrong or used code, or no password step in this session: 'Vahvistuskoodi on väärä tai vanhentunut. Yritä uudelleen'" })
  @ApiTooManyRequestsResponse({ description: '5 wrong codes in 15 minutes for the account' })
  @ApiOperation({ summary: 'Second login step: a TOTP or recovery code' })
  async loginCode(@Req() req: Request, @Body() body: MfaCodeDto): Promise<LoginResponse> {
    const pending = pendingOf(req, 'code');
    if (!pending) throw new UnauthorizedException(MFA_MESSAGES.noPendingLogin);
    const method = await this.mfa.verifyLogin(pending, body.code);
    return this.finishLogin(req, pending, method);
  }

  @Get('mfa/totp')
  @Public()
  @UseGuards(StaffMfaGuard)
  @ApiCookieAuth(SESSION_SECURITY)
  @ApiExtension('x-roles', STAFF_MFA_ROLES)
  @ApiOkResponse({ type: TotpStatusSchema, description: '{enabled, required} of the signed-in staff user (or one that must set TOTP up).' })
  @ApiOperation({ summary: "The staff user's TOTP status" })
  status(@Req() req: Request): Promise<TotpStatus> {
    return this.mfa.status(staffOf(req).user);
  }

  @Post('mfa/totp/setup')
  @Public()
  @UseGuards(StaffMfaGuard)
  @ApiCookieAuth(SESSION_SECURITY)
  @ApiExtension('x-roles', STAFF_MFA_ROLES)
  @HttpCode(200)
  @ApiOkResponse({ type: TotpSetupSchema, description: '{secret, otpauthUrl}: a new secret for the authenticator, not in use until enabled.' })
  @ApiConflictResponse({ description: 'TOTP is on already.' })
  @ApiOperation({ summary: 'Start setting TOTP up: a new secret' })
  setup(@Req() req: Request): Promise<TotpSetupResponse> {
    return this.mfa.setup(staffOf(req).user);
  }

  @Post('mfa/totp/enable')
  @Public()
  @UseGuards(StaffMfaGuard)
  @ApiCookieAuth(SESSION_SECURITY)
  @ApiExtension('x-roles', STAFF_MFA_ROLES)
  @HttpCode(200)
  @ApiOkResponse({
    type: TotpEnabledSchema,
    description: "{recoveryCodes}: 10 one-time codes, shown only now. A user who had to set TOTP up is now signed in. The user's other sessions end (and their sockets close).",
  })
  @ApiConflictResponse({ description: 'TOTP is on already.' })
  @ApiUnauthorizedResponse({ description: 'A wrong code (or no session).' })
  @ApiTooManyRequestsResponse({ description: '5 wrong codes in 15 minutes for the account' })
  @ApiOperation({ summary: 'Enable TOTP with a first code' })
  async enable(@Req() req: Request, @Body() body: MfaCodeDto): Promise<TotpEnableResponse> {
    const { user, pending } = staffOf(req);
    const recoveryCodes = await this.mfa.enable(user, body.code, pending);
    if (pending) await this.finishLogin(req, user, 'totp');
    // A session signed in with the password alone is weaker than this one (ASVS 7.4.3).
    await this.sessions.endAllOf(user, req.sessionID);
    return { recoveryCodes };
  }

  @Post('mfa/totp/disable')
  @Roles('doctor', 'pharmacy')
  @HttpCode(204)
  @ApiNoContentResponse({ description: "TOTP and the recovery codes removed; the user's other sessions end (and their sockets close)." })
  @ApiBadRequestResponse({ description: 'TOTP is not on.' })
  @ApiUnauthorizedResponse({ description: 'A wrong password or code (or no session).' })
  @ApiForbiddenResponse({ description: 'The role must use TOTP (MFA_REQUIRED_FOR).' })
  @ApiTooManyRequestsResponse({ description: '5 wrong codes in 15 minutes for the account' })
  @ApiOperation({ summary: 'Disable TOTP (password and a code)' })
  async disable(@CurrentUser() user: SessionUser, @Req() req: Request, @Body() body: PasswordAndCodeDto): Promise<void> {
    if (user.role === 'customer') throw new UnauthorizedException(MESSAGES.unauthorized);
    await this.mfa.disable({ role: user.role, id: user.id }, req.ip ?? 'unknown', body.password, body.code);
    // A change of credentials: whoever else holds a session of the account is out (ASVS 7.4.3).
    await this.sessions.endAllOf(user, req.sessionID);
  }

  @Post('mfa/recovery-codes')
  @Roles('doctor', 'pharmacy')
  @HttpCode(200)
  @ApiOkResponse({ type: TotpEnabledSchema, description: '{recoveryCodes}: 10 new one-time codes, shown only now; every earlier recovery code stops working. Audited.' })
  @ApiBadRequestResponse({ description: 'TOTP is not on, or the password or the code is missing.' })
  @ApiUnauthorizedResponse({ description: "A wrong password, or not a current authenticator code (a recovery code is not accepted here)." })
  @ApiTooManyRequestsResponse({ description: '5 wrong codes in 15 minutes for the account' })
  @ApiOperation({ summary: "New recovery codes ('Luo uudet varakoodit', password and a current code)" })
  async regenerateRecoveryCodes(@CurrentUser() user: SessionUser, @Req() req: Request, @Body() body: PasswordAndCodeDto): Promise<TotpEnableResponse> {
    if (user.role === 'customer') throw new UnauthorizedException(MESSAGES.unauthorized);
    return { recoveryCodes: await this.mfa.regenerateRecoveryCodes({ role: user.role, id: user.id }, req.ip ?? 'unknown', body.password, body.code) };
  }

  private async finishLogin(req: Request, staff: { role: 'doctor' | 'pharmacy'; id: number }, method: string): Promise<LoginResponse> {
    const user = await this.auth.refresh(staff);
    if (!user) throw new UnauthorizedException(MESSAGES.unauthorized);
    await signIn(req, user);
    try {
      await this.audit.record(user, { action: 'auth.login', details: { mfa: method } });
    } catch (err) {
      // No sign-in without its audit row (as at the password login).
      await new Promise<void>((resolve) => req.logout(() => resolve()));
      throw err;
    }
    return { role: user.role };
  }
}

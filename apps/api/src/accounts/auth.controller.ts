import { Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { CsrfTokenResponse, LoginResponse } from '@resepti/domain';
import { AuditService } from '../platform/audit/audit.service.js';
import { CsrfProtection } from './csrf.js';
import { EmailLoginDto, UsernameLoginDto } from './login.dto.js';
import { LoginGuard } from './login.guard.js';
import { loginAnswer } from './mfa-session.js';
import { Public } from '../platform/http/roles.decorator.js';
import { SessionsService } from './sessions.service.js';
import { SESSION_COOKIE } from './session.middleware.js';
import { CsrfTokenSchema, LoginResultSchema } from '../platform/http/web-api-schemas.js';

/** Logins of the three roles: each role's credentials open only its own login. */
@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(
    private readonly sessions: SessionsService,
    private readonly csrf: CsrfProtection,
    private readonly audit: AuditService,
  ) {}

  /** The token every change sends in X-CSRF-Token; a new one after the session changed (login, logout). */
  @Get('csrf-token')
  @Public()
  @ApiOkResponse({ type: CsrfTokenSchema, description: 'The CSRF token of this browser and session.' })
  @ApiOperation({ summary: 'The CSRF token of this browser and session' })
  csrfToken(@Req() req: Request, @Res({ passthrough: true }) res: Response): CsrfTokenResponse {
    return { token: this.csrf.tokenFor(req, res) };
  }

  @Post('login')
  @Public()
  @HttpCode(200)
  @UseGuards(LoginGuard('customer-local', EmailLoginDto, 'customer'))
  @ApiBody({ type: EmailLoginDto })
  @ApiOkResponse({ type: LoginResultSchema, description: 'Signed in; the session cookie is set.' })
  @ApiUnauthorizedResponse({ description: 'Kirjautumistiedot virheelliset. Yritä uudelleen' })
  @ApiTooManyRequestsResponse({ description: 'Too many attempts from this address or for this account (15 min).' })
  @ApiOperation({ summary: 'Customer login with e-mail and password' })
  customerLogin(): LoginResponse {
    return { role: 'customer' };
  }

  @Post('doctor-login')
  @Public()
  @HttpCode(200)
  @UseGuards(LoginGuard('doctor-local', EmailLoginDto, 'doctor'))
  @ApiBody({ type: EmailLoginDto })
  @ApiOkResponse({ type: LoginResultSchema, description: 'Signed in; the session cookie is set. With TOTP: {mfaRequired} (POST /login/mfa next); MFA_REQUIRED_FOR without TOTP: {mfaSetupRequired}.' })
  @ApiUnauthorizedResponse({ description: 'Kirjautumistiedot virheelliset. Yritä uudelleen' })
  @ApiTooManyRequestsResponse({ description: 'Too many attempts from this address or for this account (15 min).' })
  @ApiOperation({ summary: 'Doctor login with e-mail and password' })
  doctorLogin(@Req() req: Request): LoginResponse {
    return loginAnswer(req, 'doctor');
  }

  @Post('pharmacist-login')
  @Public()
  @HttpCode(200)
  @UseGuards(LoginGuard('pharmacist-local', UsernameLoginDto, 'pharmacy'))
  @ApiBody({ type: UsernameLoginDto })
  @ApiOkResponse({ type: LoginResultSchema, description: 'Signed in; the session cookie is set. With TOTP: {mfaRequired} (POST /login/mfa next); MFA_REQUIRED_FOR without TOTP: {mfaSetupRequired}.' })
  @ApiUnauthorizedResponse({ description: 'Kirjautumistiedot virheelliset. Yritä uudelleen' })
  @ApiTooManyRequestsResponse({ description: 'Too many attempts from this address or for this account (15 min).' })
  @ApiOperation({ summary: 'Pharmacy user login with username and password' })
  pharmacistLogin(@Req() req: Request): LoginResponse {
    return loginAnswer(req, 'pharmacy');
  }

  /** Ends the session of whoever is signed in, and closes its sockets (no-op without a session). */
  @Post('logout')
  @Public()
  @HttpCode(204)
  @ApiOperation({ summary: 'Log out: end the session and its sockets' })
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    if (req.user) await this.audit.record(req.user, { action: 'auth.logout' });
    await this.sessions.endCurrent(req);
    res.clearCookie(SESSION_COOKIE);
  }
}

import { Body, Controller, Get, HttpCode, Inject, Logger, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiFoundResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { type CustomerInfo, type IdentificationPurpose, type LoginResponse, type RegistrationData } from '@resepti/domain';
import { navigationLanguage, responseLanguage } from '../platform/http/response-language.js';
import { IdentificationFailed, OidcClient } from '../accounts/oidc.client.js';
import { Public } from '../platform/http/roles.decorator.js';
import { requestOrigin } from '../accounts/login-throttle.js';
import { SessionsService } from '../accounts/sessions.service.js';
import type { SessionUser } from '../platform/http/session-user.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { NewPasswordDto, PasswordCheckDto, RegistrationDto } from './dto/customer-account.dto.js';
import { RegistrationService } from './registration.service.js';
import './registration-session.js';
import { LoginResultSchema } from '../platform/http/web-api-schemas.js';
import { CustomerInfoSchema, RegistrationDataSchema } from './customer-schemas.js';

const CALLBACK_PATH = '/ui-api/v1/registration/callback';
/** Where the web app continues after a successful identification (SPEC section 2). */
const WIZARD_PATH = '/registerHello';

function saveSession(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.save((err) => (err ? reject(err as Error) : resolve())));
}

/** Signs the customer in; passport regenerates the session id (and drops the identification from it). */
function logIn(req: Request, user: SessionUser): Promise<void> {
  return new Promise((resolve, reject) => req.logIn(user, (err) => (err ? reject(err as Error) : resolve())));
}

/**
 * Strong identification (OpenID Connect) and what it opens: registration (SPEC sections 2,
 * 3 and 7) and a new password for a customer who forgot theirs.
 */
@ApiTags('registration')
@Controller()
export class RegistrationController {
  private readonly logger = new Logger('Registration');

  constructor(
    private readonly oidc: OidcClient,
    private readonly registration: RegistrationService,
    private readonly sessions: SessionsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** From PUBLIC_URL only: a Host header is the client's to choose, and would send the identification elsewhere. */
  private callbackUrl(): string {
    return `${this.config.publicUrl}${CALLBACK_PATH}`;
  }

  @Get('registration/start')
  @Public()
  @ApiQuery({ name: 'purpose', required: false, enum: ['registration', 'password-reset'] })
  @ApiFoundResponse({ description: 'Redirects to the identity provider (to / when it cannot be reached).' })
  @ApiOperation({ summary: 'Start strong identification' })
  async start(@Req() req: Request, @Res() res: Response, @Query('purpose') purposeParam?: unknown): Promise<void> {
    const purpose: IdentificationPurpose = purposeParam === 'password-reset' ? 'password-reset' : 'registration';
    try {
      const { url, transaction } = await this.oidc.start(this.callbackUrl(), navigationLanguage(req));
      req.session.oidc = { ...transaction, purpose };
      await saveSession(req);
      res.redirect(302, url);
    } catch (e) {
      this.logger.error(`identification could not start: ${e instanceof Error ? e.message : String(e)}`);
      res.redirect(302, '/');
    }
  }

  /** The identity provider returns here. Any failure (cancel, bad state, bad token) leads to the landing page, which says so, and stores nothing. */
  @Get('registration/callback')
  @Public()
  @ApiFoundResponse({ description: 'Redirects to /registerHello when identified, otherwise to /?identification=cancelled (the person cancelled at the provider) or /?identification=failed.' })
  @ApiOperation({ summary: "The identity provider's return" })
  async callback(@Req() req: Request, @Res() res: Response): Promise<void> {
    const transaction = req.session.oidc;
    if (transaction) {
      // One use only: a replayed or second callback finds nothing to continue.
      delete req.session.oidc;
    }
    const { search, searchParams } = new URL(req.originalUrl, 'http://callback.invalid');
    // The landing page says why the person is back there (a cancel is the person's own choice, not an error).
    let target = searchParams.get('error') === 'access_denied' ? '/?identification=cancelled' : '/?identification=failed';
    try {
      if (transaction) {
        const person = await this.oidc.finish(search, transaction);
        await this.registration.forget(req.session.identificationId);
        req.session.identificationId = await this.registration.storeIdentification(person, transaction.purpose);
        target = WIZARD_PATH;
      }
    } catch (e) {
      if (!(e instanceof IdentificationFailed)) {
        this.logger.error(`identification callback failed: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    await saveSession(req).catch(() => undefined);
    res.redirect(302, target);
  }

  @Get('registration')
  @Public()
  @ApiOkResponse({ type: RegistrationDataSchema, description: 'The person of the strong identification; 404 without a valid identification.' })
  @ApiOperation({ summary: 'The person of the strong identification' })
  @ApiNotFoundResponse({ description: 'No valid identification in this session.' })
  async registrationData(@Req() req: Request): Promise<RegistrationData> {
    // Not an error, so the exception filter does not translate it: the page shows it as it comes.
    return this.registration.registrationData(req.session?.identificationId, responseLanguage(req));
  }

  @Post('registration/password-check')
  @Public()
  @HttpCode(204)
  @ApiOperation({ summary: "Checks the registration wizard's password before the last step" })
  @ApiNoContentResponse({ description: 'The password would be accepted by POST /my-user.' })
  @ApiBadRequestResponse({ description: 'The password is too short, of the wrong form, common or breached, or the e-mail or a name.' })
  @ApiNotFoundResponse({ description: 'No valid identification in the session.' })
  @ApiTooManyRequestsResponse({ description: 'Too many passwords tried for this person, or from this session or address (15 min): counted with registration, reset and change.' })
  async checkPassword(@Req() req: Request, @Body() dto: PasswordCheckDto): Promise<void> {
    await this.registration.checkPassword(req.session?.identificationId, dto.password, dto.email, requestOrigin(req));
  }

  @Post('my-user')
  @Public()
  @ApiCreatedResponse({
    type: CustomerInfoSchema,
    description:
      'Registered and signed in. 409 when the hetu already has an account or the e-mail is taken; 404 once the identification is used up (3 tries); 429 after too many in 15 min.',
  })
  @ApiOperation({ summary: 'Register and sign in' })
  @ApiNotFoundResponse({ description: 'No identification in this session, or it is used up (3 tries).' })
  @ApiConflictResponse({ description: 'The hetu already has an account, or the e-mail is taken.' })
  @ApiTooManyRequestsResponse({ description: 'Too many passwords tried for this person, or from this session or address; or too many registrations (15 min).' })
  async register(@Req() req: Request, @Body() dto: RegistrationDto): Promise<CustomerInfo> {
    const user = await this.registration.register(req.session?.identificationId, dto, requestOrigin(req));
    await logIn(req, user);
    return this.registration.info(user);
  }

  @Post('registration/reset-password')
  @Public()
  @HttpCode(200)
  @ApiOkResponse({ type: LoginResultSchema, description: 'New password set through the identification; signed in. 404 without an identification of a customer, or once it is used up (3 tries).' })
  @ApiOperation({ summary: 'Set a new password after identification' })
  @ApiNotFoundResponse({ description: 'No identification of a customer in this session, or it is used up (3 tries).' })
  @ApiTooManyRequestsResponse({ description: 'Too many passwords tried for this person, or from this session or address (15 min).' })
  async resetPassword(@Req() req: Request, @Body() dto: NewPasswordDto): Promise<LoginResponse> {
    const user = await this.registration.resetPassword(req.session?.identificationId, dto.newPassword, requestOrigin(req));
    await logIn(req, user);
    // Whoever knew the old password is signed out everywhere else (sockets too).
    await this.sessions.endAllOf(user, req.sessionID);
    return { role: 'customer' };
  }
}

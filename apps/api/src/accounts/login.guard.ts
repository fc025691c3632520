import { BadRequestException, type CanActivate, type ExecutionContext, Injectable, mixin, type Type, UnauthorizedException } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type { Request } from 'express';
import type { UserRole } from '@resepti/domain';
import { AuditService } from '../platform/audit/audit.service.js';
import { EventBus } from '../platform/events/event-bus.js';
import { VALIDATION_OPTIONS, validationMessages } from '../platform/http/validation.js';
import { holdForMfa } from './mfa-session.js';
import { MfaService } from './mfa.service.js';

/**
 * A login guard: validates the body (guards run before pipes, so the DTO is checked here),
 * lets the passport-local strategy check the credentials, then starts the session
 * (passport regenerates the session id at login). Both outcomes are audited: the sign-in with
 * the new session, a failure with the login name tried. A staff user with TOTP (or who must set
 * it up, MFA_REQUIRED_FOR) is not signed in yet: the session waits for the code (mfa-session.ts).
 */
export function LoginGuard(strategy: string, dto: Type<object>, role: UserRole): Type<CanActivate> {
  @Injectable()
  class MixinLoginGuard extends AuthGuard(strategy) {
    constructor(
      private readonly audit: AuditService,
      private readonly mfa: MfaService,
      private readonly bus: EventBus,
    ) {
      super();
    }

    override async canActivate(context: ExecutionContext): Promise<boolean> {
      const request = context.switchToHttp().getRequest<Request>();
      const body: unknown = request.body;
      if (!body || typeof body !== 'object' || Array.isArray(body)) throw new BadRequestException('errors.bodyInvalid');
      const errors = await validate(plainToInstance(dto, body), VALIDATION_OPTIONS);
      if (errors.length > 0) throw new BadRequestException(validationMessages(errors));
      let ok: boolean;
      try {
        ok = (await super.canActivate(context)) as boolean;
      } catch (err) {
        if (err instanceof UnauthorizedException) {
          const tried = body as { email?: unknown; username?: unknown };
          await this.audit.record({ role, id: null }, { action: 'auth.login-failed', details: { login: String(tried.email ?? tried.username ?? '').slice(0, 200) } });
        }
        throw err;
      }
      const user = request.user;
      const stage = user && user.role !== 'customer' ? await this.mfa.loginStage({ role: user.role, id: user.id }) : null;
      if (user && user.role !== 'customer' && stage) {
        await holdForMfa(request, { role: user.role, id: user.id }, stage);
        await this.audit.record(user, { action: 'auth.mfa-challenge', details: { stage } });
        await this.bus.emit(null, 'login.attempted', { role, step: 'password', outcome: 'mfa' });
        return ok;
      }
      await super.logIn(request);
      try {
        if (request.user) await this.audit.record(request.user, { action: 'auth.login' });
      } catch (err) {
        // No sign-in without its audit row: the new session ends before the 503 goes out.
        await new Promise<void>((resolve) => request.logout(() => resolve()));
        throw err;
      }
      await this.bus.emit(null, 'login.attempted', { role, step: 'password', outcome: 'ok' });
      return ok;
    }
  }
  return mixin(MixinLoginGuard);
}

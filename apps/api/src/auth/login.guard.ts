import { BadRequestException, type CanActivate, type ExecutionContext, Injectable, mixin, type Type } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type { Request } from 'express';
import { VALIDATION_OPTIONS, validationMessages } from '../common/validation.js';

/**
 * A login guard: validates the body (guards run before pipes, so the DTO is checked here),
 * lets the passport-local strategy check the credentials, then starts the session
 * (passport regenerates the session id at login).
 */
export function LoginGuard(strategy: string, dto: Type<object>): Type<CanActivate> {
  @Injectable()
  class MixinLoginGuard extends AuthGuard(strategy) {
    override async canActivate(context: ExecutionContext): Promise<boolean> {
      const request = context.switchToHttp().getRequest<Request>();
      const body: unknown = request.body;
      if (!body || typeof body !== 'object' || Array.isArray(body)) throw new BadRequestException('Pyynnön runko puuttuu tai on virheellinen');
      const errors = await validate(plainToInstance(dto, body), VALIDATION_OPTIONS);
      if (errors.length > 0) throw new BadRequestException(validationMessages(errors));
      const ok = (await super.canActivate(context)) as boolean;
      await super.logIn(request);
      return ok;
    }
  }
  return mixin(MixinLoginGuard);
}

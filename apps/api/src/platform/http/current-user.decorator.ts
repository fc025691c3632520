import { createParamDecorator, type ExecutionContext, UnauthorizedException } from '@nestjs/common';
import type { Request } from 'express';
import { MESSAGES } from '@resepti/domain';
import type { SessionUser } from './session-user.js';

/** The signed-in user of the request (the RolesGuard has already checked the role). */
export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext): SessionUser => {
  const user = context.switchToHttp().getRequest<Request>().user;
  if (!user) throw new UnauthorizedException(MESSAGES.unauthorized);
  return user;
});

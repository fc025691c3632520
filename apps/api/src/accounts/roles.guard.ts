import { CanActivate, ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { MESSAGES } from '@resepti/domain';
import { AuthService } from './auth.service.js';
import { PUBLIC_KEY, ROLES_KEY, type AccessRole } from '../platform/http/roles.decorator.js';
import type { SessionUser } from '../platform/http/session-user.js';

export function hasAccess(user: SessionUser, roles: readonly AccessRole[]): boolean {
  return roles.some((role) => (role === 'pharmacyAdmin' ? user.role === 'pharmacy' && user.isAdmin === true : user.role === role));
}

/** Global HTTP guard: enforces @Roles on the server for every endpoint; fails closed. */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly auth: AuthService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets)) return true;
    const roles = this.reflector.getAllAndOverride<AccessRole[] | undefined>(ROLES_KEY, targets);
    const req = context.switchToHttp().getRequest<Request>();
    let user = req.user;
    if (!user) throw new UnauthorizedException(MESSAGES.unauthorized);
    if (user.role === 'pharmacy' && roles?.includes('pharmacyAdmin') && !roles.includes('pharmacy')) {
      // Admin rights hold at once, not as the user cache last read them (AuthService.refresh).
      const fresh = await this.auth.reload(user);
      if (!fresh) throw new UnauthorizedException(MESSAGES.unauthorized);
      req.user = user = fresh;
    }
    if (!roles || !hasAccess(user, roles)) throw new ForbiddenException(MESSAGES.forbidden);
    return true;
  }
}

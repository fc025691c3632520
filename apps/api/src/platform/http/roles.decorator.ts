import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiCookieAuth, ApiExtension } from '@nestjs/swagger';
import type { UserRole } from '@resepti/domain';

/** Who may call an endpoint: a session role, or a pharmacy user whose userLevel is admin. */
export type AccessRole = UserRole | 'pharmacyAdmin';

export const ROLES_KEY = 'resepti:roles';
export const PUBLIC_KEY = 'resepti:public';
/** The web API document's security scheme: the session cookie (common/web-api-docs.ts). */
export const SESSION_SECURITY = 'session';

/**
 * The endpoint needs a session of one of these roles: 401 without a session, 403 with another role.
 * The web API document shows it (the session cookie as the operation's security, the roles as `x-roles`).
 */
export const Roles = (...roles: AccessRole[]) => applyDecorators(SetMetadata(ROLES_KEY, roles), ApiCookieAuth(SESSION_SECURITY), ApiExtension('x-roles', roles));

/** The endpoint is open to everyone. Every handler declares either @Roles or @Public (checked at start). */
export const Public = () => SetMetadata(PUBLIC_KEY, true);

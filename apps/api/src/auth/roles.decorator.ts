import { SetMetadata } from '@nestjs/common';
import type { UserRole } from '@resepti/domain';

/** Who may call an endpoint: a session role, or a pharmacy user whose userLevel is admin. */
export type AccessRole = UserRole | 'pharmacyAdmin';

export const ROLES_KEY = 'resepti:roles';
export const PUBLIC_KEY = 'resepti:public';

/** The endpoint needs a session of one of these roles: 401 without a session, 403 with another role. */
export const Roles = (...roles: AccessRole[]) => SetMetadata(ROLES_KEY, roles);

/** The endpoint is open to everyone. Every handler declares either @Roles or @Public (checked at start). */
export const Public = () => SetMetadata(PUBLIC_KEY, true);

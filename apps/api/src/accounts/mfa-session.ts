import { type CanActivate, type ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import type { Request } from 'express';
import { MESSAGES, MFA_MESSAGES, type LoginResponse, type UserRole } from '@resepti/domain';
import type { StaffUser } from './mfa.service.js';
import type { SessionUser } from '../platform/http/session-user.js';

/** How long a password stays good for the code (or the setup) that must follow it. */
export const MFA_PENDING_MS = 10 * 60_000;

type Pending = NonNullable<Request['session']['mfaPending']>;

/** The session's staff user past the password at this stage, if still fresh. */
export function pendingOf(req: Request, stage: Pending['stage']): StaffUser | null {
  const pending = req.session?.mfaPending;
  if (!pending || pending.stage !== stage || Date.now() - pending.at > MFA_PENDING_MS) return null;
  return { role: pending.role, id: pending.id };
}

/**
 * Who may use the TOTP setup endpoints: a signed-in doctor or pharmacy user, or one past the
 * password who must set TOTP up first (MFA_REQUIRED_FOR). `pending`: not yet signed in.
 */
export function staffOf(req: Request): { user: StaffUser; pending: boolean } {
  const user = req.user;
  if (user) {
    if (user.role === 'customer') throw new ForbiddenException(MFA_MESSAGES.notStaff);
    return { user: { role: user.role, id: user.id }, pending: false };
  }
  const pending = pendingOf(req, 'setup');
  if (!pending) throw new UnauthorizedException(MESSAGES.unauthorized);
  return { user: pending, pending: true };
}

/** The login answer: signed in, or the step still missing (the password was right). */
export function loginAnswer(req: Request, role: UserRole): LoginResponse {
  if (!req.user && req.session?.mfaPending) return req.session.mfaPending.stage === 'code' ? { role, mfaRequired: true } : { role, mfaSetupRequired: true };
  return { role };
}

/** The password was right; the session (a new id) waits for the code or the setup. */
export async function holdForMfa(req: Request, user: StaffUser, stage: Pending['stage']): Promise<void> {
  await new Promise<void>((resolve, reject) => req.session.regenerate((err) => (err ? reject(err as Error) : resolve())));
  req.session.mfaPending = { role: user.role, id: user.id, stage, at: Date.now() };
  await new Promise<void>((resolve, reject) => req.session.save((err) => (err ? reject(err as Error) : resolve())));
  req.user = undefined;
}

/** Signs the user in (passport regenerates the session id; the pending step goes with the old session). */
export function signIn(req: Request, user: SessionUser): Promise<void> {
  return new Promise<void>((resolve, reject) => req.logIn(user, (err) => (err ? reject(err as Error) : resolve())));
}

/** The setup endpoints' own authorization (staffOf), as a guard: it runs before the body is validated. */
@Injectable()
export class StaffMfaGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    staffOf(context.switchToHttp().getRequest<Request>());
    return true;
  }
}

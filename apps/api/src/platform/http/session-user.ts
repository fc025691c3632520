import type { UserRole } from '@resepti/domain';

/** What a login session remembers about its user (serialized by passport into the session). */
export interface SessionUser {
  role: UserRole;
  id: number;
  /** Pharmacy users only: the pharmacy they belong to, and whether they are its admin. */
  pharmacyId?: number;
  isAdmin?: boolean;
}

export function isSessionUser(value: unknown): value is SessionUser {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (v.role === 'customer' || v.role === 'doctor' || v.role === 'pharmacy') && Number.isInteger(v.id);
}

/**
 * Whether the request belongs to a stored session (anything besides the cookie in it). Without
 * one, express-session makes up a new id for every request, which identifies nothing.
 */
export function hasStoredSession(req: { session?: object; sessionID?: string }): req is { session: object; sessionID: string } {
  return req.session !== undefined && req.sessionID !== undefined && Object.keys(req.session).some((k) => k !== 'cookie');
}

/** Reads the passport user out of a raw express-session (used by the Socket.IO handshake). */
export function sessionUserOf(session: unknown): SessionUser | null {
  const user = (session as { passport?: { user?: unknown } } | undefined)?.passport?.user;
  return isSessionUser(user) ? user : null;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    // passport's req.user is our SessionUser
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface User extends SessionUser {}
  }
}

declare module 'express-session' {
  interface SessionData {
    /** Pharmacy users: the office chosen on /toimipaikka. (Only ids live in a session; the patient is in the cart.) */
    officeId?: number;
    /**
     * A staff user past the password and not yet signed in: 'code' waits for POST /login/mfa,
     * 'setup' (MFA_REQUIRED_FOR without TOTP) may only set TOTP up. `at`: when the password was right.
     */
    mfaPending?: { role: 'doctor' | 'pharmacy'; id: number; stage: 'code' | 'setup'; at: number };
  }
}

/**
 * Deletes a user's login sessions, but `$3` (a session to keep, or ''), returning their ids: the
 * app's SessionsService and the admin CLI (which reaches no running process: their sockets close
 * at the gateway's sweep, and other processes' cached copies within SESSION_CACHE_MS).
 */
export const DELETE_SESSIONS_OF_USER = `DELETE FROM http_session
  WHERE sess->'passport'->'user'->>'role' = $1 AND sess->'passport'->'user'->>'id' = $2 AND sid <> $3
  RETURNING sid`;

export function sessionsOfUserParams(user: { role: string; id: number }, keepId?: string): string[] {
  return [user.role, String(user.id), keepId ?? ''];
}

import type { Request } from 'express';
import { Gauge } from 'prom-client';
import { LIVE_FALLBACK_HEADER, LIVE_FALLBACK_POLLING } from '@resepti/domain';
import { isSessionUser } from '../http/session-user.js';
import { registry } from './metrics.js';

/** A client counts while its last polling read is at most this old. */
const WINDOW_MS = 60_000;
const ROLES = ['customer', 'doctor', 'pharmacy'] as const;

/** The last polling read of each session (by its id), with the session's role. In memory only. */
const lastPoll = new Map<string, { role: string; at: number }>();

function forgetOld(now: number): void {
  for (const [session, seen] of lastPoll) if (now - seen.at > WINDOW_MS) lastPoll.delete(session);
}

/**
 * The web app's reads carry `X-Live-Fallback: polling` while its socket is down (api/client.ts):
 * a signed-in session that sent one counts as a polling client for a minute.
 */
export function notePollingRead(req: Request, status: number): void {
  if (req.method !== 'GET' || status >= 400 || req.headers[LIVE_FALLBACK_HEADER.toLowerCase()] !== LIVE_FALLBACK_POLLING) return;
  const user: unknown = req.user;
  if (!isSessionUser(user) || !req.sessionID) return;
  const now = Date.now();
  if (lastPoll.size > 50_000) forgetOld(now);
  lastPoll.set(req.sessionID, { role: user.role, at: now });
}

/**
 * Sessions of this process that polled in the last minute because their socket was down, by
 * role. Per process: a client whose polls reach two processes counts on both (sum() over
 * instances is an upper bound).
 */
export const pollingFallbackClients = new Gauge({
  name: 'resepti_polling_fallback_clients',
  help: 'Signed-in sessions that polled this process in the last minute because their live socket was down, by role.',
  labelNames: ['role'] as const,
  registers: [registry],
  collect() {
    forgetOld(Date.now());
    const counts = new Map<string, number>(ROLES.map((r) => [r, 0]));
    for (const { role } of lastPoll.values()) counts.set(role, (counts.get(role) ?? 0) + 1);
    for (const [role, count] of counts) this.set({ role }, count);
  },
});

import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { EventBus } from '../platform/events/event-bus.js';
import { AuthService } from './auth.service.js';
import { SessionMiddleware } from './session.middleware.js';

/**
 * Ends login sessions, and with them their live sockets (on every process): a session must not
 * outlive the user's logout, and an account's sessions must not outlive its deletion or a
 * password reset by an admin. (Idle expiry closes sockets in the gateway's sweep.)
 */
@Injectable()
export class SessionsService {
  constructor(
    private readonly sessions: SessionMiddleware,
    private readonly bus: EventBus,
    private readonly auth: AuthService,
  ) {}

  /** Logout: the request's session is destroyed and its sockets closed. */
  async endCurrent(req: Request): Promise<void> {
    const id = req.sessionID;
    await new Promise<void>((resolve, reject) => req.logout((err) => (err ? reject(err) : resolve())));
    await new Promise<void>((resolve) => (req.session ? req.session.destroy(() => resolve()) : resolve()));
    if (id) await this.bus.emit(null, 'sessions.ended', { sessionIds: [id] });
  }

  /**
   * Every session of the user ends (except `keepSessionId`, e.g. the admin who changed their own
   * password stays signed in there), and every socket of the account closes.
   */
  async endAllOf(user: { role: string; id: number }, keepSessionId?: string): Promise<void> {
    this.auth.forget(user);
    const ended = await this.sessions.deleteAllOf(user, keepSessionId);
    if (keepSessionId) await this.bus.emit(null, 'sessions.ended', { sessionIds: ended });
    else await this.bus.emit(null, 'account.signed-out', user);
  }
}

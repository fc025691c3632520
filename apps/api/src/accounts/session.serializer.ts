import { Injectable } from '@nestjs/common';
import { PassportSerializer } from '@nestjs/passport';
import { AuthService } from './auth.service.js';
import { isSessionUser, type SessionUser } from '../platform/http/session-user.js';

@Injectable()
export class SessionSerializer extends PassportSerializer {
  constructor(private readonly auth: AuthService) {
    super();
  }

  serializeUser(user: SessionUser, done: (err: unknown, user?: SessionUser) => void): void {
    done(null, { role: user.role, id: user.id });
  }

  /** A deleted account's session stops working at once (false = no user). */
  deserializeUser(payload: unknown, done: (err: unknown, user?: SessionUser | false) => void): void {
    if (!isSessionUser(payload)) return done(null, false);
    this.auth.refresh(payload).then(
      (user) => done(null, user ?? false),
      (err: unknown) => done(err),
    );
  }
}

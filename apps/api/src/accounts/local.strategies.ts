import { Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-local';
import { MESSAGES } from '@resepti/domain';
import { AuthService } from './auth.service.js';
import type { SessionUser } from '../platform/http/session-user.js';

/** The client's address as express sees it (X-Forwarded-For counts only with TRUST_PROXY). */
function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

function orFail(user: SessionUser | null): SessionUser {
  if (!user) throw new UnauthorizedException(MESSAGES.loginFailed);
  return user;
}

/** POST /login: customers sign in with e-mail and password. */
@Injectable()
export class CustomerLocalStrategy extends PassportStrategy(Strategy, 'customer-local') {
  constructor(private readonly auth: AuthService) {
    super({ usernameField: 'email', passwordField: 'password', passReqToCallback: true });
  }
  async validate(req: Request, email: string, password: string): Promise<SessionUser> {
    return orFail(await this.auth.verifyCustomer(clientAddress(req), email, password));
  }
}

/** POST /doctor-login: doctors sign in with e-mail and password. */
@Injectable()
export class DoctorLocalStrategy extends PassportStrategy(Strategy, 'doctor-local') {
  constructor(private readonly auth: AuthService) {
    super({ usernameField: 'email', passwordField: 'password', passReqToCallback: true });
  }
  async validate(req: Request, email: string, password: string): Promise<SessionUser> {
    return orFail(await this.auth.verifyDoctor(clientAddress(req), email, password));
  }
}

/** POST /pharmacist-login: pharmacy users sign in with username and password. */
@Injectable()
export class PharmacistLocalStrategy extends PassportStrategy(Strategy, 'pharmacist-local') {
  constructor(private readonly auth: AuthService) {
    super({ usernameField: 'username', passwordField: 'password', passReqToCallback: true });
  }
  async validate(req: Request, username: string, password: string): Promise<SessionUser> {
    return orFail(await this.auth.verifyPharmacist(clientAddress(req), username, password));
  }
}

import { Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-local';
import { MESSAGES } from '@resepti/domain';
import { AuthService } from './auth.service.js';
import type { SessionUser } from './session-user.js';

function orFail(user: SessionUser | null): SessionUser {
  if (!user) throw new UnauthorizedException(MESSAGES.loginFailed);
  return user;
}

/** POST /login: customers sign in with e-mail and password. */
@Injectable()
export class CustomerLocalStrategy extends PassportStrategy(Strategy, 'customer-local') {
  constructor(private readonly auth: AuthService) {
    super({ usernameField: 'email', passwordField: 'password' });
  }
  async validate(email: string, password: string): Promise<SessionUser> {
    return orFail(await this.auth.verifyCustomer(email, password));
  }
}

/** POST /doctor-login: doctors sign in with e-mail and password. */
@Injectable()
export class DoctorLocalStrategy extends PassportStrategy(Strategy, 'doctor-local') {
  constructor(private readonly auth: AuthService) {
    super({ usernameField: 'email', passwordField: 'password' });
  }
  async validate(email: string, password: string): Promise<SessionUser> {
    return orFail(await this.auth.verifyDoctor(email, password));
  }
}

/** POST /pharmacist-login: pharmacy users sign in with username and password. */
@Injectable()
export class PharmacistLocalStrategy extends PassportStrategy(Strategy, 'pharmacist-local') {
  constructor(private readonly auth: AuthService) {
    super({ usernameField: 'username', passwordField: 'password' });
  }
  async validate(username: string, password: string): Promise<SessionUser> {
    return orFail(await this.auth.verifyPharmacist(username, password));
  }
}

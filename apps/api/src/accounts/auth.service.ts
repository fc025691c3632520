import { HttpException, HttpStatus, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { IsNull, type Repository } from 'typeorm';
import { Customer, isOpenCustomer } from './customer.entity.js';
import { Doctor } from './doctor.entity.js';
import { PharmacyUser } from './pharmacy-user.entity.js';
import { InjectOwn, type OwnRepository } from '../platform/database/transactions.js';
import { EventBus } from '../platform/events/event-bus.js';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from './password.js';
import type { UserRole } from '@resepti/domain';
import { LoginThrottle } from './login-throttle.js';
import type { SessionUser } from '../platform/http/session-user.js';

const USER_CACHE_MS = 10_000;

/** A login's account: its stored hash, its session user and the table it lives in. */
interface Account {
  hash: string;
  user: SessionUser;
  entity: typeof Customer | typeof Doctor | typeof PharmacyUser;
}

/** Checks credentials per role (throttled per address and account) and re-validates session users on each request. */
@Injectable()
export class AuthService {
  private readonly logger = new Logger(AuthService.name);

  constructor(
    @InjectOwn(Customer) private readonly customers: OwnRepository<Customer>,
    @InjectOwn(Doctor) private readonly doctors: OwnRepository<Doctor>,
    @InjectOwn(PharmacyUser) private readonly pharmacyUsers: OwnRepository<PharmacyUser>,
    private readonly throttle: LoginThrottle,
    private readonly bus: EventBus,
  ) {}

  verifyCustomer(address: string, email: string, password: string): Promise<SessionUser | null> {
    return this.verify('customer', address, email, password, async (login) => {
      const customer = await this.customers.repo.findOneBy({ email: login });
      return isOpenCustomer(customer) ? { hash: customer.passwordHash, user: { role: 'customer', id: customer.id }, entity: Customer } : null;
    });
  }

  verifyDoctor(address: string, email: string, password: string): Promise<SessionUser | null> {
    return this.verify('doctor', address, email, password, async (login) => {
      const doctor = await this.doctors.repo.findOneBy({ email: login });
      return doctor && { hash: doctor.passwordHash, user: { role: 'doctor', id: doctor.id }, entity: Doctor };
    });
  }

  verifyPharmacist(address: string, username: string, password: string): Promise<SessionUser | null> {
    return this.verify('pharmacy', address, username, password, async (login) => {
      const user = await this.pharmacyUsers.repo.findOneBy({ username: login });
      return user && { hash: user.passwordHash, user: this.pharmacySessionUser(user), entity: PharmacyUser };
    });
  }

  /**
   * A signed-in customer's password checked again before a credential change (ASVS 6.2.3): counted
   * by the login counters like a login of the account from this address, so guessing it here is
   * as slow as at the login page (429 at a limit). True when right.
   */
  async reauthenticateCustomer(customerId: number, address: string, password: string): Promise<boolean> {
    return this.reauthenticate({ role: 'customer', id: customerId }, address, password);
  }

  /** The same check for any role (a staff user disabling TOTP): the account's login name and hash. */
  async reauthenticate(user: { role: UserRole; id: number }, address: string, password: string): Promise<boolean> {
    const account = await this.credentialsOf(user);
    const reservation = await this.throttle.reserve({ role: user.role, login: account.login, address });
    let ok: boolean;
    try {
      ok = await verifyPassword(account.hash, password, 'other');
    } catch (err) {
      await reservation.cancelled();
      throw err;
    }
    if (ok) await reservation.succeeded();
    return ok;
  }

  private async credentialsOf(user: { role: UserRole; id: number }): Promise<{ login: string; hash: string }> {
    switch (user.role) {
      case 'customer': {
        const row = await this.customers.repo.findOneBy({ id: user.id });
        // A closed account has no password: its sessions ended with it.
        if (!isOpenCustomer(row)) throw new UnauthorizedException();
        return { login: row.email, hash: row.passwordHash };
      }
      case 'doctor': {
        const row = await this.doctors.repo.findOneByOrFail({ id: user.id });
        return { login: row.email, hash: row.passwordHash };
      }
      case 'pharmacy': {
        const row = await this.pharmacyUsers.repo.findOneByOrFail({ id: user.id });
        return { login: row.username, hash: row.passwordHash };
      }
    }
  }

  /** Users read within the last USER_CACHE_MS, per process (see refresh). */
  private readonly recent = new Map<string, { user: SessionUser | null; until: number }>();

  /**
   * The session's user as it is now: null when the account was deleted. Read at most once per
   * USER_CACHE_MS per process, not on every request: an account's end also deletes its sessions
   * (SessionsService), so a deleted user's request finds no session whatever this cache holds.
   * A pharmacy user's admin flag must hold at once (an operator may change it in the database):
   * the routes that need it read the user again (`reload`, from RolesGuard).
   */
  async refresh(user: SessionUser): Promise<SessionUser | null> {
    const cached = this.recent.get(`${user.role}:${user.id}`);
    if (cached && cached.until > Date.now()) return cached.user;
    return this.reload(user);
  }

  /** The user read from the database now (and kept for the next `refresh`). */
  async reload(user: SessionUser): Promise<SessionUser | null> {
    const now = Date.now();
    const fresh = await this.load(user);
    if (this.recent.size > 10_000) this.recent.clear();
    this.recent.set(`${user.role}:${user.id}`, { user: fresh, until: now + USER_CACHE_MS });
    return fresh;
  }

  /** Forgets a cached user at once (their account changed in this process). */
  forget(user: { role: string; id: number }): void {
    this.recent.delete(`${user.role}:${user.id}`);
  }

  private async load(user: SessionUser): Promise<SessionUser | null> {
    switch (user.role) {
      case 'customer':
        return (await this.customers.repo.existsBy({ id: user.id, closedAt: IsNull() })) ? { role: 'customer', id: user.id } : null;
      case 'doctor':
        return (await this.doctors.repo.existsBy({ id: user.id })) ? { role: 'doctor', id: user.id } : null;
      case 'pharmacy': {
        // On every admin request of a pharmacy user (and a cache miss): a prepared statement, planned once per connection.
        const [row] = await this.pharmacyUsers.prepared<Pick<PharmacyUser, 'id' | 'pharmacyId' | 'userLevel'>>(
          'session-pharmacy-user',
          'SELECT id, pharmacy_id AS "pharmacyId", user_level AS "userLevel" FROM pharmacy_user WHERE id = $1',
          [user.id],
        );
        return row ? this.pharmacySessionUser(row) : null;
      }
    }
  }

  private pharmacySessionUser(user: Pick<PharmacyUser, 'id' | 'pharmacyId' | 'userLevel'>): SessionUser {
    return { role: 'pharmacy', id: user.id, pharmacyId: user.pharmacyId, isAdmin: user.userLevel === 'admin' };
  }

  /**
   * One login attempt: reserved in the throttle first (429 at a limit, before any hashing);
   * then always one argon2 verification, whether or not the account exists, so timing tells nothing.
   */
  private async verify(
    role: UserRole,
    address: string,
    rawLogin: string,
    password: string,
    find: (login: string) => Promise<Account | null>,
  ): Promise<SessionUser | null> {
    const login = rawLogin.trim().toLowerCase();
    let reservation: Awaited<ReturnType<LoginThrottle['reserve']>>;
    try {
      reservation = await this.throttle.reserve({ role, login, address });
    } catch (err) {
      if (err instanceof HttpException && err.getStatus() === HttpStatus.TOO_MANY_REQUESTS) await this.bus.emit(null, 'login.attempted', { role, step: 'password', outcome: 'throttled' });
      throw err;
    }
    let ok: boolean;
    let account: Account | null;
    try {
      account = await find(login);
      ok = await verifyPassword(account?.hash ?? (await dummyPasswordHash()), password);
    } catch (err) {
      await reservation.cancelled();
      throw err;
    }
    // A right password is counted by the login guard: signed in (ok), or a code must follow (mfa).
    if (!ok || !account) await this.bus.emit(null, 'login.attempted', { role, step: 'password', outcome: 'wrong' });
    if (ok && account) {
      await reservation.succeeded();
      if (needsRehash(account.hash)) await this.upgradeHash(account, password);
      return account.user;
    }
    return null;
  }

  /**
   * The password hashed again with today's argon2 parameters (they were raised since it was set).
   * Only the row still holding the old hash is updated: a password changed meanwhile stays.
   * A failure here costs the upgrade, never the login.
   */
  private async upgradeHash(account: Account, password: string): Promise<void> {
    try {
      const passwordHash = await hashPassword(password);
      const own = account.entity === Customer ? this.customers : account.entity === Doctor ? this.doctors : this.pharmacyUsers;
      await (own.repo as Repository<Customer | Doctor | PharmacyUser>).update({ id: account.user.id, passwordHash: account.hash }, { passwordHash });
    } catch (err) {
      this.logger.warn(`password hash upgrade failed for ${account.user.role} ${account.user.id}: ${(err as Error).message}`);
    }
  }
}

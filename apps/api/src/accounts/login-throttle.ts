import { createHash, createHmac } from 'node:crypto';
import { HttpException, HttpStatus, Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { LoginCounter } from './login-counter.entity.js';
import type { Request } from 'express';
import type { UserRole } from '@resepti/domain';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { retryOnConflict } from '../platform/database/errors.js';
import { InjectOwn, Transactions, type OwnRepository } from '../platform/database/transactions.js';
import { checkNewPassword } from './password.js';

export const LOGIN_WINDOW_MINUTES = 15;

/**
 * Failed attempts allowed per window. Each guards against another attack:
 * - pair: one account guessed from one address (slows an attacker; the owner elsewhere is not locked out);
 * - account: one account guessed from many addresses (a ceiling well above what the owner causes);
 * - address: many accounts tried from one address (password spraying).
 */
export const LOGIN_LIMITS = { pair: 10, account: 100, address: 20 } as const;

/**
 * Every request that hashes a new password (registration, reset, password change) per window,
 * successful or not: argon2 costs each of them ~0.2 s of a core, and one identity must not keep
 * the hashing busy (issue 21). Per session and per identity (registration, reset) or account
 * (change): a person does this once or twice; per address: people behind one NAT.
 */
export const PASSWORD_WORK_LIMITS = { session: 5, subject: 5, address: 30 } as const;

/**
 * Every e-mail change per window: each checks the password, and a taken address answers 409, so
 * the counters also bound how many addresses a session or account can test for an account.
 */
export const EMAIL_CHANGE_LIMITS = { session: 5, account: 10 } as const;
/** Campaign codes tried (guessing a code is guessing a discount): per customer and per address. */
export const COUPON_TRY_LIMITS = { account: 10, address: 30 } as const;
/**
 * Every password someone chooses, whatever the answer (a common one's 400 too): registration, the
 * wizard's password check, reset through identification, a customer's change and a pharmacy
 * admin's password for a user. Counted before the password is checked against the lists, in one
 * set of counters for all of them, so the lists cannot be tried through any of them (issue 38).
 * Per session, per identity or account, and per address.
 */
export const PASSWORD_CHOICE_LIMITS = { session: 30, subject: 30, address: 120 } as const;

export const LOGIN_THROTTLED_MESSAGE = 'errors.loginThrottled';
export const PASSWORD_WORK_THROTTLED_MESSAGE = 'errors.passwordWorkThrottled';
export const COUPON_TRY_THROTTLED_MESSAGE = 'errors.couponTryThrottled';
export const PASSWORD_CHOICE_THROTTLED_MESSAGE = 'errors.passwordChoiceThrottled';
export const EMAIL_CHANGE_THROTTLED_MESSAGE = 'errors.emailChangeThrottled';

export interface LoginAttempt {
  role: UserRole;
  /** The e-mail or username as typed, trimmed and lower-cased (also for accounts that do not exist). */
  login: string;
  /** The client's address (req.ip: X-Forwarded-For only when TRUST_PROXY says so). */
  address: string;
}

/** An attempt that holds a slot in every counter until it is settled. */
export interface LoginReservation {
  succeeded(): Promise<void>;
  /** The password was never checked (e.g. the hashing queue was full): the slots are given back. */
  cancelled(): Promise<void>;
}

/** Slots taken in counters of another kind (password work, e-mail changes). */
export interface CounterSlots {
  /** The work was never done (e.g. the hashing queue was full): the slots are given back. */
  cancelled(): Promise<void>;
}

/** One counter and its limit per window. */
export interface CounterKey {
  key: string;
  limit: number;
}

/** Where a request comes from, as the counters key it. */
export interface RequestOrigin {
  /** The client's address (req.ip: X-Forwarded-For only when TRUST_PROXY says so). */
  address: string;
  /** A hash of the session id (the id itself would let a reader of the table take the session over). */
  session: string;
}

export function requestOrigin(req: Request): RequestOrigin {
  return { address: req.ip ?? req.socket.remoteAddress ?? 'unknown', session: sha256(req.sessionID ?? '') };
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

// Each list below is in the one order in which every statement here locks its counters (taking
// and giving back), so two requests never wait on each other in a circle (a deadlock PostgreSQL
// ends with an error). Lists of different kinds are never held at the same time.
function loginKeys(a: LoginAttempt): CounterKey[] {
  return [
    { key: `address:${a.address}`, limit: LOGIN_LIMITS.address },
    { key: `pair:${a.role}:${a.login}:${a.address}`, limit: LOGIN_LIMITS.pair },
    { key: `account:${a.role}:${a.login}`, limit: LOGIN_LIMITS.account },
  ];
}

/**
 * Password work of one request. `subject`: LoginThrottle.identity(hetu) for registration and
 * reset, 'account:customer:<id>' for a change.
 */
export function passwordWorkKeys(origin: RequestOrigin, subject: string): CounterKey[] {
  return [
    { key: `password-work:address:${origin.address}`, limit: PASSWORD_WORK_LIMITS.address },
    { key: `password-work:session:${origin.session}`, limit: PASSWORD_WORK_LIMITS.session },
    { key: `password-work:${subject}`, limit: PASSWORD_WORK_LIMITS.subject },
  ];
}

/** A chosen password. `subject` as in passwordWorkKeys ('account:pharmacy:<id>' for an admin setting a user's). */
function passwordChoiceKeys(origin: RequestOrigin, subject: string): CounterKey[] {
  return [
    { key: `password-choice:address:${origin.address}`, limit: PASSWORD_CHOICE_LIMITS.address },
    { key: `password-choice:session:${origin.session}`, limit: PASSWORD_CHOICE_LIMITS.session },
    { key: `password-choice:${subject}`, limit: PASSWORD_CHOICE_LIMITS.subject },
  ];
}

export function emailChangeKeys(origin: RequestOrigin, customerId: number): CounterKey[] {
  return [
    { key: `email-change:session:${origin.session}`, limit: EMAIL_CHANGE_LIMITS.session },
    { key: `email-change:account:customer:${customerId}`, limit: EMAIL_CHANGE_LIMITS.account },
  ];
}

export function couponTryKeys(origin: RequestOrigin, customerId: number): CounterKey[] {
  return [
    { key: `coupon-try:address:${origin.address}`, limit: COUPON_TRY_LIMITS.address },
    { key: `coupon-try:account:customer:${customerId}`, limit: COUPON_TRY_LIMITS.account },
  ];
}

/**
 * Limits counted atomically BEFORE any expensive work: a request first takes a slot in each of
 * its counters in one transaction (row locks serialise parallel requests), so however many
 * arrive at once, at most the limit is ever worked on per window. Logins: a failure keeps its
 * slot; a success gives the address and account slots back and forgets the pair's failures.
 * Password work and e-mail changes: every request keeps its slot. Kept in PostgreSQL, so every
 * API process counts together.
 */
@Injectable()
export class LoginThrottle implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(LoginThrottle.name);
  private pruneTimer: NodeJS.Timeout | undefined;
  private readonly secret: string;

  constructor(
    @InjectOwn(LoginCounter) private readonly counters: OwnRepository<LoginCounter>,
    private readonly transactions: Transactions,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.secret = config.sessionSecret;
  }

  /**
   * The counter subject of a strongly identified person: a keyed hash of the hetu, so the table
   * holds no hetu (a plain hash of one is found by trying every date and number).
   */
  identity(hetu: string): string {
    return `identity:${createHmac('sha256', this.secret).update(`counter\0${hetu}`).digest('hex')}`;
  }

  onApplicationBootstrap(): void {
    this.startPruning();
  }

  onApplicationShutdown(): void {
    this.stopPruning();
  }

  /** Reserves a login attempt, or answers 429 (nothing is counted then). */
  async reserve(attempt: LoginAttempt): Promise<LoginReservation> {
    const keys = loginKeys(attempt);
    await this.takeSlots(keys, LOGIN_THROTTLED_MESSAGE);
    const [address, pair, account] = keys.map((k) => k.key);
    return {
      succeeded: async () => {
        await this.counters.queryOnItsOwn(`DELETE FROM login_counter WHERE key = $1`, [pair]);
        await this.giveBack([address, account]);
      },
      cancelled: () => this.giveBack([address, pair, account]),
    };
  }

  /** Takes a slot in each counter (passwordWorkKeys, emailChangeKeys), or answers 429 with `message`. */
  async take(keys: CounterKey[], message: string): Promise<CounterSlots> {
    await this.takeSlots(keys, message);
    return { cancelled: () => this.giveBack(keys.map((k) => k.key)) };
  }

  /**
   * A password someone has just chosen: counted first (429 at a limit, nothing checked), then
   * refused with 400 when it is common or breached (checkNewPassword; `context`: the user's names
   * and login). Every place a password is chosen calls this before anything else is done with it.
   */
  async checkChosenPassword(origin: RequestOrigin, subject: string, password: string, context: readonly string[]): Promise<void> {
    await this.takeSlots(passwordChoiceKeys(origin, subject), PASSWORD_CHOICE_THROTTLED_MESSAGE);
    checkNewPassword(password, context);
  }

  /** Deletes counters of past windows now and then (a window restarts by itself anyway). */
  startPruning(): void {
    this.pruneTimer = setInterval(() => {
      this.counters
        .queryOnItsOwn(`DELETE FROM login_counter WHERE window_start <= now() - make_interval(mins => $1)`, [LOGIN_WINDOW_MINUTES])
        .catch((err: unknown) => this.logger.warn(`pruning login counters failed: ${String(err)}`));
    }, LOGIN_WINDOW_MINUTES * 60_000);
    this.pruneTimer.unref();
  }

  stopPruning(): void {
    if (this.pruneTimer) clearInterval(this.pruneTimer);
  }

  /** A slot in each counter in one transaction, or 429 (nothing is counted then). */
  private async takeSlots(keys: CounterKey[], message: string): Promise<void> {
    const allowed = await retryOnConflict(() =>
      this.transactions.runApart(async () => {
        for (const { key, limit } of keys) {
          const rows = (await this.counters.query(
            `INSERT INTO login_counter (key, window_start, count) VALUES ($1, now(), 1)
             ON CONFLICT (key) DO UPDATE SET
               count = CASE WHEN login_counter.window_start <= now() - make_interval(mins => $3) THEN 1 ELSE login_counter.count + 1 END,
               window_start = CASE WHEN login_counter.window_start <= now() - make_interval(mins => $3) THEN now() ELSE login_counter.window_start END
             WHERE login_counter.window_start <= now() - make_interval(mins => $3) OR login_counter.count < $2
             RETURNING count`,
            [key, limit, LOGIN_WINDOW_MINUTES],
          )) as unknown[];
          // No row: the counter is at its limit. Throwing rolls back the slots taken above.
          if (rows.length === 0) throw new ThrottledError();
        }
        return true;
      }),
    ).catch((err: unknown) => {
      if (err instanceof ThrottledError) return false;
      throw err;
    });
    if (!allowed) throw new HttpException(message, HttpStatus.TOO_MANY_REQUESTS);
  }

  /**
   * One slot back in each counter, locked in the order of `keys` (the order they were taken in):
   * a plain `WHERE key = ANY(...)` locked them in index order (account before address), the
   * opposite of a reservation's, and 30 parallel logins of one account met in a deadlock (issue 21).
   */
  private async giveBack(keys: string[]): Promise<void> {
    await retryOnConflict(() =>
      this.counters.queryOnItsOwn(
        `UPDATE login_counter c SET count = greatest(c.count - 1, 0)
           FROM (SELECT key FROM login_counter WHERE key = ANY($1) ORDER BY array_position($1, key) FOR UPDATE) locked
          WHERE c.key = locked.key`,
        [keys],
      ),
    );
  }
}

class ThrottledError extends Error {}

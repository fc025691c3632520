import { HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { UserRole } from '@resepti/domain';
import { retryOnConflict } from '../database/errors.js';

export const LOGIN_WINDOW_MINUTES = 15;

/**
 * Failed attempts allowed per window. Each guards against another attack:
 * - pair: one account guessed from one address (slows an attacker; the owner elsewhere is not locked out);
 * - account: one account guessed from many addresses (a ceiling well above what the owner causes);
 * - address: many accounts tried from one address (password spraying).
 */
export const LOGIN_LIMITS = { pair: 10, account: 100, address: 20 } as const;

export const LOGIN_THROTTLED_MESSAGE = 'Liian monta epäonnistunutta kirjautumisyritystä. Yritä uudelleen 15 minuutin kuluttua.';

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

function keysOf(a: LoginAttempt): Array<{ key: string; limit: number }> {
  // The one order in which every statement here locks counters (reserving and giving back), so
  // two attempts never wait on each other in a circle (a deadlock PostgreSQL ends with an error).
  return [
    { key: `address:${a.address}`, limit: LOGIN_LIMITS.address },
    { key: `pair:${a.role}:${a.login}:${a.address}`, limit: LOGIN_LIMITS.pair },
    { key: `account:${a.role}:${a.login}`, limit: LOGIN_LIMITS.account },
  ];
}

/**
 * Slows password guessing, counted atomically BEFORE the password is hashed: an attempt first
 * reserves a slot in each of its counters in one transaction (row locks serialise parallel
 * attempts), so however many requests arrive at once, at most the limit is ever checked per
 * window. A failure keeps its slot; a success gives the address and account slots back and
 * forgets the pair's failures. Kept in PostgreSQL, so every API process counts together.
 */
export class LoginThrottle {
  private readonly logger = new Logger(LoginThrottle.name);
  private pruneTimer: NodeJS.Timeout | undefined;

  constructor(private readonly db: DataSource) {}

  /** Reserves the attempt, or answers 429 (nothing is counted then). */
  async reserve(attempt: LoginAttempt): Promise<LoginReservation> {
    const keys = keysOf(attempt);
    const allowed = await retryOnConflict(() => this.db.transaction(async (m) => {
      for (const { key, limit } of keys) {
        const rows = (await m.query(
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
    })).catch((err: unknown) => {
      if (err instanceof ThrottledError) return false;
      throw err;
    });
    if (!allowed) throw new HttpException(LOGIN_THROTTLED_MESSAGE, HttpStatus.TOO_MANY_REQUESTS);
    const [address, pair, account] = keys.map((k) => k.key);
    return {
      succeeded: async () => {
        await this.db.query(`DELETE FROM login_counter WHERE key = $1`, [pair]);
        await this.giveBack([address, account]);
      },
      cancelled: () => this.giveBack([address, pair, account]),
    };
  }

  /** Deletes counters of past windows now and then (a window restarts by itself anyway). */
  startPruning(): void {
    this.pruneTimer = setInterval(() => {
      this.db
        .query(`DELETE FROM login_counter WHERE window_start <= now() - make_interval(mins => $1)`, [LOGIN_WINDOW_MINUTES])
        .catch((err: unknown) => this.logger.warn(`pruning login counters failed: ${String(err)}`));
    }, LOGIN_WINDOW_MINUTES * 60_000);
    this.pruneTimer.unref();
  }

  stopPruning(): void {
    if (this.pruneTimer) clearInterval(this.pruneTimer);
  }

  /**
   * One slot back in each counter, locked in keysOf's order (the array's): a plain
   * `WHERE key = ANY(...)` locked them in index order (account before address), the opposite of a
   * reservation's, and 30 parallel logins of one account met in a deadlock (issue 21).
   */
  private async giveBack(keys: string[]): Promise<void> {
    await retryOnConflict(() =>
      this.db.query(
        `UPDATE login_counter c SET count = greatest(c.count - 1, 0)
           FROM (SELECT key FROM login_counter WHERE key = ANY($1) ORDER BY array_position($1, key) FOR UPDATE) locked
          WHERE c.key = locked.key`,
        [keys],
      ),
    );
  }
}

class ThrottledError extends Error {}

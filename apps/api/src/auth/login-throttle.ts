import { HttpException, HttpStatus } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { UserRole } from '@resepti/domain';
import { LoginFailure } from './login-failure.entity.js';

export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MINUTES = 15;
export const LOGIN_THROTTLED_MESSAGE = 'Liian monta epäonnistunutta kirjautumisyritystä. Yritä uudelleen 15 minuutin kuluttua.';

/**
 * Slows password guessing: after LOGIN_FAILURE_LIMIT failed logins to one account within the
 * window, that login answers 429 until the window has passed. Kept in PostgreSQL, so every
 * API node counts the same failures.
 */
export class LoginThrottle {
  constructor(private readonly db: DataSource) {}

  async assertAllowed(role: UserRole, login: string): Promise<void> {
    const [{ n }] = (await this.db.query(
      `SELECT count(*)::int AS n FROM login_failure
       WHERE role = $1 AND login = $2 AND at > now() - make_interval(mins => $3)`,
      [role, login, LOGIN_FAILURE_WINDOW_MINUTES],
    )) as Array<{ n: number }>;
    if (n >= LOGIN_FAILURE_LIMIT) throw new HttpException(LOGIN_THROTTLED_MESSAGE, HttpStatus.TOO_MANY_REQUESTS);
  }

  async recordFailure(role: UserRole, login: string): Promise<void> {
    await this.db.transaction(async (m) => {
      await m.query(`DELETE FROM login_failure WHERE role = $1 AND login = $2 AND at <= now() - make_interval(mins => $3)`, [
        role,
        login,
        LOGIN_FAILURE_WINDOW_MINUTES,
      ]);
      await m.insert(LoginFailure, { role, login });
    });
  }

  async clear(role: UserRole, login: string): Promise<void> {
    await this.db.getRepository(LoginFailure).delete({ role, login });
  }
}

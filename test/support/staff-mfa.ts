/**
 * The staff's second login step in tests (staff-mfa.test.ts, staff-mfa-once.test.ts): the
 * password step, a browser waiting for the code, TOTP enabled with a computed code, and the audit
 * actions of a user, against the app the test file started.
 */
import type { TotpSetupResponse } from '@resepti/domain';
import type { TestApp } from './app';
import { ApiClient, DEMO, loginAs } from './http';
import { nextTotpCode } from './totp';

export type Staff = 'doctor' | 'doctor2' | 'pharmacy' | 'kyla';

/** A staff member's password step in a new browser `client`. */
export function passwordLogin(client: ApiClient, who: Staff) {
  const account = DEMO[who];
  return 'username' in account
    ? client.post('/pharmacist-login', { username: account.username, password: account.password })
    : client.post('/doctor-login', { email: account.email, password: account.password });
}

/** The helpers bound to the file's app (read when called: it starts in beforeAll). */
export function staffMfa(appOf: () => TestApp) {
  /** A new browser past the password, waiting for the code. */
  async function pendingLogin(who: Staff, target: TestApp = appOf()): Promise<ApiClient> {
    const client = new ApiClient(target.apiUrl);
    const res = await passwordLogin(client, who);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ role: who.startsWith('doctor') ? 'doctor' : 'pharmacy', mfaRequired: true });
    return client;
  }

  /** Sets TOTP up for a demo account and enables it with a computed code. */
  async function enableTotp(who: Staff): Promise<{ secret: string; recoveryCodes: string[] }> {
    const client = await loginAs(appOf(), who);
    const setup = await client.post<TotpSetupResponse>('/mfa/totp/setup');
    expect(setup.status).toBe(200);
    const enabled = await client.post('/mfa/totp/enable', { code: await nextTotpCode(setup.body.secret) });
    expect(enabled.status).toBe(200);
    return { secret: setup.body.secret, recoveryCodes: enabled.body.recoveryCodes };
  }

  async function auditActions(role: string, id: number): Promise<string[]> {
    const rows = await appOf().sql<{ action: string }>('SELECT action FROM audit_log WHERE actor_role = $1 AND actor_id = $2 ORDER BY id', [role, id]);
    return rows.map((r) => r.action);
  }

  return { pendingLogin, enableTotp, auditActions };
}

export function sessionCookie(client: ApiClient): string | undefined {
  return /resepti\.sid=([^;]+)/.exec(client.cookieHeader)?.[1];
}

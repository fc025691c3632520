import { MFA_MESSAGES, type TotpSetupResponse } from '@resepti/domain';
import { startApp, type TestApp } from '../support/app';
import { ApiClient, DEMO, loginAs } from '../support/http';
import { nextTotpCode } from '../support/totp';
import { passwordLogin, sessionCookie, staffMfa } from '../support/staff-mfa';

let app: TestApp;
// Starting an app takes up to 90 s on a loaded machine (the test helper's own budget).
beforeAll(async () => {
  app = await startApp();
}, 180_000);
afterAll(async () => {
  await app?.stop();
});

const nextCode = nextTotpCode;
const { pendingLogin, enableTotp, auditActions } = staffMfa(() => app);

describe('staff TOTP', () => {
  let secret: string;
  let recoveryCodes: string[];

  it('is for doctors and pharmacy users: 401 without a session, 403 for a customer', async () => {
    expect((await new ApiClient(app.apiUrl).post('/mfa/totp/setup')).status).toBe(401);
    const customer = await loginAs(app, 'customer');
    const refused = await customer.post('/mfa/totp/setup');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(MFA_MESSAGES.notStaff);
  });

  it('sets up, refuses a wrong first code, and enables with a computed code: 10 recovery codes, stored hashed', async () => {
    const doctor = await loginAs(app, 'doctor');
    expect((await doctor.get('/mfa/totp')).body).toEqual({ role: 'doctor', enabled: false, required: false });
    const missing = await doctor.post('/mfa/totp/enable', { code: '123456' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(MFA_MESSAGES.setupMissing);

    const setup = await doctor.post<TotpSetupResponse>('/mfa/totp/setup');
    expect(setup.status).toBe(200);
    secret = setup.body.secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(setup.body.otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(decodeURIComponent(url.pathname)).toContain('laakari@example.fi');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('issuer')).toBe('Resepti');
    // Encrypted at rest: the database holds no base32 secret.
    const [pending] = await app.sql<{ pending_secret: string }>("SELECT pending_secret FROM staff_totp WHERE role = 'doctor' AND user_id = 1");
    expect(pending.pending_secret).toMatch(/^v1\./);
    expect(pending.pending_secret).not.toContain(secret);

    const wrong = await doctor.post('/mfa/totp/enable', { code: '000000' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(MFA_MESSAGES.codeWrong);
    expect((await doctor.get('/mfa/totp')).body.enabled).toBe(false);

    const enabled = await doctor.post('/mfa/totp/enable', { code: await nextCode(secret) });
    expect(enabled.status).toBe(200);
    recoveryCodes = enabled.body.recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/);
    expect((await doctor.get('/mfa/totp')).body).toEqual({ role: 'doctor', enabled: true, required: false });
    const [enabledRow] = await app.sql<{ secret: string }>("SELECT secret FROM staff_totp WHERE role = 'doctor' AND user_id = 1");
    expect(enabledRow.secret).toMatch(/^v1\./);
    expect(enabledRow.secret).not.toContain(secret);
    // Stored as hashes only; a second setup is refused while it is on.
    const stored = await app.sql<{ code_hash: string }>("SELECT code_hash FROM staff_recovery_code WHERE role = 'doctor' AND user_id = 1");
    expect(stored).toHaveLength(10);
    for (const { code_hash } of stored) for (const code of recoveryCodes) expect(code_hash).not.toContain(code.replace('-', ''));
    expect((await doctor.post('/mfa/totp/setup')).status).toBe(409);
    expect(await auditActions('doctor', 1)).toEqual(expect.arrayContaining(['mfa.totp-setup', 'mfa.totp-refused', 'mfa.totp-enabled']));
  });

  it('asks for the code after the password; nothing else answers until then; a wrong code is 401, the right one signs in with a new session id', async () => {
    const client = await pendingLogin('doctor');
    expect((await client.get('/my-doctor-info')).status).toBe(401);
    expect((await client.get('/system-status')).status).toBe(401);
    const pendingCookie = sessionCookie(client);

    const wrong = await client.post('/login/mfa', { code: '000000' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(MFA_MESSAGES.codeWrong);
    expect((await client.get('/my-doctor-info')).status).toBe(401);

    const code = await nextCode(secret);
    const right = await client.post('/login/mfa', { code });
    expect(right).toMatchObject({ status: 200, body: { role: 'doctor' } });
    expect(sessionCookie(client)).not.toBe(pendingCookie);
    expect((await client.get('/my-doctor-info')).body).toMatchObject({ email: DEMO.doctor.email });
    expect((await client.get('/system-status')).status).toBe(200);

    // The same code again (another browser): refused, it was used.
    const replay = await (await pendingLogin('doctor')).post('/login/mfa', { code });
    expect(replay.status).toBe(401);
    const actions = await auditActions('doctor', 1);
    expect(actions).toEqual(expect.arrayContaining(['auth.mfa-challenge', 'auth.mfa-failed', 'auth.login']));
  });

  it('refuses a code without a password step first, and bad input with Finnish messages', async () => {
    const anonymous = new ApiClient(app.apiUrl);
    const res = await anonymous.post('/login/mfa', { code: '123456' });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(MFA_MESSAGES.noPendingLogin);
    const empty = await anonymous.post('/login/mfa', {});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toEqual([MFA_MESSAGES.codeMissing]);
  });

  it('accepts a recovery code once', async () => {
    const first = await pendingLogin('doctor');
    expect((await first.post('/login/mfa', { code: recoveryCodes[0].toLowerCase() })).status).toBe(200);
    expect((await first.get('/my-doctor-info')).status).toBe(200);
    const again = await (await pendingLogin('doctor')).post('/login/mfa', { code: recoveryCodes[0] });
    expect(again.status).toBe(401);
  });

  it("'Luo uudet varakoodit': needs the password and a current code; the old codes stop working, the new ones work once; audited", async () => {
    expect((await new ApiClient(app.apiUrl).post('/mfa/recovery-codes', { password: DEMO.doctor.password, code: '123456' })).status).toBe(401);
    // The earlier tests' wrong codes fill most of the account's window (5): this test counts its own.
    await app.sql("DELETE FROM login_counter WHERE key = 'mfa:doctor:1'");
    const client = await pendingLogin('doctor');
    expect((await client.post('/login/mfa', { code: recoveryCodes[3] })).status).toBe(200);
    const noPassword = await client.post('/mfa/recovery-codes', { code: '123456' });
    expect(noPassword.status).toBe(400);
    const noCode = await client.post('/mfa/recovery-codes', { password: DEMO.doctor.password });
    expect([noCode.status, noCode.body.message]).toEqual([400, [MFA_MESSAGES.codeMissing]]);
    const wrongPassword = await client.post('/mfa/recovery-codes', { password: 'väärä-salasana', code: '123456' });
    expect([wrongPassword.status, wrongPassword.body.message]).toEqual([401, MFA_MESSAGES.passwordWrong]);
    // A recovery code is no current code: the new codes replace it.
    const withRecoveryCode = await client.post('/mfa/recovery-codes', { password: DEMO.doctor.password, code: recoveryCodes[4] });
    expect([withRecoveryCode.status, withRecoveryCode.body.message]).toEqual([401, MFA_MESSAGES.codeWrong]);

    const renewed = await client.post<{ recoveryCodes: string[] }>('/mfa/recovery-codes', { password: DEMO.doctor.password, code: await nextCode(secret) });
    expect(renewed.status).toBe(200);
    const fresh = renewed.body.recoveryCodes;
    expect(fresh).toHaveLength(10);
    for (const code of fresh) expect(code).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/);
    expect(fresh.filter((c) => recoveryCodes.includes(c))).toEqual([]);
    // An old code never used is refused now; a new one signs in, once.
    expect((await (await pendingLogin('doctor')).post('/login/mfa', { code: recoveryCodes[5] })).status).toBe(401);
    expect((await (await pendingLogin('doctor')).post('/login/mfa', { code: fresh[0] })).status).toBe(200);
    expect((await (await pendingLogin('doctor')).post('/login/mfa', { code: fresh[0] })).status).toBe(401);
    const audited = await app.sql<{ n: number }>("SELECT count(*)::int AS n FROM audit_log WHERE action = 'mfa.recovery-codes-regenerated' AND actor_role = 'doctor' AND actor_id = 1");
    expect(audited).toEqual([{ n: 1 }]);
    recoveryCodes = fresh;
  });

  it('turns off only with the password and a code', async () => {
    const client = await pendingLogin('doctor');
    expect((await client.post('/login/mfa', { code: recoveryCodes[1] })).status).toBe(200);
    const wrongPassword = await client.post('/mfa/totp/disable', { password: 'väärä-salasana', code: recoveryCodes[2] });
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body.message).toBe(MFA_MESSAGES.passwordWrong);
    expect((await client.get('/mfa/totp')).body.enabled).toBe(true);
    expect((await client.post('/mfa/totp/disable', { password: DEMO.doctor.password, code: recoveryCodes[2] })).status).toBe(204);
    expect((await client.get('/mfa/totp')).body.enabled).toBe(false);
    expect(await app.sql("SELECT * FROM staff_recovery_code WHERE role = 'doctor' AND user_id = 1")).toEqual([]);
    expect((await passwordLogin(new ApiClient(app.apiUrl), 'doctor')).body).toEqual({ role: 'doctor' });
    expect(await auditActions('doctor', 1)).toContain('mfa.totp-disabled');
  });

  it("binds each encrypted secret to its user, and still reads a secret stored before encryption", async () => {
    const { secret: kylaSecret } = await enableTotp('kyla');
    const [kyla] = await app.sql<{ user_id: number; secret: string }>("SELECT user_id, secret FROM staff_totp WHERE role = 'pharmacy' AND secret IS NOT NULL");
    // Kylä's sealed secret copied onto the doctor's row does not open there.
    await app.sql("INSERT INTO staff_totp (role, user_id, secret, enabled_at) VALUES ('doctor', 1, $1, now())", [kyla.secret]);
    // Kylä's next code: refused on the doctor's row, and so still unused when Kylä signs in with it below.
    const code = await nextCode(kylaSecret);
    try {
      const doctor = await pendingLogin('doctor');
      expect((await doctor.post('/login/mfa', { code })).status).toBe(401);
    } finally {
      await app.sql("DELETE FROM staff_totp WHERE role = 'doctor' AND user_id = 1");
    }
    // A row from before the encryption (plain base32) still signs in.
    await app.sql("UPDATE staff_totp SET secret = $1 WHERE role = 'pharmacy' AND user_id = $2", [kylaSecret, kyla.user_id]);
    const client = await pendingLogin('kyla');
    expect((await client.post('/login/mfa', { code })).status).toBe(200);
    await app.sql("DELETE FROM staff_totp WHERE role = 'pharmacy' AND user_id = $1", [kyla.user_id]);
  });
});

/** Doctor 2's unused recovery codes (enabled below), for a session the operator's reset must end. */

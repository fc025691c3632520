/**
 * The staff's second step where it must happen once (one recovery code or TOTP code raced by
 * parallel logins; the wrong-code limit), its resets (a pharmacy admin, the operator's CLI), and
 * MFA_REQUIRED_FOR. (Setting up, signing in and turning off: staff-mfa.test.ts.)
 */
import { MFA_MESSAGES, type TotpSetupResponse } from '@resepti/domain';
import { MESSAGES } from '../support/finnish-messages';
import { startApp, type TestApp } from '../support/app';
import { runAdmin } from '../support/cli';
import { ApiClient, DEMO, loginAs } from '../support/http';
import { nextTotpCode } from '../support/totp';
import { passwordLogin, staffMfa } from '../support/staff-mfa';

let app: TestApp;
// Starting an app takes up to 90 s on a loaded machine (the test helper's own budget).
beforeAll(async () => {
  app = await startApp();
}, 180_000);
afterAll(async () => {
  await app?.stop();
});

const nextCode = nextTotpCode;
const { pendingLogin, enableTotp } = staffMfa(() => app);

let doctor2Codes: string[] = [];

describe('what must happen once', () => {
  it('one recovery code used by parallel logins signs in exactly one of them', async () => {
    const { secret, recoveryCodes } = await enableTotp('doctor2');
    doctor2Codes = recoveryCodes.slice(1);
    const clients = await Promise.all([pendingLogin('doctor2'), pendingLogin('doctor2'), pendingLogin('doctor2')]);
    const answers = await Promise.all(clients.map((c) => c.post('/login/mfa', { code: recoveryCodes[0] })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401]);
    const used = await app.sql("SELECT * FROM staff_recovery_code WHERE role = 'doctor' AND user_id = 2 AND used_at IS NOT NULL");
    expect(used).toHaveLength(1);

    // One TOTP code in parallel: exactly one sign-in.
    const code = await nextCode(secret);
    const others = await Promise.all([pendingLogin('doctor2'), pendingLogin('doctor2'), pendingLogin('doctor2')]);
    const totpAnswers = await Promise.all(others.map((c) => c.post('/login/mfa', { code })));
    expect(totpAnswers.map((a) => a.status).sort()).toEqual([200, 401, 401]);
    const signedIn = others.filter((_, i) => totpAnswers[i].status === 200);
    expect((await signedIn[0].get('/my-doctor-info')).status).toBe(200);
  });

  it('answers 429 after 5 wrong codes in 15 minutes, even to the right code', async () => {
    const { secret } = await enableTotp('kyla');
    const client = await pendingLogin('kyla');
    for (let i = 0; i < 5; i++) expect((await client.post('/login/mfa', { code: `00000${i}` })).status).toBe(401);
    const blocked = await client.post('/login/mfa', { code: await nextCode(secret) });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(MFA_MESSAGES.tooManyCodes);
    expect((await client.get('/pharmacy-user')).status).toBe(401);
  });
});

describe('resets', () => {
  it("a pharmacy admin resets their own pharmacy's user (audited), not another pharmacy's", async () => {
    await enableTotp('pharmacy');
    await pendingLogin('pharmacy');
    const admin = await loginAs(app, 'pharmacyAdmin');
    const listed = async () => (await admin.get('/list-users')).body as Array<{ id: number; username: string; mfaEnabled: boolean }>;
    const users = await listed();
    const target = users.find((u) => u.username === DEMO.pharmacy.username)!;
    // The admin's list shows who has TOTP on.
    expect(target.mfaEnabled).toBe(true);
    expect(users.find((u) => u.username === DEMO.pharmacyAdmin.username)?.mfaEnabled).toBe(false);
    const kyla = (await app.sql<{ id: number }>("SELECT id FROM pharmacy_user WHERE username = 'kyla'"))[0];
    const refused = await admin.post('/reset-pharmacy-user-mfa', { id: kyla.id });
    expect(refused.status).toBe(403);
    expect((await new ApiClient(app.apiUrl).post('/reset-pharmacy-user-mfa', { id: target.id })).status).toBe(401);
    expect((await (await loginAs(app, 'doctor')).post('/reset-pharmacy-user-mfa', { id: target.id })).status).toBe(403);

    expect((await admin.post('/reset-pharmacy-user-mfa', { id: target.id })).status).toBe(204);
    const audit = await app.sql<{ subject: string }>("SELECT subject FROM audit_log WHERE action = 'mfa.totp-reset' AND actor_role = 'pharmacy'");
    expect(audit).toEqual([{ subject: `pharmacy_user:${target.id}` }]);
    expect((await listed()).find((u) => u.id === target.id)?.mfaEnabled).toBe(false);
    const res = await passwordLogin(new ApiClient(app.apiUrl), 'pharmacy');
    expect(res.body).toEqual({ role: 'pharmacy' });
  });

  it("an operator resets a doctor's TOTP with npm run admin -- reset-mfa --doctor EMAIL, and the doctor's sessions end", async () => {
    const signedIn = await pendingLogin('doctor2');
    expect((await signedIn.post('/login/mfa', { code: doctor2Codes[0] })).status).toBe(200);
    expect((await signedIn.get('/my-doctor-info')).status).toBe(200);
    const otherDoctor = await loginAs(app, 'doctor');
    const env = { DATABASE_URL: app.databaseUrl };
    const bad = await runAdmin(['reset-mfa', '--doctor', 'ei.ole@example.fi'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/no doctor/);
    const done = await runAdmin(['reset-mfa', '--doctor', DEMO.doctor2.email.toUpperCase()], env);
    expect(done).toMatchObject({ code: 0 });
    expect(done.stdout).toMatch(/reset, [1-9]\d* session\(s\) ended/);
    // Signed out at once (the API's session cache holds a session for a second at most); another doctor is not.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await signedIn.get('/my-doctor-info')).status).toBe(401);
    expect((await otherDoctor.get('/my-doctor-info')).status).toBe(200);
    expect((await passwordLogin(new ApiClient(app.apiUrl), 'doctor2')).body).toEqual({ role: 'doctor' });
    expect(await app.sql("SELECT * FROM audit_log WHERE action = 'mfa.totp-reset' AND actor_role = 'operator' AND subject = 'doctor:2'")).toHaveLength(1);
  });
});

describe('MFA_REQUIRED_FOR', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await startApp({ env: { MFA_REQUIRED_FOR: 'doctor' } });
  }, 180_000);
  afterAll(async () => {
    await strict?.stop();
  });

  it('keeps a doctor without TOTP out of everything but the setup until it is enabled', async () => {
    const client = new ApiClient(strict.apiUrl);
    const login = await passwordLogin(client, 'doctor');
    expect(login).toMatchObject({ status: 200, body: { role: 'doctor', mfaSetupRequired: true } });
    const blocked = await client.get('/system-status');
    expect(blocked.status).toBe(401);
    expect(blocked.body.message).toBe(MESSAGES.unauthorized);
    expect((await client.post('/login/mfa', { code: '123456' })).status).toBe(401);
    expect((await client.get('/mfa/totp')).body).toEqual({ role: 'doctor', enabled: false, required: true });

    const setup = await client.post<TotpSetupResponse>('/mfa/totp/setup');
    expect(setup.status).toBe(200);
    expect((await client.get('/system-status')).status).toBe(401);
    const enabled = await client.post('/mfa/totp/enable', { code: await nextCode(setup.body.secret) });
    expect(enabled.status).toBe(200);
    expect(enabled.body.recoveryCodes).toHaveLength(10);
    expect((await client.get('/system-status')).status).toBe(200);
    // Required: it cannot be turned off.
    const off = await client.post('/mfa/totp/disable', { password: DEMO.doctor.password, code: enabled.body.recoveryCodes[0] });
    expect(off.status).toBe(403);
    expect(off.body.message).toBe(MFA_MESSAGES.requiredCannotDisable);
  });

  it('leaves the roles not listed as they were', async () => {
    const res = await passwordLogin(new ApiClient(strict.apiUrl), 'pharmacy');
    expect(res.body).toEqual({ role: 'pharmacy' });
  });
});

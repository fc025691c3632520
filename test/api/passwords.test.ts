/**
 * Passwords (ASVS 6.1.2, 6.2): a new password that is common, breached, or a common Finnish word or
 * the user's own name with digits around it is refused wherever a password is set (customer change,
 * pharmacy user administration, the admin CLI), and nothing changes; an old argon2 hash is upgraded
 * to today's parameters when its user signs in.
 */
import argon2 from 'argon2';
import { VALIDATION_MESSAGES as V, type PharmacyUserListEntry } from '@resepti/domain';
import { startApp, type TestApp } from '../support/app';
import { runAdmin } from '../support/cli';
import { ApiClient, DEMO, loginAs } from '../support/http';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.stop();
});

const REFUSED = ['Salasana1', 'Password1', 'P@ssw0rd!', 'Qwerty123', 'Perkele2024', 'Apteekki2026', 'Virtanen1'];

describe('a common or breached password', () => {
  it.each(REFUSED)('%s is refused for a new pharmacy user with the message, and no user is created', async (password) => {
    const admin = await loginAs(app, 'pharmacyAdmin');
    const res = await admin.post('/create-pharmacy-user', { firstName: 'Veera', lastName: 'Virtanen', username: 'veera.v', password });
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual([V.passwordCommon]);
    expect(await app.sql("SELECT id FROM pharmacy_user WHERE username = 'veera.v'")).toEqual([]);
  });

  it("is refused as a customer's new password; the old password keeps working", async () => {
    const customer = await loginAs(app, 'customer');
    for (const newPassword of ['Salasana1', 'Password1', 'Asiakas2025', 'Aino-1990']) {
      const res = await customer.post('/my-user/change-password', { currentPassword: DEMO.customer.password, newPassword });
      expect([newPassword, res.status, res.body.message]).toEqual([newPassword, 400, [V.passwordCommon]]);
    }
    expect((await new ApiClient(app.apiUrl).post('/login', { email: DEMO.customer.email, password: DEMO.customer.password })).status).toBe(200);
  });

  it("is refused when an admin changes a user's password", async () => {
    const admin = await loginAs(app, 'pharmacyAdmin');
    const users = (await admin.get<PharmacyUserListEntry[]>('/list-users')).body;
    const user = users.find((u) => u.username === 'apteekki')!;
    const res = await admin.post('/update-pharmacy-user', { id: user.id, firstName: user.firstName, lastName: user.lastName, username: user.username, password: 'Salasana1' });
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual([V.passwordCommon]);
    expect((await new ApiClient(app.apiUrl).post('/pharmacist-login', { username: 'apteekki', password: DEMO.pharmacy.password })).status).toBe(200);
  });

  it('is refused by the admin CLI', async () => {
    const res = await runAdmin(['create-doctor', '--email', 'uusi@example.fi', '--password', 'Password1', '--first-name', 'Uuno', '--last-name', 'Uusi'], {
      DATABASE_URL: app.databaseUrl,
    });
    expect(res.code).not.toBe(0);
    expect(res.stderr).toContain(V.passwordCommon);
    expect(await app.sql("SELECT id FROM doctor WHERE email = 'uusi@example.fi'")).toEqual([]);
  });

  it('while a password of unrelated words is accepted', async () => {
    const admin = await loginAs(app, 'pharmacyAdmin');
    const res = await admin.post('/create-pharmacy-user', { firstName: 'Veera', lastName: 'Virtanen', username: 'veera.v', password: 'Pilvi-Laiva-42' });
    expect(res.status).toBe(201);
    expect((await new ApiClient(app.apiUrl).post('/pharmacist-login', { username: 'veera.v', password: 'Pilvi-Laiva-42' })).status).toBe(200);
  });
});

describe('argon2id parameters', () => {
  it('are recorded in every hash, and a weaker hash is upgraded at the next login', async () => {
    const [seeded] = await app.sql<{ password_hash: string }>("SELECT password_hash FROM doctor WHERE email = 'laakari2@example.fi'");
    expect(seeded.password_hash).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);

    const weak = await argon2.hash(DEMO.doctor2.password, { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    await app.sql("UPDATE doctor SET password_hash = $1 WHERE email = 'laakari2@example.fi'", [weak]);
    const login = await new ApiClient(app.apiUrl).post('/doctor-login', { email: DEMO.doctor2.email, password: DEMO.doctor2.password });
    expect(login.status).toBe(200);

    const [upgraded] = await app.sql<{ password_hash: string }>("SELECT password_hash FROM doctor WHERE email = 'laakari2@example.fi'");
    expect(upgraded.password_hash).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
    expect(upgraded.password_hash).not.toBe(weak);
    expect((await new ApiClient(app.apiUrl).post('/doctor-login', { email: DEMO.doctor2.email, password: DEMO.doctor2.password })).status).toBe(200);
  });
});

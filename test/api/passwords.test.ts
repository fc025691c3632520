/**
 * Passwords (ASVS 6.1.2, 6.2): a new password that is common, breached, or a common Finnish word or
 * the user's own name with digits around it is refused wherever a password is set (customer change,
 * pharmacy user administration, the admin CLI), and nothing changes; every password chosen through
 * the API is counted before it is checked, so no list can be tried; an old argon2 hash is upgraded
 * to today's parameters when its user signs in.
 */
import argon2 from 'argon2';
import { type PharmacyUserListEntry } from '@resepti/domain';
import { VALIDATION_MESSAGES as V } from '../support/finnish-messages';
import { PRODUCTION_ENV, startApp, type TestApp } from '../support/app';
import { STANDARD_PASSWORD_COST, TEST_PASSWORD_COST } from '../support/password-cost';
import { runAdmin } from '../support/cli';
import { ApiClient, DEMO, loginAs } from '../support/http';
import { identify, OidcAgent } from '../support/oidc-agent';
import { makeHetu } from '../support/order-fixtures';

let app: TestApp;
beforeAll(async () => {
  // TRUST_PROXY: the counting tests act from addresses of their own (X-Forwarded-For).
  app = await startApp({ env: { TRUST_PROXY: '1', ...STANDARD_PASSWORD_COST } });
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

const CHOICE_THROTTLED = 'Liian monta salasanan kokeilua lyhyessä ajassa. Yritä uudelleen 15 minuutin kuluttua.';

/** The statuses of `count` tries in a row; the 429s must carry the Finnish message. */
async function tries(count: number, attempt: (i: number) => Promise<{ status: number; body: { message?: unknown } }>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await attempt(i);
    if (res.status === 429) expect(res.body.message).toBe(CHOICE_THROTTLED);
    statuses.push(res.status);
  }
  return statuses;
}

describe('every password chosen is counted before it is checked', () => {
  it('60 common passwords at registration under one identification: 30 answers, then 429; nothing is stored', async () => {
    const person = { hetu: makeHetu(17, 8, 1979, 941), firstName: 'Ossi', lastName: 'Oraakkeli' };
    const agent = new OidcAgent(app);
    await identify(agent, person);
    const wizard = (password: string) => ({ email: 'ossi@example.fi', phone: '040 765 4321', password, marketingAllowed: false, eulaAccepted: true, approvedEulaVersion: '1' });
    const statuses = await tries(60, (i) => agent.api('POST', '/my-user', wizard(REFUSED[i % REFUSED.length])));
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(400));
    expect(statuses.slice(30)).toEqual(Array(30).fill(429));
    // A good password now is turned away too: the window has to pass.
    expect((await agent.api('POST', '/my-user', wizard('Pilvi-Laiva-42'))).status).toBe(429);
    expect(await app.sql('SELECT id FROM customer WHERE hetu = $1', [person.hetu])).toEqual([]);

    // Counted per identity: a new browser and a new identification of the same person are still at the limit.
    const again = new OidcAgent(app);
    await identify(again, person);
    expect((await again.api('POST', '/registration/password-check', { password: 'Pilvi-Laiva-42' })).status).toBe(429);
  });

  it("the wizard's check and registration share the counters: 30 checks, and the registration is 429", async () => {
    const agent = new OidcAgent(app);
    await identify(agent, { hetu: makeHetu(2, 3, 1988, 952), firstName: 'Kaisa', lastName: 'Kokeilu' });
    const checks = await tries(30, (i) => agent.api('POST', '/registration/password-check', { password: REFUSED[i % REFUSED.length] }));
    expect(checks).not.toContain(429);
    const registration = await agent.api('POST', '/my-user', { email: 'kaisa@example.fi', phone: '040 765 4322', password: 'Pilvi-Laiva-42', marketingAllowed: false, eulaAccepted: true, approvedEulaVersion: '1' });
    expect(registration.status).toBe(429);
  });

  it("a customer's password change and a pharmacy admin's password for a user: at most 30 answers, then 429", async () => {
    // From an address of its own: the tries above counted on the test's own address.
    const from = { 'x-forwarded-for': '203.0.113.38' };
    const customer = new ApiClient(app.apiUrl, from);
    expect((await customer.post('/login', { email: DEMO.customer.email, password: DEMO.customer.password })).status).toBe(200);
    const changes = await tries(40, (i) => customer.post('/my-user/change-password', { currentPassword: DEMO.customer.password, newPassword: REFUSED[i % REFUSED.length] }));
    expectRefusedThenThrottled(changes);
    expect((await new ApiClient(app.apiUrl, from).post('/login', { email: DEMO.customer.email, password: DEMO.customer.password })).status).toBe(200);

    const admin = new ApiClient(app.apiUrl, { 'x-forwarded-for': '203.0.113.39' });
    expect((await admin.post('/pharmacist-login', { username: DEMO.pharmacyAdmin.username, password: DEMO.pharmacyAdmin.password })).status).toBe(200);
    const creates = await tries(40, (i) => admin.post('/create-pharmacy-user', { firstName: 'Olli', lastName: 'Oraakkeli', username: 'olli.o', password: REFUSED[i % REFUSED.length] }));
    expectRefusedThenThrottled(creates);
    expect(await app.sql("SELECT id FROM pharmacy_user WHERE username = 'olli.o'")).toEqual([]);
  });
});

/** 400s (the password refused) until the counters are full, at most 30 of them (the earlier tests of this file counted too), then only 429s. */
function expectRefusedThenThrottled(statuses: number[]): void {
  const first429 = statuses.indexOf(429);
  expect(first429).toBeGreaterThan(0);
  expect(first429).toBeLessThanOrEqual(30);
  expect(statuses.slice(0, first429)).toEqual(Array(first429).fill(400));
  expect(statuses.slice(first429)).toEqual(Array(statuses.length - first429).fill(429));
}

describe('argon2id parameters', () => {
  it('are recorded in every hash, and a weaker hash is upgraded at the next login', async () => {
    // The demo data was hashed at the test run's cost (this app hashes at the default one).
    const [seeded] = await app.sql<{ password_hash: string }>("SELECT password_hash FROM doctor WHERE email = 'laakari2@example.fi'");
    expect(seeded.password_hash).toMatch(new RegExp(`^\\$argon2id\\$v=19\\$m=${TEST_PASSWORD_COST.PASSWORD_HASH_MEMORY_KIB},p=4,t=${TEST_PASSWORD_COST.PASSWORD_HASH_TIME_COST}\\$`));

    const weak = await argon2.hash(DEMO.doctor2.password, { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    await app.sql("UPDATE doctor SET password_hash = $1 WHERE email = 'laakari2@example.fi'", [weak]);
    const login = await new ApiClient(app.apiUrl).post('/doctor-login', { email: DEMO.doctor2.email, password: DEMO.doctor2.password });
    expect(login.status).toBe(200);

    const [upgraded] = await app.sql<{ password_hash: string }>("SELECT password_hash FROM doctor WHERE email = 'laakari2@example.fi'");
    expect(upgraded.password_hash).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
    expect(upgraded.password_hash).not.toBe(weak);
    expect((await new ApiClient(app.apiUrl).post('/doctor-login', { email: DEMO.doctor2.email, password: DEMO.doctor2.password })).status).toBe(200);
  });

  it('cannot be set below OWASP\'s minimum in production: the API refuses to start and says which', async () => {
    await expect(startApp({ env: { ...PRODUCTION_ENV, PASSWORD_HASH_MEMORY_KIB: '8192' } })).rejects.toThrow(
      /PASSWORD_HASH_MEMORY_KIB and PASSWORD_HASH_TIME_COST must be at least 19456 and 2 when NODE_ENV=production \(got 8192 and 3\)/,
    );
    await expect(startApp({ env: { ...PRODUCTION_ENV, PASSWORD_HASH_TIME_COST: '1' } })).rejects.toThrow(/\(got 65536 and 1\)/);
  });
});

import { startApp, type TestApp } from '../support/app';
import { runAdmin } from '../support/cli';
import { ApiClient } from '../support/http';

let app: TestApp;
let env: Record<string, string>;
beforeAll(async () => {
  app = await startApp();
  env = { DATABASE_URL: app.databaseUrl };
});
afterAll(async () => {
  await app?.stop();
});

describe('npm run admin', () => {
  it("sets a doctor's Valvira register number (digits only), audited; the doctor's page shows it", async () => {
    await runAdmin(['create-doctor', '--email', 'rekisteri@example.fi', '--password', 'Pilvi-Laiva-42', '--first-name', 'Reija', '--last-name', 'Rekisteri'], env);
    const bad = await runAdmin(['set-register-number', '--doctor', 'rekisteri@example.fi', '--register-number', 'ABC-1'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--register-number must be the Valvira register number/);
    expect((await runAdmin(['set-register-number', '--doctor', 'ei@example.fi', '--register-number', '10100012345'], env)).stderr).toMatch(/no doctor/);
    const set = await runAdmin(['set-register-number', '--doctor', 'Rekisteri@example.fi', '--register-number', '10100012345'], env);
    expect(set).toMatchObject({ code: 0 });
    expect(await app.sql(`SELECT register_number FROM doctor WHERE email = 'rekisteri@example.fi'`)).toEqual([{ register_number: '10100012345' }]);
    expect(await app.sql(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'doctor.register-number-set'`)).toEqual([{ n: 1 }]);
    const doctor = new ApiClient(app.apiUrl);
    expect((await doctor.post('/doctor-login', { email: 'rekisteri@example.fi', password: 'Pilvi-Laiva-42' })).status).toBe(200);
    expect((await doctor.get<{ registerNumber: string }>('/my-doctor-info')).body.registerNumber).toBe('10100012345');
  });

  it('creates a pharmacy with offices and its admin, who can then sign in', async () => {
    const pharmacy = await runAdmin(['create-pharmacy', '--name', 'Torin apteekki', '--phone', '+358 40 111 2222', '--office', 'Tori', '--office', 'Satama'], env);
    expect(pharmacy).toMatchObject({ code: 0 });
    const user = await runAdmin(
      ['create-pharmacy-user', '--pharmacy', 'Torin apteekki', '--username', 'Tori.Admin', '--password', 'Pilvi-Laiva-42', '--first-name', 'Tiina', '--last-name', 'Tori', '--admin'],
      env,
    );
    expect(user.code).toBe(0);
    const rows = await app.sql<{ username: string; user_level: string; offices: number }>(
      `SELECT u.username, u.user_level, (SELECT count(*)::int FROM pharmacy_user_office o WHERE o.pharmacy_user_id = u.id) AS offices
       FROM pharmacy_user u WHERE u.username = 'tori.admin'`,
    );
    expect(rows).toEqual([{ username: 'tori.admin', user_level: 'admin', offices: 2 }]);
    const login = await new ApiClient(app.apiUrl).post('/pharmacist-login', { username: 'tori.admin', password: 'Pilvi-Laiva-42' });
    expect(login.status).toBe(200);
  });

  it.each([
    ['a missing option', ['create-doctor', '--email', 'x@example.fi', '--password', 'Pilvi-Laiva-42', '--first-name', 'X'], /--last-name is required/],
    ['a weak password', ['create-doctor', '--email', 'x@example.fi', '--password', 'lyhyt', '--first-name', 'X', '--last-name', 'Y'], /Salasanan pitää/],
    ['a bad e-mail', ['create-doctor', '--email', 'ei-sahkoposti', '--password', 'Pilvi-Laiva-42', '--first-name', 'X', '--last-name', 'Y'], /Sähköpostin muoto/],
    ['an existing e-mail', ['create-doctor', '--email', 'laakari@example.fi', '--password', 'Pilvi-Laiva-42', '--first-name', 'X', '--last-name', 'Y'], /exists already/],
    ['an unknown pharmacy', ['create-pharmacy-user', '--pharmacy', 'Ei ole', '--username', 'uusi', '--password', 'Pilvi-Laiva-42', '--first-name', 'X', '--last-name', 'Y'], /no pharmacy/],
    ['a taken username', ['create-pharmacy-user', '--pharmacy', 'Keskusapteekki', '--username', 'APTEEKKI', '--password', 'Pilvi-Laiva-42', '--first-name', 'X', '--last-name', 'Y'], /Käyttäjätunnus on varattu/],
    ['a pharmacy without offices', ['create-pharmacy', '--name', 'Tyhjä', '--phone', '0401234567'], /--office/],
    ['an unknown command', ['delete-everything'], /usage/],
    ['an unknown option', ['create-doctor', '--mail', 'x@example.fi'], /usage/],
  ])('refuses %s with exit code 2 and a clear message, writing nothing', async (_, args, message) => {
    const before = await app.sql<{ n: number }>('SELECT (SELECT count(*) FROM doctor) + (SELECT count(*) FROM pharmacy) + (SELECT count(*) FROM pharmacy_user) AS n');
    const result = await runAdmin(args, env);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    const after = await app.sql<{ n: number }>('SELECT (SELECT count(*) FROM doctor) + (SELECT count(*) FROM pharmacy) + (SELECT count(*) FROM pharmacy_user) AS n');
    expect(after).toEqual(before);
  });
});

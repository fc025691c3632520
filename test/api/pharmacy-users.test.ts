import { PHARMACY_MESSAGES, type PharmacyUserListEntry } from '@resepti/domain';
import { VALIDATION_MESSAGES as V } from '../support/finnish-messages';
import { startApp, type TestApp } from '../support/app';
import { ApiClient, loginAs } from '../support/http';

let app: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  app = await startApp();
  admin = await loginAs(app, 'pharmacyAdmin');
});
afterAll(async () => {
  await app?.stop();
});

const NEW_USER = { firstName: 'Uusi', lastName: 'Farmaseutti', username: 'Uusi.Farmaseutti', password: 'Pilvi-Laiva-42' };

async function userRow(username: string): Promise<any | undefined> {
  return (await app.sql('SELECT * FROM pharmacy_user WHERE username = $1', [username]))[0];
}

describe('pharmacy user administration', () => {
  it('is for pharmacy admins only (403 for a plain pharmacist, a doctor and a customer; 401 without a session)', async () => {
    const user = await loginAs(app, 'pharmacy');
    expect((await user.get('/list-users')).status).toBe(403);
    expect((await user.get('/check-username/apteekki')).status).toBe(403);
    expect((await user.post('/create-pharmacy-user', NEW_USER)).status).toBe(403);
    expect((await user.post('/update-pharmacy-user', { id: 1, ...NEW_USER })).status).toBe(403);
    expect((await user.delete('/delete-pharmacy-user', { username: 'kyla' })).status).toBe(403);
    expect((await (await loginAs(app, 'doctor')).get('/list-users')).status).toBe(403);
    expect((await (await loginAs(app, 'customer')).get('/list-users')).status).toBe(403);
    expect((await new ApiClient(app.apiUrl).get('/list-users')).status).toBe(401);
    expect(await userRow('uusi.farmaseutti')).toBeUndefined();
  });

  it("lists only the admin's own pharmacy, without password hashes", async () => {
    const res = await admin.get<PharmacyUserListEntry[]>('/list-users');
    expect(res.status).toBe(200);
    expect(res.body.map((u) => u.username)).toEqual(['apteekki.admin', 'apteekki']);
    expect(res.body[0]).toMatchObject({ firstName: 'Anna', lastName: 'Apteekkari', userLevel: 'admin', isAdmin: true });
    expect(JSON.stringify(res.body)).not.toMatch(/password|argon/i);
  });

  it('checks usernames case-insensitively', async () => {
    expect((await admin.get('/check-username/APTEEKKI')).body).toEqual({ usernameExists: true });
    expect((await admin.get('/check-username/Kyla')).body).toEqual({ usernameExists: true });
    expect((await admin.get('/check-username/vapaa.nimi')).body).toEqual({ usernameExists: false });
  });

  it('creates a user with the exact Finnish messages for bad input and 409 for a taken username', async () => {
    const bad = await admin.post('/create-pharmacy-user', { firstName: ' ', lastName: '', username: '', password: 'lyhyt' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toEqual(expect.arrayContaining([V.firstNameRequired, V.lastNameRequired, V.usernameMissing, V.passwordTooShort]));
    const weak = await admin.post('/create-pharmacy-user', { ...NEW_USER, password: 'salasanaa' });
    expect(weak.body.message).toEqual([V.passwordComposition]);
    const missing = await admin.post('/create-pharmacy-user', { firstName: 'A' });
    expect(missing.status).toBe(400);

    const taken = await admin.post('/create-pharmacy-user', { ...NEW_USER, username: 'KYLA' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('Käyttäjätunnus on varattu');
    expect(await userRow('uusi.farmaseutti')).toBeUndefined();

    const created = await admin.post<PharmacyUserListEntry>('/create-pharmacy-user', NEW_USER);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ username: 'uusi.farmaseutti', userLevel: 'user', isAdmin: false });
    const row = await userRow('uusi.farmaseutti');
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    // the new user works at every office of the pharmacy and can sign in (case-insensitively)
    const offices = await app.sql('SELECT * FROM pharmacy_user_office WHERE pharmacy_user_id = $1', [row.id]);
    expect(offices).toHaveLength(2);
    const login = await new ApiClient(app.apiUrl).post('/pharmacist-login', { username: 'UUSI.farmaseutti', password: 'Pilvi-Laiva-42' });
    expect(login.status).toBe(200);
    expect((await admin.get<PharmacyUserListEntry[]>('/list-users')).body.map((u) => u.username)).toContain('uusi.farmaseutti');
  });

  it('updates a user with the edit messages; a taken username is 409 "Käyttäjätunnus on jo varattu!"', async () => {
    const target = await userRow('uusi.farmaseutti');
    const taken = await admin.post('/update-pharmacy-user', { id: target.id, firstName: 'Uusi', lastName: 'Farmaseutti', username: 'Apteekki' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(V.usernameTakenEdit);

    const short = await admin.post('/update-pharmacy-user', { id: target.id, firstName: 'Uusi', lastName: 'Farmaseutti', username: 'u' });
    expect(short.status).toBe(400);
    expect(short.body.message).toEqual([V.usernameTooShort]);
    const weak = await admin.post('/update-pharmacy-user', { id: target.id, firstName: '', lastName: 'Farmaseutti', username: 'uusi.farmaseutti', password: 'abcdefgh' });
    expect(weak.body.message).toEqual([V.firstNameRequired, V.passwordComposition]);

    // unchanged username is not "taken"; no password keeps the old one
    const same = await admin.post<PharmacyUserListEntry>('/update-pharmacy-user', { id: target.id, firstName: 'Vaihdettu', lastName: 'Nimi', username: 'uusi.farmaseutti' });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ firstName: 'Vaihdettu', lastName: 'Nimi', username: 'uusi.farmaseutti' });
    expect((await userRow('uusi.farmaseutti')).password_hash).toBe(target.password_hash);

    const renamed = await admin.post<PharmacyUserListEntry>('/update-pharmacy-user', {
      id: target.id,
      firstName: 'Vaihdettu',
      lastName: 'Nimi',
      username: 'Toinen.Nimi',
      password: 'Uusisala2',
    });
    expect(renamed.body.username).toBe('toinen.nimi');
    expect((await new ApiClient(app.apiUrl).post('/pharmacist-login', { username: 'toinen.nimi', password: 'Uusisala2' })).status).toBe(200);
    expect((await admin.post('/update-pharmacy-user', { id: 999999, firstName: 'A', lastName: 'B', username: 'abc' })).status).toBe(404);
  });

  it("cannot see, edit or delete another pharmacy's users (403) and cannot delete administrators", async () => {
    const kyla = await userRow('kyla');
    const edit = await admin.post('/update-pharmacy-user', { id: kyla.id, firstName: 'Hakkeroitu', lastName: 'Kylä', username: 'kyla' });
    expect(edit.status).toBe(403);
    const del = await admin.delete('/delete-pharmacy-user', { username: 'kyla' });
    expect(del.status).toBe(403);
    expect((await userRow('kyla')).first_name).toBe('Kaisa');

    const deleteAdmin = await admin.delete('/delete-pharmacy-user', { username: 'apteekki.admin' });
    expect(deleteAdmin.status).toBe(403);
    expect(deleteAdmin.body.message).toBe(PHARMACY_MESSAGES.adminNotDeletable);
    expect(await userRow('apteekki.admin')).toBeDefined();

    expect((await admin.delete('/delete-pharmacy-user', { username: 'ei.ole' })).status).toBe(404);
    expect((await admin.delete('/delete-pharmacy-user', {})).status).toBe(400);
  });

  it('deletes a plain user of its own pharmacy; their session stops working', async () => {
    const victim = new ApiClient(app.apiUrl);
    expect((await victim.post('/pharmacist-login', { username: 'toinen.nimi', password: 'Uusisala2' })).status).toBe(200);
    const res = await admin.delete('/delete-pharmacy-user', { username: 'TOINEN.NIMI' });
    expect(res.status).toBe(204);
    expect(await userRow('toinen.nimi')).toBeUndefined();
    expect((await admin.get<PharmacyUserListEntry[]>('/list-users')).body.map((u) => u.username)).toEqual(['apteekki.admin', 'apteekki']);
    expect((await victim.get('/pharmacy-user')).status).toBe(401);
  });

  it("a Kylän apteekki user sees no Keskusapteekki users even as an admin", async () => {
    // promote kyla to admin of its own pharmacy for this check
    await app.sql("UPDATE pharmacy_user SET user_level = 'admin' WHERE username = 'kyla'");
    const kyla = await loginAs(app, 'kyla');
    expect((await kyla.get<PharmacyUserListEntry[]>('/list-users')).body.map((u) => u.username)).toEqual(['kyla']);
    expect((await kyla.delete('/delete-pharmacy-user', { username: 'apteekki' })).status).toBe(403);
    expect(await userRow('apteekki')).toBeDefined();
    // the process keeps the user it read (as admin) for its other requests; admin routes read it again
    expect((await kyla.get('/pharmacy-user')).status).toBe(200);
    await app.sql("UPDATE pharmacy_user SET user_level = 'user' WHERE username = 'kyla'");
    expect((await kyla.get('/pharmacy-user')).status).toBe(200);
    expect((await kyla.get('/list-users')).status).toBe(403);
  });
});

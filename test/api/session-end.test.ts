/**
 * A live socket never outlives its login session: logout, the idle timeout, an admin deleting the
 * user and an admin resetting the user's password all close it; turning TOTP on or off, or an
 * admin's reset of it, ends the user's other sessions and their sockets. Socket traffic (even HTTP
 * long-polling) does not keep a session alive: only the user's own requests do.
 * SESSION_IDLE_MINUTES=0.15 (9 s) keeps the expiry tests short.
 */
import type { PharmacyUserListEntry, TotpEnableResponse, TotpSetupResponse } from '@resepti/domain';
import { startApp, type TestApp } from '../support/app';
import { ApiClient, loginAs } from '../support/http';
import { connectSocket, disconnected } from '../support/socket';
import { nextTotpCode } from '../support/totp';

// Budget: the idle-timeout test waits for a 9 s session to expire.
jest.setTimeout(90_000);

let app: TestApp;
beforeAll(async () => {
  app = await startApp({ env: { SESSION_IDLE_MINUTES: '0.15' } });
});
afterAll(async () => {
  await app?.stop();
});

async function newPharmacyUser(admin: ApiClient, username: string): Promise<{ user: PharmacyUserListEntry; client: ApiClient }> {
  const created = await admin.post<PharmacyUserListEntry>('/create-pharmacy-user', { firstName: 'Testi', lastName: 'Käyttäjä', username, password: 'Pilvi-Laiva-43' });
  expect(created.status).toBe(201);
  const client = new ApiClient(app.apiUrl);
  expect((await client.post('/pharmacist-login', { username, password: 'Pilvi-Laiva-43' })).status).toBe(200);
  return { user: created.body, client };
}

it('logout closes that session’s sockets, and only those', async () => {
  const first = await loginAs(app, 'doctor');
  const second = await loginAs(app, 'doctor');
  const [a, b] = await Promise.all([connectSocket(app.baseUrl, first), connectSocket(app.baseUrl, second)]);
  try {
    const closed = disconnected(a);
    expect((await first.post('/logout')).status).toBe(204);
    expect(await closed).toBe('io server disconnect');
    expect(b.connected).toBe(true);
  } finally {
    a.close();
    b.close();
  }
});

it('an admin deleting a user closes their sockets and ends their sessions', async () => {
  const admin = await loginAs(app, 'pharmacyAdmin');
  const { client } = await newPharmacyUser(admin, 'poistettava');
  const socket = await connectSocket(app.baseUrl, client);
  try {
    const closed = disconnected(socket);
    expect((await admin.delete('/delete-pharmacy-user', { username: 'poistettava' })).status).toBe(204);
    await closed;
    expect((await client.get('/pharmacy-user')).status).toBe(401);
  } finally {
    socket.close();
  }
});

it('an admin resetting a user’s password closes their sockets and ends every session of theirs', async () => {
  const admin = await loginAs(app, 'pharmacyAdmin');
  const { user, client } = await newPharmacyUser(admin, 'nollattava');
  const socket = await connectSocket(app.baseUrl, client);
  try {
    const closed = disconnected(socket);
    const reset = await admin.post('/update-pharmacy-user', { id: user.id, firstName: 'Testi', lastName: 'Käyttäjä', username: 'nollattava', password: 'Uusisalasana1' });
    expect(reset.status).toBe(200);
    await closed;
    expect((await client.get('/pharmacy-user')).status).toBe(401);
    // A name change without a new password ends nothing.
    const again = new ApiClient(app.apiUrl);
    await again.post('/pharmacist-login', { username: 'nollattava', password: 'Uusisalasana1' });
    await admin.post('/update-pharmacy-user', { id: user.id, firstName: 'Toinen', lastName: 'Käyttäjä', username: 'nollattava' });
    expect((await again.get('/pharmacy-user')).status).toBe(200);
    // The admin changing their own password keeps the session they did it in.
    expect((await admin.get('/pharmacy-user')).status).toBe(200);
  } finally {
    socket.close();
  }
});

it('the idle timeout closes the socket, and a long-polling socket does not keep its session alive', async () => {
  const ws = await loginAs(app, 'doctor');
  const polling = await loginAs(app, 'doctor2');
  const [wsSocket, pollingSocket] = await Promise.all([connectSocket(app.baseUrl, ws), connectSocket(app.baseUrl, polling, 'polling')]);
  try {
    // No requests from either user from now on: both sessions expire 9 s after their last request,
    // although the polling transport keeps sending HTTP requests all the while.
    await Promise.all([disconnected(wsSocket, 20_000), disconnected(pollingSocket, 20_000)]);
    expect((await ws.get('/my-doctor-info')).status).toBe(401);
    expect((await polling.get('/my-doctor-info')).status).toBe(401);
  } finally {
    wsSocket.close();
    pollingSocket.close();
  }
});

it("renews the cookie's expiry with the user's requests, but not on every answer, and the session lives on past its first expiry", async () => {
  const client = await loginAs(app, 'doctor');
  const sessionCookies = (res: { headers: Headers }) => res.headers.getSetCookie().filter((c) => c.startsWith('resepti.sid='));
  const expiresIn = (cookie: string) => new Date(/Expires=([^;]+)/i.exec(cookie)![1]).getTime() - Date.now();
  // Right after the login's cookie: reads answer without one (the stored expiry is not due either).
  for (let i = 0; i < 3; i++) {
    const res = await client.get('/my-doctor-info');
    expect(res.status).toBe(200);
    expect(sessionCookies(res)).toEqual([]);
  }
  // The user keeps working past the first 9 s: each request after the renewal interval (0.9 s at
  // 9 s idle, at least 1 s) carries the cookie again, expiring the idle time from now, with the same id.
  const id = (cookie: string) => cookie.split(';')[0];
  let renewed = 0;
  let first: string | undefined;
  for (let t = 0; t < 12; t++) {
    await new Promise((r) => setTimeout(r, 1_100));
    const res = await client.get('/my-doctor-info');
    expect(res.status).toBe(200);
    const [cookie] = sessionCookies(res);
    if (!cookie) continue;
    renewed++;
    first ??= id(cookie);
    expect(id(cookie)).toBe(first);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(expiresIn(cookie)).toBeGreaterThan(7_000);
    expect(expiresIn(cookie)).toBeLessThanOrEqual(9_500);
  }
  expect(renewed).toBeGreaterThanOrEqual(10);
});

/** `work` ends `ended`'s session (401 after it) and closes its socket, while `kept` stays signed in. */
async function endsSessionOf(ended: ApiClient, kept: ApiClient[], work: () => Promise<void>): Promise<void> {
  expect((await ended.get('/pharmacy-user')).status).toBe(200);
  const socket = await connectSocket(app.baseUrl, ended);
  try {
    const closed = disconnected(socket);
    await work();
    expect(await closed).toBe('io server disconnect');
    expect((await ended.get('/pharmacy-user')).status).toBe(401);
    for (const client of kept) expect((await client.get('/pharmacy-user')).status).toBe(200);
  } finally {
    socket.close();
  }
}

it('turning TOTP on or off ends the user’s other sessions and sockets (not the one it was done in); an admin’s reset ends all of them', async () => {
  const admin = await loginAs(app, 'pharmacyAdmin');
  const { user, client: own } = await newPharmacyUser(admin, 'kaksivaiheinen');
  const signIn = async (secret?: string) => {
    const client = new ApiClient(app.apiUrl);
    expect((await client.post('/pharmacist-login', { username: 'kaksivaiheinen', password: 'Pilvi-Laiva-43' })).status).toBe(200);
    if (secret) expect((await client.post('/login/mfa', { code: await nextTotpCode(secret) })).status).toBe(200);
    return client;
  };
  const enable = async () => {
    const setup = await own.post<TotpSetupResponse>('/mfa/totp/setup');
    const enabled = await own.post<TotpEnableResponse>('/mfa/totp/enable', { code: await nextTotpCode(setup.body.secret) });
    expect(enabled.status).toBe(200);
    return { secret: setup.body.secret, recoveryCodes: enabled.body.recoveryCodes };
  };

  // On: the session signed in with the password alone is out.
  let totp: { secret: string; recoveryCodes: string[] } | undefined;
  await endsSessionOf(await signIn(), [own, admin], async () => {
    totp = await enable();
  });
  // Off again: a session signed in with a code elsewhere is out too.
  await endsSessionOf(await signIn(totp!.secret), [own, admin], async () => {
    expect((await own.post('/mfa/totp/disable', { password: 'Pilvi-Laiva-43', code: totp!.recoveryCodes[0] })).status).toBe(204);
  });
  // An admin's reset (a lost phone): every session of the user is out, the admin's stays.
  await enable();
  await endsSessionOf(own, [admin], async () => {
    expect((await admin.post('/reset-pharmacy-user-mfa', { id: user.id })).status).toBe(204);
  });
});

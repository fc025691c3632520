/**
 * Cross-site request forgery (issue "Trust"): what an attacker's page could make a signed-in
 * user's browser send, with the user's cookie. Each of the review's findings is replayed and
 * must be refused with nothing changed; the app's own requests (token + own Origin) still work.
 */
import { io } from 'socket.io-client';
import { CSRF_ERROR_CODE, CSRF_HEADER } from '@resepti/domain';
import { startApp, type TestApp } from '../support/app';
import { ApiClient, DEMO, loginAs } from '../support/http';
import { PHARMACY_PATIENT, pharmacistAtOffice } from '../support/pharmacy-flow';
import { connectSocket, sessionInfo } from '../support/socket';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.stop();
});

const EVIL = 'http://evil.example';

/** A request as a hostile page makes the victim's browser send it: the victim's cookies, the page's Origin. */
async function forged(victim: ApiClient, method: string, path: string, init: { type?: string; body?: string; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { cookie: victim.cookieHeader, origin: EVIL, 'sec-fetch-site': 'cross-site', ...init.headers };
  if (init.type) headers['content-type'] = init.type;
  const res = await fetch(app.apiUrl + path, { method, headers, body: init.body });
  return { status: res.status, body: (await res.text()) || undefined };
}

const count = async (sql: string, params: unknown[] = []) => Number((await app.sql<{ n: string }>(sql, params))[0].n);
const FORM = 'application/x-www-form-urlencoded';

describe("the review's cross-site findings are refused and change nothing", () => {
  it('a form-encoded POST /set-pharmacy-message does not publish a notice', async () => {
    const doctor = await loginAs(app, 'doctor');
    const before = await app.sql('SELECT * FROM notice ORDER BY id');
    const res = await forged(doctor, 'POST', '/set-pharmacy-message', { type: FORM, body: 'id=1&header=Huijaus&additionalDetails=x&status=published' });
    expect(res.status).toBe(403);
    expect(await app.sql('SELECT * FROM notice ORDER BY id')).toEqual(before);
  });

  it('a form-encoded POST /create-pharmacy-user creates no user', async () => {
    const admin = await loginAs(app, 'pharmacyAdmin');
    const res = await forged(admin, 'POST', '/create-pharmacy-user', { type: FORM, body: 'firstName=H&lastName=H&username=hyokkaaja&password=Pilvi-Laiva-42' });
    expect(res.status).toBe(403);
    expect(await count("SELECT count(*) AS n FROM pharmacy_user WHERE username = 'hyokkaaja'")).toBe(0);
  });

  it("a form-encoded POST /patient-info leaves the pharmacist's patient as it was", async () => {
    const { client } = await pharmacistAtOffice(app, 'pharmacy');
    expect((await client.post('/patient-info', PHARMACY_PATIENT)).status).toBe(200);
    const res = await forged(client, 'POST', '/patient-info', { type: FORM, body: 'firstName=&lastName=&hetu=' });
    expect(res.status).toBe(403);
    expect((await client.get('/pharmacy-user-shopping-cart')).body.patient).toEqual(PHARMACY_PATIENT);
  });

  it('a text/plain POST /order/pick-first takes no order', async () => {
    const doctor = await loginAs(app, 'doctor2');
    const res = await forged(doctor, 'POST', '/order/pick-first', { type: 'text/plain', body: '{}' });
    expect(res.status).toBe(403);
    expect(await count("SELECT count(*) AS n FROM orders WHERE delivery_status = 'processing'")).toBe(0);
  });

  it("a form post to the customer's checkout pays nothing and starts no checkout", async () => {
    const customer = await loginAs(app, 'customer');
    const [kestine] = await app.sql<{ id: number }>(`SELECT id FROM product WHERE renewable AND available ORDER BY id LIMIT 1`);
    expect((await customer.post('/my-shopping-cart/item', { type: 'renewal', productId: kestine.id, reason: 'Lääke loppumassa' })).status).toBe(200);
    expect((await forged(customer, 'POST', '/start-payment-session', { type: FORM, body: '' })).status).toBe(403);
    expect((await forged(customer, 'POST', '/my-shopping-cart/pay', { type: FORM, body: 'token=tok_visa' })).status).toBe(403);
    expect(await count('SELECT count(*) AS n FROM payment_session')).toBe(0);
    expect(await count("SELECT count(*) AS n FROM orders WHERE source = 'customer'")).toBe(0);
  });

  it('a form-encoded login (login CSRF) signs nobody in', async () => {
    const res = await fetch(`${app.apiUrl}/doctor-login`, {
      method: 'POST',
      headers: { 'content-type': FORM, origin: EVIL, 'sec-fetch-site': 'cross-site' },
      body: `email=${encodeURIComponent(DEMO.doctor.email)}&password=${DEMO.doctor.password}`,
    });
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie().join(';')).not.toContain('resepti.sid');
  });
});

describe('each lock on its own', () => {
  it('refuses another Origin even with a valid token, and a cross-site Sec-Fetch-Site without an Origin', async () => {
    const doctor = await loginAs(app, 'doctor');
    const token = (await doctor.get<{ token: string }>('/csrf-token')).body.token;
    const json = { 'content-type': 'application/json', [CSRF_HEADER]: token };
    const foreign = await forged(doctor, 'POST', '/order/release', { headers: { ...json, 'sec-fetch-site': 'same-origin' } });
    expect(foreign.status).toBe(403);
    const crossSite = await fetch(`${app.apiUrl}/order/release`, { method: 'POST', headers: { ...json, cookie: doctor.cookieHeader, 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
    const sameSite = await fetch(`${app.apiUrl}/order/release`, { method: 'POST', headers: { ...json, cookie: doctor.cookieHeader, 'sec-fetch-site': 'same-site' } });
    expect(sameSite.status).toBe(403);
  });

  it('accepts only JSON bodies on JSON endpoints (415), even from the app itself with its token', async () => {
    const doctor = await loginAs(app, 'doctor');
    const token = (await doctor.get<{ token: string }>('/csrf-token')).body.token;
    const own = { cookie: doctor.cookieHeader, origin: new URL(app.baseUrl).origin, [CSRF_HEADER]: token };
    for (const type of [FORM, 'text/plain', 'multipart/form-data; boundary=x']) {
      const res = await fetch(`${app.apiUrl}/order/pick-first`, { method: 'POST', headers: { ...own, 'content-type': type }, body: 'a=1' });
      expect([type, res.status]).toEqual([type, 415]);
    }
    expect(await count("SELECT count(*) AS n FROM orders WHERE delivery_status = 'processing'")).toBe(0);
  });

  it('refuses a change without a token, with a wrong one, and with the token of another session (403, code csrf)', async () => {
    const admin = await loginAs(app, 'pharmacyAdmin');
    const other = await loginAs(app, 'pharmacyAdmin');
    const othersToken = (await other.get<{ token: string }>('/csrf-token')).body.token;
    const body = JSON.stringify({ firstName: 'Aku', lastName: 'Ankka', username: 'aku.ankka', password: 'Pilvi-Laiva-42' });
    for (const token of [undefined, 'vaara', othersToken]) {
      const headers: Record<string, string> = { cookie: admin.cookieHeader, 'content-type': 'application/json', origin: new URL(app.baseUrl).origin };
      if (token) headers[CSRF_HEADER] = token;
      const res = await fetch(`${app.apiUrl}/create-pharmacy-user`, { method: 'POST', headers, body });
      expect(res.status).toBe(403);
      expect((await res.json()).code).toBe(CSRF_ERROR_CODE);
    }
    expect(await count("SELECT count(*) AS n FROM pharmacy_user WHERE username = 'aku.ankka'")).toBe(0);
  });

  it("lets the app's own requests through: token and Origin of the session, also for login and logout", async () => {
    const client = new ApiClient(app.apiUrl);
    expect((await client.post('/doctor-login', { email: DEMO.doctor.email, password: DEMO.doctor.password })).status).toBe(200);
    // The session changed at login: the anonymous token no longer fits, a new one is fetched once.
    // (409: this doctor holds no order; what matters is that the change reached the endpoint.)
    expect((await client.post('/order/release')).status).toBe(409);
    expect((await client.post('/logout')).status).toBe(204);
  });

  it('a token stops working when its session ends', async () => {
    const doctor = await loginAs(app, 'doctor');
    const token = (await doctor.get<{ token: string }>('/csrf-token')).body.token;
    const cookie = doctor.cookieHeader;
    expect((await doctor.post('/logout')).status).toBe(204);
    const again = await loginAs(app, 'doctor');
    const res = await fetch(`${app.apiUrl}/order/release`, {
      method: 'POST',
      headers: { cookie: `${again.cookieHeader}; ${cookie.split('; ').find((c) => c.startsWith('resepti.csrf'))}`, [CSRF_HEADER]: token },
    });
    expect(res.status).toBe(403);
  });

  it('leaves the payment webhook (signed instead) and the Bearer API under /api/ to their own checks', async () => {
    const webhook = await fetch(`${app.apiUrl}/payments/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', origin: EVIL }, body: '{}' });
    expect(webhook.status).not.toBe(403);
    const bearer = await fetch(`${app.baseUrl}/api/v1/orders`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(bearer.status).not.toBe(403);
  });
});

/** Opens a socket as a page at `origin` would, with the client's cookie: 'connected' or 'refused'. */
function socketFrom(baseUrl: string, client: ApiClient, origin: string): Promise<'connected' | 'refused'> {
  return new Promise((resolve) => {
    const socket = io(baseUrl, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie: client.cookieHeader, origin }, reconnection: false, timeout: 5000 });
    socket.once('connect', () => {
      socket.close();
      resolve('connected');
    });
    socket.once('connect_error', () => {
      socket.close();
      resolve('refused');
    });
  });
}

describe('the Socket.IO handshake', () => {
  it('refuses a page of another site, and accepts the app itself and clients that send no Origin', async () => {
    const doctor = await loginAs(app, 'doctor');
    expect(await socketFrom(app.baseUrl, doctor, EVIL)).toBe('refused');
    expect(await socketFrom(app.baseUrl, doctor, 'null')).toBe('refused');
    expect(await socketFrom(app.baseUrl, doctor, new URL(app.baseUrl).origin)).toBe('connected');
    const plain = await connectSocket(app.baseUrl, doctor);
    expect((await sessionInfo(plain)).role).toBe('doctor');
    plain.close();
  });

  it('accepts an origin listed in ALLOWED_ORIGINS', async () => {
    const other = await startApp({ env: { ALLOWED_ORIGINS: 'https://resepti.example.fi' } });
    try {
      const doctor = await loginAs(other, 'doctor');
      expect(await socketFrom(other.baseUrl, doctor, 'https://resepti.example.fi')).toBe('connected');
      expect(await socketFrom(other.baseUrl, doctor, 'https://resepti.example.fi.evil.example')).toBe('refused');
    } finally {
      await other.stop();
    }
  });
});

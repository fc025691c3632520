import { MESSAGES } from '../support/finnish-messages';
import { PRODUCTION_ENV, startApp, type TestApp } from '../support/app';
import { ApiClient, DEMO, loginAs } from '../support/http';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.stop();
});

const anon = () => new ApiClient(app.apiUrl);

describe('logins', () => {
  it('signs each role in with its demo account and sets an httpOnly SameSite=Lax session cookie', async () => {
    const cases = [
      ['/login', { email: DEMO.customer.email, password: DEMO.customer.password }, 'customer'],
      ['/doctor-login', { email: DEMO.doctor.email, password: DEMO.doctor.password }, 'doctor'],
      ['/pharmacist-login', { username: DEMO.pharmacy.username, password: DEMO.pharmacy.password }, 'pharmacy'],
    ] as const;
    for (const [path, body, role] of cases) {
      const res = await anon().post(path, body);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ role });
      const cookie = res.headers.getSetCookie().join('\n');
      expect(cookie).toMatch(/resepti\.sid=/);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).not.toMatch(/Secure/i); // only with NODE_ENV=production
    }
  });

  it('answers a wrong password with 401 and the Finnish failure text, and opens no session', async () => {
    const client = anon();
    for (const [path, body] of [
      ['/login', { email: DEMO.customer.email, password: 'Vaara123' }],
      ['/doctor-login', { email: DEMO.doctor.email, password: 'Vaara123' }],
      ['/pharmacist-login', { username: DEMO.pharmacy.username, password: 'Vaara123' }],
      ['/doctor-login', { email: 'ei.ole@example.fi', password: 'Laakari123' }],
    ] as const) {
      const res = await client.post(path, body);
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(MESSAGES.loginFailed);
      expect(res.headers.getSetCookie().join('')).not.toMatch(/resepti\.sid/);
    }
    expect((await client.get('/my-doctor-info')).status).toBe(401);
  });

  it("does not let one role's credentials open another role's login", async () => {
    const doctorAsCustomer = await anon().post('/login', { email: DEMO.doctor.email, password: DEMO.doctor.password });
    expect(doctorAsCustomer.status).toBe(401);
    const customerAsDoctor = await anon().post('/doctor-login', { email: DEMO.customer.email, password: DEMO.customer.password });
    expect(customerAsDoctor.status).toBe(401);
    const doctorAsPharmacist = await anon().post('/pharmacist-login', { username: DEMO.doctor.email, password: DEMO.doctor.password });
    expect(doctorAsPharmacist.status).toBe(401);
  });

  it('logs in case-insensitively by e-mail and username', async () => {
    expect((await anon().post('/doctor-login', { email: 'LAAKARI@example.FI', password: 'Laakari123' })).status).toBe(200);
    expect((await anon().post('/pharmacist-login', { username: 'Apteekki', password: 'Apteekki123' })).status).toBe(200);
  });

  it('regenerates the session id at login', async () => {
    const client = await loginAs(app, 'doctor');
    const first = client.cookieHeader;
    await client.post('/doctor-login', { email: DEMO.doctor.email, password: DEMO.doctor.password });
    expect(client.cookieHeader).not.toBe(first);
  });

  it('ends the session at logout', async () => {
    const client = await loginAs(app, 'doctor');
    const cookie = client.cookieHeader;
    expect((await client.post('/logout')).status).toBe(204);
    const stale = new ApiClient(app.apiUrl);
    const res = await fetch(`${app.apiUrl}/my-doctor-info`, { headers: { cookie } });
    expect(res.status).toBe(401);
    expect((await stale.get('/my-doctor-info')).status).toBe(401);
  });

  it('expires an idle session after 30 minutes by default (the cookie renewed with requests at most once a minute)', async () => {
    const client = new ApiClient(app.apiUrl);
    const login = await client.post('/doctor-login', { email: DEMO.doctor.email, password: DEMO.doctor.password });
    const expires = /Expires=([^;]+)/i.exec(login.headers.getSetCookie().join(';'))?.[1];
    expect(expires).toBeDefined();
    const minutes = (new Date(expires!).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30.1);
    // A read right after carries no cookie: the expiry is renewed once the minute is up (session-end.test.ts).
    expect((await client.get('/my-doctor-info')).headers.getSetCookie()).toEqual([]);
  });

  it('keeps sessions in PostgreSQL', async () => {
    await loginAs(app, 'customer');
    const rows = await app.sql<{ n: number }>('SELECT count(*)::int AS n FROM http_session');
    expect(rows[0].n).toBeGreaterThan(0);
  });
});

describe('bad bodies', () => {
  it.each([
    ['empty body', undefined],
    ['missing password', { email: DEMO.doctor.email }],
    ['empty fields', { email: '', password: '' }],
    ['wrong types', { email: 42, password: ['x'] }],
    ['unknown field', { email: DEMO.doctor.email, password: DEMO.doctor.password, admin: true }],
    ['array body', [1, 2]],
  ])('refuses %s with a 400 and a message', async (_, body) => {
    const res = await anon().post('/doctor-login', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBeTruthy();
    expect(res.headers.getSetCookie().join('')).not.toMatch(/resepti\.sid/);
  });

  it('refuses malformed JSON with a 400', async () => {
    const res = await anon().raw('POST', '/login', '{"email": ');
    expect(res.status).toBe(400);
    expect(res.body.statusCode).toBe(400);
  });
});

describe('role enforcement', () => {
  const sessionCalls = { customer: '/my-user', doctor: '/my-doctor-info', pharmacy: '/pharmacy-user' } as const;

  it('answers 401 without a session on every protected call', async () => {
    for (const path of [...Object.values(sessionCalls), '/products']) {
      const res = await anon().get(path);
      expect(res.status).toBe(401);
    }
  });

  it('answers 403 with the wrong role', async () => {
    const clients = {
      customer: await loginAs(app, 'customer'),
      doctor: await loginAs(app, 'doctor'),
      pharmacy: await loginAs(app, 'pharmacy'),
    };
    for (const [role, client] of Object.entries(clients)) {
      for (const [owner, path] of Object.entries(sessionCalls)) {
        const res = await client.get(path);
        expect([role, owner, res.status]).toEqual([role, owner, role === owner ? 200 : 403]);
      }
    }
  });

  it('returns each role its own session data', async () => {
    const doctor = await loginAs(app, 'doctor');
    expect((await doctor.get('/my-doctor-info')).body).toMatchObject({ email: DEMO.doctor.email, firstName: 'Liisa', lastName: 'Lääkäri', sessionIdleMinutes: 30 });
    const customer = await loginAs(app, 'customer');
    expect((await customer.get('/my-user')).body).toMatchObject({ email: DEMO.customer.email, firstName: 'Aino', phone: '+358401234567' });
    const admin = await loginAs(app, 'pharmacyAdmin');
    expect((await admin.get('/pharmacy-user')).body).toMatchObject({
      username: 'apteekki.admin',
      userLevel: 'admin',
      isAdmin: true,
      pharmacyName: 'Keskusapteekki',
      sessionIdleMinutes: 30,
    });
    const kyla = await loginAs(app, 'kyla');
    expect((await kyla.get('/pharmacy-user')).body).toMatchObject({ isAdmin: false, pharmacyName: 'Kylän apteekki' });
  });
});

describe('products', () => {
  it('lists only available products, sorted by name, then form, then strength', async () => {
    const client = await loginAs(app, 'pharmacy');
    const res = await client.get<Array<{ productId: number; displayName: string; format: string }>>('/products');
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThanOrEqual(40);
    const all = await app.sql<{ id: number; name: string; strength: string; form: string; available: boolean }>('SELECT * FROM product');
    const byId = new Map(all.map((p) => [p.id, p]));
    expect(res.body.every((p) => byId.get(p.productId)?.available)).toBe(true);
    expect(res.body).toHaveLength(all.filter((p) => p.available).length);
    const collator = new Intl.Collator('fi', { numeric: true, sensitivity: 'base' });
    for (let i = 1; i < res.body.length; i++) {
      const a = byId.get(res.body[i - 1].productId)!;
      const b = byId.get(res.body[i].productId)!;
      const order = collator.compare(a.name, b.name) || collator.compare(a.form, b.form) || collator.compare(a.strength, b.strength);
      expect(order).toBeLessThanOrEqual(0);
    }
    const amlodipin = res.body.filter((p) => p.displayName.startsWith('Amlodipin Orion'));
    expect(amlodipin.map((p) => p.displayName)).toEqual(['Amlodipin Orion 5 mg', 'Amlodipin Orion 10 mg']);
    expect(amlodipin[0].format).toBe('tabletti');
  });

  it('has narcotic or PKV medicines marked as not renewable', async () => {
    const rows = await app.sql<{ n: number }>('SELECT count(*)::int AS n FROM product WHERE NOT renewable');
    expect(rows[0].n).toBeGreaterThan(0);
  });
});

describe('health and docs', () => {
  it('reports the database state at /health', async () => {
    const res = await fetch(`${app.baseUrl}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: 'up', redis: 'disabled' });
  });

  it('serves the OpenAPI document with the login endpoints', async () => {
    const res = await fetch(`${app.baseUrl}/ui-api/docs-json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/ui-api/v1/login', '/ui-api/v1/doctor-login', '/ui-api/v1/pharmacist-login']));
  });
});

describe('production cookies', () => {
  it('marks the session cookie Secure behind an HTTPS proxy when NODE_ENV=production, with a configured idle time', async () => {
    const prod = await startApp({ env: { ...PRODUCTION_ENV, SESSION_IDLE_MINUTES: '15', TRUST_PROXY: '1' } });
    try {
      const res = await new ApiClient(prod.apiUrl, { 'x-forwarded-proto': 'https' }).post('/doctor-login', { email: DEMO.doctor.email, password: DEMO.doctor.password });
      expect(res.status).toBe(200);
      const cookie = res.headers.getSetCookie().join(';');
      expect(cookie).toMatch(/Secure/);
      const expires = /Expires=([^;]+)/i.exec(cookie)?.[1];
      const minutes = (new Date(expires!).getTime() - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(14);
      expect(minutes).toBeLessThanOrEqual(15.1);
    } finally {
      await prod.stop();
    }
  });

  it('refuses to start in production without SESSION_SECRET', async () => {
    await expect(startApp({ env: { NODE_ENV: 'production', SESSION_SECRET: '' } })).rejects.toThrow(/SESSION_SECRET is required/);
  });
});

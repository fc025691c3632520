/**
 * Bad input gets a clear 4xx and changes nothing; never a 500. A sweep sends hostile
 * bodies, path ids and query strings to every endpoint in the OpenAPI document, as every
 * role, and then specific cases check the messages and that nothing was written.
 */
import { request as httpRequest } from 'node:http';
import { type PharmacyCart, type Product } from '@resepti/domain';
import { MESSAGES } from '../support/finnish-messages';
import { PRODUCTION_ENV, startApp, type TestApp } from '../support/app';
import { ApiClient, loginAs } from '../support/http';
import { PHARMACY_PATIENT, pharmacistAtOffice } from '../support/pharmacy-flow';

// Budget: the sweep sends thousands of requests (eight at a time).
jest.setTimeout(120_000);

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.stop();
});

const HOSTILE_BODIES: (string | undefined)[] = [
  undefined,
  '{}',
  '[]',
  '"text"',
  'null',
  '{"broken": ',
  JSON.stringify({ id: 'x', decision: 5, reasonForDecision: ['a'], filter: { a: 1 }, sortOrder: 'zzz', offset: -5 }),
  JSON.stringify({ id: 1e308, offset: 'abc', filter: 'x'.repeat(20_000), sortOrder: null, status: 'published' }),
  JSON.stringify({ firstName: 'x'.repeat(20_000), lastName: 1, hetu: '311399-999X', username: { $ne: 1 }, password: null }),
  JSON.stringify({ type: 'renewal', productId: '1 OR 1=1', reason: 'x' }),
  JSON.stringify({ type: 'prescription', productId: 2_147_483_648, chat: 'x' }),
  JSON.stringify({ id: 99_999_999_999, header: 'a', additionalDetails: 'b', status: 'published' }),
  JSON.stringify({ header: '\u0000', additionalDetails: '\u0000', status: 'published' }),
  JSON.stringify({ firstName: 'A\u0000', lastName: 'B', hetu: '121212-913Y' }),
  // prototype keys: class-transformer read `constructor` of nested objects (a 500 found by fast-check)
  '{"id":[[{"constructor":-1}]]}',
  '{"__proto__":{"isAdmin":true},"prototype":1}',
  // deeply nested (12 KB): class-transformer recursion used to overflow the stack
  '['.repeat(3000) + ']'.repeat(3000),
  '{"a":'.repeat(2400) + '1' + '}'.repeat(2400),
];
const HOSTILE_IDS = ['abc', '-1', '0', '1.5', '1e3', '2147483648', '99999999999999999999', '%00', '%F0%9F%98%80'];
const HOSTILE_QUERIES = ['', '?offset=abc&limit=-1', '?username=%00'];

async function endpoints(): Promise<{ method: string; path: string }[]> {
  const doc = (await new ApiClient(app.baseUrl).get<{ paths: Record<string, Record<string, unknown>> }>('/ui-api/docs-json')).body;
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops)
      .filter(() => !path.endsWith('/logout'))
      .map((method) => ({ method: method.toUpperCase(), path: path.replace(/^\/ui-api\/v1/, '') })),
  );
}

describe('hostile input on every endpoint', () => {
  it('never gets a 5xx, whoever sends it', async () => {
    const clients = [
      new ApiClient(app.apiUrl),
      await loginAs(app, 'doctor'),
      (await pharmacistAtOffice(app, 'pharmacyAdmin')).client,
      await loginAs(app, 'customer'),
    ];
    const list = await endpoints();
    expect(list.length).toBeGreaterThan(30);
    const failures: string[] = [];
    const requests: Array<() => Promise<void>> = [];
    for (const { method, path } of list) {
      if (path === '/health') continue;
      const paths = path.includes('{') ? HOSTILE_IDS.map((id) => path.replace(/\{[^}]+\}/, id)) : [path];
      for (const p of paths) {
        // Reads get hostile query strings; writes get hostile bodies.
        for (const query of method === 'GET' ? HOSTILE_QUERIES : ['']) {
          for (const body of method === 'GET' ? [undefined] : HOSTILE_BODIES) {
            for (const client of clients) {
              requests.push(async () => {
                const res = body === undefined ? await client.request(method, p + query) : await client.raw(method, p + query, body);
                if (res.status >= 500) failures.push(`${res.status} ${method} ${p}${query} ${String(body).slice(0, 60)}`);
              });
            }
          }
        }
      }
    }
    // Eight at a time: fast, and still far below what the server's pools take.
    const queue = [...requests];
    await Promise.all(Array.from({ length: 8 }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await next();
    }));
    console.log(`hostile input: ${requests.length} requests to ${list.length} endpoints`);
    expect(failures).toEqual([]);
  });
});

describe('clear 400s', () => {
  it('refuses JSON nested deeper than 32 levels with a 400 before validation, anonymous login included', async () => {
    const deep = '{"email":' + '{"a":'.repeat(2400) + '1' + '}'.repeat(2400) + ',"password":"x"}';
    for (const path of ['/login', '/doctor-login', '/pharmacist-login']) {
      const res = await new ApiClient(app.apiUrl).raw('POST', path, deep);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Pyynnön rakenne on liian syvä');
    }
    const doctor = await loginAs(app, 'doctor');
    const res = await doctor.raw('POST', '/history', JSON.stringify({ filter: JSON.parse('['.repeat(40) + ']'.repeat(40)) }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Pyynnön rakenne on liian syvä');
    // 30 levels are still only a validation matter
    expect((await doctor.raw('POST', '/history', JSON.stringify({ filter: JSON.parse('['.repeat(30) + ']'.repeat(30)) }))).status).toBe(400);
  });

  it('refuses ids that are not positive 32-bit integers with a message, before any lookup', async () => {
    const doctor = await loginAs(app, 'doctor');
    for (const id of ['abc', '0', '-1', '2147483648', '99999999999999999999']) {
      const res = await doctor.post(`/order/release-one/${id}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Virheellinen tunniste: odotettiin positiivista kokonaislukua');
    }
    expect((await doctor.post('/order/release-one/2147483647')).status).toBe(404);
  });

  it('refuses a NUL character in a body, path or query, and stores nothing', async () => {
    const doctor = await loginAs(app, 'doctor');
    const before = await app.sql('SELECT header, additional_details, status, version FROM notice');
    const notice = await doctor.post('/set-pharmacy-message', { id: 1, header: 'Katko\u0000', additionalDetails: 'x', status: 'published' });
    expect(notice.status).toBe(400);
    expect(notice.body.message).toBe('Pyynnössä on kielletty merkki (NUL)');
    expect(await app.sql('SELECT header, additional_details, status, version FROM notice')).toEqual(before);

    const { client: admin } = await pharmacistAtOffice(app, 'pharmacyAdmin');
    expect((await admin.post('/patient-info', { firstName: 'Ma\u0000tti', lastName: 'M', hetu: '121212-913Y' })).status).toBe(400);
    expect((await admin.get('/pharmacy-user-shopping-cart')).body.patient ?? null).toBeNull();
    const check = await admin.get('/check-username/%00');
    expect(check.status).toBe(400);
    expect(check.body.message).toBe('Pyynnössä on kielletty merkki (NUL)');
  });

  it('refuses null where a text is expected (the patient hetu of the pharmacy cart) with the Finnish message, and changes nothing', async () => {
    const { client: pharmacist } = await pharmacistAtOffice(app, 'pharmacy');
    expect((await pharmacist.post('/patient-info', PHARMACY_PATIENT)).status).toBe(200);
    const products = (await pharmacist.get<Product[]>('/products')).body;
    const cartBefore = (await pharmacist.get<PharmacyCart>('/pharmacy-user-shopping-cart')).body;
    for (const [path, body] of [
      ['/pharmacy-shopping-cart/item', { type: 'renewal', productId: products[0].productId, patientHetu: null }],
      ['/pharmacy-shopping-cart/delivery-option', { id: 'delivery-20-min', patientHetu: null }],
      ['/pharmacy-shopping-cart/send', { patientHetu: null }],
    ] as const) {
      const res = await pharmacist.post(path, body);
      expect({ path, status: res.status, message: res.body.message }).toEqual({ path, status: 400, message: [MESSAGES.hetuInvalid] });
    }
    expect((await pharmacist.get<PharmacyCart>('/pharmacy-user-shopping-cart')).body).toEqual(cartBefore);
  });
});

/** One request with its request-target as given (fetch sends only paths): `*` or an absolute URL. */
function requestTarget(baseUrl: string, method: string, target: string): Promise<{ status: number; body: string; setCookie: string[] }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, method, path: target, headers: { 'content-type': 'application/json' } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, setCookie: res.headers['set-cookie'] ?? [] }));
    });
    req.on('error', reject);
    req.end(method === 'POST' ? '{}' : undefined);
  });
}

describe('a request-target that is not a path', () => {
  const TARGETS: Array<[string, string]> = [
    ['GET', '*'],
    ['OPTIONS', '*'],
    ['POST', '*'],
    ['GET', 'http://resepti.example.fi/ui-api/v1/my-user'],
    ['POST', 'http://resepti.example.fi/ui-api/v1/login'],
  ];

  async function expectRefused(target: TestApp): Promise<void> {
    const sessionsBefore = await target.sql('SELECT count(*)::int AS n FROM http_session');
    for (const [method, path] of TARGETS) {
      const res = await requestTarget(target.baseUrl, method, path);
      expect({ method, path, status: res.status, body: res.body, setCookie: res.setCookie }).toEqual({
        method,
        path,
        status: 400,
        body: JSON.stringify({ statusCode: 400, message: 'Virheellinen pyynnön kohde: polun pitää alkaa merkillä /', error: 'Bad Request' }),
        setCookie: [],
      });
    }
    expect(await target.sql('SELECT count(*)::int AS n FROM http_session')).toEqual(sessionsBefore);
    expect((await requestTarget(target.baseUrl, 'GET', '/health')).status).toBe(200);
  }

  it('is a 400 before any session, in development', async () => {
    await expectRefused(app);
  });

  it('is a 400 before any session, in production', async () => {
    const production = await startApp({ env: { ...PRODUCTION_ENV } });
    try {
      await expectRefused(production);
    } finally {
      await production.stop();
    }
  });
});

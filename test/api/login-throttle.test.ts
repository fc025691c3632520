/**
 * Login limits, counted before any password is hashed (so parallel guesses cannot race past
 * them), per account from one address, per address (password spraying), and a bounded
 * password-hashing queue so that a burst of logins cannot starve the server.
 * TRUST_PROXY=true lets each test act from its own client address (X-Forwarded-For).
 */
import { startApp, type TestApp } from '../support/app';
import { ApiClient, DEMO } from '../support/http';

// Budget: up to ~40 password checks in sequence (argon2 is deliberately slow), on a loaded machine.
jest.setTimeout(120_000);

let app: TestApp;
let small: TestApp;
beforeAll(async () => {
  [app, small] = await Promise.all([
    startApp({ env: { TRUST_PROXY: 'true' } }),
    // One check at a time and two waiting: the third concurrent login is refused at once.
    startApp({ env: { TRUST_PROXY: 'true', PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_QUEUE: '2' } }),
  ]);
});
afterAll(async () => {
  await Promise.all([app?.stop(), small?.stop()]);
});

const from = (address: string, on: TestApp = app) => new ApiClient(on.apiUrl, { 'x-forwarded-for': address });
const statuses = (list: { status: number }[]) => list.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});

it('100 parallel wrong passwords for one account: at least 90 get 429, and the right password after them does not get in', async () => {
  const attacker = '198.51.100.1';
  const results = await Promise.all(
    Array.from({ length: 100 }, (_, i) => from(attacker).post('/doctor-login', { email: DEMO.doctor2.email, password: `Arvaus${i}00` })),
  );
  const counts = statuses(results);
  expect(counts[429]).toBeGreaterThanOrEqual(90);
  expect(counts[200] ?? 0).toBe(0);
  const right = await from(attacker).post('/doctor-login', { email: DEMO.doctor2.email, password: DEMO.doctor2.password });
  expect(right.status).toBe(429);
  expect(right.body.message).toMatch(/Liian monta epäonnistunutta kirjautumisyritystä/);
  expect(right.headers.getSetCookie().join('')).not.toMatch(/resepti\.sid/);

  // The owner, from an address that has not been failing, still signs in.
  expect((await from('203.0.113.7').post('/doctor-login', { email: DEMO.doctor2.email, password: DEMO.doctor2.password })).status).toBe(200);
});

it('a right password racing in parallel with the guesses is checked only within the limit', async () => {
  const attacker = '198.51.100.2';
  const guesses = Array.from({ length: 59 }, (_, i) => from(attacker).post('/login', { email: DEMO.customer.email, password: `Vaara${i}Aa1` }));
  const results = await Promise.all([...guesses, from(attacker).post('/login', { email: DEMO.customer.email, password: DEMO.customer.password })]);
  const counts = statuses(results);
  // However the requests interleave, at most 10 passwords were checked.
  expect((counts[401] ?? 0) + (counts[200] ?? 0)).toBeLessThanOrEqual(10);
  expect(counts[429]).toBeGreaterThanOrEqual(50);
});

it('one address trying many accounts (password spraying) is stopped after 20 failures', async () => {
  const sprayer = from('198.51.100.3');
  const results = [];
  for (let i = 0; i < 30; i++) results.push(await sprayer.post('/pharmacist-login', { username: `kayttaja${i}`, password: 'Kesa2026!' }));
  const counts = statuses(results);
  expect(counts[401]).toBe(20);
  expect(counts[429]).toBe(10);
  // Another address is not affected.
  expect((await from('203.0.113.8').post('/pharmacist-login', { username: DEMO.kyla.username, password: DEMO.kyla.password })).status).toBe(200);
});

it('a successful login forgets that address’s failures for the account', async () => {
  const owner = '203.0.113.9';
  for (let i = 0; i < 9; i++) expect((await from(owner).post('/pharmacist-login', { username: DEMO.kyla.username, password: 'Vaara1234' })).status).toBe(401);
  expect((await from(owner).post('/pharmacist-login', { username: DEMO.kyla.username, password: DEMO.kyla.password })).status).toBe(200);
  // A fresh allowance of ten: the next nine mistakes are still 401, not 429.
  for (let i = 0; i < 9; i++) expect((await from(owner).post('/pharmacist-login', { username: DEMO.kyla.username, password: 'Vaara1234' })).status).toBe(401);
});

it('a burst of logins beyond the hashing queue is refused at once with 503, and the server keeps answering', async () => {
  const burst = Array.from({ length: 12 }, (_, i) => from(`192.0.2.${i + 1}`, small).post('/doctor-login', { email: `ei${i}@example.fi`, password: 'Arvaus123' }));
  const health = fetch(`${small.baseUrl}/health`);
  const results = await Promise.all(burst);
  expect((await health).status).toBe(200);
  const counts = statuses(results);
  expect(counts[503]).toBeGreaterThanOrEqual(1);
  expect((counts[401] ?? 0) + (counts[503] ?? 0)).toBe(12);
  const busy = results.find((r) => r.status === 503)!;
  expect(busy.body.message).toBe('Kirjautumispalvelu on ruuhkautunut. Yritä hetken kuluttua uudelleen.');
  expect(busy.headers.get('retry-after')).toBe('2');
  // Refused attempts were not counted: these addresses can still sign in.
  expect((await from('192.0.2.1', small).post('/doctor-login', { email: DEMO.doctor.email, password: DEMO.doctor.password })).status).toBe(200);
});

/**
 * Integrator rate limits shared by every API process (issue 26): with REDIS_URL two nodes count
 * one client's calls together (not 2× the limit), every answer carries RateLimit-* headers, and
 * while Redis is away each node falls back to counting in memory (answers go on, no 500, no wait).
 */
import { startApp, type TestApp } from '../support/app';
import { createApiClient, IntegratorClient } from '../support/integrator';
import { TestRedis } from '../support/redis-server';

const LIMIT = 12;
let redis: TestRedis;
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  redis = await TestRedis.reserve();
  await redis.start();
  const env = { REDIS_URL: redis.url, API_RATE_LIMIT_PER_MINUTE: String(LIMIT), API_TOKEN_LIMIT_PER_CLIENT: '50', API_TOKEN_LIMIT_PER_ADDRESS: '50' };
  a = await startApp({ env });
  b = await startApp({ databaseUrl: a.databaseUrl, env });
  // A budget for two app starts on a shared, loaded machine (each waits up to 90 s); not a measurement.
}, 200_000);
afterAll(async () => {
  await b?.stop();
  await a?.stop();
  await redis?.kill();
});

it('counts one client on two nodes against one limit, with RateLimit-* headers on every answer', async () => {
  const credentials = await createApiClient(a, 'Keskusapteekki', 'Kaksi palvelinta');
  const onA = await IntegratorClient.signIn(a, credentials);
  const onB = await IntegratorClient.signIn(b, credentials);
  const remaining: number[] = [];
  for (let i = 0; i < LIMIT; i++) {
    const res = await (i % 2 === 0 ? onA : onB).call('GET', '/products?q=Kestine');
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit-limit')).toBe(String(LIMIT));
    expect(res.headers.get('ratelimit-policy')).toBe(`${LIMIT};w=60`);
    expect(Number(res.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    remaining.push(Number(res.headers.get('ratelimit-remaining')));
  }
  // One count across both nodes: 11, 10, …, 0.
  expect(remaining).toEqual(Array.from({ length: LIMIT }, (_, i) => LIMIT - 1 - i));
  for (const node of [onA, onB]) {
    const refused = await node.call('GET', '/products?q=Kestine');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
  }
  // Another client has its own limit.
  const other = await IntegratorClient.signIn(b, await createApiClient(a, 'Keskusapteekki', 'Toinen järjestelmä'));
  expect((await other.call('GET', '/products?q=Kestine')).status).toBe(200);
});

it('tells the token endpoint’s limit in the same headers', async () => {
  const client = await IntegratorClient.signIn(a, await createApiClient(a, 'Keskusapteekki', 'Tunnukset'));
  const token = await client.requestToken();
  expect(token.status).toBe(200);
  expect(token.headers.get('ratelimit-limit')).toBe('50');
  expect(Number(token.headers.get('ratelimit-remaining'))).toBeLessThan(50);
});

it('goes on counting in memory while Redis is away, without errors or waiting', async () => {
  const client = await IntegratorClient.signIn(a, await createApiClient(a, 'Keskusapteekki', 'Katkon aikana'));
  await redis.kill();
  for (let i = 0; i < LIMIT; i++) expect((await client.call('GET', '/products?q=Kestine')).status).toBe(200);
  // Each process still has its limit while it counts alone.
  expect((await client.call('GET', '/products?q=Kestine')).status).toBe(429);
});

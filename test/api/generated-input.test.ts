/**
 * Generated bad input (fast-check): every endpoint of the OpenAPI document gets generated
 * bodies, path parameters and query strings (wrong types, missing and extra fields, huge and
 * deep values, unicode, SQL and HTML fragments) from a caller its role lets through, and every
 * Socket.IO event gets generated payloads. Properties: never a 5xx, never a stack trace or
 * database driver text, and a refused request leaves every table as it was (row checksums).
 * (Each body field of every operation of the committed contracts: contract-field-input.test.ts.)
 * The number of inputs per endpoint is printed.
 */
import fc from 'fast-check';
import { startApp, type TestApp } from '../support/app';
import { ApiClient } from '../support/http';
import { callerFor, LEAKS, printInputs, sessionsOfEveryRole } from '../support/generated-input';
import { connectSocket } from '../support/socket';
import { changedTables, tableChecksums } from '../support/table-checksums';
import type { Caller } from './authorization-matrix';

// Budget: about 2 000 requests, each with two checksum queries around it.
jest.setTimeout(240_000);

/** Inputs per endpoint (fast-check runs); the seed is printed with any failure to replay it. */
const RUNS_PER_ENDPOINT = 40;
const RUNS_PER_SOCKET_EVENT = 60;

/** Tables whose rows legitimately change on a refused request: sessions, throttle counters, audit rows. */

/** Text that must never reach a client: stack frames, driver and ORM errors. */

const HOSTILE_TEXT = [
  "' OR '1'='1",
  "'; DROP TABLE orders; --",
  '1; SELECT pg_sleep(1)',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '\u0000',
  '\uD800',
  '𝓗𝓮𝓽𝓾 ääkköset Ωμέγα 中文 🙂',
  '../../etc/passwd',
  '%00%27',
  '${7*7}',
  '{{7*7}}',
  '010170-123F',
  '__proto__',
  'constructor',
];

const FIELD_NAMES = [
  'id', 'type', 'productId', 'reason', 'hetu', 'firstName', 'lastName', 'username', 'password', 'newPassword',
  'decision', 'reasonForDecision', 'filter', 'sortOrder', 'offset', 'header', 'additionalDetails', 'status',
  'email', 'phone', 'code', 'score', 'feedbackText', 'medicalProblem', 'chat', 'token', 'cardNumber', 'expiry',
  'cvc', 'patientHetu', 'pharmacyData', 'marketingAllowed', 'eulaAccepted', 'approvedEulaVersion', 'orderId',
  '__proto__', 'constructor',
];

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(...HOSTILE_TEXT),
  fc.integer({ min: 1, max: 30 }).map((n) => 'x'.repeat(n * 1000)),
);
const scalar = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 2_147_483_648, Number.MAX_SAFE_INTEGER, 1e308, true, false, null),
);
const value: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, fc.array(tie('v'), { maxLength: 4 }), fc.dictionary(fc.constantFrom(...FIELD_NAMES), tie('v'), { maxKeys: 4 })),
})).v;
/** A body: an object with the API's field names (the likely case), any JSON value, or raw broken text. */
const body = fc.oneof(
  { weight: 6, arbitrary: fc.dictionary(fc.constantFrom(...FIELD_NAMES), value, { maxKeys: 6 }).map((o) => JSON.stringify(o)) },
  { weight: 2, arbitrary: value.map((v) => JSON.stringify(v) ?? 'null') },
  { weight: 1, arbitrary: fc.integer({ min: 50, max: 400 }).map((n) => '['.repeat(n) + ']'.repeat(n)) },
  { weight: 1, arbitrary: text },
);
const pathParam = fc.oneof(fc.integer().map(String), text, fc.constantFrom('1', '0', '-1', '1.5', '1e3', '99999999999999999999'));
const query = fc.dictionary(fc.constantFrom('offset', 'limit', 'status', 'filter', 'q', 'cursor', 'success', 'id'), text.map((t) => t.slice(0, 200)), { maxKeys: 3 });

let app: TestApp;

let sessions = new Map<Caller, ApiClient>();

beforeAll(async () => {
  app = await startApp();
  sessions = await sessionsOfEveryRole(app);
});
afterAll(async () => {
  printInputs(inputsPerEndpoint);
  await app?.stop();
});

/** A path segment; a lone surrogate cannot be encoded as UTF-8, so it goes as raw invalid bytes. */
function pathSegment(param: string): string {
  try {
    return encodeURIComponent(param);
  } catch {
    return '%ED%A0%80';
  }
}

interface Endpoint {
  method: string;
  template: string;
}

const inputsPerEndpoint: Record<string, number> = {};

async function documentedEndpoints(): Promise<Endpoint[]> {
  const doc = (await new ApiClient(app.baseUrl).get<{ paths: Record<string, Record<string, unknown>> }>('/ui-api/docs-json')).body;
  return Object.entries(doc.paths)
    .flatMap(([p, ops]) => Object.keys(ops).map((m) => ({ method: m.toUpperCase(), template: p.replace(/^\/ui-api\/v1/, '') })));
}

describe('generated input never breaks the API', () => {
  it('every endpoint: no 5xx, no leaked internals, refused requests change nothing', async () => {
    const endpoints = await documentedEndpoints();
    expect(endpoints.length).toBeGreaterThan(30);
    for (const endpoint of endpoints) {
      const call = `${endpoint.method} ${endpoint.template}`;
      const caller = callerFor(call, sessions);
      const client = sessions.get(caller) ?? new ApiClient(app.apiUrl);
      let runs = 0;
      await fc.assert(
        fc.asyncProperty(body, fc.array(pathParam, { minLength: 3, maxLength: 3 }), query, async (rawBody, params, q) => {
          runs++;
          let i = 0;
          const route = endpoint.template.replace(/\{[^}]+\}/g, () => pathSegment(params[i++ % params.length]));
          const search = new URLSearchParams(q).toString();
          const url = route + (search ? `?${search}` : '');
          const before = await tableChecksums(app);
          const res = endpoint.method === 'GET' ? await client.get(url) : await client.raw(endpoint.method, url, rawBody);
          const shown = typeof res.body === 'string' ? res.body : JSON.stringify(res.body ?? '');
          const where = `${call} as ${caller} with ${url} ${rawBody.slice(0, 120)} → ${res.status} ${shown.slice(0, 200)}`;
          expect({ where, serverError: res.status >= 500 }).toEqual({ where, serverError: false });
          expect({ where, leaks: LEAKS.filter((re) => re.test(shown)).map(String) }).toEqual({ where, leaks: [] });
          if (res.status >= 400) {
            expect({ where, changed: changedTables(before, await tableChecksums(app)) }).toEqual({ where, changed: [] });
          }
        }),
        { numRuns: RUNS_PER_ENDPOINT },
      );
      inputsPerEndpoint[call] = runs;
    }
    const health = await new ApiClient(app.baseUrl).get('/health');
    expect(health.status).toBe(200);
  });

  it('every Socket.IO event: generated payloads never crash the server or leak internals', async () => {
    const socket = await connectSocket(app.baseUrl, sessions.get('doctor'));
    const raw = socket as unknown as { timeout(ms: number): { emitWithAck(event: string, ...args: unknown[]): Promise<unknown> }; emit(event: string, ...args: unknown[]): void };
    let runs = 0;
    try {
      await fc.assert(
        fc.asyncProperty(fc.oneof(fc.constant('session:info'), text.map((t) => t.slice(0, 100))), fc.array(value, { maxLength: 3 }), async (event, args) => {
          runs++;
          if (event === 'session:info') {
            const ack = await raw.timeout(5000).emitWithAck(event, ...args);
            const shown = JSON.stringify(ack);
            expect({ event, leaks: LEAKS.filter((re) => re.test(shown)).map(String) }).toEqual({ event, leaks: [] });
          } else {
            raw.emit(event, ...args);
          }
          expect(socket.connected).toBe(true);
        }),
        { numRuns: RUNS_PER_SOCKET_EVENT },
      );
    } finally {
      socket.close();
    }
    inputsPerEndpoint['SOCKET (session:info and unknown events)'] = runs;
    expect((await new ApiClient(app.baseUrl).get('/health')).status).toBe(200);
  });
});

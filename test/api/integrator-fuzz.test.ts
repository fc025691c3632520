/**
 * Property-based requests (fast-check) over every operation of the committed contract
 * (docs/openapi/integrator-v1.json), as a real integrator client: bodies and parameters built from
 * each operation's own schemas, valid ones (the client's office, real medicines, valid hetus) and
 * broken ones (a required field left out, an unknown field, a value of the wrong type, null, huge
 * text, odd unicode), path ids that exist and ones that cannot, Idempotency-Keys good and bad.
 * Properties: never a 5xx, and every answer validates (Ajv) against the contract's schema for its
 * status and media type. Bounded: RUNS per operation, a fixed seed printed with any failure.
 */
import fc from 'fast-check';
import { PROBLEM_TEXTS, type Product } from '@resepti/domain';
import { startApp, type TestApp } from '../support/app';
import { createApiClient, IntegratorClient } from '../support/integrator';
import { contract } from '../support/openapi-contract';

jest.setTimeout(180_000);

/** Inputs per operation; with ~14 operations a few hundred requests in all. */
const RUNS = 20;
const SEED = Number(process.env.FUZZ_SEED ?? 4242);

type Json = Record<string, any>;

const CODES = new Set(PROBLEM_TEXTS.map((t) => t.code));

let app: TestApp;
let pos: IntegratorClient;
/** Values of this client that make a request plausible: its office, products, an order and its item, an endpoint and its delivery. */
const known: Record<string, unknown[]> = {};

beforeAll(async () => {
  app = await startApp({ env: { API_RATE_LIMIT_PER_MINUTE: '100000', API_TOKEN_LIMIT_PER_CLIENT: '1000', API_TOKEN_LIMIT_PER_ADDRESS: '1000' } });
  pos = await IntegratorClient.signIn(app, await createApiClient(app, 'Keskusapteekki', 'Sumea'));
  const [{ id: officeId }] = await app.sql<{ id: number }>(`SELECT id FROM pharmacy_office WHERE name = 'Keskusapteekki Kauppatori'`);
  const products = (await pos.call<{ data: Product[] }>('GET', '/products?limit=5')).body.data;
  const order = await pos.call<{ orderId: number; prescriptions: Array<{ id: number }> }>('POST', '/orders', {
    officeId,
    patient: { hetu: '121212-913Y', firstName: 'Matti', lastName: 'Meikäläinen' },
    items: [{ productId: products[0].productId }],
    deliveryOption: 'delivery-12-h',
  });
  const endpoint = await pos.call<{ id: number }>('POST', '/webhook-endpoints', { url: 'http://127.0.0.1:9/fuzz', events: ['order.delivered'] });
  const delivery = await pos.call<{ id: number }>('POST', `/webhook-endpoints/${endpoint.body.id}/test`);
  Object.assign(known, {
    officeId: [officeId],
    productId: products.map((p) => p.productId),
    hetu: ['121212-913Y', '010190-9023', '131052-308T'],
    id: [order.body.orderId, endpoint.body.id],
    itemId: [order.body.prescriptions[0].id],
    deliveryId: [delivery.body.id],
    url: ['http://127.0.0.1:9/fuzz', 'https://127.0.0.1/x', 'ftp://x', 'http://10.0.0.1/x', 'not a url'],
  });
}, 120_000);
afterAll(async () => {
  await app?.stop();
});

const spec = contract().spec as Json;
const resolve = (schema: Json | undefined): Json => (schema?.$ref ? resolve(spec.components.schemas[String(schema.$ref).split('/').pop()!]) : (schema ?? {}));

const ODD_TEXT = ['', ' ', '\uD800', '\u202Eabc', '𝓗𝓮𝓽𝓾 ääkköset', '\u0000', "' OR 1=1 --", 'x'.repeat(5000), '%00', '../..', '{}', 'null'];
/** A value of the wrong kind for any schema. */
const wrong: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, -1, 0, 1.5, 2 ** 31, 1e308, [], {}, [null], { a: 1 }, ...ODD_TEXT),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.integer(),
);

/** A value that fits the schema (as far as it says), preferring the values of this client. */
function valid(schema: Json | undefined, name: string, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  if (s.allOf) return valid(s.allOf[0], name, depth);
  if (s.oneOf ?? s.anyOf) return fc.oneof(...(s.oneOf ?? s.anyOf).map((x: Json) => valid(x, name, depth)));
  if (Array.isArray(s.enum)) return fc.constantFrom(...s.enum);
  const mine = known[name];
  const plain = (() => {
    switch (s.type) {
      case 'integer':
        return fc.integer({ min: s.minimum ?? 0, max: Math.min(s.maximum ?? 1000, 2 ** 31 - 1) });
      case 'number':
        return fc.double({ noNaN: true, min: -1e6, max: 1e6 });
      case 'boolean':
        return fc.boolean();
      case 'array':
        return depth > 3 ? fc.constant([]) : fc.array(valid(s.items, name, depth + 1), { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 3, 3) });
      case 'object': {
        if (depth > 3 || !s.properties) return fc.constant({});
        const props = Object.fromEntries(Object.entries(s.properties as Json).map(([key, p]) => [key, valid(p, key, depth + 1)]));
        return fc.record(props, { requiredKeys: (s.required as string[] | undefined) ?? [] });
      }
      default:
        return s.example !== undefined ? fc.oneof(fc.constant(s.example), fc.string({ maxLength: Math.min(s.maxLength ?? 40, 40) })) : fc.string({ maxLength: Math.min(s.maxLength ?? 40, 40) });
    }
  })();
  return mine ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...mine) }, { weight: 1, arbitrary: plain }) : plain;
}

/** A copy of `value` broken at one place: a field left out, one added, or one of the wrong kind. */
function broken(value: unknown): fc.Arbitrary<unknown> {
  const paths: Array<Array<string | number>> = [];
  const walk = (v: unknown, path: Array<string | number>) => {
    paths.push(path);
    if (v && typeof v === 'object') for (const [k, child] of Object.entries(v)) walk(child, [...path, Array.isArray(v) ? Number(k) : k]);
  };
  walk(value, []);
  return fc.tuple(fc.constantFrom(...paths), fc.constantFrom('drop', 'add', 'wrong'), wrong).map(([path, how, bad]) => {
    const copy = structuredClone(value) as any;
    if (path.length === 0) return how === 'add' && copy && typeof copy === 'object' ? { ...copy, extra: bad } : bad;
    const parent = path.slice(0, -1).reduce((v: any, k) => v[k], copy);
    const last = path[path.length - 1];
    if (how === 'drop' && Array.isArray(parent)) parent.splice(Number(last), 1);
    else if (how === 'drop') delete parent[last];
    else if (how === 'add' && parent[last] && typeof parent[last] === 'object' && !Array.isArray(parent[last])) parent[last].unexpected = bad;
    else parent[last] = bad;
    return copy;
  });
}

interface Operation {
  method: string;
  template: string;
  op: Json;
}

const operations: Operation[] = Object.entries(spec.paths as Record<string, Json>).flatMap(([template, item]) =>
  ['get', 'post', 'put', 'patch', 'delete'].filter((m) => item[m]).map((method) => ({ method: method.toUpperCase(), template, op: item[method] as Json })),
);

/** A whole request of an operation: path, query, body (raw text) and headers. */
function request(operation: Operation): fc.Arbitrary<{ path: string; body?: string; headers: Record<string, string> }> {
  const params = (operation.op.parameters ?? []) as Json[];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const badSegment = fc.constantFrom('0', '-1', 'abc', '99999999999', '2147483648', '%F0%9F%99%82', '1.5', '%00');
  const segments = fc.tuple(...pathParams.map((p) => fc.oneof({ weight: 4, arbitrary: valid(p.schema, p.name).map(String) }, { weight: 1, arbitrary: badSegment })));
  const query = fc.tuple(
    ...queryParams.map((p) =>
      fc.option(fc.oneof({ weight: 3, arbitrary: valid(p.schema, p.name).map(String) }, { weight: 1, arbitrary: wrong.map((w) => (typeof w === 'string' ? w : JSON.stringify(w))) }), { nil: undefined }),
    ),
  );
  const content = operation.op.requestBody?.content as Json | undefined;
  const mediaType = content ? Object.keys(content)[0] : undefined;
  const bodySchema = mediaType ? content![mediaType].schema : undefined;
  const body: fc.Arbitrary<unknown> = bodySchema
    ? valid(bodySchema, 'body').chain((v) => fc.oneof({ weight: 2, arbitrary: fc.constant(v) }, { weight: 3, arbitrary: broken(v) }))
    : fc.constant(undefined);
  const key = fc.option(fc.oneof(fc.uuid(), fc.constantFrom('x'.repeat(201), 'ä', 'same-key')), { nil: undefined });
  return fc.tuple(segments, query, body, key).map(([values, queryValues, b, k]) => {
    let path = operation.template;
    pathParams.forEach((p, i) => (path = path.replace(`{${p.name}}`, values[i])));
    const search = new URLSearchParams();
    queryParams.forEach((p, i) => queryValues[i] !== undefined && search.set(p.name, queryValues[i]!));
    const headers: Record<string, string> = { authorization: `Bearer ${pos.token}` };
    if (k !== undefined && operation.method === 'POST') headers['idempotency-key'] = k;
    let raw: string | undefined;
    if (b !== undefined && mediaType === 'application/x-www-form-urlencoded') {
      raw = new URLSearchParams(Object.entries((b && typeof b === 'object' ? b : { grant_type: b }) as Json).map(([n, v]) => [n, String(v)])).toString();
      headers['content-type'] = mediaType;
    } else if (b !== undefined) {
      raw = JSON.stringify(b);
      headers['content-type'] = 'application/json';
    }
    return { path: `${path}${search.size ? `?${search}` : ''}`, body: raw, headers };
  });
}

const answered: Record<string, number> = {};

describe('every operation of the contract, fuzzed from its schemas', () => {
  it.each(operations.map((o) => [`${o.method} ${o.template}`, o] as const))('%s: never a 5xx, every answer as the contract says', async (name, operation) => {
    await fc.assert(
      fc.asyncProperty(request(operation), async ({ path, body, headers }) => {
        const res = await fetch(`${app.baseUrl}${path}`, { method: operation.method, headers, body });
        const text = await res.text();
        const contentType = res.headers.get('content-type');
        const parsed = text && /json/.test(contentType ?? '') ? (JSON.parse(text) as unknown) : text;
        answered[`${res.status}`] = (answered[`${res.status}`] ?? 0) + 1;
        if (res.status >= 500) throw new Error(`${operation.method} ${path} → ${res.status}: ${text.slice(0, 300)}`);
        contract().checkAnswer(operation.method, path, res.status, contentType, parsed);
        // Every problem's code (and each field's) is one of the catalogue's.
        const problem = parsed as { code?: string; errors?: Array<{ code: string }> };
        if (/problem\+json/.test(contentType ?? '')) for (const code of [problem.code, ...(problem.errors ?? []).map((e) => e.code)]) if (!CODES.has(code!)) throw new Error(`${operation.method} ${path}: code ${code} is not in the catalogue`);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    expect(name).toBeTruthy();
  });

  afterAll(() => {
    console.log(`fuzzed ${operations.length} operations × ${RUNS} runs (seed ${SEED}); answers by status: ${JSON.stringify(answered)}`);
  });
});

/**
 * Every operation of the committed contracts (docs/openapi/web-api.json for /ui-api,
 * docs/openapi/integrator-v1.json for /api) gets each of its body fields (and query parameters)
 * as null, empty text and a value of the wrong type in an otherwise plausible request, and
 * fast-check's generated values, with a session or token its role lets through: never a 5xx,
 * never leaked internals. (Generated bodies, paths and queries for every endpoint, and the
 * tables left as they were: generated-input.test.ts.) The number of inputs per operation is printed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { startApp, type TestApp } from '../support/app';
import { callerFor, LEAKS, printInputs, sessionsOfEveryRole } from '../support/generated-input';
import { ApiClient } from '../support/http';
import { createApiClient, IntegratorClient } from '../support/integrator';
import { PHARMACY_PATIENT } from '../support/pharmacy-flow';
import type { Caller } from './authorization-matrix';

jest.setTimeout(240_000);

let app: TestApp;
let sessions = new Map<Caller, ApiClient>();
const inputsPerEndpoint: Record<string, number> = {};

beforeAll(async () => {
  app = await startApp();
  sessions = await sessionsOfEveryRole(app);
});
afterAll(async () => {
  printInputs(inputsPerEndpoint);
  await app?.stop();
});

/** An OpenAPI schema, as far as the field cases read it. */
interface Schema {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  example?: unknown;
  default?: unknown;
  properties?: Record<string, Schema>;
  items?: Schema;
  allOf?: Schema[];
}

interface Operation {
  method: string;
  /** The path as the document names it (with {parameters}). */
  template: string;
  parameters: Array<{ name: string; in: string; schema?: Schema }>;
  /** The JSON or form body's schema, if the operation takes one. */
  body?: { mediaType: string; schema: Schema };
}

interface Contract {
  paths: Record<string, Record<string, { parameters?: Operation['parameters']; requestBody?: { content: Record<string, { schema: Schema }> } }>>;
  components?: { schemas?: Record<string, Schema> };
}

function contractOperations(file: string): { operations: Operation[]; resolve: (s: Schema) => Schema } {
  const doc = JSON.parse(readFileSync(join(__dirname, '../../docs/openapi', file), 'utf8')) as Contract;
  const resolve = (schema: Schema): Schema => {
    let s = schema;
    while (s.$ref) s = doc.components!.schemas![s.$ref.split('/').at(-1)!];
    return s.allOf ? s.allOf.map(resolve).reduce((a, b) => ({ ...a, ...b, properties: { ...a.properties, ...b.properties } })) : s;
  };
  const operations = Object.entries(doc.paths).flatMap(([template, ops]) =>
    Object.entries(ops)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => {
        const [mediaType, content] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
        return { method: method.toUpperCase(), template, parameters: op.parameters ?? [], ...(content ? { body: { mediaType, schema: content.schema } } : {}) };
      }),
  );
  return { operations, resolve };
}

/** A plausible value of a schema (its example, first enum value or default, else one of its type), so that only the field under test is wrong. */
function plausible(schema: Schema, resolve: (s: Schema) => Schema, depth = 0): unknown {
  const s = resolve(schema);
  if (s.example !== undefined) return s.example;
  if (s.enum?.length) return s.enum[0];
  if (s.default !== undefined) return s.default;
  if (s.properties && depth < 4) return Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, plausible(v, resolve, depth + 1)]));
  switch (s.type) {
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return s.items && depth < 4 ? [plausible(s.items, resolve, depth + 1)] : [];
    case 'object':
      return {};
    default:
      return 'x';
  }
}

/** A value of another type than the schema's. */
function wrongType(schema: Schema): unknown {
  switch (schema.type) {
    case 'string':
      return 12345;
    case 'array':
      return { a: 1 };
    case 'object':
      return 'x';
    case undefined:
      return [[{ a: null }]];
    default:
      return 'x';
  }
}

/** Every field of a body, nested objects and the first element of arrays included: its path and schema. */
function bodyFields(schema: Schema, resolve: (s: Schema) => Schema, path: Array<string | number> = []): Array<{ path: Array<string | number>; schema: Schema }> {
  const s = resolve(schema);
  if (path.length > 4) return [];
  return Object.entries(s.properties ?? {}).flatMap(([name, child]) => {
    const field = resolve(child);
    const here = [...path, name];
    const items = field.type === 'array' && field.items ? resolve(field.items) : undefined;
    return [
      { path: here, schema: field },
      ...(field.properties ? bodyFields(field, resolve, here) : []),
      ...(items?.properties ? bodyFields(items, resolve, [...here, 0]) : []),
    ];
  });
}

function withField(body: unknown, path: Array<string | number>, value: unknown): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path.at(-1)!] = value;
  return copy;
}

/** The bad values every field gets, and the ones fast-check adds per operation. */
const fixedBadValues = (schema: Schema): unknown[] => [null, '', wrongType(schema)];
const RUNS_PER_OPERATION = 8;
const anyJson = fc.oneof(fc.constant(null), fc.constant(''), fc.jsonValue({ maxDepth: 2 }), fc.string({ unit: 'binary', maxLength: 20 }));

interface FieldCase {
  /** What the case is, in a failure's message. */
  label: string;
  query: string;
  /** The raw body (undefined: none). */
  body?: string;
}

/**
 * The cases of one operation: each body field as null, '' and a wrong type; each query parameter
 * empty and repeated (an array); an operation without a body gets bodies of every JSON type.
 * Path parameters are plausible (1), so the request reaches its body's validation.
 */
function fixedCases(op: Operation, resolve: (s: Schema) => Schema): FieldCase[] {
  const cases: FieldCase[] = [];
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  for (const p of queryParams) {
    cases.push({ label: `?${p.name}=''`, query: `?${p.name}=` });
    cases.push({ label: `?${p.name} twice`, query: `?${p.name}=1&${p.name}=x` });
  }
  if (op.body) {
    const base = plausible(op.body.schema, resolve);
    const encode = (b: unknown) => (op.body!.mediaType === 'application/json' ? JSON.stringify(b) : new URLSearchParams(Object.entries(b as Record<string, unknown>).map(([k, v]) => [k, String(v ?? '')])).toString());
    for (const field of bodyFields(op.body.schema, resolve)) {
      for (const bad of fixedBadValues(field.schema)) cases.push({ label: `${field.path.join('.')}: ${JSON.stringify(bad)}`, query: '', body: encode(withField(base, field.path, bad)) });
    }
    for (const whole of [null, '', 1, []]) cases.push({ label: `body ${JSON.stringify(whole)}`, query: '', body: JSON.stringify(whole) });
  } else if (op.method !== 'GET') {
    for (const whole of [null, '', 1, [], { a: null }]) cases.push({ label: `body ${JSON.stringify(whole)}`, query: '', body: JSON.stringify(whole) });
  }
  return cases;
}

/** fast-check's cases of one operation: a body field (or the whole body) as any JSON value; none for an operation without a body. */
function generatedCases(op: Operation, resolve: (s: Schema) => Schema): fc.Arbitrary<FieldCase> | null {
  if (!op.body || op.body.mediaType !== 'application/json') return null;
  const base = plausible(op.body.schema, resolve);
  const paths = bodyFields(op.body.schema, resolve).map((f) => f.path);
  const where = paths.length > 0 ? fc.option(fc.constantFrom(...paths), { nil: undefined, freq: 5 }) : fc.constant(undefined);
  return fc.tuple(where, anyJson).map(([path, bad]) => ({
    label: `${path ? path.join('.') : 'body'}: ${JSON.stringify(bad)}`.slice(0, 200),
    query: '',
    body: JSON.stringify(path ? withField(base, path, bad) : bad),
  }));
}

/** Runs the fixed cases, then RUNS_PER_OPERATION generated ones (fast-check prints its seed with a failure); returns how many were sent. */
async function fuzzOperation(op: Operation, resolve: (s: Schema) => Schema, send: (c: FieldCase) => Promise<{ status: number; shown: string }>): Promise<number> {
  let sent = 0;
  const check = async (c: FieldCase) => {
    sent++;
    const { status, shown } = await send(c);
    const where = `${op.method} ${op.template} ${c.label}${c.query} → ${status} ${shown.slice(0, 200)}`;
    expect({ where, serverError: status >= 500 }).toEqual({ where, serverError: false });
    expect({ where, leaks: LEAKS.filter((re) => re.test(shown)).map(String) }).toEqual({ where, leaks: [] });
  };
  for (const c of fixedCases(op, resolve)) await check(c);
  const generated = generatedCases(op, resolve);
  if (generated) await fc.assert(fc.asyncProperty(generated, check), { numRuns: RUNS_PER_OPERATION });
  return sent;
}

const shownOf = (body: unknown) => (typeof body === 'string' ? body : JSON.stringify(body ?? ''));

describe('every operation of the committed contracts: each body field null, empty or of the wrong type', () => {
  it('the web API (/ui-api), with a session of the role: never a 5xx', async () => {
    const { operations, resolve } = contractOperations('web-api.json');
    expect(operations.length).toBeGreaterThan(70);
    // A patient in the pharmacist's cart: the cart's calls then read their patientHetu (a null one was a 500).
    expect((await sessions.get('pharmacist')!.post('/patient-info', PHARMACY_PATIENT)).status).toBe(200);
    for (const op of operations) {
      const template = op.template.replace(/^\/ui-api\/v1/, '');
      const call = `${op.method} ${template}`;
      const caller = callerFor(call, sessions);
      const client = sessions.get(caller) ?? new ApiClient(app.apiUrl);
      const route = template.replace(/\{[^}]+\}/g, '1');
      inputsPerEndpoint[`contract ${call}`] = await fuzzOperation(op, resolve, async (c) => {
        const res = c.body === undefined ? await client.request(op.method, route + c.query) : await client.raw(op.method, route + c.query, c.body, op.body?.mediaType);
        return { status: res.status, shown: shownOf(res.body) };
      });
    }
  });

  it('the integrator API (/api), with a Bearer token: never a 5xx', async () => {
    const { operations, resolve } = contractOperations('integrator-v1.json');
    expect(operations.length).toBeGreaterThan(10);
    const credentials = await createApiClient(app, 'Keskusapteekki', 'Kentät');
    const integrator = await IntegratorClient.signIn(app, credentials);
    const basic = `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64')}`;
    let key = 0;
    for (const op of operations) {
      const route = op.template.replace(/\{[^}]+\}/g, '1');
      inputsPerEndpoint[`contract ${op.method} ${op.template}`] = await fuzzOperation(op, resolve, async (c) => {
        if (!route.startsWith('/api/v1/')) {
          // The token endpoint: form fields, the client's own credentials.
          const res = await fetch(`${app.baseUrl}${route}${c.query}`, { method: op.method, headers: { authorization: basic, 'content-type': op.body?.mediaType ?? 'application/json' }, body: c.body });
          return { status: res.status, shown: await res.text() };
        }
        const headers = { ...(c.body === undefined ? {} : { 'content-type': 'application/json' }), 'Idempotency-Key': `kentat-${++key}` };
        const res = await integrator.send(op.method, route.slice('/api/v1'.length) + c.query, c.body, headers);
        return { status: res.status, shown: shownOf(res.body) };
      });
    }
  });
});

/**
 * The integrator API's published contract (issue 26): the committed document is what the app
 * serves (in production too), third-party tools accept it (redocly lint, openapi-typescript), a
 * client generated from it type-checks strictly and runs the whole flow, and every error under
 * /api is problem+json with a stable type, code and the fields at fault.
 */
import { INTEGRATOR_TEST_EVENT, INTEGRATOR_WEBHOOK_EVENTS, PROBLEM_KINDS, PROBLEM_TEXTS, type ProblemDetails } from '@resepti/domain';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { allOrdersSince, API_VERSION, integratorClient, IntegratorApiError, parseWebhook, verifyWebhook, WebhookVerificationError, type ListItem, type ListName } from '@resepti/integrator-client';
import { PRODUCTION_ENV, startApp, type TestApp } from '../support/app';
import { createApiClient, IntegratorClient, type IntegratorCredentials } from '../support/integrator';
import { contract, INTEGRATOR_SPEC_PATH } from '../support/openapi-contract';

const ROOT = path.resolve(__dirname, '../..');
const run = promisify(execFile);
const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);

let app: TestApp;
let credentials: IntegratorCredentials;
let pos: IntegratorClient;
let officeId: number;

beforeAll(async () => {
  app = await startApp();
  credentials = await createApiClient(app, 'Keskusapteekki', 'Sopimuskassa');
  pos = await IntegratorClient.signIn(app, credentials);
  [{ id: officeId }] = await app.sql<{ id: number }>(`SELECT id FROM pharmacy_office WHERE name = 'Keskusapteekki Kauppatori'`);
  // A budget for a start, the admin CLI and a token on a shared, loaded machine; not a measurement.
}, 180_000);
afterAll(async () => {
  await app?.stop();
});

describe('the published document', () => {
  it('is the committed docs/openapi/integrator-v1.json (regenerate with npm run openapi)', async () => {
    const served = (await (await fetch(`${app.baseUrl}/api/docs-json`)).json()) as unknown;
    expect(served).toEqual(JSON.parse(await readFile(INTEGRATOR_SPEC_PATH, 'utf8')));
  });

  it('declares for every operation a summary, its 2xx schema and problem+json errors; one Idempotency-Key; an opaque bearer; a form token body', () => {
    const { spec } = contract();
    const operations = Object.entries(spec.paths as Record<string, Record<string, any>>).flatMap(([p, item]) => Object.entries(item).map(([m, op]) => ({ at: `${m} ${p}`, op })));
    expect(operations.length).toBeGreaterThanOrEqual(10);
    for (const { at, op } of operations) {
      const success = Object.entries(op.responses as Record<string, any>).filter(([s]) => s.startsWith('2'));
      expect({ at, summary: typeof op.summary, success: success.length }).toEqual({ at, summary: 'string', success: 1 });
      const [status, response] = success[0];
      if (status !== '204') expect({ at, schema: Boolean(response.content?.['application/json']?.schema), example: response.content?.['application/json']?.example !== undefined }).toEqual({ at, schema: true, example: true });
      const errors = Object.entries(op.responses as Record<string, any>).filter(([s]) => Number(s) >= 400);
      expect(errors.length).toBeGreaterThan(0);
      for (const [s, r] of errors) {
        const types = Object.keys(r.content ?? {});
        expect({ at, s, types }).toEqual({ at, s, types: at.endsWith('/api/oauth/token') && ['400', '401'].includes(s) ? ['application/json'] : ['application/problem+json'] });
      }
    }
    const create = spec.paths['/api/v1/orders'].post;
    expect(create.parameters.filter((p: { in: string }) => p.in === 'header').map((p: { name: string; required?: boolean }) => [p.name, p.required ?? false])).toEqual([['Idempotency-Key', false]]);
    expect(spec.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'opaque' });
    expect(Object.keys(spec.paths['/api/oauth/token'].post.requestBody.content)).toEqual(['application/x-www-form-urlencoded']);
    expect(spec.paths['/api/v1/orders'].get.parameters.map((p: { name: string }) => p.name)).toEqual(['status', 'updatedSince', 'cursor', 'limit']);
  });

  it('explains itself: every catalogued error code with its texts in the description, and no path of this repository', async () => {
    const document = await readFile(INTEGRATOR_SPEC_PATH, 'utf8');
    const description = (JSON.parse(document) as { info: { description: string } }).info.description;
    for (const text of PROBLEM_TEXTS) expect(description).toContain(`| \`${text.code}\` |`);
    // A stranger has the document, not the repository: no docs/…, libs/… or apps/… paths.
    expect(document.match(/\b(?:docs|libs|apps)\/[\w./-]+/g) ?? []).toEqual([]);
  });

  it('sends a reader only where the API serves something: no repository file or code host, and the guide it names is said to be served elsewhere', async () => {
    const document = await readFile(INTEGRATOR_SPEC_PATH, 'utf8');
    // A repository's files (docs/integrators.md, a README) or its address on a code host lead a stranger nowhere.
    expect(document.match(/[\w./-]+\.md\b|\b(?:github|gitlab|bitbucket)\.(?:com|org)\b/gi) ?? []).toEqual([]);
    // The API serves this document (/api/docs-json, /api/docs only outside production) and no guide:
    // a sentence that names the integrator guide must not send the reader to this service for it.
    const description = (JSON.parse(document) as { info: { description: string } }).info.description;
    const aboutTheGuide = description.split(/(?<=[.!?])\s+/).filter((sentence) => /\bguide\b/i.test(sentence));
    for (const sentence of aboutTheGuide) expect(sentence).toMatch(/\bnot serve/);
    expect((await fetch(`${app.baseUrl}/api/docs-json`)).status).toBe(200);
  });

  it('passes redocly lint (recommended rules) with no errors; the one warning is the justified info-license', async () => {
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
    const { stdout } = await run(bin('redocly'), ['lint', INTEGRATOR_SPEC_PATH, '--extends', 'recommended', '--format', 'json'], { env, maxBuffer: 10_000_000 });
    const problems = (JSON.parse(stdout.slice(stdout.indexOf('{'))) as { problems: Array<{ ruleId: string; severity: string }> }).problems;
    expect(problems.map((p) => `${p.severity} ${p.ruleId}`)).toEqual(['warn info-license']);
  });

  it('gives openapi-typescript the committed types, and the SDK built on them type-checks in strict mode on its own', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'resepti-openapi-'));
    try {
      await run(bin('openapi-typescript'), [INTEGRATOR_SPEC_PATH, '-o', path.join(dir, 'integrator-v1.d.ts')]);
      expect(await readFile(path.join(dir, 'integrator-v1.d.ts'), 'utf8')).toBe(await readFile(path.join(ROOT, 'libs/integrator-client/integrator-v1.d.ts'), 'utf8'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    // Throws (with tsc's errors) when anything does not compile.
    await run(bin('tsc'), ['-p', path.join(ROOT, 'libs/integrator-client/tsconfig.json')]);
    // A package of its own: a semver version, its README, its entry point.
    const pkg = JSON.parse(await readFile(path.join(ROOT, 'libs/integrator-client/package.json'), 'utf8')) as { name: string; version: string; exports: Record<string, unknown> };
    expect([pkg.name, /^\d+\.\d+\.\d+$/.test(pkg.version), Object.keys(pkg.exports)]).toEqual(['@resepti/integrator-client', true, ['.']]);
    expect(await readFile(path.join(ROOT, 'libs/integrator-client/README.md'), 'utf8')).toContain('parseWebhook');
    // A budget for two compilers on a shared 2-core machine, not a measurement.
  }, 300_000);

  it('types every event: a schema per type with a constant `type`, livemode, previous_attributes for changes, delivered as a callback with its signature header', async () => {
    const { spec } = contract();
    const schemas = spec.components.schemas as Record<string, any>;
    const variants = (schemas.Event.oneOf as Array<{ $ref: string }>).map((r) => schemas[r.$ref.split('/').pop()!]);
    expect(variants.map((v) => v.properties.type.enum).flat().sort()).toEqual([...INTEGRATOR_WEBHOOK_EVENTS, INTEGRATOR_TEST_EVENT].sort());
    for (const v of variants) expect(v.required).toEqual(expect.arrayContaining(['livemode', 'data']));
    expect(schemas.OrderDeliveredEvent.properties.data.properties).toEqual({ object: { $ref: '#/components/schemas/Order' }, previous_attributes: { $ref: '#/components/schemas/OrderPreviousAttributes' } });
    const callbacks = spec.paths['/api/v1/webhook-endpoints'].post.callbacks as Record<string, any>;
    expect(Object.keys(callbacks).sort()).toEqual([...INTEGRATOR_WEBHOOK_EVENTS, INTEGRATOR_TEST_EVENT].sort());
    for (const callback of Object.values(callbacks)) {
      const post = callback['{$request.body#/url}'].post;
      expect(post.parameters.map((p: { name: string; in: string; required: boolean }) => [p.name, p.in, p.required])).toEqual([['Resepti-Signature', 'header', true]]);
    }

    // The generated types of an order.delivered body are specific: this compiles only when they are.
    const dir = await mkdtemp(path.join(tmpdir(), 'resepti-typed-events-'));
    try {
      const snippet = [
        `import type { components } from '${path.join(ROOT, 'libs/integrator-client/integrator-v1.js')}';`,
        `export function decisionOf(event: components['schemas']['Event']): string | undefined {`,
        `  if (event.type !== 'order.delivered') return undefined;`,
        `  const live: boolean = event.livemode;`,
        `  const before: 'waiting' | 'processing' | 'delivered' | undefined = event.data.previous_attributes.deliveryStatus;`,
        `  // @ts-expect-error an order has no such field (a Record<string, unknown> would allow it)`,
        `  void event.data.object.noSuchField;`,
        `  return live && before ? event.data.object.prescriptions[0]?.prescribed?.dosageInstruction : event.data.object.patient.hetu;`,
        `}`,
      ].join('\n');
      await writeFile(path.join(dir, 'typed.ts'), snippet);
      await writeFile(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, noEmit: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'ES2022', types: [] }, files: ['typed.ts'] }));
      // Throws (with tsc's errors) when the event's types are loose.
      await run(bin('tsc'), ['-p', dir]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('is served in production too, where the browsable UI stays off', async () => {
    // A second app process: its start has its own budget (startApp waits up to 90 s).
    const prod = await startApp({ env: { ...PRODUCTION_ENV } });
    try {
      const res = await fetch(`${prod.baseUrl}/api/docs-json`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual(contract().spec);
      expect((await fetch(`${prod.baseUrl}/api/docs`)).status).toBe(404);
    } finally {
      await prod.stop();
    }
  }, 180_000);
});

describe('the generated SDK against the API', () => {
  it('runs the integrator flow: token, products, an idempotent order, read back, paging, webhooks', async () => {
    const api = integratorClient({ baseUrl: app.baseUrl, clientId: credentials.clientId, clientSecret: credentials.clientSecret });
    const products = await api.GET('/api/v1/products', { params: { query: { q: 'Kestine', limit: 5 } } });
    const productId = products.data!.data[0]!.productId;
    const body = { officeId, patient: { hetu: '010190-998V', firstName: 'Aino', lastName: 'Asiakas' }, items: [{ productId }], deliveryOption: 'delivery-20-min' as const };
    const created = await api.POST('/api/v1/orders', { body, params: { header: { 'Idempotency-Key': 'sdk-flow-1' } } });
    expect([created.response.status, created.data?.deliveryStatus]).toEqual([201, 'waiting']);
    contract().checkAnswer('POST', '/api/v1/orders', created.response.status, created.response.headers.get('content-type'), created.data);
    const again = await api.POST('/api/v1/orders', { body, params: { header: { 'Idempotency-Key': 'sdk-flow-1' } } });
    expect(again.data?.orderId).toBe(created.data!.orderId);
    const read = await api.GET('/api/v1/orders/{id}', { params: { path: { id: created.data!.orderId } } });
    expect(read.data?.patient.hetu).toBe('010190-998V');
    const missing = await api.GET('/api/v1/orders/{id}', { params: { path: { id: 999_999 } } });
    expect([missing.response.status, missing.error?.code]).toEqual([404, 'order_not_found']);
    const { orders } = await allOrdersSince(api, null, 2);
    expect(orders.map((o) => o.orderId)).toContain(created.data!.orderId);
    expect(new Set(orders.map((o) => o.orderId)).size).toBe(orders.length);

    const hook = await api.POST('/api/v1/webhook-endpoints', { body: { url: 'http://127.0.0.1:9/hook', events: ['order.created'] } });
    expect(hook.data?.secret).toMatch(/^whsec_/);
    const listed = await api.GET('/api/v1/webhook-endpoints');
    expect(listed.data && !Array.isArray(listed.data) ? listed.data.data.map((e) => e.id) : null).toContain(hook.data!.id);
    expect((await api.DELETE('/api/v1/webhook-endpoints/{id}', { params: { path: { id: hook.data!.id } } })).response.status).toBe(204);

    const t = Math.floor(Date.now() / 1000);
    const { createHmac } = await import('node:crypto');
    const raw = '{"id":"e1"}';
    const signature = `t=${t},v1=${createHmac('sha256', 'whsec_x').update(`${t}.${raw}`).digest('hex')}`;
    expect([verifyWebhook(raw, signature, 'whsec_x'), verifyWebhook(raw, signature, 'whsec_y'), verifyWebhook(`${raw} `, signature, 'whsec_x')]).toEqual([true, false, false]);
    // parseWebhook: verified, then typed by its `type`; a wrong secret is refused.
    const released = JSON.stringify({ id: 'evt_1', type: 'order.released', api_version: '1', created: new Date().toISOString(), livemode: false, data: { object: read.data, previous_attributes: { deliveryStatus: 'processing' } } });
    const signed = `t=${t},v1=${createHmac('sha256', 'whsec_x').update(`${t}.${released}`).digest('hex')}`;
    const event = parseWebhook(released, signed, 'whsec_x');
    expect(event.type === 'order.released' ? [event.data.object.orderId, event.data.previous_attributes.deliveryStatus, event.livemode] : null).toEqual([created.data!.orderId, 'processing', false]);
    expect(() => parseWebhook(released, signed, 'whsec_y')).toThrow(WebhookVerificationError);
    expect(() => parseWebhook(released, undefined, 'whsec_x')).toThrow(WebhookVerificationError);
  });
});

describe('the SDK’s list helpers against the API', () => {
  /** Every item of a list and how many pages it took, by the SDK's paginate. */
  async function pagesOf<N extends ListName>(pages: AsyncGenerator<{ data: Array<ListItem<N>>; nextCursor: string | null }>): Promise<{ items: Array<ListItem<N>>; pages: number; last: string | null }> {
    const items: Array<ListItem<N>> = [];
    let count = 0;
    let last: string | null = null;
    for await (const page of pages) {
      items.push(...page.data);
      count++;
      last = page.nextCursor ?? last;
    }
    return { items, pages: count, last };
  }

  it('pages every list by cursor (products, orders, events, webhook endpoints, deliveries), sending Resepti-Version', async () => {
    const sent: Array<string | null> = [];
    const recording: typeof fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.includes('/api/v1/')) sent.push((input instanceof Request ? input.headers : new Headers(init?.headers)).get('resepti-version'));
      return fetch(input, init);
    };
    const api = integratorClient({ baseUrl: app.baseUrl, clientId: credentials.clientId, clientSecret: credentials.clientSecret, fetch: recording });
    const productId = (await api.GET('/api/v1/products', { params: { query: { q: 'Kestine', limit: 1 } } })).data!.data[0]!.productId;
    for (const hetu of ['010190-998V', '121212-913Y']) {
      const placed = await api.POST('/api/v1/orders', { body: { officeId, patient: { hetu, firstName: 'Sivu', lastName: 'Tus' }, items: [{ productId }], deliveryOption: 'delivery-20-min' } });
      expect(placed.response.status).toBe(201);
    }
    const endpoints: number[] = [];
    for (const n of [1, 2, 3]) endpoints.push((await api.POST('/api/v1/webhook-endpoints', { body: { url: `http://127.0.0.1:9/paged-${n}`, events: ['order.created'] } })).data!.id);
    for (let i = 0; i < 3; i++) expect((await api.POST('/api/v1/webhook-endpoints/{id}/test', { params: { path: { id: endpoints[0]! } } })).response.status).toBe(202);

    const products = await pagesOf<'products'>(api.paginate('products', { query: { limit: 7 } }));
    const onePage = (await api.GET('/api/v1/products', { params: { query: { limit: 200 } } })).data!;
    expect([products.items.map((p) => p.productId), products.pages]).toEqual([onePage.data.map((p) => p.productId), Math.ceil(onePage.count / 7)]);

    const orders = await pagesOf<'orders'>(api.paginate('orders', { query: { limit: 1 } }));
    expect(orders.pages).toBeGreaterThanOrEqual(2);
    expect(new Set(orders.items.map((o) => o.orderId)).size).toBe(orders.items.length);
    // From the kept cursor: nothing new yet.
    expect((await pagesOf<'orders'>(api.paginate('orders', { query: { limit: 1 }, cursor: orders.last }))).items).toEqual([]);

    const events = await pagesOf<'events'>(api.paginate('events', { query: { limit: 1 } }));
    expect(events.pages).toBeGreaterThanOrEqual(2);
    expect(events.items.filter((e) => e.type === 'order.created').length).toBeGreaterThanOrEqual(2);

    const hooks: number[] = [];
    for await (const endpoint of api.list('webhookEndpoints', { query: { limit: 2 } })) hooks.push(endpoint.id);
    expect(hooks).toEqual(expect.arrayContaining(endpoints));
    expect((await pagesOf<'webhookEndpoints'>(api.paginate('webhookEndpoints', { query: { limit: 2 } }))).pages).toBeGreaterThanOrEqual(2);

    const deliveries = await pagesOf<'deliveries'>(api.paginate('deliveries', { endpointId: endpoints[0]!, query: { limit: 2 } }));
    expect([deliveries.items.map((d) => d.eventType), deliveries.pages]).toEqual([['webhook.test', 'webhook.test', 'webhook.test'], 2]);
    expect(deliveries.items.map((d) => d.id)).toEqual([...deliveries.items.map((d) => d.id)].sort((a, b) => b - a));

    expect(sent.length).toBeGreaterThan(10);
    expect(sent.filter((v) => v !== API_VERSION)).toEqual([]);
    // A refusal is an IntegratorApiError with the problem.
    await expect(api.paginate('deliveries', { endpointId: 999_999 }).next()).rejects.toMatchObject({ status: 404, problem: { code: 'webhook_not_found' } });
    await expect(api.paginate('deliveries', { endpointId: 999_999 }).next()).rejects.toBeInstanceOf(IntegratorApiError);
  });
});

describe('machine-readable errors under /api', () => {
  const problemOf = (res: { status: number; headers: Headers; body: unknown }) => ({ status: res.status, type: res.headers.get('content-type')?.split(';')[0], body: res.body as ProblemDetails });

  it('answers malformed JSON with 400 malformed-json', async () => {
    const res = problemOf(await pos.send('POST', '/orders', '{"officeId": 1,', { 'content-type': 'application/json' }));
    expect(res).toMatchObject({ status: 400, type: 'application/problem+json', body: { type: 'urn:resepti:problem:malformed-json', title: 'Malformed JSON', code: 'malformed_json', instance: '/api/v1/orders' } });
  });

  it('answers an unknown route with 404 and a known route with a wrong method with 405 and Allow', async () => {
    const unknown = problemOf(await pos.call('GET', '/prescriptions'));
    expect(unknown).toMatchObject({ status: 404, type: 'application/problem+json', body: { type: 'urn:resepti:problem:route-not-found', code: 'route_not_found', detail: expect.stringContaining('/api/docs-json') } });
    const wrong = await pos.call<ProblemDetails>('PUT', '/orders');
    expect(problemOf(wrong)).toMatchObject({ status: 405, type: 'application/problem+json', body: { type: 'urn:resepti:problem:method-not-allowed', code: 'method_not_allowed' } });
    expect(wrong.headers.get('allow')).toBe('GET, HEAD, POST');
    const one = await pos.call<ProblemDetails>('DELETE', '/orders/1');
    expect([one.status, one.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
  });

  it('answers another media type with 415 (not field errors), a body too large with 413', async () => {
    const text = problemOf(await pos.send('POST', '/orders', 'officeId=1', { 'content-type': 'text/plain' }));
    expect(text).toMatchObject({ status: 415, type: 'application/problem+json', body: { type: 'urn:resepti:problem:unsupported-media-type', code: 'unsupported_media_type' } });
    const token = await fetch(`${app.baseUrl}/api/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"grant_type":"client_credentials"}' });
    expect([token.status, token.headers.get('content-type')?.split(';')[0]]).toEqual([415, 'application/problem+json']);
    const big = problemOf(await pos.send('POST', '/orders', JSON.stringify({ officeId, pad: 'x'.repeat(200_000) }), { 'content-type': 'application/json' }));
    expect(big).toMatchObject({ status: 413, body: { type: 'urn:resepti:problem:payload-too-large', code: 'payload_too_large' } });
  });

  it('names each invalid field with a JSON pointer and a stable code, in English and Finnish', async () => {
    const res = await pos.call<ProblemDetails>('POST', '/orders', {
      officeId: '1',
      patient: { hetu: 42, firstName: 'Matti', lastName: 'M' },
      items: [{ productId: 1, reason: 'x', extra: true }],
      deliveryOption: 'huomenna',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ type: 'urn:resepti:problem:validation-failed', title: 'Validation failed', code: 'validation_failed' });
    expect(res.body.errors!.map((e) => [e.pointer, e.code])).toEqual(
      expect.arrayContaining([
        ['/officeId', 'integer_required'],
        ['/patient/hetu', 'hetu_invalid'],
        ['/items/0/extra', 'unknown_field'],
        ['/deliveryOption', 'delivery_option_invalid'],
      ]),
    );
    const office = res.body.errors!.find((e) => e.pointer === '/officeId')!;
    expect([office.detail, office.detailFi]).toEqual(['The value must be an integer.', 'Arvon on oltava kokonaisluku.']);
  });

  it('validates and documents query parameters: limit=abc is 400 naming the parameter, not ignored', async () => {
    for (const query of ['limit=abc', 'limit=0', 'limit=101', 'limit=1.5']) {
      const res = await pos.call<ProblemDetails>('GET', `/orders?${query}`);
      expect({ query, status: res.status, errors: res.body.errors?.map((e) => [e.parameter, e.code]) }).toEqual({ query, status: 400, errors: [['limit', 'limit_invalid']] });
    }
    expect((await pos.call<ProblemDetails>('GET', '/products?limit=abc')).status).toBe(400);
    expect((await pos.call<ProblemDetails>('GET', '/products?offset=-1')).status).toBe(400);
    expect((await pos.call('GET', '/orders?limit=100')).status).toBe(200);
  });

  it('lists every problem type and code in the error catalogue of docs/integrators.md', async () => {
    const docs = await readFile(path.join(ROOT, 'docs/integrators.md'), 'utf8');
    const missing = [...Object.keys(PROBLEM_KINDS), ...PROBLEM_TEXTS.map((t) => t.code)].filter((name) => !docs.includes(`| \`${name}\` |`));
    expect(missing).toEqual([]);
  });

  it('keeps the web API’s own error shape (problem+json is the integrator API’s)', async () => {
    const res = await fetch(`${app.apiUrl}/no-such-route`);
    expect([res.status, res.headers.get('content-type')?.split(';')[0]]).toEqual([404, 'application/json']);
  });
});

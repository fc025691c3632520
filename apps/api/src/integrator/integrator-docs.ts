import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { INTEGRATOR_API_VERSION, PROBLEM_KINDS, PROBLEM_TEXTS, PROBLEM_TYPE_PREFIX, problemKindOf, problemTextOf } from '@resepti/domain';
import { DEPRECATION_HEADERS, type ApiDeprecation } from './deprecation.js';
import { IntegratorModule } from './integrator.module.js';
import { withEventContract } from './event-contract.js';
import { withSortedEnums } from '../platform/http/openapi-enums.js';

/** The integrator API's OpenAPI description (served at /api/docs): how to sign in, page and verify webhooks. */
export const INTEGRATOR_API_DESCRIPTION = `
Stateless API for pharmacy systems. No cookies: every call carries \`Authorization: Bearer <token>\`.

**Token.** \`POST /api/oauth/token\` with \`grant_type=client_credentials\` and the client id and secret
(HTTP Basic, or the form fields \`client_id\` and \`client_secret\`) answers
\`{"access_token": "rat_…", "token_type": "Bearer", "expires_in": 900}\`. Wrong credentials: 401
\`{"error": "invalid_client"}\`. Clients are made with \`npm run admin -- create-api-client\` and revoked
by the pharmacy's admin (/adminapteekki) or \`npm run admin -- revoke-api-client ID\`, which ends their tokens at once.

**Errors** are \`application/problem+json\` (RFC 9457) with a stable \`type\` URI per kind, an English \`title\`, a stable
\`code\`, \`detail\` in English, \`detailFi\` in Finnish and \`detailSv\` in Swedish, the \`instance\` path and a \`requestId\`; validation errors list each
field in \`errors[]\` with its JSON \`pointer\` (or the query \`parameter\`). Every \`code\` is listed under **Error codes** at the end of this description.
Each client may make API_RATE_LIMIT_PER_MINUTE calls a minute, shared by all API servers (then 429 with Retry-After); every answer carries RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset and RateLimit-Policy.

**Orders.** \`POST /api/v1/orders\` with an \`Idempotency-Key\` header is safe to retry: the same key and
body return the first order, another body is 409. Decisions stay \`undecided\` until the order is
delivered. \`GET /api/v1/orders?updatedSince=…\` lists by last change, oldest first; follow \`nextCursor\`.

**Change feeds never skip.** \`GET /api/v1/orders\` and \`GET /api/v1/events\` (both by \`cursor\`) go by the
commit of each change, not by its clock: a page holds only changes whose database transactions (and every older
one) have ended, so a change that commits late still comes after your cursor, never behind it. Every change is
listed at least once (an order again after each later change, with its latest state); a change shows up once the
transactions that were running when it was made have ended (normally within milliseconds).

**Versions.** \`info.version\` is semver: additions (operations, optional fields, events) raise the minor version,
nothing is removed or changed incompatibly within /api/v1. A deprecated operation or usage is marked \`deprecated\`
here and its answers carry \`Deprecation\` (RFC 9745), \`Sunset\` (RFC 8594, the earliest removal, at least
6 months later) and \`Link: <…>; rel="deprecation"\` headers. Each release's changes are listed in the changelog of the Resepti
integrator guide, which this API does not serve (it serves only this document): ask the operator of this service, who made your API client, for it.

**FHIR.** The same orders, read-only, as FHIR R4 MedicationRequests under \`/api/fhir\` with the same tokens
(its CapabilityStatement at \`/api/fhir/metadata\`, SMART's configuration at \`/.well-known/smart-configuration\`;
not part of this document).

**Webhooks.** \`POST /api/v1/webhook-endpoints {url, events}\` answers the endpoint's secret once.
Events (\`order.created\`, \`order.processing\`, \`order.released\` when a doctor puts the order back in the queue,
\`order.delivered\` with decisions, \`order.e-prescription\` when an approved item's prescription is recorded in Kanta's
Prescription Centre (its id in the item's \`ePrescription\`; any pharmacy dispenses it) or refused by it, \`notice.published\`) are POSTed as \`{id, type, api_version, created, data: {object}}\`
(\`api_version\` is this document's \`info.version\`; \`data.object\` is the order as \`GET /api/v1/orders/{id}\` answers it, or the notice), at least once (drop repeats by \`id\`), in order per
order, retried with a doubling wait (half of it random) for 24 h until your endpoint answers 2xx. Each carries
\`Resepti-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">\`. After
\`POST /api/v1/webhook-endpoints/{id}/rotate-secret\` the header carries a second \`v1=\` (the old secret's) until
the overlap ends: accept a delivery when any \`v1\` matches your secret. Verify it (Node.js):

\`\`\`js
const { createHmac, timingSafeEqual } = require('node:crypto');
function verify(rawBody, header, secret, toleranceSeconds = 300) {
  const parts = header.split(',').map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)]);
  const t = (parts.find(([k]) => k === 't') ?? [])[1] ?? '';
  const expected = createHmac('sha256', secret).update(\`\${t}.\${rawBody}\`).digest();
  const fresh = /^\\d+$/.test(t) && Math.abs(Date.now() / 1000 - Number(t)) <= toleranceSeconds;
  return fresh && parts.some(([k, hex]) => {
    const given = Buffer.from(hex, 'hex');
    return k === 'v1' && given.length === 32 && timingSafeEqual(given, expected);
  });
}
\`\`\`
`.trim();

/** The document with only the paths `keep` accepts (the two APIs' documents split the routes by prefix). */
export function withPaths(document: OpenAPIObject, keep: (path: string) => boolean): OpenAPIObject {
  return { ...document, paths: Object.fromEntries(Object.entries(document.paths).filter(([path]) => keep(path))) };
}

/**
 * The document without the component schemas nothing in it refers to: Nest registers every schema
 * of the application, so without this one API's schemas would leak into the other's document.
 */
export function withoutUnusedSchemas(document: OpenAPIObject): OpenAPIObject {
  const schemas = document.components?.schemas ?? {};
  const used = new Set<string>();
  const visit = (value: unknown): void => {
    for (const [, name] of (JSON.stringify(value) ?? '').matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      if (used.has(name)) continue;
      used.add(name);
      visit(schemas[name]);
    }
  };
  visit({ ...document, components: { ...document.components, schemas: {} } });
  return { ...document, components: { ...document.components, schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name))) } };
}

type Json = Record<string, unknown>;
const SCHEMA_REF = '#/components/schemas/';
const ref = (name: string) => ({ $ref: `${SCHEMA_REF}${name}` });

/** An example built from the schema's own property examples (so it follows the schema). */
function exampleOf(schema: Json | undefined, components: Record<string, Json>, depth = 0): unknown {
  if (!schema || depth > 8) return undefined;
  if (typeof schema.$ref === 'string') return exampleOf(components[schema.$ref.slice(SCHEMA_REF.length)], components, depth + 1);
  if (schema.example !== undefined) return schema.example;
  if (schema.type === 'array') return [exampleOf(schema.items as Json, components, depth + 1)];
  if (schema.properties) {
    return Object.fromEntries(Object.entries(schema.properties as Record<string, Json>).map(([key, value]) => [key, exampleOf(value, components, depth + 1)]).filter(([, v]) => v !== undefined));
  }
  if (Array.isArray(schema.enum)) return schema.enum[0];
  // An answer whose shape a version picks: the example of its first (current) shape.
  if (Array.isArray(schema.oneOf)) return exampleOf(schema.oneOf[0] as Json, components, depth + 1);
  return undefined;
}

/** Each status's example code; its texts are the catalogue's. */
const PROBLEM_EXAMPLE_CODES: Record<number, string> = {
  400: 'hetu_invalid',
  401: 'token_invalid',
  403: 'sandbox_only',
  404: 'order_not_found',
  409: 'idempotency_conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  500: 'internal_error',
  503: 'service_unavailable',
};

function problemExample(status: number): { code: string; detail: string; detailFi: string; detailSv: string } {
  const { code, en, fi, sv } = problemTextOf(PROBLEM_EXAMPLE_CODES[status])!;
  return { code, detail: en, detailFi: fi, detailSv: sv };
}

function problemResponse(status: number, path: string): Json {
  const kind = status === 400 ? 'validation-failed' : problemKindOf(status);
  const example = {
    type: `${PROBLEM_TYPE_PREFIX}${kind}`,
    title: PROBLEM_KINDS[kind].title,
    status,
    ...problemExample(status),
    instance: path.replace(/\{[^}]+\}/g, '42'),
    requestId: '4b0e7a56-4c8e-4d0c-9a55-1a3c0f5b8f20',
    ...(status === 400 ? { errors: [{ pointer: '/patient/hetu', ...problemExample(400) }] } : {}),
  };
  const headers: Json = {};
  if (status === 429 || status === 503) headers['Retry-After'] = { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } };
  if (status === 401) headers['WWW-Authenticate'] = { description: 'Bearer realm="resepti", error="invalid_token"', schema: { type: 'string' } };
  return { description: PROBLEM_KINDS[kind].title, ...(Object.keys(headers).length ? { headers } : {}), content: { 'application/problem+json': { schema: ref('Problem'), example } } };
}

const TAGS = [
  { name: 'Authentication', description: 'Access tokens for API clients (OAuth 2.0 client credentials).' },
  { name: 'Catalogue', description: 'What can be ordered.' },
  { name: 'Orders', description: 'Orders sent to the doctors, read back by last change.' },
  { name: 'Webhooks', description: 'Signed event deliveries to the pharmacy system.' },
  { name: 'Sandbox', description: 'Test events on demand, for sandbox clients only.' },
];
const tagOf = (path: string) =>
  path.startsWith('/api/oauth') ? 'Authentication' : path.includes('/products') ? 'Catalogue' : path.includes('/webhook') ? 'Webhooks' : path.includes('/sandbox/') ? 'Sandbox' : 'Orders';

/** The token endpoint: a form body, HTTP Basic (or the form's fields), OAuth's own errors. */
function tokenOperation(op: Json): void {
  const oauthError = (description: string, example: Json, extra: Json = {}) => ({ description, ...extra, content: { 'application/json': { schema: ref('OAuthError'), example } } });
  Object.assign(op, {
    security: [{ clientBasic: [] }, {}],
    requestBody: {
      required: true,
      content: {
        'application/x-www-form-urlencoded': {
          schema: {
            type: 'object',
            required: ['grant_type'],
            properties: {
              grant_type: { type: 'string', enum: ['client_credentials'] },
              client_id: { type: 'string', description: 'When not sent by HTTP Basic.' },
              client_secret: { type: 'string', format: 'password', description: 'When not sent by HTTP Basic.' },
            },
          },
          example: { grant_type: 'client_credentials' },
        },
      },
    },
    responses: {
      200: {
        description: 'A Bearer token.',
        headers: { 'Cache-Control': { description: 'no-store', schema: { type: 'string' } } },
        content: { 'application/json': { schema: ref('TokenResponse'), example: { access_token: 'rat_eyJjIjoxLCJlIjoxNzY0MDY0MDAwfQ.2b7c…', token_type: 'Bearer', expires_in: 900 } } },
      },
      400: oauthError('Not grant_type=client_credentials.', { error: 'unsupported_grant_type', error_description: 'Only grant_type=client_credentials is supported.' }),
      401: oauthError(
        'Wrong client id or secret, or a revoked client.',
        { error: 'invalid_client', error_description: 'The client id or secret is wrong.' },
        { headers: { 'WWW-Authenticate': { description: 'Basic realm="resepti"', schema: { type: 'string' } } } },
      ),
      415: problemResponse(415, '/api/oauth/token'),
      429: problemResponse(429, '/api/oauth/token'),
      500: problemResponse(500, '/api/oauth/token'),
      503: problemResponse(503, '/api/oauth/token'),
    },
  });
}

/**
 * The published contract: Nest's document of the integrator routes, completed with what its
 * decorators cannot say: the problem+json answers of every operation (`x-problems` and the ones
 * every /api/v1 call can give), examples built from the schemas, integer path ids, the token
 * endpoint's form and Basic scheme, and tags.
 */
export function finishIntegratorDocument(document: OpenAPIObject): OpenAPIObject {
  const doc = JSON.parse(JSON.stringify(document)) as OpenAPIObject & { components: { schemas: Record<string, Json>; securitySchemes?: Json } };
  const schemas = doc.components.schemas;
  withEventContract(doc, exampleOf(ref('Order'), schemas) as Json);
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item as Record<string, Json>)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      op.tags = [tagOf(path)];
      if (path === '/api/oauth/token') {
        tokenOperation(op);
        continue;
      }
      const problems = [...new Set([...((op['x-problems'] as number[] | undefined) ?? []), 401, 429, 500, 503])].sort();
      delete op['x-problems'];
      const deprecation = op['x-deprecation'] as ApiDeprecation | undefined;
      delete op['x-deprecation'];
      for (const param of (op.parameters as Json[] | undefined) ?? []) {
        if (param.in === 'path') param.schema = { type: 'integer', minimum: 1, maximum: 2147483647 };
        if (param.in === 'path') param.example = 42;
      }
      const responses = op.responses as Record<string, Json>;
      for (const response of Object.values(responses)) {
        const json = (response.content as Record<string, Json> | undefined)?.['application/json'];
        if (json && json.example === undefined) json.example = exampleOf(json.schema as Json, schemas);
      }
      for (const status of problems) responses[String(status)] = problemResponse(status, path);
      if (deprecation) {
        op.deprecated = true;
        op.description = `${String(op.description ?? '')}\n\n**Deprecated** since ${deprecation.since.slice(0, 10)}, removed at the earliest ${deprecation.sunset.slice(0, 10)}: use ${deprecation.instead}.`;
        for (const response of Object.values(responses)) response.headers = { ...(response.headers as Json | undefined), ...DEPRECATION_HEADERS };
      }
      const body = (op.requestBody as { content?: Record<string, Json> } | undefined)?.content?.['application/json'];
      if (body && body.example === undefined) body.example = exampleOf(body.schema as Json, schemas);
    }
  }
  doc.tags = TAGS;
  return doc;
}

/** Every code of the error catalogue with its texts: the document explains what it can answer without pointing elsewhere. */
function errorCodesSection(): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  const codes = new Map(PROBLEM_TEXTS.map((t) => [t.code, t] as const));
  const rows = [...codes.values()].sort((a, b) => a.code.localeCompare(b.code)).map((t) => `| \`${t.code}\` | ${cell(t.en)} | ${cell(t.fi)} | ${cell(t.sv)} |`);
  return `\n**Error codes.**\n\n| code | detail | detailFi | detailSv |\n| --- | --- | --- | --- |\n${rows.join('\n')}\n`;
}

/** The integrator API's document, as served at /api/docs-json and committed as docs/openapi/integrator-v1.json. */
export function buildIntegratorDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Resepti integrator API')
    .setDescription(INTEGRATOR_API_DESCRIPTION + errorCodesSection())
    .setVersion(INTEGRATOR_API_VERSION)
    .addServer('/', 'This Resepti service (the host you fetched this document from)')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'opaque', description: 'An opaque access token (`rat_…`) from POST /api/oauth/token; it lives API_TOKEN_MINUTES.' }, 'bearer')
    .addBasicAuth({ type: 'http', scheme: 'basic', description: 'The API client’s id and secret (token endpoint only).' }, 'clientBasic')
    .build();
  const raw = SwaggerModule.createDocument(app, config, { include: [IntegratorModule] });
  return withSortedEnums(withoutUnusedSchemas(finishIntegratorDocument(withPaths(raw, (path) => path.startsWith('/api/')))));
}

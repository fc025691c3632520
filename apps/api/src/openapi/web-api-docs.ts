import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { CSRF_HEADER, CUSTOMER_MESSAGES, MESSAGES } from '@resepti/domain';
import { t } from '@resepti/domain/locales';
import { SESSION_SECURITY } from '../platform/http/roles.decorator.js';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../platform/database/database-unavailable.js';
import { SESSION_COOKIE } from '../accounts/session.middleware.js';
import { MyAccessLogEntrySchema, WebErrorSchema } from '../platform/http/web-api-schemas.js';
import { withoutUnusedSchemas, withPaths } from '../integrator/integrator-docs.js';
import { withSortedEnums } from '../platform/http/openapi-enums.js';

export const WEB_API_PREFIX = 'ui-api/v1';

/** Every route but the probes, metrics, the dev outbox, the integrator and FHIR APIs and SMART's discovery is under /ui-api/v1 (the server and `npm run openapi` alike). */
export function setWebApiPrefix(app: INestApplication): void {
  app.setGlobalPrefix(WEB_API_PREFIX, { exclude: ['health', 'health/live', 'health/ready', 'metrics', 'dev/sms-outbox', 'api/oauth/token', 'api/v1/*path', 'api/fhir/*path', '.well-known/smart-configuration'] });
}

/** The web API's OpenAPI description (served at /ui-api/docs-json with API_DOCS): sessions, CSRF, errors. */
export const WEB_API_DESCRIPTION = `
The REST API of the Resepti web app under \`/ui-api/v1\` (and the health probes under \`/health\`). It is the
browser's API: pharmacy systems use the integrator API (\`/api/docs-json\`).

**Session.** A login (\`POST /login\`, \`/doctor-login\`, \`/pharmacist-login\`, then \`POST /login/mfa\` when TOTP is on)
sets the \`${SESSION_COOKIE}\` cookie; operations with the \`session\` security need it, and \`x-roles\` names the roles that may call
them (\`pharmacyAdmin\`: a pharmacy user whose level is admin). Without a session: 401; with another role: 403.

**CSRF.** Every POST, PUT, PATCH and DELETE sends the token of \`GET /csrf-token\` in the \`${CSRF_HEADER}\` header, the page's
\`Origin\`, and a JSON body (or none). A missing or stale token is 403 with \`code: "csrf"\`: fetch a new token and send again.
Another content type is 415.

**Errors** are \`application/json\` \`{statusCode, message, error}\` (schema \`WebError\`); \`message\` is for the user, in Finnish
unless \`Accept-Language\` asks for Swedish or English, and lists every invalid field of a validation error.
`.trim();

type Json = Record<string, unknown>;
const ERROR_REF = { $ref: '#/components/schemas/WebError' };
const CHANGES = ['post', 'put', 'patch', 'delete'];

const TAGS = [
  { name: 'auth', description: 'Logins of the three roles, the CSRF token and staff TOTP.' },
  { name: 'registration', description: 'Strong identification (OpenID Connect): registration and a new password.' },
  { name: 'customer', description: "The customer's account, cart, payment, orders, feedback and data." },
  { name: 'catalogue', description: 'The medicines that can be ordered.' },
  { name: 'doctor', description: "The doctor's queue, current order, decisions, history and notice." },
  { name: 'pharmacy', description: "The pharmacist's office, order in the making, order lists and the doctors' notice." },
  { name: 'pharmacy-admin', description: "A pharmacy admin's user accounts (and API clients, under pharmacy)." },
  { name: 'audit', description: "Who read or changed a patient's data." },
  { name: 'health', description: 'Probes for load balancers and orchestrators (no session).' },
  { name: 'public', description: "What anyone may read without a session: the service provider's details." },
];

/** The default description of an error status the operation can answer. */
const GENERIC_ERRORS: Record<number, string> = {
  400: 'Invalid input (malformed JSON, an unknown or invalid field, a bad path or query value); nothing changes.',
  401: 'No session (or it ended).',
  403: 'Another role’s endpoint, or another user’s or pharmacy’s record.',
  404: 'No such record (of this user).',
  413: 'The request body is too large.',
  415: 'The body is not JSON.',
  429: 'Too many tries: wait and try again.',
  431: 'The request line or headers are too large: answered by the HTTP server itself, without a body.',
  500: 'Unexpected server error: the answer carries the request id of the server log.',
  503: 'The database (or a busy resource) is not available: try again in a moment.',
};

const CSRF_REFUSED = 'A missing or stale CSRF token (code csrf), or another site’s Origin.';

/** An example of each error status the web API answers with (Finnish: no Accept-Language). */
const ERROR_EXAMPLES: Record<number, { message: string | string[]; error: string; code?: string }> = {
  400: { message: ['Sähköpostin muoto on virheellinen.'], error: 'Bad Request' },
  401: { message: t(MESSAGES.unauthorized, 'fi'), error: 'Unauthorized' },
  403: { message: t(MESSAGES.forbidden, 'fi'), error: 'Forbidden' },
  404: { message: 'Tilausta ei löytynyt.', error: 'Not Found' },
  402: { message: t(CUSTOMER_MESSAGES.paymentDeclined, 'fi'), error: 'Payment Required' },
  409: { message: 'Maksu on jo käsittelyssä toisessa ikkunassa. Odota hetki ja katso tilauksesi Reseptit-sivulta.', error: 'Conflict' },
  410: { message: t(CUSTOMER_MESSAGES.checkoutExpired, 'fi'), error: 'Gone' },
  413: { message: 'Pyyntö on liian suuri', error: 'Payload Too Large' },
  415: { message: 'Virheellinen pyyntö', error: 'Unsupported Media Type' },
  429: { message: 'Liian monta epäonnistunutta kirjautumisyritystä. Yritä uudelleen 15 minuutin kuluttua.', error: 'Too Many Requests' },
  500: { message: 'Palvelussa tapahtui virhe', error: 'Internal Server Error' },
  503: { message: DATABASE_UNAVAILABLE_MESSAGE, error: 'Service Unavailable' },
};

const errorExample = (status: number) => (ERROR_EXAMPLES[status] ? { statusCode: status, ...ERROR_EXAMPLES[status] } : undefined);

function errorResponse(description: string, status: number): Json {
  const example = errorExample(status);
  return { description, content: { 'application/json': { schema: ERROR_REF, ...(example ? { example } : {}) } } };
}

const SAMPLE_TIME = '2026-11-25T08:00:00.000Z';

/** Texts for string properties without an example of their own, by the property's name. */
const SAMPLE_TEXTS: Record<string, string> = {
  firstName: 'Aino',
  lastName: 'Asiakas',
  hetu: '010190-998V',
  patientHetu: '010190-998V',
  displayName: 'Kestine 10 mg',
  format: 'tabletti, 30 kpl',
  name: 'Keskusapteekki',
  reason: 'Lääke loppumassa',
  reasonForDecision: 'Jatketaan samalla annoksella',
  email: 'aino.asiakas@example.fi',
  phone: '+358401234567',
  username: 'apteekki.admin',
  approvedEulaVersion: '1',
};

/**
 * An example that follows the schema, for a body that has none of its own: the schema's own
 * examples where it has them, otherwise a value of its type (an enum's first value, a number's
 * minimum, a fixed date). Every property is shown, optional ones too. redocly's
 * no-invalid-media-type-examples checks the result against the schema (web-api-contract test).
 */
function sampleOf(schema: Json | undefined, schemas: Record<string, Json>, depth = 0, key = ''): unknown {
  if (!schema || depth > 12) return undefined;
  if (typeof schema.$ref === 'string') return sampleOf(schemas[schema.$ref.split('/').pop()!], schemas, depth + 1, key);
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (Array.isArray(schema.allOf)) {
    const parts = (schema.allOf as Json[]).map((s) => sampleOf(s, schemas, depth + 1));
    const objects = parts.every((p) => p !== null && typeof p === 'object' && !Array.isArray(p));
    return objects ? Object.assign({}, ...parts) : parts[0];
  }
  const choices = (schema.oneOf ?? schema.anyOf) as Json[] | undefined;
  if (Array.isArray(choices)) return sampleOf(choices[0], schemas, depth + 1);
  if (schema.properties) {
    const entries = Object.entries(schema.properties as Record<string, Json>).map(([key, value]) => [key, sampleOf(value, schemas, depth + 1, key)] as const);
    return Object.fromEntries(entries.filter(([, v]) => v !== undefined));
  }
  switch (schema.type) {
    case 'array': {
      const item = sampleOf(schema.items as Json, schemas, depth + 1);
      return item === undefined ? [] : [item];
    }
    case 'string':
      return schema.format === 'date-time' ? SAMPLE_TIME : schema.format === 'date' ? SAMPLE_TIME.slice(0, 10) : (SAMPLE_TEXTS[key] ?? 'teksti');
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : typeof schema.maximum === 'number' ? Math.min(1, schema.maximum) : 1;
    case 'boolean':
      return true;
    case 'object':
      return {};
    default:
      return undefined;
  }
}

/** Request and answer bodies without an example get one: an error its status's, any other one that follows its schema. */
function addExamples(op: Json, schemas: Record<string, Json>): void {
  const bodies: Array<[number, Json | undefined]> = [
    [0, (op.requestBody as { content?: Record<string, Json> } | undefined)?.content?.['application/json']],
    ...Object.entries(op.responses as Record<string, Json>).map(([status, response]) => [Number(status), (response.content as Record<string, Json> | undefined)?.['application/json']] as [number, Json | undefined]),
  ];
  for (const [status, body] of bodies) {
    if (!body?.schema || body.example !== undefined) continue;
    const example = (body.schema as Json).$ref === ERROR_REF.$ref ? errorExample(status) : sampleOf(body.schema as Json, schemas);
    if (example !== undefined) body.example = example;
  }
}

/**
 * The published web contract: Nest's document of the web routes completed with what the decorators
 * do not say: the session (and CSRF) security of every operation, the errors every operation can give
 * besides its own (input 400, session 401/403, CSRF 403/415, a path id's 404, 413, 500, 503), each
 * with the one `WebError` schema (and the HTTP server's bodiless 431), integer path ids, and the tags.
 */
export function finishWebApiDocument(document: OpenAPIObject): OpenAPIObject {
  const doc = JSON.parse(JSON.stringify(document)) as OpenAPIObject & { components: Json };
  for (const item of Object.values(doc.paths)) {
    for (const [method, op] of Object.entries(item as Record<string, Json>)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const change = CHANGES.includes(method);
      const signedIn = Array.isArray(op.security) && op.security.length > 0;
      op.security = signedIn ? [change ? { [SESSION_SECURITY]: [], csrf: [] } : { [SESSION_SECURITY]: [] }] : change ? [{ csrf: [] }] : [];
      const parameters = (op.parameters as Json[] | undefined) ?? [];
      for (const param of parameters) {
        if (param.in === 'path' && param.name === 'id') Object.assign(param, { schema: { type: 'integer', minimum: 1, maximum: 2147483647 }, example: 42 });
      }
      const responses = op.responses as Record<string, Json>;
      const errors = new Set<number>([431, 500, 503]);
      if (op.requestBody || parameters.length > 0 || change) errors.add(400);
      if (signedIn) [401, 403].forEach((s) => errors.add(s));
      if (change) [403, 413, 415].forEach((s) => errors.add(s));
      if (parameters.some((p) => p.in === 'path')) errors.add(404);
      for (const status of errors) responses[String(status)] ??= { description: GENERIC_ERRORS[status] };
      for (const [status, response] of Object.entries(responses)) {
        if (Number(status) < 400) continue;
        if (response.content) continue;
        if (status === '431') {
          responses[status] = { description: GENERIC_ERRORS[431] };
          continue;
        }
        let description = (response.description as string | undefined) || GENERIC_ERRORS[Number(status)];
        if (status === '403' && change) description = signedIn ? `${description} Also: a missing or stale CSRF token (code csrf).` : CSRF_REFUSED;
        responses[status] = errorResponse(description, Number(status));
      }
      for (const [status, response] of Object.entries(responses)) {
        if (!response.description) response.description = status === '204' ? 'Done; no body.' : String(op.summary ?? 'OK');
      }
      op.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b)));
      addExamples(op, (doc.components.schemas ?? {}) as Record<string, Json>);
      const roles = op['x-roles'] as string[] | undefined;
      if (roles) op.description = [op.description, `Roles: ${roles.join(', ')}.`].filter(Boolean).join('\n\n');
    }
  }
  doc.tags = TAGS;
  return doc;
}

/** The web API's document, as served at /ui-api/docs-json and committed as docs/openapi/web-api.json. */
export function buildWebApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Resepti web API')
    .setDescription(WEB_API_DESCRIPTION)
    .setVersion('1')
    .addServer('/', 'This Resepti service (the host you fetched this document from)')
    .addCookieAuth(SESSION_COOKIE, { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The session cookie a login sets (HttpOnly).' }, SESSION_SECURITY)
    .addApiKey({ type: 'apiKey', in: 'header', name: CSRF_HEADER, description: 'The token of GET /csrf-token, on every POST, PUT, PATCH and DELETE.' }, 'csrf')
    .build();
  return withSortedEnums(withoutUnusedSchemas(finishWebApiDocument(withPaths(SwaggerModule.createDocument(app, config, { extraModels: [WebErrorSchema, MyAccessLogEntrySchema] }), (path) => !path.startsWith('/api/')))));
}

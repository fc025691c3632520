import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { CSRF_HEADER } from '@resepti/domain';
import { SESSION_SECURITY } from '../auth/roles.decorator.js';
import { SESSION_COOKIE } from '../auth/session.middleware.js';
import { MyAccessLogEntrySchema, WebErrorSchema } from './web-api-schemas.js';
import { withoutUnusedSchemas, withPaths } from '../integrator/integrator-docs.js';

export const WEB_API_PREFIX = 'ui-api/v1';

/** Every route but the probes, metrics, the dev outbox and the integrator and FHIR APIs is under /ui-api/v1 (the server and `npm run openapi` alike). */
export function setWebApiPrefix(app: INestApplication): void {
  app.setGlobalPrefix(WEB_API_PREFIX, { exclude: ['health', 'health/live', 'health/ready', 'metrics', 'dev/sms-outbox', 'api/oauth/token', 'api/v1/*path', 'api/fhir/*path'] });
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

function errorResponse(description: string): Json {
  return { description, content: { 'application/json': { schema: ERROR_REF } } };
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
        responses[status] = errorResponse(description);
      }
      for (const [status, response] of Object.entries(responses)) {
        if (!response.description) response.description = status === '204' ? 'Done; no body.' : String(op.summary ?? 'OK');
      }
      op.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b)));
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
  return withoutUnusedSchemas(finishWebApiDocument(withPaths(SwaggerModule.createDocument(app, config, { extraModels: [WebErrorSchema, MyAccessLogEntrySchema] }), (path) => !path.startsWith('/api/'))));
}

import type { OpenAPIObject } from '@nestjs/swagger';

/** The integrator API's OpenAPI description (served at /api/docs): how to sign in, page and verify webhooks. */
export const INTEGRATOR_API_DESCRIPTION = `
Stateless API for pharmacy systems. No cookies: every call carries \`Authorization: Bearer <token>\`.

**Token.** \`POST /api/oauth/token\` with \`grant_type=client_credentials\` and the client id and secret
(HTTP Basic, or the form fields \`client_id\` and \`client_secret\`) answers
\`{"access_token": "rat_…", "token_type": "Bearer", "expires_in": 900}\`. Wrong credentials: 401
\`{"error": "invalid_client"}\`. Clients are made with \`npm run admin -- create-api-client\` and revoked
by the pharmacy's admin (/adminapteekki) or \`npm run admin -- revoke-api-client ID\`, which ends their tokens at once.

**Errors** are \`application/problem+json\` (RFC 9457): \`{"type": "about:blank", "title": "Virheellinen pyyntö", "status": 400, "detail": "Henkilötunnus on virheellinen"}\`.
Each client may make API_RATE_LIMIT_PER_MINUTE calls a minute per server (then 429 with Retry-After).

**Orders.** \`POST /api/v1/orders\` with an \`Idempotency-Key\` header is safe to retry: the same key and
body return the first order, another body is 409. Decisions stay \`undecided\` until the order is
delivered. \`GET /api/v1/orders?updatedSince=…\` lists by last change, oldest first; follow \`nextCursor\`.

**Webhooks.** \`POST /api/v1/webhook-endpoints {url, events}\` answers the endpoint's secret once.
Events (\`order.created\`, \`order.processing\`, \`order.delivered\` with decisions, \`notice.published\`)
are POSTed as \`{id, type, created, data: {object}}\`, at least once (drop repeats by \`id\`), in order per
order, retried with a doubling wait for 24 h until your endpoint answers 2xx. Each carries
\`Resepti-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">\`. Verify it (Node.js):

\`\`\`js
const { createHmac, timingSafeEqual } = require('node:crypto');
function verify(rawBody, header, secret, toleranceSeconds = 300) {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=')));
  const expected = createHmac('sha256', secret).update(\`\${parts.t}.\${rawBody}\`).digest('hex');
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  const fresh = Math.abs(Date.now() / 1000 - Number(parts.t)) <= toleranceSeconds;
  return fresh && given.length === 32 && timingSafeEqual(given, Buffer.from(expected, 'hex'));
}
\`\`\`
`.trim();

/** The document with only the paths `keep` accepts (the two APIs' documents split the routes by prefix). */
export function withPaths(document: OpenAPIObject, keep: (path: string) => boolean): OpenAPIObject {
  return { ...document, paths: Object.fromEntries(Object.entries(document.paths).filter(([path]) => keep(path))) };
}

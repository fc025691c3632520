/**
 * Every setting the API reads from the environment, with its description.
 * Validated once at start: a bad value stops the process with a clear message.
 * `npm run admin -- config-table` prints this list as the README's configuration table.
 */
import { PROVIDER_SETTINGS } from './provider.js';

export const SETTINGS = [
  { name: 'PORT', default: '3000', description: 'HTTP port for the web app, REST API, Socket.IO and /health.' },
  {
    name: 'DATABASE_URL',
    default: '(unset)',
    description:
      'PostgreSQL connection string. Unset: an embedded PostgreSQL is started with its data under DATA_DIR, and demo data is seeded into an empty database.',
  },
  {
    name: 'MIGRATION_DATABASE_URL',
    default: '(DATABASE_URL, with a warning)',
    description:
      'PostgreSQL connection string of the schema owner, used only to run migrations and seed; the app itself connects with DATABASE_URL. Set both in production so the app never holds the rights to rewrite the audit trail.',
  },
  {
    name: 'DATABASE_ROLE',
    default: 'resepti_app',
    description:
      "The role the app's connections act as (SET ROLE at connect): may INSERT and SELECT audit rows but not UPDATE, DELETE or TRUNCATE them. DATABASE_URL's user must be a member (or a superuser). Empty: no SET ROLE, for a DATABASE_URL user that already has only those rights.",
  },
  { name: 'DATABASE_POOL_SIZE', default: '10', description: 'PostgreSQL connections per API process for the application (each process also opens SESSION_POOL_SIZE more).' },
  { name: 'SESSION_POOL_SIZE', default: '4', description: 'PostgreSQL connections per API process for login sessions.' },
  { name: 'SEED_DEMO', default: 'false', description: 'With DATABASE_URL set: seed the demo data into an empty database when true.' },
  { name: 'DATA_DIR', default: '.data', description: 'Where the embedded PostgreSQL keeps its files (kept across restarts).' },
  { name: 'EMBEDDED_PG_PORT', default: '54329', description: 'Port of the embedded PostgreSQL (only when DATABASE_URL is unset).' },
  {
    name: 'SESSION_SECRET',
    default: '(random per start in development)',
    description: 'Secret that signs session cookies. Required when NODE_ENV=production; must be the same on every API node.',
  },
  {
    name: 'AUDIT_CHAIN_KEY',
    default: '(a fixed development key outside production)',
    description:
      'Secret (at least 32 characters, e.g. `openssl rand -hex 32`) that keys the HMAC chain over the audit log and signs audit checkpoints. Keep it outside the database; the same on every API node and for `npm run admin`. Required when NODE_ENV=production. Without it, development and tests use a fixed key that is in the source, so their chains prove nothing.',
  },
  {
    name: 'TOTP_ENCRYPTION_KEY',
    default: '(derived from `AUDIT_CHAIN_KEY`)',
    description:
      'Key material (at least 32 characters) for encrypting staff TOTP secrets at rest (AES-256-GCM, key by HKDF). Unset: a separate key is derived from `AUDIT_CHAIN_KEY`. Changing it makes existing TOTP secrets unreadable: the users set TOTP up again (reset). The same on every node.',
  },
  {
    name: 'MFA_REQUIRED_FOR',
    default: '`doctor,pharmacy` when NODE_ENV=production, else empty',
    description:
      'Staff roles (comma list of `doctor`, `pharmacy`) that must sign in with a TOTP code: a user of such a role without TOTP gets `{ mfaSetupRequired: true }` after the password and can reach only the setup endpoints until it is enabled. Empty (`MFA_REQUIRED_FOR=`): TOTP is optional for everyone.',
  },
  { name: 'MIN_AGE', default: '18', description: 'The youngest age (in whole years, Helsinki date, from the birth date in the hetu) at which a person may register as a customer (0–120).' },
  { name: 'SESSION_IDLE_MINUTES', default: '30', description: 'Idle timeout of a login session in minutes (decimals allowed, e.g. 0.1 in tests).' },
  {
    name: 'COOKIE_CONSENT_ON_SCROLL',
    default: 'true',
    description: "SPEC's cookie banner accepts when the user scrolls past a quarter of the page with a wheel or touch (never by keyboard); `false` asks for an explicit choice only.",
  },
  {
    name: 'PASSWORD_HASH_CONCURRENCY',
    default: '(cores - 1, at least 1)',
    description: 'How many argon2 password checks run at once per process; the rest wait in a queue.',
  },
  {
    name: 'PASSWORD_HASH_QUEUE',
    default: '32',
    description: 'How many password checks may wait, per line (logins; registrations, resets and changes); beyond that the request answers 503 at once. Logins go first.',
  },
  {
    name: 'PASSWORD_HASH_MEMORY_KIB',
    default: '65536',
    description: "argon2id's memory cost per password hash in KiB. At least 19456 when NODE_ENV=production (OWASP's minimum); the tests use less. A login re-hashes a password made with other parameters.",
  },
  {
    name: 'PASSWORD_HASH_TIME_COST',
    default: '3',
    description: "argon2id's number of passes per password hash. At least 2 when NODE_ENV=production.",
  },
  {
    name: 'REDIS_URL',
    default: '(unset)',
    description:
      'Redis between API processes: pushes, the replay of missed pushes and push numbers. Unset: one process on its own. The API starts and keeps serving while Redis is down, and reconnects by itself.',
  },
  {
    name: 'TRUST_PROXY',
    default: 'false',
    description:
      "Which proxies may set X-Forwarded-For (the client address used by the login limits): false, true (any: only behind a proxy that overwrites it), a hop count such as 1, or a comma-separated list of proxy addresses/subnets.",
  },
  { name: 'SMS_SEND_INTERVAL_SECONDS', default: '5', description: 'How often each API node sends due text messages from the SMS outbox (decimals allowed).' },
  {
    name: 'RESEPTILISTA_CACHE_MS',
    default: '1000',
    description:
      "How long each API node answers an office's Reseptilista from memory when nothing of the office changed (0–60,000; 0: always from the database). Changes forget it at once, also on other nodes with Redis.",
  },
  {
    name: 'SMS_PROVIDER',
    default: 'log',
    description:
      'log: a message is logged as sent (without its number or text) and kept in the outbox, listed at GET /dev/sms-outbox outside production. http: POST to SMS_GATEWAY_URL.',
  },
  {
    name: 'SMS_GATEWAY_URL',
    default: '(unset)',
    description: 'With SMS_PROVIDER=http: where messages are posted as JSON {to, text, idempotencyKey} (https in production), with an Idempotency-Key header.',
  },
  { name: 'SMS_GATEWAY_TOKEN', default: '(unset)', description: 'With SMS_PROVIDER=http: sent as Authorization: Bearer.' },
  { name: 'SMS_MAX_ATTEMPTS', default: '5', description: 'Tries per message before it is marked failed.' },
  {
    name: 'SMS_RETRY_SECONDS',
    default: '30',
    description: 'Wait after the first failed try; doubles after each further one (30 s, 1 min, 2 min …). Decimals allowed.',
  },
  {
    name: 'STRIPE_SECRET_KEY',
    default: '(unset: embedded test checkout)',
    description:
      "Stripe secret key (sk_live_… or sk_test_…): payments go through Stripe Checkout. Unset: the app's own embedded checkout at /kassa/{id}, which takes only Stripe's test cards (never in production).",
  },
  {
    name: 'STRIPE_WEBHOOK_SECRET',
    default: '(derived from SESSION_SECRET without Stripe)',
    description:
      "Signing secret (whsec_…) of the webhook endpoint PUBLIC_URL/ui-api/v1/payments/webhook; required with STRIPE_SECRET_KEY. The embedded checkout signs its own events with it, so both modes go through one verified path.",
  },
  {
    name: 'STRIPE_API_URL',
    default: '(unset: https://api.stripe.com)',
    description: "Where the Stripe SDK sends its calls, e.g. Stripe's stripe-mock in a test environment (https in production).",
  },
  { name: 'API_TOKEN_MINUTES', default: '15', description: 'Lifetime of an integrator access token from POST /api/oauth/token (decimals allowed).' },
  { name: 'API_RATE_LIMIT_PER_MINUTE', default: '120', description: 'Requests per minute one integrator client may make to /api/v1 (shared by all API processes through Redis when `REDIS_URL` is set, per process otherwise); beyond it 429 with Retry-After. Every answer has `RateLimit-*` headers.' },
  {
    name: 'API_TOKEN_LIMIT_PER_CLIENT',
    default: '10',
    description: 'Requests per minute to POST /api/oauth/token per client id tried, shared like API_RATE_LIMIT_PER_MINUTE (a token lives API_TOKEN_MINUTES); beyond it 429 with Retry-After.',
  },
  {
    name: 'API_TOKEN_LIMIT_PER_ADDRESS',
    default: '60',
    description: 'Requests per minute to POST /api/oauth/token per client address (see TRUST_PROXY), shared like API_RATE_LIMIT_PER_MINUTE; beyond it 429 with Retry-After.',
  },
  {
    name: 'SANDBOX_DECISION_SECONDS',
    default: '10',
    description:
      "Integrators' sandbox (`create-api-client --sandbox`): seconds from a sandbox order's placing to the simulated doctor's decision (it is processing after half of them). Decimals allowed.",
  },
  { name: 'WEBHOOK_SEND_INTERVAL_SECONDS', default: '2', description: "How often each API node delivers due webhook events to integrators' endpoints (decimals allowed)." },
  {
    name: 'WEBHOOK_RETRY_SECONDS',
    default: '30',
    description: 'Wait after the first failed webhook try; doubles after each further one, for 24 hours. Decimals allowed.',
  },
  {
    name: 'OUTBOX_SEND_TIMEOUT_SECONDS',
    default: '10',
    description:
      'How long one send of an outbox row (a text message to the SMS gateway, a webhook POST) may take; then it is aborted and retried later. Decimals allowed.',
  },
  {
    name: 'OUTBOX_LEASE_MARGIN_SECONDS',
    default: '5',
    description:
      "A claimed outbox row is held for OUTBOX_SEND_TIMEOUT_SECONDS plus this, then another API node may take it: the send is aborted before, so no row goes out from two nodes at once, and a dead node's rows are sent by another within this lease. Decimals allowed.",
  },
  { name: 'SHUTDOWN_TIMEOUT_SECONDS', default: '10', description: 'On SIGTERM: how long requests in flight may take to finish before the process closes anyway.' },
  {
    name: 'SHUTDOWN_DELAY_SECONDS',
    default: '0',
    description:
      'On SIGTERM: how long GET /health/ready answers 503 while the node still serves, before it stops taking connections, so a proxy or Kubernetes that polls readiness drains it first (e.g. 5, a little over the probe interval). Decimals allowed.',
  },
  {
    name: 'PRESCRIPTION_CENTRE_URL',
    default: '(unset: embedded stand-in at /dev-prescription-centre/fhir)',
    description:
      "FHIR R4 base URL of Kanta's Prescription Centre (or its gateway), https in production: approved items are recorded there as MedicationRequests, and a patient's prescriptions are read from it (docs/eprescriptions.md). Unset: the embedded stand-in is mounted at /dev-prescription-centre/fhir; required when NODE_ENV=production.",
  },
  { name: 'PRESCRIPTION_CENTRE_TOKEN', default: '(unset)', description: 'Bearer token sent with every call to PRESCRIPTION_CENTRE_URL; required when NODE_ENV=production.' },
  {
    name: 'PRESCRIPTION_CENTRE_RETRY_SECONDS',
    default: '30',
    description: 'Wait after the first failed send of a prescription to the Centre (5xx, timeout, connection error); doubles after each further one. Decimals allowed.',
  },
  { name: 'PRESCRIPTION_CENTRE_TIMEOUT_SECONDS', default: '10', description: 'How long one call to the Prescription Centre may take; then it counts as unavailable (and a send is retried). Decimals allowed.' },
  {
    name: 'OIDC_ISSUER',
    default: '(unset: embedded test IdP at /dev-idp)',
    description:
      'OpenID Connect issuer for strong identification (a Finnish Trust Network broker). Unset: the embedded test identity provider is mounted at /dev-idp; required when NODE_ENV=production.',
  },
  { name: 'OIDC_CLIENT_ID', default: '(unset)', description: 'Client id registered with OIDC_ISSUER (required with OIDC_ISSUER).' },
  { name: 'OIDC_CLIENT_SECRET', default: '(unset)', description: 'Client secret registered with OIDC_ISSUER (required with OIDC_ISSUER).' },
  {
    name: 'PUBLIC_URL',
    default: '(http://localhost:PORT outside production)',
    description:
      'The address users open the app at, e.g. https://resepti.example.fi: every absolute link is built from it (the identification callback PUBLIC_URL/ui-api/v1/registration/callback, Stripe\'s return pages, text messages), never from a request\'s Host header. Required when NODE_ENV=production.',
  },
  {
    name: 'ALLOWED_ORIGINS',
    default: "(PUBLIC_URL's origin)",
    description:
      'Comma-separated origins (https://resepti.example.fi) whose pages may send changes and open Socket.IO connections, besides the address a request itself came to. A request or handshake from any other Origin is refused (403).',
  },
  { name: 'API_DOCS', default: 'true (false in production)', description: 'Serve the OpenAPI documents at /ui-api/docs and /ui-api/docs-json.' },
  {
    name: 'METRICS_TOKEN',
    default: '(unset: loopback only)',
    description:
      'Bearer token of the Prometheus metrics at GET /metrics (at least 16 characters): only `Authorization: Bearer <token>` gets them, anything else 401. Unset: only requests from the loopback address (127.0.0.1, ::1) get them, others 401.',
  },
  { name: 'LOG_FORMAT', default: 'json in production, pretty otherwise', description: 'json: one JSON object a line (pino), for a log collector. pretty: readable lines for a terminal.' },
  { name: 'LOG_LEVEL', default: 'info', description: 'Lowest level logged: fatal, error, warn, info, debug or trace.' },
  {
    name: 'OTEL_EXPORTER_OTLP_ENDPOINT',
    default: '(unset: no tracing)',
    description:
      'OpenTelemetry traces: the OTLP/HTTP address of a collector (e.g. http://otel-collector:4318); spans go to its /v1/traces as JSON. Unset, tracing is off and its SDK is not even loaded. OTEL_EXPORTER_OTLP_TRACES_ENDPOINT (the full URL) and OTEL_EXPORTER_OTLP_HEADERS (e.g. an API key) work as OpenTelemetry documents them; OTEL_SDK_DISABLED=true turns tracing off.',
  },
  { name: 'OTEL_EXPORTER_OTLP_PROTOCOL', default: 'http/json', description: 'The only protocol the API sends is http/json; any other value stops the start with a message (also OTEL_EXPORTER_OTLP_TRACES_PROTOCOL).' },
  { name: 'OTEL_SERVICE_NAME', default: 'resepti-api', description: "The traces' service.name (OTEL_RESOURCE_ATTRIBUTES adds more, e.g. deployment.environment=production)." },
  {
    name: 'OTEL_TRACES_SAMPLER',
    default: 'parentbased_always_on',
    description: 'Which requests are traced: e.g. parentbased_traceidratio with OTEL_TRACES_SAMPLER_ARG=0.1 for one in ten (a traceparent header from the proxy decides for its requests).',
  },
  { name: 'OTEL_BSP_SCHEDULE_DELAY', default: '5000', description: 'Milliseconds between sending batches of finished spans (OTEL_BSP_MAX_QUEUE_SIZE, OTEL_BSP_MAX_EXPORT_BATCH_SIZE as documented by OpenTelemetry).' },
  {
    name: 'PROVIDER_NAME',
    default: PROVIDER_SETTINGS.name.demo,
    description: "The company that provides the service, as the landing page, the footer and the accessibility statement name it. Production refuses to start while this or any other PROVIDER_ setting, CUSTOMER_SERVICE_PHONE or RESPONSIBLE_PHYSICIAN is the demo's value.",
  },
  { name: 'PROVIDER_BUSINESS_ID', default: PROVIDER_SETTINGS.businessId.demo, description: "The provider's business ID (Y-tunnus, with its check digit)." },
  { name: 'PROVIDER_ADDRESS', default: PROVIDER_SETTINGS.address.demo, description: "The provider's street address." },
  { name: 'CUSTOMER_SERVICE_PHONE', default: PROVIDER_SETTINGS.customerServicePhone.demo, description: 'The customer service phone number shown (and linked) on the public pages.' },
  { name: 'RESPONSIBLE_PHYSICIAN', default: PROVIDER_SETTINGS.responsiblePhysician.demo, description: 'The responsible physician (vastaava lääkäri) of the health-care provider, named in the trust sections.' },
  {
    name: 'PROVIDER_REGISTRATION',
    default: PROVIDER_SETTINGS.registration.demo,
    description: "The provider's registration as a private health-care provider (Valvira's or the regional state administrative agency's register, e.g. 'Valviran palveluntuottajarekisteri (Valveri), rekisteröity 1.1.2026'), shown in the trust sections.",
  },
  { name: 'NODE_ENV', default: 'development', description: "production: Secure cookies, a required SESSION_SECRET, AUDIT_CHAIN_KEY, PUBLIC_URL, OIDC_ISSUER, STRIPE_SECRET_KEY, PRESCRIPTION_CENTRE_URL and PRESCRIPTION_CENTRE_TOKEN, and the provider's real details (not the demo's)." },
  { name: 'WEB_DIST', default: 'apps/web/dist', description: 'The built web app served at /.' },
] as const;

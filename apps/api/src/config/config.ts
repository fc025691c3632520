import { createHmac, randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import path from 'node:path';

/**
 * Every setting the API reads from the environment, with its description.
 * Validated once at start: a bad value stops the process with a clear message.
 * `npm run admin -- config-table` prints this list as the README's configuration table.
 */
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
  { name: 'SESSION_IDLE_MINUTES', default: '30', description: 'Idle timeout of a login session in minutes (decimals allowed, e.g. 0.1 in tests).' },
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
  { name: 'API_RATE_LIMIT_PER_MINUTE', default: '120', description: 'Requests per minute one integrator client may make to /api/v1 per API process; beyond it 429 with Retry-After.' },
  {
    name: 'API_TOKEN_LIMIT_PER_CLIENT',
    default: '10',
    description: 'Requests per minute to POST /api/oauth/token per client id tried, per API process (a token lives API_TOKEN_MINUTES); beyond it 429 with Retry-After.',
  },
  {
    name: 'API_TOKEN_LIMIT_PER_ADDRESS',
    default: '60',
    description: 'Requests per minute to POST /api/oauth/token per client address (see TRUST_PROXY), per API process; beyond it 429 with Retry-After.',
  },
  { name: 'WEBHOOK_SEND_INTERVAL_SECONDS', default: '2', description: "How often each API node delivers due webhook events to integrators' endpoints (decimals allowed)." },
  {
    name: 'WEBHOOK_RETRY_SECONDS',
    default: '30',
    description: 'Wait after the first failed webhook try; doubles after each further one, for 24 hours. Decimals allowed.',
  },
  { name: 'SHUTDOWN_TIMEOUT_SECONDS', default: '10', description: 'On SIGTERM: how long requests in flight may take to finish before the process closes anyway.' },
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
  { name: 'NODE_ENV', default: 'development', description: 'production: Secure cookies, a required SESSION_SECRET, AUDIT_CHAIN_KEY, PUBLIC_URL, OIDC_ISSUER and STRIPE_SECRET_KEY.' },
  { name: 'WEB_DIST', default: 'apps/web/dist', description: 'The built web app served at /.' },
] as const;

export interface AppConfig {
  port: number;
  databaseUrl: string | null;
  /** The schema owner's URL for migrations and seeding (null: DATABASE_URL's). */
  migrationDatabaseUrl: string | null;
  /** The role the app's connections SET ROLE to ('' = none). */
  databaseRole: string;
  seedDemo: boolean;
  databasePoolSize: number;
  sessionPoolSize: number;
  dataDir: string;
  embeddedPgPort: number;
  sessionSecret: string;
  /** HMAC key of the audit chain and its checkpoints (audit/audit-chain.ts). */
  auditChainKey: string;
  /** true: AUDIT_CHAIN_KEY was unset and the development key is in use (never in production). */
  auditChainKeyIsDevelopment: boolean;
  sessionIdleMinutes: number;
  passwordHashConcurrency: number;
  passwordHashQueue: number;
  redisUrl: string | null;
  /** express's 'trust proxy' setting. */
  trustProxy: boolean | number | string;
  smsSendIntervalSeconds: number;
  sms: SmsConfig;
  payments: PaymentsConfig;
  integrator: { tokenMinutes: number; rateLimitPerMinute: number; tokenLimitPerClient: number; tokenLimitPerAddress: number };
  webhooks: { sendIntervalSeconds: number; retrySeconds: number };
  shutdownTimeoutSeconds: number;
  production: boolean;
  webDist: string;
  /** The OpenID Connect issuer of strong identification and this app's client there. */
  oidc: OidcConfig;
  /**
   * The address the users open the app at (no trailing slash): the only base of absolute URLs (a
   * request's Host header is the client's to choose). http://localhost:PORT outside production.
   */
  publicUrl: string;
  /** true: PUBLIC_URL was unset and publicUrl is the development default. */
  publicUrlIsDefault: boolean;
  /** Origins (scheme://host[:port]) trusted besides the request's own; see common/same-origin.ts. */
  allowedOrigins: string[];
  /** Serve the OpenAPI documents. */
  apiDocs: boolean;
}

export interface PaymentsConfig {
  /** null: the embedded test checkout (development and tests only). */
  stripeSecretKey: string | null;
  /** Verifies (and, embedded, signs) checkout events. */
  webhookSecret: string;
  /** Another Stripe API address (stripe-mock, tests), or null for Stripe's own. */
  apiUrl: URL | null;
}

export interface SmsConfig {
  provider: 'log' | 'http';
  gatewayUrl: string | null;
  gatewayToken: string | null;
  maxAttempts: number;
  retrySeconds: number;
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** true: the issuer is the embedded test IdP at /dev-idp (never in production). */
  embedded: boolean;
}

/** Mount path of the embedded test identity provider. */
export const DEV_IDP_PATH = '/dev-idp';

export class ConfigError extends Error {}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max} (got '${raw}')`);
  }
  return value;
}

function decimal(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a number between ${min} and ${max} (got '${raw}')`);
  }
  return value;
}

function bool(env: NodeJS.ProcessEnv, name: string): boolean {
  const raw = (env[name] ?? '').toLowerCase();
  if (raw === '' || raw === 'false' || raw === '0') return false;
  if (raw === 'true' || raw === '1') return true;
  throw new ConfigError(`${name} must be true or false (got '${env[name]}')`);
}

function trustProxy(env: NodeJS.ProcessEnv): boolean | number | string {
  const raw = (env.TRUST_PROXY ?? '').trim();
  if (raw === '' || raw.toLowerCase() === 'false') return false;
  if (raw.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  if (!/^[0-9a-fA-F.:/,\s]+$/.test(raw)) {
    throw new ConfigError(`TRUST_PROXY must be false, true, a hop count or a list of addresses (got '${raw}')`);
  }
  return raw;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const production = env.NODE_ENV === 'production';
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  if (env.MIGRATION_DATABASE_URL?.trim() && !databaseUrl) throw new ConfigError('MIGRATION_DATABASE_URL needs DATABASE_URL too');
  const redisUrl = env.REDIS_URL?.trim() || null;
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) throw new ConfigError('REDIS_URL must start with redis:// or rediss://');
  let sessionSecret = env.SESSION_SECRET ?? '';
  if (!sessionSecret) {
    if (production) throw new ConfigError('SESSION_SECRET is required when NODE_ENV=production');
    sessionSecret = randomBytes(32).toString('hex');
  } else if (sessionSecret.length < 16) {
    throw new ConfigError('SESSION_SECRET must be at least 16 characters');
  }
  const port = int(env, 'PORT', 3000, 0, 65535);
  const explicitPublicUrl = optionalUrl(env, 'PUBLIC_URL');
  if (!explicitPublicUrl && production) {
    throw new ConfigError('PUBLIC_URL is required when NODE_ENV=production (e.g. https://resepti.example.fi: absolute links are built from it, never from the Host header)');
  }
  const publicUrl = explicitPublicUrl ?? `http://localhost:${port}`;
  return {
    port,
    databaseUrl,
    migrationDatabaseUrl: postgresUrl(env, 'MIGRATION_DATABASE_URL'),
    databaseRole: databaseRole(env),
    seedDemo: databaseUrl ? bool(env, 'SEED_DEMO') : true,
    databasePoolSize: int(env, 'DATABASE_POOL_SIZE', 10, 1, 500),
    sessionPoolSize: int(env, 'SESSION_POOL_SIZE', 4, 1, 100),
    dataDir: path.resolve(env.DATA_DIR || '.data'),
    embeddedPgPort: int(env, 'EMBEDDED_PG_PORT', 54329, 1, 65535),
    sessionSecret,
    ...auditChainKey(env, production),
    sessionIdleMinutes: decimal(env, 'SESSION_IDLE_MINUTES', 30, 0.05, 24 * 60),
    passwordHashConcurrency: int(env, 'PASSWORD_HASH_CONCURRENCY', Math.max(1, availableParallelism() - 1), 1, 64),
    passwordHashQueue: int(env, 'PASSWORD_HASH_QUEUE', 32, 0, 10_000),
    redisUrl,
    trustProxy: trustProxy(env),
    smsSendIntervalSeconds: decimal(env, 'SMS_SEND_INTERVAL_SECONDS', 5, 0.1, 3600),
    sms: smsConfig(env, production),
    shutdownTimeoutSeconds: int(env, 'SHUTDOWN_TIMEOUT_SECONDS', 10, 0, 600),
    production,
    webDist: path.resolve(env.WEB_DIST || 'apps/web/dist'),
    oidc: oidcConfig(env, production, publicUrl),
    payments: paymentsConfig(env, production, sessionSecret),
    integrator: {
      tokenMinutes: decimal(env, 'API_TOKEN_MINUTES', 15, 0.01, 24 * 60),
      rateLimitPerMinute: int(env, 'API_RATE_LIMIT_PER_MINUTE', 120, 1, 100_000),
      tokenLimitPerClient: int(env, 'API_TOKEN_LIMIT_PER_CLIENT', 10, 1, 100_000),
      tokenLimitPerAddress: int(env, 'API_TOKEN_LIMIT_PER_ADDRESS', 60, 1, 100_000),
    },
    webhooks: { sendIntervalSeconds: decimal(env, 'WEBHOOK_SEND_INTERVAL_SECONDS', 2, 0.05, 3600), retrySeconds: decimal(env, 'WEBHOOK_RETRY_SECONDS', 30, 0.05, 86_400) },
    publicUrl,
    publicUrlIsDefault: explicitPublicUrl === null,
    allowedOrigins: allowedOrigins(env, publicUrl),
    apiDocs: env.API_DOCS === undefined || env.API_DOCS === '' ? !production : bool(env, 'API_DOCS'),
  };
}

function smsConfig(env: NodeJS.ProcessEnv, production: boolean): SmsConfig {
  const provider = (env.SMS_PROVIDER ?? '').trim() || 'log';
  if (provider !== 'log' && provider !== 'http') throw new ConfigError(`SMS_PROVIDER must be log or http (got '${provider}')`);
  const gatewayUrl = optionalUrl(env, 'SMS_GATEWAY_URL');
  if (provider === 'http' && !gatewayUrl) throw new ConfigError('SMS_PROVIDER=http needs SMS_GATEWAY_URL');
  if (provider === 'http' && production && !gatewayUrl!.startsWith('https://')) throw new ConfigError('SMS_GATEWAY_URL must be https:// in production');
  return {
    provider,
    gatewayUrl,
    gatewayToken: env.SMS_GATEWAY_TOKEN?.trim() || null,
    maxAttempts: int(env, 'SMS_MAX_ATTEMPTS', 5, 1, 100),
    retrySeconds: decimal(env, 'SMS_RETRY_SECONDS', 30, 0.05, 86_400),
  };
}

function paymentsConfig(env: NodeJS.ProcessEnv, production: boolean, sessionSecret: string): PaymentsConfig {
  const stripeSecretKey = env.STRIPE_SECRET_KEY?.trim() || null;
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim() || null;
  if (stripeSecretKey && !/^(sk|rk)_(live|test)_\w+$/.test(stripeSecretKey)) throw new ConfigError('STRIPE_SECRET_KEY must be a Stripe secret key (sk_live_… or sk_test_…)');
  if (webhookSecret && !webhookSecret.startsWith('whsec_')) throw new ConfigError('STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)');
  if (!stripeSecretKey && production) {
    throw new ConfigError('STRIPE_SECRET_KEY is required when NODE_ENV=production (the embedded test checkout takes no real payments)');
  }
  if (stripeSecretKey && !webhookSecret) throw new ConfigError('STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY');
  const apiUrl = optionalUrl(env, 'STRIPE_API_URL');
  if (apiUrl && production && !apiUrl.startsWith('https://')) throw new ConfigError('STRIPE_API_URL must be https:// in production');
  return {
    stripeSecretKey,
    apiUrl: apiUrl ? new URL(apiUrl) : null,
    // Every node derives the same secret from SESSION_SECRET, so any node verifies another's event.
    webhookSecret: webhookSecret ?? `whsec_${createHmac('sha256', sessionSecret).update('embedded-checkout-webhook').digest('base64url')}`,
  };
}

/**
 * Outside production an unset AUDIT_CHAIN_KEY falls back to a fixed key, not a random one: the
 * embedded database outlives the process, and `npm run admin -- verify-audit` must check what the
 * app wrote. The key is public (it is here), so such a chain only catches accidents.
 */
export const DEVELOPMENT_AUDIT_CHAIN_KEY = 'resepti-development-audit-chain-key-not-a-secret';

function auditChainKey(env: NodeJS.ProcessEnv, production: boolean): Pick<AppConfig, 'auditChainKey' | 'auditChainKeyIsDevelopment'> {
  const key = env.AUDIT_CHAIN_KEY ?? '';
  if (!key) {
    if (production) throw new ConfigError('AUDIT_CHAIN_KEY is required when NODE_ENV=production (the audit chain\'s HMAC key, kept outside the database)');
    return { auditChainKey: DEVELOPMENT_AUDIT_CHAIN_KEY, auditChainKeyIsDevelopment: true };
  }
  if (key.length < 32) throw new ConfigError('AUDIT_CHAIN_KEY must be at least 32 characters (e.g. openssl rand -hex 32)');
  if (production && key === DEVELOPMENT_AUDIT_CHAIN_KEY) throw new ConfigError('AUDIT_CHAIN_KEY must not be the development key in production');
  return { auditChainKey: key, auditChainKeyIsDevelopment: false };
}

function postgresUrl(env: NodeJS.ProcessEnv, name: string): string | null {
  const url = env[name]?.trim() || null;
  if (url && !/^postgres(ql)?:\/\//.test(url)) throw new ConfigError(`${name} must start with postgres:// or postgresql://`);
  return url;
}

function databaseRole(env: NodeJS.ProcessEnv): string {
  const role = env.DATABASE_ROLE === undefined ? 'resepti_app' : env.DATABASE_ROLE.trim();
  if (role !== '' && !/^[a-z_][a-z0-9_]{0,62}$/.test(role)) throw new ConfigError(`DATABASE_ROLE must be a plain lower-case PostgreSQL role name (got '${role}')`);
  return role;
}

function allowedOrigins(env: NodeJS.ProcessEnv, publicUrl: string): string[] {
  const listed = (env.ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)
    .map((o) => {
      try {
        const url = new URL(o);
        if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('scheme');
        return url.origin;
      } catch {
        throw new ConfigError(`ALLOWED_ORIGINS must list http:// or https:// origins separated by commas (got '${o}')`);
      }
    });
  return [...new Set([new URL(publicUrl).origin, ...listed])];
}

function optionalUrl(env: NodeJS.ProcessEnv, name: string): string | null {
  const raw = env[name]?.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an http:// or https:// address (got '${raw}')`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`${name} must be an http:// or https:// address (got '${raw}')`);
  return raw.replace(/\/+$/, '');
}

function oidcConfig(env: NodeJS.ProcessEnv, production: boolean, appOrigin: string): OidcConfig {
  const issuer = optionalUrl(env, 'OIDC_ISSUER');
  if (!issuer) {
    if (production) {
      throw new ConfigError(
        'OIDC_ISSUER is required when NODE_ENV=production (strong identification; the embedded test identity provider is never used in production)',
      );
    }
    // The embedded test IdP: its client secret only lives in this process.
    return { issuer: `${appOrigin}${DEV_IDP_PATH}`, clientId: 'resepti-dev', clientSecret: randomBytes(24).toString('hex'), embedded: true };
  }
  const clientId = env.OIDC_CLIENT_ID?.trim();
  const clientSecret = env.OIDC_CLIENT_SECRET ?? '';
  if (!clientId) throw new ConfigError('OIDC_CLIENT_ID is required with OIDC_ISSUER');
  if (!clientSecret) throw new ConfigError('OIDC_CLIENT_SECRET is required with OIDC_ISSUER');
  return { issuer, clientId, clientSecret, embedded: false };
}

/** Injection token of AppConfig. */
export const APP_CONFIG = Symbol('APP_CONFIG');

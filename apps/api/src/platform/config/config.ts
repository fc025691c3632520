import { createHmac, randomBytes } from 'node:crypto';
import path from 'node:path';
import type { TracingConfig } from '../tracing/tracing.js';
import type { OutboxTiming } from '../outbox/outbox-worker.js';

import { ConfigError } from './config-error.js';
import { bool, decimal, int } from './config-values.js';
import { passwordHashingConfig, type PasswordHashingConfig } from './password-hashing-config.js';
import { providerConfig, type ProviderDetails } from './provider.js';
import { prescriptionCentreConfig, type PrescriptionCentreConfig } from './prescription-centre-config.js';

export { SETTINGS } from './settings.js';
export { ConfigError } from './config-error.js';
export { DEV_PRESCRIPTION_CENTRE_PATH, type PrescriptionCentreConfig } from './prescription-centre-config.js';

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
  /** Key material of the staff TOTP secrets' encryption (TOTP_ENCRYPTION_KEY, else AUDIT_CHAIN_KEY). */
  totpEncryptionKey: string;
  sessionIdleMinutes: number;
  /** SPEC's cookie banner accepts on scrolling past a quarter of the page; false: only by the buttons. */
  cookieConsentOnScroll: boolean;
  /** MIN_AGE: the youngest age at which a customer may register (default 18). */
  minAge: number;
  /** argon2's cost and how many hashes run and wait at once (accounts/password.ts). */
  passwordHashing: PasswordHashingConfig;
  redisUrl: string | null;
  /** express's 'trust proxy' setting. */
  trustProxy: boolean | number | string;
  smsSendIntervalSeconds: number;
  /** How long a process answers an office's Reseptilista from memory (pharmacy/reseptilista-cache.ts). */
  reseptilistaCacheMs: number;
  sms: SmsConfig;
  payments: PaymentsConfig;
  integrator: { tokenMinutes: number; rateLimitPerMinute: number; tokenLimitPerClient: number; tokenLimitPerAddress: number };
  webhooks: { sendIntervalSeconds: number; retrySeconds: number };
  /** Every outbox channel's send timeout and the margin its claims' lease adds (outbox/outbox-worker.ts). */
  outbox: OutboxTiming;
  /** The integrators' sandbox: seconds from a sandbox order's placing to the simulated doctor's decision. */
  sandbox: { decisionSeconds: number };
  shutdownTimeoutSeconds: number;
  /** On SIGTERM: how long readiness answers 503 before the listener closes. */
  shutdownDelaySeconds: number;
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
  /** Staff roles that must sign in with TOTP (MFA_REQUIRED_FOR). */
  mfaRequiredFor: Array<'doctor' | 'pharmacy'>;
  observability: ObservabilityConfig;
  /** The provider's details the public pages show (PROVIDER_NAME …). */
  provider: ProviderDetails;
  /** Kanta's Prescription Centre (PRESCRIPTION_CENTRE_URL), or the embedded stand-in outside production. */
  prescriptionCentre: PrescriptionCentreConfig;
}

/** Metrics and logs (docs/operations.md). */
export interface ObservabilityConfig {
  /** Bearer token of GET /metrics; null: only loopback clients get them. */
  metricsToken: string | null;
  /** json: one JSON object a line (production's default); pretty: readable text (development). */
  logFormat: 'json' | 'pretty';
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
  /** OpenTelemetry traces over OTLP/HTTP (JSON); null: off, nothing of the SDK loaded. */
  tracing: TracingConfig | null;
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
    totpEncryptionKey: totpEncryptionKey(env),
    sessionIdleMinutes: decimal(env, 'SESSION_IDLE_MINUTES', 30, 0.05, 24 * 60),
    minAge: decimal(env, 'MIN_AGE', 18, 0, 120),
    cookieConsentOnScroll: (env.COOKIE_CONSENT_ON_SCROLL ?? '') === '' ? true : bool(env, 'COOKIE_CONSENT_ON_SCROLL'),
    passwordHashing: passwordHashingConfig(env, production),
    redisUrl,
    trustProxy: trustProxy(env),
    smsSendIntervalSeconds: decimal(env, 'SMS_SEND_INTERVAL_SECONDS', 5, 0.1, 3600),
    reseptilistaCacheMs: int(env, 'RESEPTILISTA_CACHE_MS', 1_000, 0, 60_000),
    sms: smsConfig(env, production),
    shutdownTimeoutSeconds: int(env, 'SHUTDOWN_TIMEOUT_SECONDS', 10, 0, 600),
    shutdownDelaySeconds: decimal(env, 'SHUTDOWN_DELAY_SECONDS', 0, 0, 600),
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
    outbox: {
      sendTimeoutMs: Math.round(decimal(env, 'OUTBOX_SEND_TIMEOUT_SECONDS', 10, 0.1, 600) * 1000),
      leaseMarginMs: Math.round(decimal(env, 'OUTBOX_LEASE_MARGIN_SECONDS', 5, 0.1, 600) * 1000),
    },
    sandbox: { decisionSeconds: decimal(env, 'SANDBOX_DECISION_SECONDS', 10, 0.2, 3600) },
    publicUrl,
    publicUrlIsDefault: explicitPublicUrl === null,
    allowedOrigins: allowedOrigins(env, publicUrl),
    apiDocs: env.API_DOCS === undefined || env.API_DOCS === '' ? !production : bool(env, 'API_DOCS'),
    mfaRequiredFor: mfaRequiredFor(env, production),
    observability: observabilityConfig(env, production),
    provider: providerConfig(env, production),
    prescriptionCentre: prescriptionCentreConfig(env, production, port === 0 ? publicUrl : `http://127.0.0.1:${port}`, {
      url: (name) => optionalUrl(env, name),
      decimal: (name, fallback, min, max) => decimal(env, name, fallback, min, max),
    }),
  };
}

function mfaRequiredFor(env: NodeJS.ProcessEnv, production: boolean): Array<'doctor' | 'pharmacy'> {
  const raw = env.MFA_REQUIRED_FOR;
  if (raw === undefined) return production ? ['doctor', 'pharmacy'] : [];
  const roles = raw.split(',').map((r) => r.trim()).filter(Boolean);
  for (const role of roles) {
    if (role !== 'doctor' && role !== 'pharmacy') throw new ConfigError(`MFA_REQUIRED_FOR must list doctor and/or pharmacy, separated by commas (got '${raw}')`);
  }
  return [...new Set(roles as Array<'doctor' | 'pharmacy'>)];
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;

export function observabilityConfig(env: NodeJS.ProcessEnv, production: boolean): ObservabilityConfig {
  const metricsToken = env.METRICS_TOKEN?.trim() || null;
  if (metricsToken !== null && metricsToken.length < 16) throw new ConfigError('METRICS_TOKEN must be at least 16 characters');
  const format = (env.LOG_FORMAT ?? '').trim().toLowerCase() || (production ? 'json' : 'pretty');
  if (format !== 'json' && format !== 'pretty') throw new ConfigError(`LOG_FORMAT must be json or pretty (got '${format}')`);
  const level = (env.LOG_LEVEL ?? '').trim().toLowerCase() || 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(level)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got '${level}')`);
  return { metricsToken, logFormat: format, logLevel: level as ObservabilityConfig['logLevel'], tracing: tracingConfig(env) };
}

/** Tracing is on with OTEL_EXPORTER_OTLP_ENDPOINT (and not OTEL_SDK_DISABLED=true); the SDK reads its other OTEL_* itself. */
function tracingConfig(env: NodeJS.ProcessEnv): TracingConfig | null {
  const endpoint = (env.OTEL_EXPORTER_OTLP_ENDPOINT ?? '').trim();
  if (!endpoint || (env.OTEL_SDK_DISABLED ?? '').trim().toLowerCase() === 'true') return null;
  if (!/^https?:\/\/[^/]/.test(endpoint) || !URL.canParse(endpoint)) throw new ConfigError(`OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) URL (got '${endpoint}')`);
  for (const name of ['OTEL_EXPORTER_OTLP_PROTOCOL', 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL']) {
    const protocol = (env[name] ?? '').trim();
    if (protocol && protocol !== 'http/json') throw new ConfigError(`${name} must be http/json, the one protocol the API sends (got '${protocol}')`);
  }
  return { endpoint };
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

/** Its own key when set; otherwise the audit chain's key (also outside the database), from which a separate key is derived. */
function totpEncryptionKey(env: NodeJS.ProcessEnv): string {
  const key = env.TOTP_ENCRYPTION_KEY ?? '';
  if (!key) return env.AUDIT_CHAIN_KEY || DEVELOPMENT_AUDIT_CHAIN_KEY;
  if (key.length < 32) throw new ConfigError('TOTP_ENCRYPTION_KEY must be at least 32 characters (e.g. openssl rand -hex 32)');
  return key;
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

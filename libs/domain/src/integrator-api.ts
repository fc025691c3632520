/**
 * The integrator API (/api/v1, Bearer tokens from /api/oauth/token): pharmacy systems send
 * orders, read them back and receive signed webhooks. Payloads and Finnish messages.
 */
import type { DeliveryOptionId, Product } from './api-types.js';
import type { PharmacyOrder } from './pharmacy-api.js';

/** POST /api/oauth/token (client_credentials). */
export interface IntegratorTokenResponse {
  access_token: string;
  token_type: 'Bearer';
  /** Seconds. */
  expires_in: number;
}

/** An order as an integrator reads it: the pharmacy's view (decisions only once delivered), its price and when it last changed. */
export interface IntegratorOrder extends PharmacyOrder {
  priceCents: number;
  updatedAt: string;
}

/** GET /api/v1/orders: oldest change first; `nextCursor` continues after the last one (null: no more now). */
export interface IntegratorOrderPage {
  data: IntegratorOrder[];
  nextCursor: string | null;
}

/** GET /api/v1/offices: the offices of the client's pharmacy it may order for (`officeId` of an order). */
export interface IntegratorOffice {
  officeId: number;
  name: string;
  /** 'Apteekki' or 'Sivuapteekki'. */
  level: string;
  pharmacyName: string;
}

export interface IntegratorOfficeList {
  data: IntegratorOffice[];
}

/**
 * GET /api/v1/delivery-options: the handling options and their prices. Medicines have no price of
 * their own: an order costs its option's first-item price plus the next-item price for each further medicine.
 */
export interface IntegratorDeliveryOption {
  id: DeliveryOptionId;
  label: string;
  description: string;
  firstItemCents: number;
  nextItemCents: number;
}

export interface IntegratorDeliveryOptionList {
  data: IntegratorDeliveryOption[];
}

/** POST /api/v1/orders */
export interface CreateIntegratorOrderRequest {
  officeId: number;
  patient: { hetu: string; firstName: string; lastName: string };
  items: Array<{ productId: number; reason?: string }>;
  deliveryOption: DeliveryOptionId;
}

/**
 * The contract's version: the OpenAPI document's `info.version` and every webhook event's
 * `api_version` (a receiver can tell which shape of `data.object` it got).
 */
export const INTEGRATOR_API_VERSION = '1.3.0';

/**
 * The events an endpoint can subscribe to. `order.released`: a doctor put a processing order
 * back in the queue (it is waiting again; its decisions so far are not shown).
 */
export const INTEGRATOR_WEBHOOK_EVENTS = ['order.created', 'order.processing', 'order.released', 'order.delivered', 'notice.published'] as const;
export type IntegratorWebhookEventType = (typeof INTEGRATOR_WEBHOOK_EVENTS)[number];

/**
 * The sandbox (clients made with `create-api-client --sandbox`): a simulated doctor decides each
 * sandbox order a few seconds after it was placed (SANDBOX_DECISION_SECONDS). It rejects an item
 * whose `reason` contains SANDBOX_REJECT_MARKER (in any case), with SANDBOX_REJECTION_REASON, and
 * approves every other one: the integrator picks the outcome per item, with any product.
 */
export const SANDBOX_REJECT_MARKER = 'SANDBOX-REJECT';
export const SANDBOX_REJECTION_REASON = 'Testiympäristön simuloitu lääkäri hylkäsi reseptin (SANDBOX-REJECT).';

/** The simulated doctor's decision on a sandbox order's item (see SANDBOX_REJECT_MARKER). */
export function sandboxDecision(itemReason: string): { decision: 'approved' | 'rejected'; reasonForDecision: string } {
  return itemReason.toUpperCase().includes(SANDBOX_REJECT_MARKER) ? { decision: 'rejected', reasonForDecision: SANDBOX_REJECTION_REASON } : { decision: 'approved', reasonForDecision: '' };
}

/** The event of POST /api/v1/webhook-endpoints/{id}/test: sent to that endpoint only, whatever it subscribed to. */
export const INTEGRATOR_TEST_EVENT = 'webhook.test';
/** Every type a delivered body can have. */
export type IntegratorEventType = IntegratorWebhookEventType | typeof INTEGRATOR_TEST_EVENT;

/** POST /api/v1/webhook-endpoints */
export interface CreateWebhookEndpointRequest {
  url: string;
  events: IntegratorWebhookEventType[];
}

export interface WebhookEndpointView {
  id: number;
  url: string;
  events: IntegratorWebhookEventType[];
  created: string;
  /** Only in the answer that created it (or rotated its secret). */
  secret?: string;
  /** Until when deliveries also carry the signature of the secret before the last rotation; null: only the current one. */
  previousSecretExpiresAt: string | null;
}

/** How long a rotated-out webhook secret still signs, beside the new one (hours). */
export const WEBHOOK_SECRET_OVERLAP_HOURS = { default: 24, max: 168 } as const;

/** POST /api/v1/webhook-endpoints/{id}/rotate-secret */
export interface RotateWebhookSecretRequest {
  /** 0–168 hours (default 24); 0 ends the old secret at once. */
  overlapHours?: number;
}

/** GET /api/v1/webhook-endpoints/{id}/deliveries: the delivery log, newest first. */
export interface WebhookDeliveryView {
  id: number;
  eventId: string;
  eventType: IntegratorEventType;
  /** cancelled: the endpoint was deleted (or its client revoked) before it was delivered. */
  status: 'pending' | 'delivered' | 'failed' | 'cancelled';
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
  created: string;
  deliveredAt: string | null;
}

/** What a webhook POST carries; `Resepti-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.body">`. */
export interface IntegratorWebhookEvent {
  id: string;
  type: IntegratorEventType;
  /** INTEGRATOR_API_VERSION when the event was written. */
  api_version: string;
  created: string;
  data: { object: unknown };
}

/** GET /api/v1/events: the client's events of the last 30 days, oldest first; continue with `after` = the last id while `hasMore`. */
export interface IntegratorEventPage {
  data: IntegratorWebhookEvent[];
  hasMore: boolean;
}

export const WEBHOOK_SIGNATURE_HEADER = 'Resepti-Signature';

/** One invalid field of a validation error (RFC 9457 §3's extension, as `errors[]`). */
export interface ProblemFieldError {
  /** JSON Pointer (RFC 6901) into the request body, e.g. `/patient/hetu`. */
  pointer?: string;
  /** A query or header parameter, e.g. `limit`. */
  parameter?: string;
  code: string;
  detail: string;
  detailFi: string;
}

/** RFC 9457 problem details of every /api error (see the catalogue in integrator-errors.ts). */
export interface ProblemDetails {
  type: string;
  /** English. */
  title: string;
  status: number;
  /** Stable and machine-readable, e.g. `order_not_found`. */
  code: string;
  /** English. */
  detail: string;
  /** Finnish. */
  detailFi: string;
  instance: string;
  requestId: string;
  errors?: ProblemFieldError[];
}

/** RFC 6749 §5.2: the token endpoint's own error format. */
export interface OAuthErrorResponse {
  error: 'invalid_request' | 'invalid_client' | 'unsupported_grant_type';
  error_description: string;
}

/** GET /api/v1/products */
export interface ProductPage {
  data: Product[];
  count: number;
}

export const INTEGRATOR_MESSAGES = {
  invalidClient: 'Asiakastunnus tai salaisuus on virheellinen.',
  unsupportedGrant: "Vain grant_type=client_credentials on tuettu.",
  tokenMissing: 'Pyynnöstä puuttuu Bearer-tunniste.',
  tokenInvalid: 'Tunniste on virheellinen, vanhentunut tai peruttu.',
  rateLimited: 'Liian monta pyyntöä. Yritä hetken kuluttua uudelleen.',
  officeNotAllowed: 'Toimipaikkaa ei löytynyt tai se ei kuulu tälle järjestelmälle.',
  orderNotFound: 'Tilausta ei löytynyt.',
  itemsRequired: 'Tilauksessa on oltava 1–10 lääkettä.',
  idempotencyConflict: 'Idempotency-Key on jo käytetty toisenlaisella pyynnöllä.',
  idempotencyKeyInvalid: 'Idempotency-Key on 1–200 merkkiä.',
  cursorInvalid: 'Sivutustunniste (cursor) on virheellinen.',
  updatedSinceInvalid: 'updatedSince on ISO 8601 -aika, esim. 2026-11-24T08:00:00Z.',
  statusInvalid: "status on 'waiting', 'processing' tai 'delivered'.",
  webhookUrlInvalid: 'Osoite on virheellinen.',
  webhookUrlScheme: 'Webhookin osoitteen on oltava https:// (http:// vain paikalliseen osoitteeseen kehityksessä).',
  webhookUrlPrivate: 'Webhookin osoite ei saa osoittaa yksityiseen tai paikalliseen verkkoon.',
  webhookUrlUnresolvable: 'Webhookin osoitteen nimeä ei löytynyt.',
  webhookEventsInvalid: `Tapahtumat: ${INTEGRATOR_WEBHOOK_EVENTS.join(', ')} (vähintään yksi).`,
  webhookNotFound: 'Webhookia ei löytynyt.',
  webhookDeliveryNotFound: 'Webhookin toimitusta ei löytynyt.',
  eventAfterInvalid: 'after on tapahtuman tunniste (evt_…) viimeisen 30 päivän ajalta.',
  overlapHoursInvalid: 'overlapHours on kokonaisluku 0–168.',
  clientNotFound: 'Järjestelmää ei löytynyt.',
  limitInvalid: 'limit on kokonaisluku 1–100 (tilaukset) tai 1–200 (lääkkeet).',
  offsetInvalid: 'offset on kokonaisluku 0 tai suurempi.',
  integerRequired: 'Arvon on oltava kokonaisluku.',
  stringRequired: 'Arvon on oltava merkkijono.',
  malformedJson: 'Pyynnön JSON on virheellinen.',
  unsupportedMediaType: 'Lähetä runko muodossa application/json (tunnistepalvelulle application/x-www-form-urlencoded).',
  payloadTooLarge: 'Pyyntö on liian suuri.',
  routeNotFound: 'Osoitetta ei ole. Dokumentti /api/docs-json luettelee osoitteet.',
  methodNotAllowed: 'Osoite ei hyväksy tätä metodia; Allow-otsake kertoo sallitut.',
  sandboxRealHetu: 'Testiympäristö (sandbox) hyväksyy vain testihenkilötunnukset (yksilönumero 900–999), jotka eivät ole kenenkään asiakkaan.',
} as const;

/** GET /pharmacy-api-clients (pharmacy admin): the pharmacy's integrator clients. */
export interface ApiClientView {
  id: number;
  clientId: string;
  name: string;
  /** Offices it may act for; [] = every office of the pharmacy. */
  officeIds: number[];
  created: string;
  revoked: string | null;
  /** A sandbox client (`create-api-client --sandbox`): its orders are decided by the simulated doctor. */
  sandbox: boolean;
}

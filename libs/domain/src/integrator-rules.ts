/**
 * Rules of the integrator API (/api/v1): its version, webhook events, the sandbox's simulated doctor
 * and the Finnish messages. The payloads are generated from docs/openapi/integrator-v1.json (api-shapes.ts).
 */

/**
 * The contract's version: the OpenAPI document's `info.version` and every webhook event's
 * `api_version` (a receiver can tell which shape of `data.object` it got).
 */
export const INTEGRATOR_API_VERSION = '1.6.0';

/**
 * The events an endpoint can subscribe to. `order.released`: a doctor put a processing order
 * back in the queue (it is waiting again; its decisions so far are not shown).
 * `order.e-prescription`: an approved item's prescription was recorded in Kanta's Prescription
 * Centre (its id in the item's `ePrescription`), refused by it, or sent again by a doctor.
 */
export const INTEGRATOR_WEBHOOK_EVENTS = ['order.created', 'order.processing', 'order.released', 'order.delivered', 'order.e-prescription', 'notice.published'] as const;
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

/** How long a rotated-out webhook secret still signs, beside the new one (hours). */
export const WEBHOOK_SECRET_OVERLAP_HOURS = { default: 24, max: 168 } as const;

export const WEBHOOK_SIGNATURE_HEADER = 'Resepti-Signature';

/**
 * The request header that picks a dated version of /api/v1 (as Stripe-Version does): the shape of
 * an answer that changed incompatibly within /api/v1 follows it, so a client moves when it chooses.
 * The answer names the version it was given in the same header.
 */
export const API_VERSION_HEADER = 'Resepti-Version';

/**
 * Every dated version of /api/v1, oldest first, and what it changed (docs/integrators.md,
 * "Versions and deprecation", lists the same). A request without the header gets the oldest; a
 * value not listed here is 400 `api_version_unknown`.
 */
export const INTEGRATOR_DATED_VERSIONS = {
  '2026-11-24': 'The first /api/v1: GET /api/v1/webhook-endpoints and …/{id}/deliveries answer bare arrays (the deliveries: the newest 100). Deprecated.',
  '2026-12-01': 'GET /api/v1/webhook-endpoints and …/{id}/deliveries answer pages {data, hasMore, nextCursor} by limit and cursor, like every other list.',
} as const;
export type IntegratorDatedVersion = keyof typeof INTEGRATOR_DATED_VERSIONS;
export const INTEGRATOR_DATED_VERSION_LIST = Object.keys(INTEGRATOR_DATED_VERSIONS) as IntegratorDatedVersion[];
/** What a request without the header gets: the first shape, so a client of 1.0 keeps working. */
export const INTEGRATOR_DATED_VERSION_DEFAULT: IntegratorDatedVersion = '2026-11-24';
/** The newest dated version (the SDK sends it). */
export const INTEGRATOR_DATED_VERSION_LATEST: IntegratorDatedVersion = '2026-12-01';
/** The version from which the webhook endpoint and delivery lists answer pages. */
export const PAGED_WEBHOOK_LISTS_VERSION: IntegratorDatedVersion = '2026-12-01';

/**
 * Events a sandbox client can make happen at will (POST /api/v1/sandbox/triggers): the ones the
 * simulated doctor never causes by itself. order.created, order.processing and order.delivered
 * come from placing a sandbox order and the simulated doctor's steps.
 */
export const SANDBOX_TRIGGER_TYPES = ['order.released', 'order.e-prescription', 'notice.published'] as const;
export type SandboxTriggerType = (typeof SANDBOX_TRIGGER_TYPES)[number];

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
  routeNotFound: 'Osoitetta ei ole. Dokumentti /api/docs-json luettelee osoitteet (FHIR-näkymän: GET /api/fhir/metadata).',
  methodNotAllowed: 'Osoite ei hyväksy tätä metodia; Allow-otsake kertoo sallitut.',
  apiVersionUnknown: `Resepti-Version on jokin näistä: ${INTEGRATOR_DATED_VERSION_LIST.join(', ')}.`,
  sandboxOnly: 'Vain testiympäristön (sandbox) järjestelmä voi laukaista testitapahtumia.',
  sandboxTriggerTypeInvalid: `type on jokin näistä: ${SANDBOX_TRIGGER_TYPES.join(', ')}.`,
  sandboxTriggerOrderRequired: 'orderId on pakollinen tilaustapahtumalle.',
  sandboxTriggerState: 'Tilaus ei ole tilassa, jossa tapahtuma voi syntyä (order.released: odottava tai käsittelyssä; order.e-prescription: toimitettu, jossa hyväksytty lääke).',
  sandboxRealHetu: 'Testiympäristö (sandbox) hyväksyy vain testihenkilötunnukset (yksilönumero 900–999), jotka eivät ole kenenkään asiakkaan.',
} as const;

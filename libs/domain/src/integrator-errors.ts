/**
 * The integrator API's error catalogue: every kind of error as a stable problem `type` URI with
 * its English title, and every message an integrator can meet as a stable `code` with its English
 * and Finnish text. docs/integrators.md#errors lists the same; the API answers RFC 9457
 * `application/problem+json` built from these.
 */
import { isTextKey, t } from './i18n.js';
import { INTEGRATOR_DATED_VERSION_LIST, INTEGRATOR_MESSAGES as M, SANDBOX_TRIGGER_TYPES } from './integrator-rules.js';
import { MESSAGES } from './messages.js';
import { PHARMACY_MESSAGES as P } from './pharmacy-rules.js';
import { VALIDATION_MESSAGES as V } from './validation.js';
// The Swedish texts live with the other catalogs (no Swedish outside locales/, locales.spec).
import SV from './locales/integrator-errors.sv.json' with { type: 'json' };

export const PROBLEM_TYPE_PREFIX = 'urn:resepti:problem:';

/** The kinds of error: `type` is PROBLEM_TYPE_PREFIX + the key. */
export const PROBLEM_KINDS = {
  'bad-request': { status: 400, title: 'Bad request' },
  'validation-failed': { status: 400, title: 'Validation failed' },
  'malformed-json': { status: 400, title: 'Malformed JSON' },
  unauthorized: { status: 401, title: 'Authentication required' },
  forbidden: { status: 403, title: 'Forbidden' },
  'not-found': { status: 404, title: 'Not found' },
  'route-not-found': { status: 404, title: 'No such route' },
  'method-not-allowed': { status: 405, title: 'Method not allowed' },
  conflict: { status: 409, title: 'Conflict' },
  'payload-too-large': { status: 413, title: 'Payload too large' },
  'unsupported-media-type': { status: 415, title: 'Unsupported media type' },
  'rate-limited': { status: 429, title: 'Too many requests' },
  'internal-error': { status: 500, title: 'Internal server error' },
  'service-unavailable': { status: 503, title: 'Service unavailable' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ProblemKind = keyof typeof PROBLEM_KINDS;

/** The kind a status falls back to when nothing more specific is known. */
export function problemKindOf(status: number): ProblemKind {
  const kinds: Record<number, ProblemKind> = { 400: 'bad-request', 401: 'unauthorized', 403: 'forbidden', 404: 'not-found', 405: 'method-not-allowed', 409: 'conflict', 413: 'payload-too-large', 415: 'unsupported-media-type', 429: 'rate-limited', 503: 'service-unavailable' };
  return kinds[status] ?? (status >= 500 ? 'internal-error' : 'bad-request');
}

export interface ProblemText {
  code: string;
  en: string;
  fi: string;
  sv: string;
}

/**
 * Refusals of the request itself that every route shares (apps/api/src/platform/http/request-input.ts
 * throws them): here so that the catalogue names them.
 */
export const REQUEST_MESSAGES = {
  idInvalid: 'Virheellinen tunniste: odotettiin positiivista kokonaislukua',
  nulCharacter: 'Pyynnössä on kielletty merkki (NUL)',
  tooDeep: 'Pyynnön rakenne on liian syvä',
  forbiddenKey: 'Pyynnössä on kielletty kenttä',
  objectRequired: 'Arvon on oltava JSON-objekti.',
  invalidValue: 'Arvo on virheellinen.',
  validationFailed: 'Useampi kenttä on virheellinen.',
  invalidInput: 'Virheellinen syöte',
} as const;
const R = REQUEST_MESSAGES;

/** The FHIR view's refusals (apps/api/src/fhir), in Finnish: here so that the catalogue names them. */
export const FHIR_MESSAGES = {
  countInvalid: '_count on kokonaisluku 1–100.',
  lastUpdatedInvalid: '_lastUpdated on gt, ge, lt tai le ja päivä tai aikaleima aikavyöhykkeineen, esim. gt2026-11-25T08:00:00Z.',
  searchParameterUnsupported: 'Hakuparametria ei tueta (Prefer: handling=strict)',
  formatNotAcceptable: 'Palvelin tukee vain FHIR JSONia (application/fhir+json): pyydä sitä Accept-otsakkeella tai _format=json.',
  resourceNotFound: 'Resurssia ei löytynyt tai se ei kuulu tälle järjestelmälle',
} as const;

/** Every message an integrator can meet, by its stable code. */
export const PROBLEM_TEXTS: ProblemText[] = [
  { code: 'invalid_client', fi: M.invalidClient, en: 'The client id or secret is wrong.', sv: SV['invalid_client'] },
  { code: 'unsupported_grant_type', fi: M.unsupportedGrant, en: 'Only grant_type=client_credentials is supported.', sv: SV['unsupported_grant_type'] },
  { code: 'token_missing', fi: M.tokenMissing, en: 'The request has no Bearer token.', sv: SV['token_missing'] },
  { code: 'token_invalid', fi: M.tokenInvalid, en: 'The token is invalid, expired or revoked.', sv: SV['token_invalid'] },
  { code: 'rate_limited', fi: M.rateLimited, en: 'Too many requests. Try again after Retry-After seconds.', sv: SV['rate_limited'] },
  { code: 'office_not_allowed', fi: M.officeNotAllowed, en: 'No such office, or it is not one of this client’s offices.', sv: SV['office_not_allowed'] },
  { code: 'order_not_found', fi: M.orderNotFound, en: 'No such order.', sv: SV['order_not_found'] },
  { code: 'items_required', fi: M.itemsRequired, en: 'An order has 1–10 medicines.', sv: SV['items_required'] },
  { code: 'idempotency_conflict', fi: M.idempotencyConflict, en: 'This Idempotency-Key was used with another request body.', sv: SV['idempotency_conflict'] },
  { code: 'idempotency_key_invalid', fi: M.idempotencyKeyInvalid, en: 'Idempotency-Key is 1–200 printable ASCII characters.', sv: SV['idempotency_key_invalid'] },
  { code: 'cursor_invalid', fi: M.cursorInvalid, en: 'The cursor is not one this API wrote.', sv: SV['cursor_invalid'] },
  { code: 'updated_since_invalid', fi: M.updatedSinceInvalid, en: 'updatedSince is an ISO 8601 time, e.g. 2026-11-24T08:00:00Z.', sv: SV['updated_since_invalid'] },
  { code: 'status_invalid', fi: M.statusInvalid, en: "status is 'waiting', 'processing' or 'delivered'.", sv: SV['status_invalid'] },
  { code: 'limit_invalid', fi: M.limitInvalid, en: 'limit is an integer from 1 to 100 (orders) or 200 (products).', sv: SV['limit_invalid'] },
  { code: 'offset_invalid', fi: M.offsetInvalid, en: 'offset is a non-negative integer.', sv: SV['offset_invalid'] },
  { code: 'integer_required', fi: M.integerRequired, en: 'The value must be an integer.', sv: SV['integer_required'] },
  { code: 'string_required', fi: M.stringRequired, en: 'The value must be a string.', sv: SV['string_required'] },
  { code: 'webhook_url_invalid', fi: M.webhookUrlInvalid, en: 'The URL is invalid.', sv: SV['webhook_url_invalid'] },
  { code: 'webhook_url_scheme', fi: M.webhookUrlScheme, en: 'A webhook URL must be https:// (http:// only to a local address in development).', sv: SV['webhook_url_scheme'] },
  { code: 'webhook_url_private', fi: M.webhookUrlPrivate, en: 'A webhook URL must not point into a private or local network.', sv: SV['webhook_url_private'] },
  { code: 'webhook_url_unresolvable', fi: M.webhookUrlUnresolvable, en: 'The webhook URL’s host name does not resolve.', sv: SV['webhook_url_unresolvable'] },
  { code: 'webhook_events_invalid', fi: M.webhookEventsInvalid, en: M.webhookEventsInvalid.replace('Tapahtumat', 'Events').replace('vähintään yksi', 'at least one'), sv: SV['webhook_events_invalid'] },
  { code: 'webhook_not_found', fi: M.webhookNotFound, en: 'No such webhook endpoint.', sv: SV['webhook_not_found'] },
  { code: 'event_after_invalid', fi: M.eventAfterInvalid, en: 'after is the id (evt_…) of one of your events of the last 30 days.', sv: SV['event_after_invalid'] },
  { code: 'overlap_hours_invalid', fi: M.overlapHoursInvalid, en: 'overlapHours is an integer from 0 to 168.', sv: SV['overlap_hours_invalid'] },
  { code: 'webhook_delivery_not_found', fi: M.webhookDeliveryNotFound, en: 'No such delivery of this webhook endpoint.', sv: SV['webhook_delivery_not_found'] },
  { code: 'malformed_json', fi: M.malformedJson, en: 'The request body is not valid JSON.', sv: SV['malformed_json'] },
  { code: 'unsupported_media_type', fi: M.unsupportedMediaType, en: 'Send the body as application/json (the token endpoint: application/x-www-form-urlencoded).', sv: SV['unsupported_media_type'] },
  { code: 'payload_too_large', fi: M.payloadTooLarge, en: 'The request body is too large.', sv: SV['payload_too_large'] },
  { code: 'route_not_found', fi: M.routeNotFound, en: 'No such route. The document at /api/docs-json lists them (the FHIR view’s: GET /api/fhir/metadata).', sv: SV['route_not_found'] },
  { code: 'method_not_allowed', fi: M.methodNotAllowed, en: 'The route does not take this method; Allow lists the ones it takes.', sv: SV['method_not_allowed'] },
  { code: 'unknown_field', fi: 'Tuntematon kenttä', en: 'Unknown field.', sv: SV['unknown_field'] },
  { code: 'hetu_invalid', fi: MESSAGES.hetuInvalid, en: 'Check the personal identity code (hetu).', sv: SV['hetu_invalid'] },
  { code: 'api_version_unknown', fi: M.apiVersionUnknown, en: `Resepti-Version is one of: ${INTEGRATOR_DATED_VERSION_LIST.join(', ')}.`, sv: SV['api_version_unknown'] },
  { code: 'sandbox_only', fi: M.sandboxOnly, en: 'Only a sandbox client can trigger test events.', sv: SV['sandbox_only'] },
  { code: 'sandbox_trigger_type_invalid', fi: M.sandboxTriggerTypeInvalid, en: `type is one of: ${SANDBOX_TRIGGER_TYPES.join(', ')}.`, sv: SV['sandbox_trigger_type_invalid'] },
  { code: 'sandbox_trigger_order_required', fi: M.sandboxTriggerOrderRequired, en: 'orderId is required for an order event.', sv: SV['sandbox_trigger_order_required'] },
  { code: 'sandbox_trigger_state', fi: M.sandboxTriggerState, en: 'The order is not in a state that can cause this event (order.released: waiting or processing; order.e-prescription: delivered with an approved item).', sv: SV['sandbox_trigger_state'] },
  { code: 'sandbox_real_hetu', fi: M.sandboxRealHetu, en: 'The sandbox takes only test identities (individual number 900–999) that belong to no customer.', sv: SV['sandbox_real_hetu'] },
  { code: 'first_name_required', fi: V.firstNameRequired, en: 'The first name is required.', sv: SV['first_name_required'] },
  { code: 'last_name_required', fi: V.lastNameRequired, en: 'The last name is required.', sv: SV['last_name_required'] },
  { code: 'patient_missing', fi: P.patientMissing, en: 'The patient’s name and hetu are required.', sv: SV['patient_missing'] },
  { code: 'name_too_long', fi: P.nameTooLong, en: 'A name is at most 100 characters.', sv: SV['name_too_long'] },
  { code: 'reason_too_long', fi: P.reasonTooLong, en: 'The reason is at most 1000 characters.', sv: SV['reason_too_long'] },
  { code: 'delivery_option_invalid', fi: P.deliveryOptionMissing, en: "deliveryOption is 'delivery-12-h' or 'delivery-20-min'.", sv: SV['delivery_option_invalid'] },
  { code: 'product_not_found', fi: P.productNotFound, en: 'No such medicine, or it is not available', sv: SV['product_not_found'] },
  { code: 'product_not_renewable', fi: P.productNotRenewable, en: 'Narcotics and PKV medicines cannot be renewed through the service.', sv: SV['product_not_renewable'] },
  { code: 'product_repeated', fi: P.productAlreadyInCart, en: 'The same medicine is twice in the order.', sv: SV['product_repeated'] },
  { code: 'cart_empty', fi: P.cartEmpty, en: 'The order has no medicines.', sv: SV['cart_empty'] },
  { code: 'prescription_not_found', fi: P.prescriptionNotFound, en: 'No such item in this order.', sv: SV['prescription_not_found'] },
  { code: 'prescription_undecided', fi: P.prescriptionUndecided, en: 'The doctor has not decided this item yet.', sv: SV['prescription_undecided'] },
  { code: 'prescription_already_checked', fi: P.prescriptionAlreadyChecked, en: 'The item was already checked.', sv: SV['prescription_already_checked'] },
  { code: 'invalid_input', fi: R.invalidInput, en: 'A value is out of range.', sv: SV['invalid_input'] },
  { code: 'id_invalid', fi: R.idInvalid, en: 'An id in the path is a positive integer.', sv: SV['id_invalid'] },
  { code: 'nul_character', fi: R.nulCharacter, en: 'The request holds a forbidden character (NUL).', sv: SV['nul_character'] },
  { code: 'too_deep', fi: R.tooDeep, en: 'The request’s JSON nests too deep.', sv: SV['too_deep'] },
  { code: 'forbidden_key', fi: R.forbiddenKey, en: 'The request holds a forbidden field name.', sv: SV['forbidden_key'] },
  { code: 'object_required', fi: R.objectRequired, en: 'The value must be a JSON object.', sv: SV['object_required'] },
  { code: 'invalid_value', fi: R.invalidValue, en: 'The value is invalid.', sv: SV['invalid_value'] },
  { code: 'validation_failed', fi: R.validationFailed, en: 'Several fields are invalid.', sv: SV['validation_failed'] },
  // The FHIR view's own (apps/api/src/fhir answers them as OperationOutcomes). A text without a
  // full stop is followed by ': ' and what it is about (the parameter, the resource).
  { code: 'count_invalid', fi: FHIR_MESSAGES.countInvalid, en: '_count is an integer from 1 to 100.', sv: SV['count_invalid'] },
  {
    code: 'last_updated_invalid',
    fi: FHIR_MESSAGES.lastUpdatedInvalid,
    en: '_lastUpdated is gt, ge, lt or le followed by a date or an instant with its time zone, e.g. gt2026-11-25T08:00:00Z.',
    sv: SV['last_updated_invalid'],
  },
  { code: 'search_parameter_unsupported', fi: FHIR_MESSAGES.searchParameterUnsupported, en: 'This search parameter is not supported (Prefer: handling=strict)', sv: SV['search_parameter_unsupported'] },
  { code: 'format_not_acceptable', fi: FHIR_MESSAGES.formatNotAcceptable, en: 'This server speaks FHIR JSON only (application/fhir+json): ask for it by Accept or _format=json.', sv: SV['format_not_acceptable'] },
  { code: 'resource_not_found', fi: FHIR_MESSAGES.resourceNotFound, en: 'No such resource, or it is not one this client may read', sv: SV['resource_not_found'] },
  // What an error answers when nothing more exact is known: one per kind of PROBLEM_KINDS.
  { code: 'bad_request', fi: 'Virheellinen pyyntö.', en: 'Bad request.', sv: SV['bad_request'] },
  { code: 'unauthorized', fi: 'Tunnistautuminen vaaditaan.', en: 'Authentication required.', sv: SV['unauthorized'] },
  { code: 'forbidden', fi: 'Ei oikeutta.', en: 'Forbidden.', sv: SV['forbidden'] },
  { code: 'not_found', fi: 'Ei löytynyt.', en: 'Not found.', sv: SV['not_found'] },
  { code: 'conflict', fi: 'Ristiriita nykyisen tilan kanssa.', en: 'Conflict with the current state.', sv: SV['conflict'] },
  { code: 'internal_error', fi: 'Palvelussa tapahtui virhe. Kerro requestId tuelle.', en: 'Internal server error. Quote the requestId to support.', sv: SV['internal_error'] },
  { code: 'service_unavailable', fi: 'Palvelu ei ole juuri nyt käytettävissä. Yritä hetken kuluttua uudelleen.', en: 'Service unavailable. Try again after Retry-After seconds.', sv: SV['service_unavailable'] },
];

/** The code an error of a kind answers when its message is not in the catalogue. */
export const fallbackCodeOf = (kind: ProblemKind): string => kind.replace(/-/g, '_');

/** A code's entry, its Finnish text read (undefined: not in the catalogue). */
export function problemTextOf(code: string): ProblemText | undefined {
  const entry = PROBLEM_TEXTS.find((e) => e.code === code);
  return entry && { ...entry, fi: finnish(entry.fi) };
}

/**
 * The catalogue's entry of a Finnish message (with a suffix after ': ' kept, e.g. a product's
 * name), or else the entry of `fallbackCode`: never a text that is not in the catalogue.
 */
export function catalogued(fi: string | undefined, fallbackCode: string): ProblemText {
  const found = fi === undefined ? null : findProblemText(fi);
  return found ?? problemTextOf(fallbackCode) ?? problemTextOf('bad_request')!;
}

/** The catalogue's entry of a Finnish message (a suffix after ': ' kept), or null. */
export function findProblemText(fi: string): ProblemText | null {
  const given = finnish(fi);
  for (const entry of PROBLEM_TEXTS) {
    const text = { ...entry, fi: finnish(entry.fi) };
    if (given === text.fi) return text;
    const suffix = given.startsWith(`${text.fi}: `) ? given.slice(text.fi.length + 2) : null;
    if (suffix !== null) return { code: text.code, en: `${text.en}: ${suffix}`, fi: given, sv: `${text.sv}: ${suffix}` };
  }
  return null;
}

/** The catalogue's entry of a Finnish message; an unknown one keeps its Finnish text (also as Swedish) with the fallback's code and English. */
export function problemText(fi: string, fallback: { code: string; en: string }): ProblemText {
  return findProblemText(fi) ?? { code: fallback.code, en: fallback.en, fi: finnish(fi), sv: finnish(fi) };
}

/** The Finnish of a message: a key of the catalogs (the shared rules' messages) is read from fi.json, any other text is Finnish already. */
function finnish(message: string): string {
  return isTextKey(message) ? t(message, 'fi') : message;
}

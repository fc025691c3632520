/**
 * The integrator API's error catalogue: every kind of error as a stable problem `type` URI with
 * its English title, and every message an integrator can meet as a stable `code` with its English
 * and Finnish text. docs/integrators.md#errors lists the same; the API answers RFC 9457
 * `application/problem+json` built from these.
 */
import { isTextKey, t } from './i18n.js';
import { INTEGRATOR_MESSAGES as M } from './integrator-rules.js';
import { MESSAGES } from './messages.js';
import { PHARMACY_MESSAGES as P } from './pharmacy-rules.js';
import { VALIDATION_MESSAGES as V } from './validation.js';

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
}

/** Every message an integrator can meet, by its stable code. */
export const PROBLEM_TEXTS: ProblemText[] = [
  { code: 'invalid_client', fi: M.invalidClient, en: 'The client id or secret is wrong.' },
  { code: 'unsupported_grant_type', fi: M.unsupportedGrant, en: 'Only grant_type=client_credentials is supported.' },
  { code: 'token_missing', fi: M.tokenMissing, en: 'The request has no Bearer token.' },
  { code: 'token_invalid', fi: M.tokenInvalid, en: 'The token is invalid, expired or revoked.' },
  { code: 'rate_limited', fi: M.rateLimited, en: 'Too many requests. Try again after Retry-After seconds.' },
  { code: 'office_not_allowed', fi: M.officeNotAllowed, en: 'No such office, or it is not one of this client’s offices.' },
  { code: 'order_not_found', fi: M.orderNotFound, en: 'No such order.' },
  { code: 'items_required', fi: M.itemsRequired, en: 'An order has 1–10 medicines.' },
  { code: 'idempotency_conflict', fi: M.idempotencyConflict, en: 'This Idempotency-Key was used with another request body.' },
  { code: 'idempotency_key_invalid', fi: M.idempotencyKeyInvalid, en: 'Idempotency-Key is 1–200 printable ASCII characters.' },
  { code: 'cursor_invalid', fi: M.cursorInvalid, en: 'The cursor is not one this API wrote.' },
  { code: 'updated_since_invalid', fi: M.updatedSinceInvalid, en: 'updatedSince is an ISO 8601 time, e.g. 2026-11-24T08:00:00Z.' },
  { code: 'status_invalid', fi: M.statusInvalid, en: "status is 'waiting', 'processing' or 'delivered'." },
  { code: 'limit_invalid', fi: M.limitInvalid, en: 'limit is an integer from 1 to 100 (orders) or 200 (products).' },
  { code: 'offset_invalid', fi: M.offsetInvalid, en: 'offset is a non-negative integer.' },
  { code: 'integer_required', fi: M.integerRequired, en: 'The value must be an integer.' },
  { code: 'string_required', fi: M.stringRequired, en: 'The value must be a string.' },
  { code: 'webhook_url_invalid', fi: M.webhookUrlInvalid, en: 'The URL is invalid.' },
  { code: 'webhook_url_scheme', fi: M.webhookUrlScheme, en: 'A webhook URL must be https:// (http:// only to a local address in development).' },
  { code: 'webhook_url_private', fi: M.webhookUrlPrivate, en: 'A webhook URL must not point into a private or local network.' },
  { code: 'webhook_url_unresolvable', fi: M.webhookUrlUnresolvable, en: 'The webhook URL’s host name does not resolve.' },
  { code: 'webhook_events_invalid', fi: M.webhookEventsInvalid, en: M.webhookEventsInvalid.replace('Tapahtumat', 'Events').replace('vähintään yksi', 'at least one') },
  { code: 'webhook_not_found', fi: M.webhookNotFound, en: 'No such webhook endpoint.' },
  { code: 'event_after_invalid', fi: M.eventAfterInvalid, en: 'after is the id (evt_…) of one of your events of the last 30 days.' },
  { code: 'overlap_hours_invalid', fi: M.overlapHoursInvalid, en: 'overlapHours is an integer from 0 to 168.' },
  { code: 'webhook_delivery_not_found', fi: M.webhookDeliveryNotFound, en: 'No such delivery of this webhook endpoint.' },
  { code: 'malformed_json', fi: M.malformedJson, en: 'The request body is not valid JSON.' },
  { code: 'unsupported_media_type', fi: M.unsupportedMediaType, en: 'Send the body as application/json (the token endpoint: application/x-www-form-urlencoded).' },
  { code: 'payload_too_large', fi: M.payloadTooLarge, en: 'The request body is too large.' },
  { code: 'route_not_found', fi: M.routeNotFound, en: 'No such route. The document at /api/docs-json lists them.' },
  { code: 'method_not_allowed', fi: M.methodNotAllowed, en: 'The route does not take this method; Allow lists the ones it takes.' },
  { code: 'unknown_field', fi: 'Tuntematon kenttä', en: 'Unknown field.' },
  { code: 'hetu_invalid', fi: MESSAGES.hetuInvalid, en: 'Check the personal identity code (hetu).' },
  { code: 'sandbox_real_hetu', fi: M.sandboxRealHetu, en: 'The sandbox takes only test identities (individual number 900–999) that belong to no customer.' },
  { code: 'first_name_required', fi: V.firstNameRequired, en: 'The first name is required.' },
  { code: 'last_name_required', fi: V.lastNameRequired, en: 'The last name is required.' },
  { code: 'patient_missing', fi: P.patientMissing, en: 'The patient’s name and hetu are required.' },
  { code: 'name_too_long', fi: P.nameTooLong, en: 'A name is at most 100 characters.' },
  { code: 'reason_too_long', fi: P.reasonTooLong, en: 'The reason is at most 1000 characters.' },
  { code: 'delivery_option_invalid', fi: P.deliveryOptionMissing, en: "deliveryOption is 'delivery-12-h' or 'delivery-20-min'." },
  { code: 'product_not_found', fi: P.productNotFound, en: 'No such medicine, or it is not available' },
  { code: 'product_not_renewable', fi: P.productNotRenewable, en: 'Narcotics and PKV medicines cannot be renewed through the service.' },
  { code: 'product_repeated', fi: P.productAlreadyInCart, en: 'The same medicine is twice in the order.' },
  { code: 'cart_empty', fi: P.cartEmpty, en: 'The order has no medicines.' },
  { code: 'prescription_not_found', fi: P.prescriptionNotFound, en: 'No such item in this order.' },
  { code: 'prescription_undecided', fi: P.prescriptionUndecided, en: 'The doctor has not decided this item yet.' },
  { code: 'prescription_already_checked', fi: P.prescriptionAlreadyChecked, en: 'The item was already checked.' },
  { code: 'invalid_input', fi: 'Virheellinen syöte', en: 'A value is out of range.' },
];

/**
 * The catalogue entry of a Finnish message (a message may carry a suffix after ': ', e.g. the
 * product's name, which is kept). Unknown messages keep their Finnish text under `fi` and the
 * fallback's English.
 */
export function problemText(fi: string, fallback: { code: string; en: string }): ProblemText {
  const given = finnish(fi);
  for (const entry of PROBLEM_TEXTS) {
    const text = { ...entry, fi: finnish(entry.fi) };
    if (given === text.fi) return text;
    if (given.startsWith(`${text.fi}: `)) return { code: text.code, en: `${text.en}: ${given.slice(text.fi.length + 2)}`, fi: given };
  }
  return { code: fallback.code, en: fallback.en, fi: given };
}

/** The Finnish of a message: a key of the catalogs (the shared rules' messages) is read from fi.json, any other text is Finnish already. */
function finnish(message: string): string {
  return isTextKey(message) ? t(message, 'fi') : message;
}

/**
 * The web API's vocabulary and rules (SPEC section 7): order statuses, decisions, item types and the
 * headers both sides use. The payloads themselves are generated from docs/openapi (api-shapes.ts).
 */
export type UserRole = 'customer' | 'doctor' | 'pharmacy';

export type OrderStatus = 'waiting' | 'processing' | 'delivered';
export const ORDER_STATUSES: readonly OrderStatus[] = ['waiting', 'processing', 'delivered'];

/** The decision a pharmacy or customer may see: none until the doctor has delivered the whole order. */
export function visibleDecision(
  order: { deliveryStatus: OrderStatus },
  item: { decision: Decision; reasonForDecision: string },
): { decision: Decision; reasonForDecision: string } {
  return order.deliveryStatus === 'delivered' ? { decision: item.decision, reasonForDecision: item.reasonForDecision } : { decision: 'undecided', reasonForDecision: '' };
}

export type Decision = 'undecided' | 'approved' | 'rejected' | 'rejected-with-coupon';
export const DECISIONS: readonly Decision[] = ['undecided', 'approved', 'rejected', 'rejected-with-coupon'];

export type ItemType = 'renewal' | 'prescription';

export type DeliveryOptionId = 'delivery-12-h' | 'delivery-20-min';

/**
 * CSRF protection of cookie-authenticated changes: the token from GET /csrf-token goes in this
 * header of every POST/PATCH/PUT/DELETE. A 403 with `code: CSRF_ERROR_CODE` means the token no
 * longer matches (the session changed, e.g. a login in another tab): fetch a new one, send again.
 */
export const CSRF_HEADER = 'X-CSRF-Token';
export const CSRF_ERROR_CODE = 'csrf';

/**
 * A 409 of the registration with this `code`: the e-mail address has an account already. The
 * wizard goes back to its e-mail step by the code, whatever the language of the message.
 */
export const EMAIL_TAKEN_CODE = 'email-taken';

/**
 * While its socket is down the web app polls, and its reads carry this header with the value
 * 'polling': the server counts such clients (the metric resepti_polling_fallback_clients).
 */
export const LIVE_FALLBACK_HEADER = 'X-Live-Fallback';
export const LIVE_FALLBACK_POLLING = 'polling';

/** Why a person identified themselves strongly: to create an account or to set a new password. */
export type IdentificationPurpose = 'registration' | 'password-reset';

/**
 * Who may call what: the authorization matrix as data. One row per REST endpoint (as the
 * OpenAPI document names it) and per Socket.IO event; authorization-matrix.test.ts turns every
 * row × caller into its own test, so a failure names the cell, and fails when an endpoint or
 * event has no row. A new endpoint needs a row here before its tests can pass.
 *
 * Expectations per cell:
 * - a caller in `allow` passes authorization: any answer but 401/403 (and, on rows about a
 *   record, not 404), never a 5xx;
 * - a caller in `notYours` is allowed by role but the record is another's: 404 (existence
 *   is not revealed) unless the row names another status;
 * - anyone else is refused: 401 when anonymous, 403 when signed in with another role.
 */
import { APPROVAL } from '../support/prescribing';

/** The callers of every cell. "other…" callers belong to another pharmacy or are another customer/doctor. */
export const CALLERS = [
  'anonymous',
  'customer',
  'otherCustomer',
  'doctor',
  'otherDoctor',
  'pharmacist',
  'pharmacyAdmin',
  'otherPharmacist',
  'otherPharmacyAdmin',
] as const;
export type Caller = (typeof CALLERS)[number];

/** Records the rows point at, created by the test before the matrix runs. */
export interface MatrixRecords {
  /** An order held (processing) by `doctor`, and one of its items. */
  heldOrderId: number;
  heldOrderItemId: number;
  /** A delivered item of an order sent by `pharmacist`'s pharmacy (Keskusapteekki). */
  pharmacyDeliveredItemId: number;
  /** The demo pharmacy's Kauppatori office, and an office of the other pharmacy. */
  ownOfficeId: number;
  /** A throwaway user of the demo pharmacy for the update and delete rows. */
  ownUserId: number;
  ownUsername: string;
  /** The published notice. */
  noticeId: number;
  /** An item in `customer`'s cart. */
  customerCartItemId: number;
  /** `customer`'s embedded checkout of that cart. */
  customerCheckoutId: string;
  /** An integrator client of the demo pharmacy (Keskusapteekki). */
  apiClientId: number;
}

export interface MatrixRow {
  /** 'METHOD /path' as in the OpenAPI document (without /ui-api/v1), or 'SOCKET event'. */
  call: string;
  allow: readonly Caller[];
  /** Callers allowed by role for whom the record is another's; the status they get (default 404). */
  notYours?: Partial<Record<Caller, number>>;
  /** The concrete path when it has parameters. */
  path?: (r: MatrixRecords) => string;
  /** The body sent (default: none for GET, `{}` otherwise: enough to reach validation). */
  body?: (r: MatrixRecords) => unknown;
  /** The call ends or changes the session (logout, login): each cell gets a session of its own. */
  ownSession?: boolean;
  /** Why the row is as it is, where it is not obvious. */
  note?: string;
}

const EVERYONE = CALLERS;
const SIGNED_IN = CALLERS.filter((c) => c !== 'anonymous');
const CUSTOMERS = ['customer', 'otherCustomer'] as const;
const DOCTORS = ['doctor', 'otherDoctor'] as const;
const PHARMACY_USERS = ['pharmacist', 'pharmacyAdmin', 'otherPharmacist', 'otherPharmacyAdmin'] as const;
const PHARMACY_ADMINS = ['pharmacyAdmin', 'otherPharmacyAdmin'] as const;

export const MATRIX: readonly MatrixRow[] = [
  // Public: health, logins, strong identification for registration and password reset.
  { call: 'GET /health', allow: EVERYONE, path: () => '/../../health' },
  { call: 'GET /health/live', allow: EVERYONE, path: () => '/../../health/live' },
  { call: 'GET /health/ready', allow: EVERYONE, path: () => '/../../health/ready' },
  { call: 'POST /login', allow: EVERYONE, ownSession: true },
  { call: 'POST /doctor-login', allow: EVERYONE, ownSession: true },
  { call: 'POST /pharmacist-login', allow: EVERYONE, ownSession: true },
  { call: 'POST /logout', allow: EVERYONE, ownSession: true, note: 'ends whatever session the caller has; anonymous is a no-op' },
  { call: 'GET /csrf-token', allow: EVERYONE, note: 'the token of the caller\'s own browser and session; it opens nothing by itself' },
  { call: 'GET /registration/start', allow: EVERYONE, note: 'redirects to the identity provider' },
  { call: 'GET /registration/callback', allow: EVERYONE, note: 'without a started identification it redirects to /?identification=failed' },
  { call: 'POST /registration/password-check', allow: EVERYONE, note: 'the wizard\'s password step: needs the session\'s strong identification (else 404)' },
  { call: 'GET /registration', allow: EVERYONE, note: '404 without a strong identification in the session' },
  { call: 'POST /my-user', allow: EVERYONE, note: 'registration: needs the session\'s strong identification (else 4xx)' },
  { call: 'POST /registration/reset-password', allow: EVERYONE, note: 'needs the session\'s strong identification (else 4xx)' },

  { call: 'GET /provider', allow: EVERYONE, note: "the service provider's details for the landing page" },
  { call: 'POST /login/mfa', allow: EVERYONE, ownSession: true, note: 'the code after the password: {} is 400 for everyone; without a password step 401' },

  // Staff TOTP: signed-in doctors and pharmacy users (and one that must set it up before signing in).
  { call: 'GET /mfa/totp', allow: [...DOCTORS, ...PHARMACY_USERS] },
  { call: 'POST /mfa/totp/setup', allow: [...DOCTORS, ...PHARMACY_USERS], note: 'a new pending secret; TOTP stays off until enabled' },
  { call: 'POST /mfa/totp/enable', allow: [...DOCTORS, ...PHARMACY_USERS], body: () => ({ code: '' }) },
  { call: 'POST /mfa/totp/disable', allow: [...DOCTORS, ...PHARMACY_USERS], body: () => ({ code: '' }) },
  { call: 'POST /mfa/recovery-codes', allow: [...DOCTORS, ...PHARMACY_USERS], body: () => ({ code: '' }) },

  // Any signed-in role.
  { call: 'GET /products', allow: SIGNED_IN },
  { call: 'GET /products/alternatives', allow: SIGNED_IN, note: 'without ?of= it is 400 for those allowed' },

  // Customer.
  { call: 'GET /my-user', allow: CUSTOMERS },
  { call: 'PATCH /my-user', allow: CUSTOMERS },
  { call: 'PUT /my-user/language', allow: CUSTOMERS },
  { call: 'POST /my-user/change-password', allow: CUSTOMERS },
  { call: 'POST /my-user/delete', allow: CUSTOMERS, note: 'closing the account: {} is 400 (the password is missing), so nothing closes' },
  { call: 'GET /my-access-log', allow: CUSTOMERS, note: "each customer's own access log" },
  { call: 'GET /my-data', allow: CUSTOMERS, note: "each customer's own data" },
  { call: 'GET /my-data/page', allow: CUSTOMERS, note: "each customer's own data, as a readable page" },
  { call: 'GET /my-shopping-cart', allow: CUSTOMERS, note: "each customer's own cart" },
  { call: 'POST /my-shopping-cart/item', allow: CUSTOMERS },
  { call: 'POST /my-shopping-cart/apply-coupon', allow: CUSTOMERS, body: () => ({ code: 'EIOLE' }) },
  { call: 'POST /my-shopping-cart/unapply-coupon', allow: CUSTOMERS },
  { call: 'GET /my-outstanding-orders', allow: CUSTOMERS, note: 'own orders only' },
  { call: 'GET /my-order-history', allow: CUSTOMERS, note: 'own orders only' },
  { call: 'GET /my-centre-prescriptions', allow: CUSTOMERS, note: "own prescriptions in the Prescription Centre only" },
  { call: 'GET /my-feedback-question', allow: CUSTOMERS },
  { call: 'POST /my-feedback-question', allow: CUSTOMERS, body: () => ({ score: 'x' }) },
  { call: 'POST /start-payment-session', allow: CUSTOMERS, note: 'a checkout of the caller’s own cart (400 when empty)' },
  { call: 'POST /my-shopping-cart/pay', allow: CUSTOMERS, body: () => ({ token: 'tok_chargeDeclined' }), note: '402: declined, nothing changes' },
  {
    call: 'GET /embedded-checkout/{sessionId}',
    allow: ['customer'],
    notYours: { otherCustomer: 404 },
    path: (r) => `/embedded-checkout/${r.customerCheckoutId}`,
  },
  {
    call: 'GET /payment-sessions/{sessionId}',
    allow: ['customer'],
    notYours: { otherCustomer: 404 },
    path: (r) => `/payment-sessions/${r.customerCheckoutId}`,
  },
  {
    call: 'POST /embedded-checkout/{sessionId}/pay',
    allow: ['customer'],
    notYours: { otherCustomer: 404 },
    path: (r) => `/embedded-checkout/${r.customerCheckoutId}/pay`,
    body: () => ({ cardNumber: '4000 0000 0000 0002', expiry: '12/34', cvc: '123' }),
    note: 'a declined card: 402 for the owner',
  },
  {
    call: 'DELETE /my-shopping-cart/item/{id}',
    allow: ['customer'],
    notYours: { otherCustomer: 404 },
    path: (r) => `/my-shopping-cart/item/${r.customerCartItemId}`,
  },

  // Doctor.
  { call: 'GET /my-doctor-info', allow: DOCTORS },
  { call: 'GET /system-status', allow: DOCTORS },
  { call: 'POST /order/pick-first', allow: DOCTORS, note: 'otherDoctor may pick; the held order of `doctor` is never handed out twice' },
  { call: 'GET /order/current', allow: DOCTORS },
  { call: 'GET /order/centre-prescriptions', allow: DOCTORS, note: "the patient's Prescription Centre prescriptions for the doctor's own held order (204 without one)" },
  { call: 'GET /order/patient-context', allow: DOCTORS, note: "the patient's age, sex and earlier decisions for the doctor's own held order (204 without one)" },
  { call: 'GET /order/queue', allow: DOCTORS },
  {
    call: 'POST /order/process-item/{id}',
    allow: ['doctor'],
    notYours: { otherDoctor: 403 },
    path: (r) => `/order/process-item/${r.heldOrderItemId}`,
    body: () => ({ ...APPROVAL, reasonForDecision: '' }),
    note: 'an item of an order another doctor holds: 403',
  },
  {
    call: 'POST /order/release-one/{id}',
    allow: DOCTORS,
    path: (r) => `/order/release-one/${r.heldOrderId}`,
    note: 'any doctor may return a processing order to the queue (Palauta in Historia), e.g. a colleague\'s who left',
  },
  { call: 'POST /order/mark-delivered', allow: DOCTORS, note: 'acts on the caller\'s own current order only' },
  { call: 'GET /order/e-prescriptions/failed', allow: DOCTORS, note: 'any doctor sees the prescriptions the Prescription Centre refused' },
  {
    call: 'POST /order/e-prescriptions/{itemId}/retry',
    allow: DOCTORS,
    path: (r) => `/order/e-prescriptions/${r.pharmacyDeliveredItemId}/retry`,
    note: 'any doctor may send a refused prescription again (this one is not refused: 409)',
  },
  { call: 'POST /order/release', allow: DOCTORS, note: 'acts on the caller\'s own current order only' },
  { call: 'POST /history', allow: DOCTORS, body: () => ({ filter: '', offset: 'x' }) },
  { call: 'GET /pharmacy-message', allow: DOCTORS },
  { call: 'POST /set-pharmacy-message', allow: DOCTORS, body: () => ({ header: 5 }) },
  { call: 'POST /patient-access-log', allow: [...DOCTORS, ...PHARMACY_ADMINS], body: () => ({ hetu: '010190-998V' }), note: 'pharmacy admins see only their own pharmacy users\' entries' },

  // Pharmacy users (any pharmacy; the data they see is their own pharmacy's).
  { call: 'GET /pharmacy-user', allow: PHARMACY_USERS },
  { call: 'GET /users-offices', allow: PHARMACY_USERS },
  {
    call: 'PATCH /selected-office/{id}',
    allow: ['pharmacist', 'pharmacyAdmin'],
    notYours: { otherPharmacist: 403, otherPharmacyAdmin: 403 },
    path: (r) => `/selected-office/${r.ownOfficeId}`,
    note: 'an office of another pharmacy: 403 \'Toimipaikka ei kuulu sinulle\'',
  },
  { call: 'GET /users-session-office', allow: PHARMACY_USERS },
  { call: 'POST /patient-info', allow: PHARMACY_USERS, body: () => ({ hetu: 'x' }) },
  { call: 'GET /delivery-options', allow: PHARMACY_USERS },
  // patientHetu null: a 400 for the pharmacy's users (it was a 500), 401/403 for everyone else.
  { call: 'POST /pharmacy-shopping-cart/delivery-option', allow: PHARMACY_USERS, body: () => ({ id: 'delivery-20-min', patientHetu: null }) },
  { call: 'POST /pharmacy-shopping-cart/item', allow: PHARMACY_USERS, body: () => ({ type: 'renewal', productId: 1, patientHetu: null }) },
  { call: 'GET /pharmacy-user-shopping-cart', allow: PHARMACY_USERS },
  { call: 'POST /pharmacy-user-shopping-cart/clear', allow: PHARMACY_USERS },
  { call: 'POST /pharmacy-shopping-cart/send', allow: PHARMACY_USERS, body: () => ({ patientHetu: null }), note: 'patientHetu null: 400' },
  { call: 'GET /pharmacy-order-history/active', allow: PHARMACY_USERS },
  { call: 'GET /pharmacy-order-history/history', allow: PHARMACY_USERS },
  {
    call: 'POST /check-order-item/{id}',
    allow: ['pharmacist', 'pharmacyAdmin'],
    notYours: { otherPharmacist: 404, otherPharmacyAdmin: 404 },
    path: (r) => `/check-order-item/${r.pharmacyDeliveredItemId}`,
  },
  { call: 'GET /get-pharmacy-message/{id}', allow: PHARMACY_USERS, path: (r) => `/get-pharmacy-message/${r.noticeId}` },
  { call: 'GET /get-pharmacy-user-message-status', allow: PHARMACY_USERS },
  { call: 'POST /set-pharmacy-message-checked', allow: PHARMACY_USERS },
  { call: 'POST /set-pharmacy-message-unchecked', allow: PHARMACY_USERS },

  // Pharmacy admins: their own pharmacy's users only.
  { call: 'GET /list-users', allow: PHARMACY_ADMINS },
  { call: 'GET /check-username/{name}', allow: PHARMACY_ADMINS, path: () => '/check-username/matrix-probe' },
  { call: 'POST /create-pharmacy-user', allow: PHARMACY_ADMINS, body: () => ({ firstName: '' }) },
  { call: 'GET /pharmacy-api-clients', allow: PHARMACY_ADMINS, note: "each admin sees only their pharmacy's integrator clients" },
  {
    call: 'POST /pharmacy-api-clients/{id}/revoke',
    allow: ['pharmacyAdmin'],
    notYours: { otherPharmacyAdmin: 404 },
    path: (r) => `/pharmacy-api-clients/${r.apiClientId}/revoke`,
  },
  {
    call: 'POST /update-pharmacy-user',
    allow: ['pharmacyAdmin'],
    notYours: { otherPharmacyAdmin: 403 },
    body: (r) => ({ id: r.ownUserId, firstName: 'Muutettu', lastName: 'Käyttäjä', username: r.ownUsername }),
    note: 'a user of another pharmacy: 403 \'Käyttäjä ei kuulu apteekkiisi\'',
  },
  {
    call: 'POST /reset-pharmacy-user-mfa',
    allow: ['pharmacyAdmin'],
    notYours: { otherPharmacyAdmin: 403 },
    body: (r) => ({ id: r.ownUserId }),
    note: "a user of another pharmacy: 403 'Käyttäjä ei kuulu apteekkiisi'; a reset ends the user's sessions",
  },
  {
    call: 'DELETE /delete-pharmacy-user',
    allow: ['pharmacyAdmin'],
    notYours: { otherPharmacyAdmin: 403 },
    body: (r) => ({ username: r.ownUsername }),
    note: 'refused and other-pharmacy cells run first, then our admin deletes the throwaway user',
  },

  // Socket.IO: connecting needs a session; session:info names the rooms joined.
  { call: 'SOCKET connect', allow: SIGNED_IN },
  { call: 'SOCKET session:info', allow: SIGNED_IN },
];

/**
 * Payload shapes of the REST contract under /ui-api/v1 (SPEC section 7).
 * The API maps its entities to these; the web client reads them.
 */
import type { Language } from './language.js';

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

export interface ApiError {
  statusCode: number;
  message: string | string[];
  error?: string;
  /** 'csrf': the request's CSRF token was missing or stale; fetch a new one and send again. */
  code?: string;
}

/**
 * CSRF protection of cookie-authenticated changes: the token from GET /csrf-token goes in this
 * header of every POST/PATCH/PUT/DELETE. A 403 with `code: CSRF_ERROR_CODE` means the token no
 * longer matches (the session changed, e.g. a login in another tab): fetch a new one, send again.
 */
export const CSRF_HEADER = 'X-CSRF-Token';
export const CSRF_ERROR_CODE = 'csrf';

/**
 * While its socket is down the web app polls, and its reads carry this header with the value
 * 'polling': the server counts such clients (the metric resepti_polling_fallback_clients).
 */
export const LIVE_FALLBACK_HEADER = 'X-Live-Fallback';
export const LIVE_FALLBACK_POLLING = 'polling';

/** GET /csrf-token */
export interface CsrfTokenResponse {
  token: string;
}

/**
 * POST /login, /doctor-login, /pharmacist-login and /login/mfa. A staff user with TOTP gets
 * `mfaRequired` after the password (not yet signed in: POST /login/mfa with the code); one whose
 * role must use MFA (MFA_REQUIRED_FOR) and has none gets `mfaSetupRequired` (only the setup
 * endpoints answer until TOTP is enabled).
 */
export interface LoginResponse {
  role: UserRole;
  mfaRequired?: true;
  mfaSetupRequired?: true;
}

export interface DoctorInfo {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  /** The server's idle timeout of a session (SESSION_IDLE_MINUTES). */
  sessionIdleMinutes: number;
}

export interface CustomerInfo {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  sex: 'm' | 'f';
  approvedEulaVersion: string | null;
  /** The language of the web's switch: the text messages are sent in it (issue 27). */
  language: Language;
}

/** PUT /my-user/language */
export interface LanguageRequest {
  language: Language;
}

/** GET /my-user: the signed-in customer, and the session's idle timeout (the web warns two minutes before it). */
export interface CustomerSession extends CustomerInfo {
  sessionIdleMinutes: number;
}

export interface PharmacyUserInfo {
  id: number;
  firstName: string;
  lastName: string;
  username: string;
  userLevel: 'admin' | 'user';
  isAdmin: boolean;
  pharmacyId: number;
  pharmacyName: string;
  /** How many offices the user works at (the web offers 'Vaihda toimipaikka' only with more than one). */
  officeCount: number;
  /** The server's idle timeout (SESSION_IDLE_MINUTES): the web warns two minutes before it. */
  sessionIdleMinutes: number;
}

export interface PharmacyOffice {
  id: number;
  name: string;
  level: string;
  pharmacyName: string;
  phone: string;
}

export interface Product {
  productId: number;
  displayName: string;
  format: string;
  /** false for narcotic and PKV medicines: never renewed through the service. */
  renewable: boolean;
}

export interface SystemStatus {
  waitingForDoctor: number;
  processing: number;
  /** ISO time of the earliest deadline among waiting orders, or null. */
  nextOrderExpiring: string | null;
  count20min: number;
  count12h: number;
  /** The asking doctor's current order id (GET /system-status); pushed to that doctor alone as doctor:held. */
  pickedOrder: number | null;
}

export interface Patient {
  firstName: string;
  lastName: string;
  hetu: string;
}

export interface PharmacyData {
  pharmacy: string;
  pharmacyPhone: string;
  pharmacist: string;
}

export interface PharmacyNotice {
  id: number;
  header: string;
  additionalDetails: string;
  status: 'published' | 'unpublished';
}

/** Why a person identified themselves strongly: to create an account or to set a new password. */
export type IdentificationPurpose = 'registration' | 'password-reset';

/** GET /registration: the person of the session's strong identification. */
export interface RegistrationData {
  hetu: string;
  firstName: string;
  lastName: string;
  purpose: IdentificationPurpose;
  /** true when this hetu already has an account (then only a new password can be set). */
  registered: boolean;
  /** Present when the person is younger than the service's minimum age (MIN_AGE): the reason no account can be made. */
  tooYoung?: string;
}

/** POST /my-user: the wizard's answers; hetu and names come from the identification. */
export interface RegistrationRequest {
  email: string;
  phone: string;
  password: string;
  marketingAllowed: boolean;
  eulaAccepted: boolean;
  approvedEulaVersion: string;
}

/**
 * POST /registration/password-check: the wizard's password step asks the server (which holds the
 * list of common and breached passwords) before the terms; `email` makes one's own address no password.
 */
export interface PasswordCheckRequest {
  password: string;
  email?: string;
}

/** PATCH /my-user */
export interface ContactDetailsUpdate {
  email?: string;
  phone?: string;
  /** The current password: required when the e-mail changes (it is the login). */
  password?: string;
}

/** POST /my-user/change-password */
export interface PasswordChangeRequest {
  currentPassword: string;
  newPassword: string;
}

/** POST /my-user/delete: the account closes (204); the prescription records stay. */
export interface AccountCloseRequest {
  password: string;
}

/** POST /patient-access-log {hetu}: who read or changed one patient's data, oldest first. */
export interface PatientAccessLog {
  hetu: string;
  entries: PatientAccessLogEntry[];
}

export interface PatientAccessLogEntry {
  at: string;
  /** integrator: a pharmacy system (API client), named 'Kassajärjestelmä (Keskusapteekki)'. */
  actorRole: UserRole | 'integrator';
  /** 'Liisa Lääkäri', 'Anna Apteekkari (Keskusapteekki)'; null when the account no longer exists. */
  actorName: string | null;
  /** The audit action (apps/api/src/platform/audit/audit-actions.ts), e.g. 'order:read'. */
  action: string;
  orderId: number | null;
}

/**
 * The customer's calls of the REST contract (SPEC section 7, Customer): registration, account,
 * cart, payment, orders, feedback. Plain functions over api/client.ts, used by the screens
 * through customer-hooks.ts.
 */
import type {
  AccountCloseRequest,
  MyAccessLog,
  AddCustomerCartItemRequest,
  ContactDetailsUpdate,
  CustomerCart,
  CustomerSession,
  CustomerInfo,
  CustomerOrder,
  EmbeddedCheckoutPaid,
  EmbeddedCheckoutPayRequest,
  EmbeddedCheckoutSession,
  FeedbackQuestion,
  FeedbackRequest,
  LoginResponse,
  PasswordChangeRequest,
  PaymentSessionResponse,
  PaymentStatus,
  Product,
  RegistrationData,
  RegistrationRequest,
} from '@resepti/domain';
import { api, markUserActivity } from '../api/client';

/** A 401 on these leads to the customer's login page (registration and password reset have no session yet). */
const C = { level: 'customer' } as const;

/** GET /registration: the person of the session's strong identification (404 without one). */
/** GET /my-access-log: a page of entries, newest first, after skipping `offset`. */
export function fetchMyAccessLog(offset: number): Promise<MyAccessLog> {
  return api.get<MyAccessLog>(`/my-access-log?offset=${offset}`);
}

/** GET /my-data: the customer's data as a JSON file (a plain link: the browser downloads it). */
export const MY_DATA_URL = '/ui-api/v1/my-data';
/** GET /my-data/page: the same data as a printable page in the account's language (opened in a new tab). */
export const MY_DATA_PAGE_URL = '/ui-api/v1/my-data/page';

export function fetchRegistration(): Promise<RegistrationData> {
  return api.get<RegistrationData>('/registration', { skipAuthRedirect: true });
}

/** POST /my-user: creates the account and signs the customer in. */
export function registerCustomer(data: RegistrationRequest): Promise<CustomerInfo> {
  return api.post<CustomerInfo>('/my-user', data, { skipAuthRedirect: true });
}

/** POST /registration/password-check: 204 when the server would take the password at the last step, else 400 with why. */
export function checkRegistrationPassword(password: string, email: string): Promise<void> {
  return api.post<void>('/registration/password-check', { password, email }, { skipAuthRedirect: true });
}

/** POST /registration/reset-password: a new password through identification; signs the customer in. */
export function resetPassword(newPassword: string): Promise<LoginResponse> {
  return api.post<LoginResponse>('/registration/reset-password', { newPassword }, { skipAuthRedirect: true });
}

export function updateContactDetails(update: ContactDetailsUpdate): Promise<CustomerInfo> {
  return api.patch<CustomerInfo>('/my-user', update);
}

/** POST /my-user/delete: the password confirms it; every session of the account ends (this one too). */
export function closeAccount(request: AccountCloseRequest): Promise<void> {
  return api.post<void>('/my-user/delete', request);
}

/** POST /my-user/change-password: the current password confirms the change. */
export function changePassword(change: PasswordChangeRequest): Promise<void> {
  return api.post<void>('/my-user/change-password', change);
}

// ---------------------------------------------------------------- cart, payment, orders, feedback

/** 'Jatka' on the expiry prompt: a cheap authenticated call that counts as the user's activity. */
export function keepSessionAlive(): Promise<CustomerSession> {
  return api.get<CustomerSession>('/my-user', { ...C, activity: true });
}

/** How often the chat's answers roll the server's idle timer (its stored expiry lags up to a minute anyway). */
const CHAT_KEEP_ALIVE_MS = 60_000;
let lastChatKeepAlive = 0;

/**
 * An answer in the chat: the expiry prompt counts from now, and the server's idle timer rolls
 * (at most once a minute), so a patient busy with a questionnaire is never logged out by it.
 */
export function chatActivity(): void {
  markUserActivity();
  if (Date.now() - lastChatKeepAlive < CHAT_KEEP_ALIVE_MS) return;
  lastChatKeepAlive = Date.now();
  // A failed keep-alive changes nothing the patient sees: the next request says what is wrong.
  keepSessionAlive().catch(() => undefined);
}

/** The chat's medicine search: products any of whose names (with strength) starts with `q`, also those not on sale ('' for every available one). */
export function searchProducts(q: string, limit: number): Promise<Product[]> {
  return api.get<Product[]>(`/products?${new URLSearchParams({ q, limit: String(limit) }).toString()}`, C);
}

/** The available products of the same active ingredient as these packages not on sale. */
export function productAlternatives(productIds: readonly number[]): Promise<Product[]> {
  return api.get<Product[]>(`/products/alternatives?${new URLSearchParams({ of: productIds.join(',') }).toString()}`, C);
}

export function fetchCart(): Promise<CustomerCart> {
  return api.get<CustomerCart>('/my-shopping-cart', C);
}

export function addCartItem(item: AddCustomerCartItemRequest): Promise<CustomerCart> {
  return api.post<CustomerCart>('/my-shopping-cart/item', item, C);
}

export function removeCartItem(id: number): Promise<CustomerCart> {
  return api.delete<CustomerCart>(`/my-shopping-cart/item/${id}`, undefined, C);
}

export function applyCoupon(code: string): Promise<CustomerCart> {
  return api.post<CustomerCart>('/my-shopping-cart/apply-coupon', { code }, C);
}

export function unapplyCoupon(): Promise<CustomerCart> {
  return api.post<CustomerCart>('/my-shopping-cart/unapply-coupon', undefined, C);
}

/** The checkout to go to: Stripe's hosted page (an absolute URL) or a path of this app. */
export function startPaymentSession(): Promise<PaymentSessionResponse> {
  return api.post<PaymentSessionResponse>('/start-payment-session', undefined, C);
}

/** Stripe's hosted checkout is on another host; the embedded test checkout (or /reseptit) is a path here. */
export function isHostedCheckout(url: string): boolean {
  return /^https?:\/\//.test(url);
}

export function fetchEmbeddedCheckout(sessionId: string): Promise<EmbeddedCheckoutSession> {
  return api.get<EmbeddedCheckoutSession>(`/embedded-checkout/${encodeURIComponent(sessionId)}`, C);
}

export function payEmbeddedCheckout(sessionId: string, card: EmbeddedCheckoutPayRequest): Promise<EmbeddedCheckoutPaid> {
  return api.post<EmbeddedCheckoutPaid>(`/embedded-checkout/${encodeURIComponent(sessionId)}/pay`, card, C);
}

export function fetchPaymentStatus(sessionId: string): Promise<PaymentStatus> {
  return api.get<PaymentStatus>(`/payment-sessions/${encodeURIComponent(sessionId)}`, C);
}

export function fetchOutstandingOrders(): Promise<CustomerOrder[]> {
  return api.get<CustomerOrder[]>('/my-outstanding-orders', C);
}

export function fetchOrderHistory(): Promise<CustomerOrder[]> {
  return api.get<CustomerOrder[]>('/my-order-history', C);
}

/** The question to ask now, or null (204). */
export async function fetchFeedbackQuestion(): Promise<FeedbackQuestion | null> {
  return (await api.get<FeedbackQuestion | undefined>('/my-feedback-question', C)) ?? null;
}

export function sendFeedback(feedback: FeedbackRequest): Promise<void> {
  return api.post<void>('/my-feedback-question', feedback, C);
}


/** The customer's calls (SPEC section 7, Customer): registration, account, cart, payment, orders, feedback. */
import type {
  AddCustomerCartItemRequest,
  ContactDetailsUpdate,
  CustomerCart,
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
import { api } from '../api/client';

/** GET /registration: the person of the session's strong identification (404 without one). */
export function fetchRegistration(): Promise<RegistrationData> {
  return api.get<RegistrationData>('/registration', { skipAuthRedirect: true });
}

/** POST /my-user: creates the account and signs the customer in. */
export function registerCustomer(data: RegistrationRequest): Promise<CustomerInfo> {
  return api.post<CustomerInfo>('/my-user', data, { skipAuthRedirect: true });
}

/** POST /registration/reset-password: a new password through identification; signs the customer in. */
export function resetPassword(newPassword: string): Promise<LoginResponse> {
  return api.post<LoginResponse>('/registration/reset-password', { newPassword }, { skipAuthRedirect: true });
}

export function updateContactDetails(update: ContactDetailsUpdate): Promise<CustomerInfo> {
  return api.patch<CustomerInfo>('/my-user', update);
}

/** POST /my-user/change-password: the current password confirms the change. */
export function changePassword(change: PasswordChangeRequest): Promise<void> {
  return api.post<void>('/my-user/change-password', change);
}

// ---------------------------------------------------------------- cart, payment, orders, feedback
const C = { level: 'customer' } as const;

export const fetchProducts = () => api.get<Product[]>('/products', C);
export const fetchCart = () => api.get<CustomerCart>('/my-shopping-cart', C);
export const addCartItem = (item: AddCustomerCartItemRequest) => api.post<CustomerCart>('/my-shopping-cart/item', item, C);
export const removeCartItem = (id: number) => api.delete<CustomerCart>(`/my-shopping-cart/item/${id}`, undefined, C);
export const applyCoupon = (code: string) => api.post<CustomerCart>('/my-shopping-cart/apply-coupon', { code }, C);
export const unapplyCoupon = () => api.post<CustomerCart>('/my-shopping-cart/unapply-coupon', undefined, C);
export const startPaymentSession = () => api.post<PaymentSessionResponse>('/start-payment-session', undefined, C);
export const fetchEmbeddedCheckout = (sessionId: string) => api.get<EmbeddedCheckoutSession>(`/embedded-checkout/${encodeURIComponent(sessionId)}`, C);
export const payEmbeddedCheckout = (sessionId: string, card: EmbeddedCheckoutPayRequest) =>
  api.post<EmbeddedCheckoutPaid>(`/embedded-checkout/${encodeURIComponent(sessionId)}/pay`, card, C);
export const fetchPaymentStatus = (sessionId: string) => api.get<PaymentStatus>(`/payment-sessions/${encodeURIComponent(sessionId)}`, C);
export const fetchOutstandingOrders = () => api.get<CustomerOrder[]>('/my-outstanding-orders', C);
export const fetchOrderHistory = () => api.get<CustomerOrder[]>('/my-order-history', C);
/** The question to ask now, or null (204). */
export async function fetchFeedbackQuestion(): Promise<FeedbackQuestion | null> {
  return (await api.get<FeedbackQuestion | undefined>('/my-feedback-question', C)) ?? null;
}
export const sendFeedback = (feedback: FeedbackRequest) => api.post<void>('/my-feedback-question', feedback, C);

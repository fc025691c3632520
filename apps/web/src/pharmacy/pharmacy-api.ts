/** The pharmacy's REST calls (SPEC section 7, Pharmacy); payload types from @resepti/domain. */
import type {
  ApiClientView,
  DeliveryOptionDto,
  DeliveryOptionId,
  MessageStatus,
  NewPharmacyUserRequest,
  Patient,
  PharmacyCart,
  PharmacyNotice,
  PharmacyOffice,
  PharmacyOrder,
  PharmacyOrderPage,
  PharmacySendResult,
  PharmacyUserListEntry,
  Product,
  UpdatePharmacyUserRequest,
  UsernameCheck,
} from '@resepti/domain';
import { api } from '../api/client';

const P = { level: 'pharmacy' } as const;

export type OrderListMode = 'active' | 'history';

/** The office chosen for this session, or null (the API answers with an empty body). */
export async function fetchSessionOffice(): Promise<PharmacyOffice | null> {
  return (await api.get<PharmacyOffice | undefined>('/users-session-office', P)) ?? null;
}

export const fetchProducts = () => api.get<Product[]>('/products', P);
export const fetchDeliveryOptions = () => api.get<DeliveryOptionDto[]>('/delivery-options', P);
export const fetchCart = () => api.get<PharmacyCart>('/pharmacy-user-shopping-cart', P);
export const setPatientInfo = (patient: Patient) => api.post<Patient>('/patient-info', patient, P);
/*
 * Calls for the patient on screen name that patient's hetu: the cart is shared by the user's
 * sessions, and the server answers 409 instead of acting when another session changed the patient.
 */
export const addCartItem = (patientHetu: string, productId: number, reason: string) =>
  api.post<PharmacyCart>('/pharmacy-shopping-cart/item', { type: 'renewal', productId, reason, patientHetu }, P);
export const setDeliveryOption = (patientHetu: string, id: DeliveryOptionId) =>
  api.post<PharmacyCart>('/pharmacy-shopping-cart/delivery-option', { id, patientHetu }, P);
export const clearCart = () => api.post<void>('/pharmacy-user-shopping-cart/clear', undefined, P);
export const sendCart = (patientHetu: string) => api.post<PharmacySendResult>('/pharmacy-shopping-cart/send', { patientHetu }, P);

/** Reseptilista (active) or one page of Historia, as a list of orders. */
export async function fetchOrders(mode: OrderListMode, limit: number): Promise<{ orders: PharmacyOrder[]; count: number }> {
  if (mode === 'active') {
    const orders = await api.get<PharmacyOrder[]>('/pharmacy-order-history/active', P);
    return { orders, count: orders.length };
  }
  const page = await api.get<PharmacyOrderPage>(`/pharmacy-order-history/history?offset=0&limit=${limit}`, P);
  return { orders: page.data, count: page.count };
}

export const checkOrderItem = (itemId: number) => api.post<PharmacyOrder>(`/check-order-item/${itemId}`, undefined, P);

/** The published notice, or null. */
export async function fetchMessage(): Promise<PharmacyNotice | null> {
  return (await api.get<PharmacyNotice | undefined>('/get-pharmacy-message/1', P)) ?? null;
}
export const fetchMessageStatus = () => api.get<MessageStatus>('/get-pharmacy-user-message-status', P);
export const setMessageChecked = (checked: boolean) =>
  api.post<MessageStatus>(checked ? '/set-pharmacy-message-checked' : '/set-pharmacy-message-unchecked', undefined, P);

export const fetchApiClients = () => api.get<ApiClientView[]>('/pharmacy-api-clients', P);
export const revokeApiClient = (id: number) => api.post<ApiClientView>(`/pharmacy-api-clients/${id}/revoke`, undefined, P);
export const fetchUsers = () => api.get<PharmacyUserListEntry[]>('/list-users', P);
export const checkUsername = (name: string) => api.get<UsernameCheck>(`/check-username/${encodeURIComponent(name)}`, P);
export const createUser = (user: NewPharmacyUserRequest) => api.post<PharmacyUserListEntry>('/create-pharmacy-user', user, P);
export const updateUser = (user: UpdatePharmacyUserRequest) => api.post<PharmacyUserListEntry>('/update-pharmacy-user', user, P);
export const deleteUser = (username: string) => api.delete<void>('/delete-pharmacy-user', { username }, P);

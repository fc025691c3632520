/**
 * The pharmacy's calls of the REST contract (SPEC section 7, Pharmacy): plain functions over
 * api/client.ts, payload types from @resepti/domain. Screens use them through pharmacy-hooks.ts.
 */
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
  PharmacyUserInfo,
  PharmacyUserListEntry,
  Product,
  UpdatePharmacyUserRequest,
  UsernameCheck,
} from '@resepti/domain';
import { api } from '../api/client';

/** A 401 on any of these leads to the pharmacy's login page. */
const P = { level: 'pharmacy' } as const;

export type OrderListMode = 'active' | 'history';

export interface OrderListData {
  orders: PharmacyOrder[];
  count: number;
}

// ---------------------------------------------------------------- session and offices

/** 'Jatka' on the expiry prompt: a cheap authenticated call that counts as the user's activity. */
export function keepSessionAlive(): Promise<PharmacyUserInfo> {
  return api.get<PharmacyUserInfo>('/pharmacy-user', { ...P, activity: true });
}

/** The user's offices (an admin has every office of the pharmacy). */
export function fetchUsersOffices(): Promise<PharmacyOffice[]> {
  return api.get<PharmacyOffice[]>('/users-offices', P);
}

export function selectOffice(officeId: number): Promise<void> {
  return api.patch<void>(`/selected-office/${encodeURIComponent(String(officeId))}`, undefined, P);
}

/** The office chosen for this session, or null (the API answers with an empty body). */
export async function fetchSessionOffice(): Promise<PharmacyOffice | null> {
  return (await api.get<PharmacyOffice | undefined>('/users-session-office', P)) ?? null;
}

// ---------------------------------------------------------------- 'Reseptin tilaus': patient and cart

/** The chat's medicine search: products any of whose names (with strength) starts with `q`, also those not on sale ('' for every available one). */
export function searchProducts(q: string, limit: number): Promise<Product[]> {
  return api.get<Product[]>(`/products?${new URLSearchParams({ q, limit: String(limit) }).toString()}`, P);
}

/** The available products of the same active ingredient as these packages not on sale. */
export function productAlternatives(productIds: readonly number[]): Promise<Product[]> {
  return api.get<Product[]>(`/products/alternatives?${new URLSearchParams({ of: productIds.join(',') }).toString()}`, P);
}

export function fetchDeliveryOptions(): Promise<DeliveryOptionDto[]> {
  return api.get<DeliveryOptionDto[]>('/delivery-options', P);
}

export function fetchCart(): Promise<PharmacyCart> {
  return api.get<PharmacyCart>('/pharmacy-user-shopping-cart', P);
}

export function setPatientInfo(patient: Patient): Promise<Patient> {
  return api.post<Patient>('/patient-info', patient, P);
}

/*
 * Calls for the patient on screen name that patient's hetu: the cart is shared by the user's
 * sessions, and the server answers 409 instead of acting when another session changed the patient.
 */
export function addCartItem(patientHetu: string, productId: number, reason: string): Promise<PharmacyCart> {
  return api.post<PharmacyCart>('/pharmacy-shopping-cart/item', { type: 'renewal', productId, reason, patientHetu }, P);
}

export function setDeliveryOption(patientHetu: string, id: DeliveryOptionId): Promise<PharmacyCart> {
  return api.post<PharmacyCart>('/pharmacy-shopping-cart/delivery-option', { id, patientHetu }, P);
}

export function clearCart(): Promise<void> {
  return api.post<void>('/pharmacy-user-shopping-cart/clear', undefined, P);
}

export function sendCart(patientHetu: string): Promise<PharmacySendResult> {
  return api.post<PharmacySendResult>('/pharmacy-shopping-cart/send', { patientHetu }, P);
}

// ---------------------------------------------------------------- order lists

/** Reseptilista (active) or one page of Historia, as a list of orders. */
export async function fetchOrders(mode: OrderListMode, limit: number): Promise<OrderListData> {
  if (mode === 'active') {
    // One more than shown tells whether there are more ('Näytä lisää').
    const orders = await api.get<PharmacyOrder[]>(`/pharmacy-order-history/active?limit=${limit + 1}`, P);
    return { orders, count: orders.length };
  }
  const page = await api.get<PharmacyOrderPage>(`/pharmacy-order-history/history?offset=0&limit=${limit}`, P);
  return { orders: page.data, count: page.count };
}

export function checkOrderItem(itemId: number): Promise<PharmacyOrder> {
  return api.post<PharmacyOrder>(`/check-order-item/${itemId}`, undefined, P);
}

// ---------------------------------------------------------------- the doctors' notice

/** The published notice, or null. */
export async function fetchMessage(): Promise<PharmacyNotice | null> {
  return (await api.get<PharmacyNotice | undefined>('/get-pharmacy-message/1', P)) ?? null;
}

export function fetchMessageStatus(): Promise<MessageStatus> {
  return api.get<MessageStatus>('/get-pharmacy-user-message-status', P);
}

export function setMessageChecked(checked: boolean): Promise<MessageStatus> {
  return api.post<MessageStatus>(checked ? '/set-pharmacy-message-checked' : '/set-pharmacy-message-unchecked', undefined, P);
}

// ---------------------------------------------------------------- administration

export function fetchApiClients(): Promise<ApiClientView[]> {
  return api.get<ApiClientView[]>('/pharmacy-api-clients', P);
}

export function revokeApiClient(id: number): Promise<ApiClientView> {
  return api.post<ApiClientView>(`/pharmacy-api-clients/${id}/revoke`, undefined, P);
}

export function fetchUsers(): Promise<PharmacyUserListEntry[]> {
  return api.get<PharmacyUserListEntry[]>('/list-users', P);
}

export function checkUsername(name: string): Promise<UsernameCheck> {
  return api.get<UsernameCheck>(`/check-username/${encodeURIComponent(name)}`, P);
}

export function createUser(user: NewPharmacyUserRequest): Promise<PharmacyUserListEntry> {
  return api.post<PharmacyUserListEntry>('/create-pharmacy-user', user, P);
}

export function updateUser(user: UpdatePharmacyUserRequest): Promise<PharmacyUserListEntry> {
  return api.post<PharmacyUserListEntry>('/update-pharmacy-user', user, P);
}

/** POST /reset-pharmacy-user-mfa: the user's TOTP goes (a lost phone); they set it up again. */
export function resetUserMfa(id: number): Promise<void> {
  return api.post<void>('/reset-pharmacy-user-mfa', { id }, P);
}

export function deleteUser(username: string): Promise<void> {
  return api.delete<void>('/delete-pharmacy-user', { username }, P);
}

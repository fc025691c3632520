/** The customer account's calls (SPEC section 7, Customer): registration, contact details, password. */
import type { ContactDetailsUpdate, CustomerInfo, LoginResponse, RegistrationData, RegistrationRequest } from '@resepti/domain';
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

export function changePassword(newPassword: string): Promise<void> {
  return api.post<void>('/my-user/change-password', { newPassword });
}

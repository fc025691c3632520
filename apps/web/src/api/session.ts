/** Session and login calls per user level (SPEC section 7). */
import type { CustomerInfo, DoctorInfo, LoginResponse, PharmacyUserInfo } from '@resepti/domain';
import { api, type UserLevel, toUserLevel } from './client';

export interface SessionUserByLevel {
  customer: CustomerInfo;
  doctor: DoctorInfo;
  pharmacy: PharmacyUserInfo;
}
export type SessionUser = SessionUserByLevel[UserLevel];

const SESSION_PATHS: Readonly<Record<UserLevel, string>> = {
  customer: '/my-user',
  doctor: '/my-doctor-info',
  pharmacy: '/pharmacy-user',
};

/** The signed-in user of one level; a 401 redirects to that level's login page. */
export function fetchSession<L extends UserLevel>(level: L): Promise<SessionUserByLevel[L]> {
  return api.get<SessionUserByLevel[L]>(SESSION_PATHS[toUserLevel(level)], { level });
}

export interface EmailCredentials {
  email: string;
  password: string;
}
export interface UsernameCredentials {
  username: string;
  password: string;
}

export function loginCustomer(credentials: EmailCredentials): Promise<LoginResponse> {
  return api.post<LoginResponse>('/login', credentials, { skipAuthRedirect: true });
}

export function loginDoctor(credentials: EmailCredentials): Promise<LoginResponse> {
  return api.post<LoginResponse>('/doctor-login', credentials, { skipAuthRedirect: true });
}

export function loginPharmacist(credentials: UsernameCredentials): Promise<LoginResponse> {
  return api.post<LoginResponse>('/pharmacist-login', credentials, { skipAuthRedirect: true });
}

export function logout(): Promise<void> {
  return api.post<void>('/logout', undefined, { skipAuthRedirect: true });
}

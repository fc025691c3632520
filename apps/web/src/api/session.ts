/** Session and login calls per user level (SPEC section 7). */
import type { CustomerInfo, CustomerSession, Language, LanguageRequest, DoctorInfo, LoginResponse, PharmacyUserInfo, Provider, TotpEnableResponse, TotpSetupResponse, TotpStatus } from '@resepti/domain';
import { api, isApiError, type UserLevel, toUserLevel } from './client';

export interface SessionUserByLevel {
  customer: CustomerSession;
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

/**
 * Which user level the session cookie belongs to, for a page that another level's session
 * call refused (403): asks each other level's session call without the login redirect.
 * Staff levels first: the customer's pages admit any signed-in user.
 */
export async function probeSessionLevel(except: UserLevel): Promise<{ level: UserLevel; user: SessionUser } | null> {
  const order: UserLevel[] = ['doctor', 'pharmacy', 'customer'];
  for (const level of order.filter((l) => l !== except)) {
    try {
      const user = await api.get<SessionUser>(SESSION_PATHS[level], { skipAuthRedirect: true });
      return { level, user };
    } catch (e) {
      if (!isApiError(e, 403)) throw e;
    }
  }
  return null;
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

/** The code after the password (a staff user with TOTP): signs in. */
export function loginMfa(code: string): Promise<LoginResponse> {
  return api.post<LoginResponse>('/login/mfa', { code }, { skipAuthRedirect: true });
}

/* Staff TOTP setup: for a signed-in doctor or pharmacy user, or one who must set it up first. */
export function fetchTotpStatus(): Promise<TotpStatus> {
  return api.get<TotpStatus>('/mfa/totp', { skipAuthRedirect: true });
}

export function setupTotp(): Promise<TotpSetupResponse> {
  return api.post<TotpSetupResponse>('/mfa/totp/setup', undefined, { skipAuthRedirect: true });
}

export function enableTotp(code: string): Promise<TotpEnableResponse> {
  return api.post<TotpEnableResponse>('/mfa/totp/enable', { code }, { skipAuthRedirect: true });
}

/** 'Luo uudet varakoodit': the password and a current code; the old recovery codes stop working. */
export function regenerateRecoveryCodes(body: { password: string; code: string }): Promise<TotpEnableResponse> {
  return api.post<TotpEnableResponse>('/mfa/recovery-codes', body, { skipAuthRedirect: true });
}

/** GET /provider: who provides the service (the landing page, the footer, the accessibility statement). */
export function fetchProvider(): Promise<Provider> {
  return api.get<Provider>('/provider', { skipAuthRedirect: true });
}

/** PUT /my-user/language: the language switch, kept on the account for the text messages. */
export function saveMyLanguage(language: Language): Promise<CustomerInfo> {
  return api.put<CustomerInfo>('/my-user/language', { language } satisfies LanguageRequest);
}

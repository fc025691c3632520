/**
 * The one typed client for the REST contract under /ui-api/v1 (SPEC section 7):
 * JSON in and out, session cookie included, and the session-expiry redirect
 * (401 → login page of the current user level) in exactly one place.
 */
import type { ApiError as ApiErrorBody, UserRole } from '@resepti/domain';
import { ROUTES } from '../routes';

export const API_BASE = '/ui-api/v1';

/** The user levels a route can require; the same names as the server's roles. */
export type UserLevel = UserRole;
export const USER_LEVELS: readonly UserLevel[] = ['customer', 'doctor', 'pharmacy'];

const LOGIN_PATHS: Readonly<Record<UserLevel, string>> = {
  customer: ROUTES.customerLogin,
  doctor: ROUTES.doctorLogin,
  pharmacy: ROUTES.pharmacyLogin,
};

/** Narrows a string to a user level; an unknown user level is an error (SPEC section 8). */
export function toUserLevel(level: string): UserLevel {
  if ((USER_LEVELS as readonly string[]).includes(level)) return level as UserLevel;
  throw new Error(`Unknown user level: ${level}`);
}

export function loginPathFor(level: string): string {
  return LOGIN_PATHS[toUserLevel(level)];
}

/** A non-2xx answer. `message` is the server's message (joined when it sent a list). */
export class ApiError extends Error {
  readonly status: number;
  /** The server's message as sent: one string or a list of validation messages. */
  readonly serverMessage: string | string[];

  constructor(status: number, serverMessage: string | string[]) {
    super(Array.isArray(serverMessage) ? serverMessage.join(' ') : serverMessage);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
  }

  get messages(): string[] {
    return Array.isArray(this.serverMessage) ? this.serverMessage : [this.serverMessage];
  }
}

export function isApiError(e: unknown, status?: number): e is ApiError {
  return e instanceof ApiError && (status === undefined || e.status === status);
}

// ------------------------------------------------------------ session-expiry redirect

let currentLevel: UserLevel = 'customer';
let navigateTo: ((path: string) => void) | null = null;

/** The route guard records the user level of the protected route being shown. */
export function setCurrentUserLevel(level: string): void {
  currentLevel = toUserLevel(level);
}

export function getCurrentUserLevel(): UserLevel {
  return currentLevel;
}

/** Lets the client navigate inside the single-page app (set once by the router). */
export function setApiNavigator(navigate: ((path: string) => void) | null): void {
  navigateTo = navigate;
}

function redirectToLogin(level: UserLevel): void {
  const target = loginPathFor(level);
  console.info(`Session expired or missing (${level}); redirecting to ${target}`);
  if (window.location.pathname === target) return;
  if (navigateTo) navigateTo(target);
  else window.location.assign(target);
}

// ------------------------------------------------------------ requests

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface RequestOptions {
  body?: unknown;
  /** User level whose login page a 401 leads to; defaults to the current route's level. */
  level?: UserLevel;
  /**
   * No session-expiry redirect on 401: login calls (401 means wrong credentials)
   * and logout (which navigates by itself).
   */
  skipAuthRedirect?: boolean;
  signal?: AbortSignal;
}

function isErrorBody(v: unknown): v is ApiErrorBody {
  return typeof v === 'object' && v !== null && 'message' in v;
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export async function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = { method, credentials: 'include', headers, signal: options.signal };
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }

  const res = await fetch(`${API_BASE}${path}`, init);
  const payload = await readJson(res);

  if (!res.ok) {
    if (res.status === 401 && !options.skipAuthRedirect) redirectToLogin(options.level ?? currentLevel);
    const message = isErrorBody(payload)
      ? payload.message
      : typeof payload === 'string' && payload !== ''
        ? payload
        : res.statusText || `HTTP ${res.status}`;
    throw new ApiError(res.status, message);
  }
  return payload as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('DELETE', path, { ...options, body }),
};

/**
 * The one typed client for the REST contract under /ui-api/v1 (SPEC section 7):
 * JSON in and out, session cookie included, the session-expiry redirect
 * (401 → login page of the current user level, saying why) and the user's last activity
 * (for the session-expiry prompt) in exactly one place.
 */
import { currentLanguage } from '../i18n/i18n';
import { CSRF_ERROR_CODE, CSRF_HEADER, LIVE_FALLBACK_HEADER, LIVE_FALLBACK_POLLING, type ApiError as ApiErrorBody, type CsrfTokenResponse, type UserRole } from '@resepti/domain';
import { ROUTES } from '../routes/routes';

const API_BASE = '/ui-api/v1';

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

/** Query parameter of a login page reached because the session ended: `?istunto=vanhentunut`. */
const SESSION_EXPIRED_PARAM = 'istunto';
const SESSION_EXPIRED_VALUE = 'vanhentunut';

/** The login page of a user level; with `expired` it says 'Istuntosi on vanhentunut…'. */
export function loginPathFor(level: string, options: { expired?: boolean } = {}): string {
  const path = LOGIN_PATHS[toUserLevel(level)];
  return options.expired ? `${path}?${SESSION_EXPIRED_PARAM}=${SESSION_EXPIRED_VALUE}` : path;
}

/** Whether a login page's query string says the session ended. */
export function isSessionExpiredSearch(search: string): boolean {
  return new URLSearchParams(search).get(SESSION_EXPIRED_PARAM) === SESSION_EXPIRED_VALUE;
}

/** A non-2xx answer. `message` is the server's message (joined when it sent a list). */
export class ApiError extends Error {
  readonly status: number;
  /** The server's message as sent: one string or a list of validation messages. */
  readonly serverMessage: string | string[];
  /** When the server says the refusal ends (Retry-After, in seconds), e.g. a payment being taken. */
  readonly retryAfterSeconds: number | null;
  /** The server's machine-readable code (e.g. EMAIL_TAKEN_CODE): what a screen acts on, never the message's words. */
  readonly code: string | null;

  constructor(status: number, serverMessage: string | string[], retryAfterSeconds: number | null = null, code: string | null = null) {
    super(Array.isArray(serverMessage) ? serverMessage.join(' ') : serverMessage);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.retryAfterSeconds = retryAfterSeconds;
    this.code = code;
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

/** Lets the client navigate inside the single-page app (set once by the router). */
export function setApiNavigator(navigate: ((path: string) => void) | null): void {
  navigateTo = navigate;
}

/** Some call of this page load has been answered as signed in: a later 401 means "expired". */
let sessionSeen = false;

function redirectToLogin(level: UserLevel): void {
  const target = loginPathFor(level, { expired: sessionSeen });
  console.info(`Session expired or missing (${level}); redirecting to ${target}`);
  sessionSeen = false;
  if (window.location.pathname === loginPathFor(level)) return;
  if (navigateTo) navigateTo(target);
  else window.location.assign(target);
}

// ------------------------------------------------------------ user activity
// The session-expiry prompt counts from the user's own last action: every successful write
// (POST, PATCH, PUT, DELETE) and reads marked `activity` ('Jatka'). Background reads (pushes,
// reconnects, polling) are not activity, so an unattended screen does log out.

let lastActivity = Date.now();
const activityListeners = new Set<() => void>();

export function lastUserActivity(): number {
  return lastActivity;
}

export function onUserActivity(listener: () => void): () => void {
  activityListeners.add(listener);
  return () => activityListeners.delete(listener);
}

export function markUserActivity(): void {
  lastActivity = Date.now();
  activityListeners.forEach((l) => l());
}

// ------------------------------------------------------------ connection state
// 'Ei yhteyttä palvelimeen': the last request failed without an HTTP answer (network error,
// or a 502/503/504 from a proxy in front of a stopped server). Any answer clears it.

let serverUnreachable = false;
const connectionListeners = new Set<() => void>();

export function isServerUnreachable(): boolean {
  return serverUnreachable;
}

export function onConnectionChange(listener: () => void): () => void {
  connectionListeners.add(listener);
  return () => connectionListeners.delete(listener);
}

function setServerUnreachable(value: boolean): void {
  if (serverUnreachable === value) return;
  serverUnreachable = value;
  connectionListeners.forEach((l) => l());
}

/** Asks the server whether it answers at all (GET /health, no session needed). */
export async function probeServer(): Promise<boolean> {
  try {
    const res = await fetch('/health', { cache: 'no-store' });
    setServerUnreachable(GATEWAY_DOWN.has(res.status));
  } catch {
    setServerUnreachable(true);
  }
  return !serverUnreachable;
}

/** The message of a request that got no answer from the server. */
class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Ei yhteyttä palvelimeen', { cause });
    this.name = 'NetworkError';
  }
}

// ------------------------------------------------------------ polling fallback
// While the socket cannot connect (or has dropped), the live queries poll: the reads say so
// (X-Live-Fallback: polling), so the operators see how many clients live without pushes.

let pollingFallback = false;

/** Set by the socket provider: true after the socket failed or dropped, false once it connects. */
export function setPollingFallback(value: boolean): void {
  pollingFallback = value;
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
  /** Counts as the user's activity (default: every write; reads only when true). */
  activity?: boolean;
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

/** A proxy's answers while the app server behind it is down. */
const GATEWAY_DOWN = new Set([502, 503, 504]);

// ------------------------------------------------------------ CSRF token
// Every change carries the token of this browser and session (GET /csrf-token). It changes
// with the session (login, logout, expiry, a login in another tab): the server then answers
// 403 with code 'csrf', and the change is sent once more with a fresh token.

let csrfToken: Promise<string> | null = null;

function currentCsrfToken(): Promise<string> {
  csrfToken ??= fetch(`${API_BASE}/csrf-token`, { credentials: 'include', headers: { Accept: 'application/json' }, cache: 'no-store' })
    .then(async (res) => {
      if (!res.ok) throw new ApiError(res.status, res.statusText || `HTTP ${res.status}`);
      return ((await res.json()) as CsrfTokenResponse).token;
    })
    .catch((e: unknown) => {
      csrfToken = null;
      throw e;
    });
  return csrfToken;
}

/** The session changed (signed in or out): the next change fetches a new token first. */
function forgetCsrfToken(): void {
  csrfToken = null;
}

function isCsrfRefusal(status: number, payload: unknown): boolean {
  return status === 403 && isErrorBody(payload) && payload.code === CSRF_ERROR_CODE;
}

export async function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
  let { res, payload } = await send(method, path, options);
  if (isCsrfRefusal(res.status, payload)) {
    forgetCsrfToken();
    ({ res, payload } = await send(method, path, options));
  }

  if (!res.ok) {
    if (res.status === 401 && !options.skipAuthRedirect) redirectToLogin(options.level ?? currentLevel);
    const message = isErrorBody(payload)
      ? payload.message
      : typeof payload === 'string' && payload !== ''
        ? payload
        : res.statusText || `HTTP ${res.status}`;
    const retryAfter = Number(res.headers.get('Retry-After') ?? NaN);
    const code = isErrorBody(payload) && typeof payload.code === 'string' ? payload.code : null;
    throw new ApiError(res.status, message, Number.isFinite(retryAfter) ? retryAfter : null, code);
  }
  // Login and logout calls change the session, and with it the CSRF token.
  if (options.skipAuthRedirect && method !== 'GET') forgetCsrfToken();
  if (!options.skipAuthRedirect) sessionSeen = true;
  if (options.activity ?? method !== 'GET') markUserActivity();
  return payload as T;
}

async function send(method: HttpMethod, path: string, options: RequestOptions): Promise<{ res: Response; payload: unknown }> {
  // The API answers its messages in the language of the switch (Finnish by default).
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLanguage() };
  const init: RequestInit = { method, credentials: 'include', headers, signal: options.signal };
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  if (method === 'GET' && pollingFallback) headers[LIVE_FALLBACK_HEADER] = LIVE_FALLBACK_POLLING;
  let res: Response;
  try {
    if (method !== 'GET') headers[CSRF_HEADER] = await currentCsrfToken();
    res = await fetch(`${API_BASE}${path}`, init);
  } catch (e) {
    if (options.signal?.aborted || isApiError(e)) throw e;
    setServerUnreachable(true);
    throw new NetworkError(e);
  }
  setServerUnreachable(GATEWAY_DOWN.has(res.status));
  return { res, payload: await readJson(res) };
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('DELETE', path, { ...options, body }),
};

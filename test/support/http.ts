import { CSRF_ERROR_CODE, CSRF_HEADER } from '@resepti/domain';
import type { TestApp } from './app';
import { webContract } from './openapi-contract';

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * A user agent for the REST API: JSON in and out, one cookie jar (the session and CSRF cookies).
 * Like the web app, it sends the page's Origin and the CSRF token (GET /csrf-token) with every
 * change, and fetches a new token once when the server says the old one no longer fits.
 * Every answer is checked against the web API's committed document (docs/openapi/web-api.json):
 * an undeclared status or a body that does not match its schema fails the test that got it.
 */
export class ApiClient {
  private cookies = new Map<string, string>();
  private csrfToken: string | undefined;
  /** false: send changes without a CSRF token and Origin (to test the protection itself). */
  csrf = true;

  /** `headers` go with every request (e.g. X-Forwarded-For to act from another address). */
  constructor(
    readonly apiUrl: string,
    private readonly headers: Record<string, string> = {},
  ) {}

  /** The same session (cookie jar) talking to another API node. */
  onNode(apiUrl: string): ApiClient {
    const other = new ApiClient(apiUrl, this.headers);
    other.cookies = this.cookies;
    other.csrfToken = this.csrfToken;
    return other;
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** `headers`: extra headers of this one read (e.g. the web app's X-Live-Fallback). */
  get<T = any>(path: string, headers: Record<string, string> = {}): Promise<ApiResponse<T>> {
    return this.exchange<T>('GET', path, undefined, 'application/json', headers);
  }
  post<T = any>(path: string, body?: unknown): Promise<ApiResponse<T>> {
    return this.request<T>('POST', path, body);
  }
  put<T = any>(path: string, body?: unknown): Promise<ApiResponse<T>> {
    return this.request<T>('PUT', path, body);
  }
  patch<T = any>(path: string, body?: unknown): Promise<ApiResponse<T>> {
    return this.request<T>('PATCH', path, body);
  }
  delete<T = any>(path: string, body?: unknown): Promise<ApiResponse<T>> {
    return this.request<T>('DELETE', path, body);
  }

  /** Fetches this client's CSRF token now, so that its next change is one request only. */
  async prepareChanges(): Promise<this> {
    if (this.csrf) this.csrfToken ??= await this.fetchCsrfToken();
    return this;
  }

  /** Sends a raw body (e.g. malformed JSON). */
  async raw<T = any>(method: string, path: string, rawBody: string, contentType = 'application/json'): Promise<ApiResponse<T>> {
    return this.send<T>(method, path, rawBody, contentType);
  }

  async request<T>(method: string, path: string, body?: unknown): Promise<ApiResponse<T>> {
    return this.send<T>(method, path, body === undefined ? undefined : JSON.stringify(body), 'application/json');
  }

  private async send<T>(method: string, path: string, body: string | undefined, contentType: string): Promise<ApiResponse<T>> {
    const change = method !== 'GET' && method !== 'HEAD';
    if (!change || !this.csrf) return this.exchange<T>(method, path, body, contentType, {});
    this.csrfToken ??= await this.fetchCsrfToken();
    let res = await this.exchange<T>(method, path, body, contentType, this.csrfHeaders());
    if (res.status === 403 && (res.body as { code?: string } | undefined)?.code === CSRF_ERROR_CODE) {
      this.csrfToken = await this.fetchCsrfToken();
      res = await this.exchange<T>(method, path, body, contentType, this.csrfHeaders());
    }
    return res;
  }

  private csrfHeaders(): Record<string, string> {
    return { origin: new URL(this.apiUrl).origin, [CSRF_HEADER.toLowerCase()]: this.csrfToken ?? '' };
  }

  private async fetchCsrfToken(): Promise<string> {
    const res = await this.exchange<{ token?: string }>('GET', '/csrf-token', undefined, 'application/json', {});
    if (res.status !== 200 || !res.body?.token) throw new Error(`GET /csrf-token answered ${res.status}`);
    return res.body.token;
  }

  private async exchange<T>(method: string, path: string, body: string | undefined, contentType: string, extra: Record<string, string>): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...this.headers, ...extra, accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = contentType;
    if (this.cookies.size) headers.cookie = this.cookieHeader;
    const res = await fetch(this.apiUrl + path, { method, headers, body });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /expires=thu, 01 jan 1970/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON
    }
    // A followed redirect (identification) ends on another site's page: only the API's own answers are checked.
    if (!res.redirected) webContract().checkAnswer(method, this.apiUrl + path, res.status, res.headers.get('content-type'), parsed);
    return { status: res.status, body: parsed as T, headers: res.headers };
  }
}

export const DEMO = {
  doctor: { email: 'laakari@example.fi', password: 'Laakari123', name: 'Liisa Lääkäri' },
  doctor2: { email: 'laakari2@example.fi', password: 'Laakari123', name: 'Lauri Lääkäri' },
  pharmacyAdmin: { username: 'apteekki.admin', password: 'Apteekki123', pharmacy: 'Keskusapteekki' },
  pharmacy: { username: 'apteekki', password: 'Apteekki123', pharmacy: 'Keskusapteekki' },
  kyla: { username: 'kyla', password: 'Apteekki123', pharmacy: 'Kylän apteekki' },
  customer: { email: 'asiakas@example.fi', password: 'Asiakas123', hetu: '010190-998V' },
} as const;

export type DemoAccount = keyof typeof DEMO;

/** Signs in as a demo account and returns its client; throws when the login fails. */
export async function loginAs(app: Pick<TestApp, 'apiUrl'>, who: DemoAccount): Promise<ApiClient> {
  const client = new ApiClient(app.apiUrl);
  const account = DEMO[who];
  const res =
    'username' in account
      ? await client.post('/pharmacist-login', { username: account.username, password: account.password })
      : await client.post(who === 'customer' ? '/login' : '/doctor-login', { email: account.email, password: account.password });
  if (res.status !== 200) throw new Error(`login as ${who} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return client;
}

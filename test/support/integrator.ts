/**
 * An integrator in tests: a client made with the admin CLI (as an operator would), its token from
 * POST /api/oauth/token, and Bearer calls to /api/v1 with no cookies at all.
 */
import type { IntegratorTokenResponse } from '@resepti/domain';
import type { TestApp } from './app';
import { runAdmin } from './cli';
import { contract } from './openapi-contract';

export interface IntegratorCredentials {
  id: number;
  clientId: string;
  clientSecret: string;
}

export async function createApiClient(app: TestApp, pharmacy: string, name: string, offices: string[] = []): Promise<IntegratorCredentials> {
  const args = ['create-api-client', '--pharmacy', pharmacy, '--name', name, ...offices.flatMap((o) => ['--office', o]), '--json'];
  const out = await runAdmin(args, { DATABASE_URL: app.databaseUrl });
  if (out.code !== 0) throw new Error(`create-api-client: ${out.stderr}`);
  return JSON.parse(out.stdout.trim().split('\n').at(-1)!) as IntegratorCredentials;
}

export interface IntegratorResponse<T> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * Bearer calls to /api/v1 (and the token endpoint), JSON in and out. Every answer is checked
 * against the committed contract (docs/openapi/integrator-v1.json): an undeclared status or a
 * body that does not match its schema fails the calling test.
 */
export class IntegratorClient {
  token = '';
  /**
   * Get a new token and send once more when a call is 401, as an integrator's OAuth client does
   * when its token ran out (tests with seconds-long tokens on a busy machine); off by default, so
   * a test of expiry or revocation sees the 401 itself.
   */
  renewWhenRefused = false;

  constructor(
    readonly baseUrl: string,
    readonly credentials: IntegratorCredentials,
  ) {}

  static async signIn(app: TestApp, credentials: IntegratorCredentials): Promise<IntegratorClient> {
    const client = new IntegratorClient(app.baseUrl, credentials);
    const res = await client.requestToken();
    if (res.status !== 200) throw new Error(`token: ${res.status} ${JSON.stringify(res.body)}`);
    client.token = (res.body as IntegratorTokenResponse).access_token;
    return client;
  }

  /** client_credentials with HTTP Basic (or the form fields when `basic` is false). */
  async requestToken(basic = true, secret = this.credentials.clientSecret): Promise<IntegratorResponse<IntegratorTokenResponse | { error: string }>> {
    const form = new URLSearchParams({ grant_type: 'client_credentials' });
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    if (basic) headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(this.credentials.clientId)}:${encodeURIComponent(secret)}`).toString('base64')}`;
    else {
      form.set('client_id', this.credentials.clientId);
      form.set('client_secret', secret);
    }
    const res = await fetch(`${this.baseUrl}/api/oauth/token`, { method: 'POST', headers, body: form });
    const body = (await res.json()) as IntegratorTokenResponse;
    contract().checkAnswer('POST', '/api/oauth/token', res.status, res.headers.get('content-type'), body);
    return { status: res.status, body, headers: res.headers };
  }

  async call<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<IntegratorResponse<T>> {
    const raw = body === undefined ? undefined : JSON.stringify(body);
    const sent = { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers };
    const first = await this.send<T>(method, path, raw, sent);
    if (first.status !== 401 || !this.renewWhenRefused) return first;
    const renewed = await this.requestToken();
    if (renewed.status !== 200) return first;
    this.token = (renewed.body as IntegratorTokenResponse).access_token;
    return this.send<T>(method, path, raw, sent);
  }

  /** A raw body (malformed JSON, another media type); the answer is checked like any other. */
  async send<T = any>(method: string, path: string, rawBody: string | undefined, headers: Record<string, string> = {}): Promise<IntegratorResponse<T>> {
    const res = await fetch(`${this.baseUrl}/api/v1${path}`, {
      method,
      headers: { ...(this.token ? { authorization: `Bearer ${this.token}` } : {}), ...headers },
      body: rawBody,
    });
    const text = await res.text();
    const parsed = (text ? JSON.parse(text) : undefined) as T;
    contract().checkAnswer(method, `/api/v1${path}`, res.status, res.headers.get('content-type'), parsed);
    return { status: res.status, body: parsed, headers: res.headers };
  }
}

/**
 * The API client: openapi-fetch on the contract's generated types, with what every pharmacy
 * system needs around it: a token that renews itself, waiting out a 429, paging by cursor.
 */
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, paths } from '../integrator-v1.js';
import { API_VERSION, API_VERSION_HEADER, list, paginate, type ListMethods } from './lists.js';

export type Order = components['schemas']['Order'];
export type OrderPage = components['schemas']['OrderPage'];
export type Problem = components['schemas']['Problem'];
export type CreateOrderRequest = components['schemas']['CreateOrderRequest'];
/** A typed client of every operation, with the list helpers as methods. */
export type IntegratorApi = Client<paths> & ListMethods;

export interface ClientOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** How often a 429 is waited out (Retry-After) before it is returned. */
  retries429?: number;
  fetch?: typeof fetch;
  /**
   * The dated version sent as `Resepti-Version` on every request that does not set its own
   * (default: API_VERSION, the one this SDK was written for; null: none, the API's oldest shapes).
   */
  apiVersion?: string | null;
}

/** POST /api/oauth/token with HTTP Basic: the access token and when to renew it (ms since epoch). */
export async function requestToken(options: ClientOptions): Promise<{ token: string; renewAt: number }> {
  const api = createClient<paths>({ baseUrl: options.baseUrl, ...(options.fetch ? { fetch: options.fetch } : {}) });
  const basic = Buffer.from(`${encodeURIComponent(options.clientId)}:${encodeURIComponent(options.clientSecret)}`).toString('base64');
  const { data, error, response } = await api.POST('/api/oauth/token', {
    body: { grant_type: 'client_credentials' },
    bodySerializer: (body) => new URLSearchParams(body).toString(),
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
  });
  if (!data) throw new Error(`token: ${response.status} ${error && 'error' in error ? error.error : (error?.code ?? '')}`);
  // Renewed when four fifths of its life are gone.
  return { token: data.access_token, renewAt: Date.now() + data.expires_in * 800 };
}

/** A typed client of /api/v1 whose Bearer token renews itself and that waits out a 429 (Retry-After). */
export function integratorClient(options: ClientOptions): IntegratorApi {
  let current: { token: string; renewAt: number } | undefined;
  const retries = options.retries429 ?? 2;
  const version = options.apiVersion === undefined ? API_VERSION : options.apiVersion;
  const auth: Middleware = {
    async onRequest({ request }) {
      if (!current || Date.now() >= current.renewAt) current = await requestToken(options);
      request.headers.set('authorization', `Bearer ${current.token}`);
      if (version !== null && !request.headers.has(API_VERSION_HEADER)) request.headers.set(API_VERSION_HEADER, version);
      return request;
    },
    async onResponse({ request, response }) {
      if (response.status !== 429 && response.status !== 401) return response;
      let answer = response;
      for (let i = 0; i < retries && (answer.status === 429 || (answer.status === 401 && i === 0)); i++) {
        if (answer.status === 401) current = await requestToken(options);
        else await new Promise((r) => setTimeout(r, Number(answer.headers.get('retry-after') ?? '1') * 1000));
        const again = new Request(request, { headers: new Headers(request.headers) });
        again.headers.set('authorization', `Bearer ${current!.token}`);
        answer = await (options.fetch ?? fetch)(again);
      }
      return answer;
    },
  };
  const api = createClient<paths>({ baseUrl: options.baseUrl, ...(options.fetch ? { fetch: options.fetch } : {}) });
  api.use(auth);
  const methods: ListMethods = { list: (name, ...params) => list(api, name, ...params), paginate: (name, ...params) => paginate(api, name, ...params) };
  return Object.assign(api, methods);
}

/**
 * Every order changed since `cursor` (null: from the start), page by page while `hasMore`.
 * Returns the last cursor the API gave (the position after the last order read): a later call
 * from it lists only orders that changed since (an order that changed again comes again, with its
 * newest state: keep each order by `orderId`).
 */
export async function allOrdersSince(api: Client<paths>, cursor: string | null, limit = 50): Promise<{ orders: Order[]; cursor: string | null }> {
  const orders: Order[] = [];
  let next = cursor;
  for await (const page of paginate(api, 'orders', { query: { limit }, cursor })) {
    orders.push(...page.data);
    if (page.nextCursor !== null) next = page.nextCursor;
  }
  return { orders, cursor: next };
}

// Generated from the integrator API's OpenAPI document (/api/docs-json) by
// `npm run admin -- integrator-client`. Do not edit: regenerate.
import type { CreateIntegratorOrderRequest, CreateWebhookEndpointRequest, IntegratorOrder, IntegratorOrderPage, IntegratorTokenResponse, ProblemDetails, Product, WebhookDeliveryView, WebhookEndpointView } from '@resepti/domain';

/** An answer: `data` on 2xx, `problem` (RFC 9457) otherwise. */
export interface IntegratorResult<T> {
  status: number;
  data: T | undefined;
  problem: ProblemDetails | undefined;
  headers: Headers;
}

interface RequestInit {
  body?: unknown;
  query?: Record<string, string | undefined>;
  headers?: Record<string, string | undefined>;
}

/** The Resepti integrator API (Resepti integrator API 1). */
export class ReseptiIntegratorApi {
  private accessToken: string | undefined;

  constructor(
    readonly baseUrl: string,
    private readonly clientId: string,
    private readonly clientSecret: string,
  ) {}

  /** POST /api/oauth/token (client_credentials, HTTP Basic); kept for the following calls. */
  async signIn(): Promise<IntegratorResult<IntegratorTokenResponse>> {
    const basic = Buffer.from(`${encodeURIComponent(this.clientId)}:${encodeURIComponent(this.clientSecret)}`).toString('base64');
    const res = await fetch(`${this.baseUrl}/api/oauth/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    const body = (await res.json()) as IntegratorTokenResponse & { error_description?: string };
    if (!res.ok) return { status: res.status, data: undefined, problem: { type: 'about:blank', title: 'invalid_client', status: res.status, detail: body.error_description }, headers: res.headers };
    this.accessToken = body.access_token;
    return { status: res.status, data: body, problem: undefined, headers: res.headers };
  }

  private async request<T>(method: string, path: string, init: RequestInit = {}): Promise<IntegratorResult<T>> {
    const query = Object.entries(init.query ?? {}).filter((e): e is [string, string] => e[1] !== undefined);
    const url = `${this.baseUrl}${path}${query.length ? `?${new URLSearchParams(query).toString()}` : ''}`;
    const headers: Record<string, string> = { authorization: `Bearer ${this.accessToken ?? ''}` };
    for (const [name, value] of Object.entries(init.headers ?? {})) if (value !== undefined) headers[name] = value;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(url, { method, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
    const text = await res.text();
    const parsed: unknown = text ? JSON.parse(text) : undefined;
    return res.ok
      ? { status: res.status, data: parsed as T, problem: undefined, headers: res.headers }
      : { status: res.status, data: undefined, problem: parsed as ProblemDetails, headers: res.headers };
  }

  /** The pharmacy's check of a decided prescription */
  checkItem(id: number, itemId: number): Promise<IntegratorResult<IntegratorOrder>> {
    return this.request<IntegratorOrder>('POST', `/api/v1/orders/${encodeURIComponent(String(id))}/items/${encodeURIComponent(String(itemId))}/check`);
  }

  /** Send an order to the doctors (Idempotency-Key makes retries safe) */
  createOrder(body: CreateIntegratorOrderRequest, options: { idempotencyKey?: string } = {}): Promise<IntegratorResult<IntegratorOrder>> {
    return this.request<IntegratorOrder>('POST', `/api/v1/orders`, { body, headers: { 'idempotency-key': options.idempotencyKey } });
  }

  /** Register a webhook endpoint; the answer carries its secret once */
  createWebhookEndpoint(body: CreateWebhookEndpointRequest): Promise<IntegratorResult<WebhookEndpointView>> {
    return this.request<WebhookEndpointView>('POST', `/api/v1/webhook-endpoints`, { body });
  }

  /** Remove a webhook endpoint */
  deleteWebhookEndpoint(id: number): Promise<IntegratorResult<void>> {
    return this.request<void>('DELETE', `/api/v1/webhook-endpoints/${encodeURIComponent(String(id))}`);
  }

  /** One order; decisions once delivered */
  getOrder(id: number): Promise<IntegratorResult<IntegratorOrder>> {
    return this.request<IntegratorOrder>('GET', `/api/v1/orders/${encodeURIComponent(String(id))}`);
  }

  /** Orders by last change, oldest first; follow nextCursor */
  listOrders(query: { limit?: string; cursor?: string; updatedSince?: string; status?: string } = {}): Promise<IntegratorResult<IntegratorOrderPage>> {
    return this.request<IntegratorOrderPage>('GET', `/api/v1/orders`, { query });
  }

  /** Available medicines, filtered by a name prefix (q), paged */
  listProducts(query: { q?: string; limit?: string; offset?: string } = {}): Promise<IntegratorResult<{ data: Product[]; count: number }>> {
    return this.request<{ data: Product[]; count: number }>('GET', `/api/v1/products`, { query });
  }

  /** The delivery log of an endpoint, newest first */
  listWebhookDeliveries(id: number): Promise<IntegratorResult<WebhookDeliveryView[]>> {
    return this.request<WebhookDeliveryView[]>('GET', `/api/v1/webhook-endpoints/${encodeURIComponent(String(id))}/deliveries`);
  }

  /** The client's webhook endpoints */
  listWebhookEndpoints(): Promise<IntegratorResult<WebhookEndpointView[]>> {
    return this.request<WebhookEndpointView[]>('GET', `/api/v1/webhook-endpoints`);
  }
}

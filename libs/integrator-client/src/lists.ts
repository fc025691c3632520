/**
 * Paging every list of /api/v1 by cursor: products, orders, events, webhook endpoints and an
 * endpoint's deliveries all answer `{data, hasMore, nextCursor}` (the webhook lists with the
 * dated version `Resepti-Version: 2026-12-01`, which these helpers send).
 */
import type { Client } from 'openapi-fetch';
import type { paths } from '../integrator-v1.js';

/** The dated version this SDK was written for (`Resepti-Version`): every list answers pages in it. */
export const API_VERSION = '2026-12-01';
export const API_VERSION_HEADER = 'Resepti-Version';

/** Each list by its name, and its operation's path. */
export const LIST_PATHS = {
  products: '/api/v1/products',
  orders: '/api/v1/orders',
  events: '/api/v1/events',
  webhookEndpoints: '/api/v1/webhook-endpoints',
  deliveries: '/api/v1/webhook-endpoints/{id}/deliveries',
} as const;
export type ListName = keyof typeof LIST_PATHS;

type Get<N extends ListName> = paths[(typeof LIST_PATHS)[N]]['get'];
type Answer<N extends ListName> = Get<N>['responses'][200]['content']['application/json'];

/** A page of a list, as the contract types it (the page shape: the webhook lists' bare arrays of the oldest version left out). */
export type ListPage<N extends ListName> = Extract<Answer<N>, { hasMore: boolean }>;
/** One item of a list: a Product, an Order, an Event, a WebhookEndpoint, a WebhookDelivery. */
export type ListItem<N extends ListName> = ListPage<N>['data'][number];

/** The list's own filters (`q`, `status`, `updatedSince`, `limit`); the cursor is the helpers' to move. */
export type ListQuery<N extends ListName> = Omit<NonNullable<Get<N>['parameters']['query']>, 'cursor' | 'offset' | 'after'>;

export type ListParams<N extends ListName> = {
  query?: ListQuery<N>;
  /** Where to start: a `nextCursor` kept from an earlier read (null or left out: from the start). */
  cursor?: string | null;
} & (N extends 'deliveries' ? { endpointId: number } : { endpointId?: never });

/** The deliveries need their endpoint; the other lists may be called without parameters. */
export type ParamsArg<N extends ListName> = N extends 'deliveries' ? [params: ListParams<N>] : [params?: ListParams<N>];

/** A list call the API refused: its status and problem+json body. */
export class IntegratorApiError extends Error {
  constructor(
    readonly status: number,
    readonly problem: unknown,
  ) {
    const code = problem && typeof problem === 'object' && 'code' in problem ? String(problem.code) : '';
    super(`Resepti API answered ${status}${code ? ` ${code}` : ''}`);
    this.name = 'IntegratorApiError';
  }
}

type AnyGet = (path: string, init: { params: { query: Record<string, unknown>; path?: Record<string, unknown>; header: Record<string, string> } }) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/**
 * The pages of a list, one request each, while `hasMore`. Each page carries `nextCursor`: keep
 * the last one that was not null to ask later for only what came since (orders: changed since;
 * events: happened since).
 */
export async function* paginate<N extends ListName>(api: Client<paths>, list: N, ...given: ParamsArg<N>): AsyncGenerator<ListPage<N>, void, undefined> {
  // Read loosely: the signature has checked the shape.
  const params = (given[0] ?? {}) as { query?: Record<string, unknown>; cursor?: string | null; endpointId?: number };
  let cursor: string | null = params.cursor ?? null;
  // One untyped call for the five operations; what it answers is typed by ListPage<N>.
  const get = api.GET as unknown as AnyGet;
  for (;;) {
    const { data, error, response } = await get(LIST_PATHS[list], {
      params: {
        query: { ...params.query, ...(cursor !== null ? { cursor } : {}) },
        ...(params.endpointId !== undefined ? { path: { id: params.endpointId } } : {}),
        header: { [API_VERSION_HEADER]: API_VERSION },
      },
    });
    if (data === undefined) throw new IntegratorApiError(response.status, error);
    const page = data as ListPage<N>;
    yield page;
    if (page.nextCursor !== null) cursor = page.nextCursor;
    if (!page.hasMore) return;
  }
}

/** Every item of a list, page by page (`for await (const order of list(api, 'orders'))`). */
export async function* list<N extends ListName>(api: Client<paths>, name: N, ...params: ParamsArg<N>): AsyncGenerator<ListItem<N>, void, undefined> {
  for await (const page of paginate(api, name, ...params)) yield* page.data as Array<ListItem<N>>;
}

/** The list helpers as methods of the client integratorClient makes. */
export interface ListMethods {
  /** Every item of a list, page by page: `for await (const order of api.list('orders', { query: { status: 'delivered' } }))`. */
  list<N extends ListName>(name: N, ...params: ParamsArg<N>): AsyncGenerator<ListItem<N>, void, undefined>;
  /** The pages of a list, to keep each page's `nextCursor`. */
  paginate<N extends ListName>(name: N, ...params: ParamsArg<N>): AsyncGenerator<ListPage<N>, void, undefined>;
}

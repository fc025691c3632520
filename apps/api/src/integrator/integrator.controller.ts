import { applyDecorators, Body, Controller, createParamDecorator, Delete, Get, type ExecutionContext, HttpCode, NotFoundException, Post, Query, Req, Res, UseFilters } from '@nestjs/common';
import { ApiAcceptedResponse, ApiCreatedResponse, ApiExtension, ApiExtraModels, ApiHeader, ApiNoContentResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  DELIVERY_OPTIONS,
  INTEGRATOR_MESSAGES as M,
  problemText,
  WEBHOOK_SECRET_OVERLAP_HOURS,
  type IntegratorDeliveryOptionList,
  type IntegratorEventPage,
  type IntegratorOfficeList,
  type IntegratorOrder,
  type IntegratorOrderPage,
  type IntegratorTokenResponse,
  PAGED_WEBHOOK_LISTS_VERSION,
  type IntegratorDatedVersion,
  type ProductPage,
  type WebhookDeliveryView,
  type WebhookEndpointView,
} from '@resepti/domain';
import { AuditService } from '../platform/audit/audit.service.js';
import { Public } from '../platform/http/roles.decorator.js';
import { CatalogueService } from '../catalogue/catalogue.service.js';
import { IdParam } from '../platform/http/request-input.js';
import { fieldRefusal } from '../platform/http/validation.js';
import type { ApiClient } from '../api-clients/api-client.entity.js';
import { ApiClientsService } from '../api-clients/api-clients.service.js';
import { CreateIntegratorOrderDto, CreateWebhookEndpointDto, ListEventsQuery, ListOrdersQuery, ListProductsQuery, ListWebhooksQuery, RotateWebhookSecretDto } from './dto.js';
import { IntegratorEventsService } from './integrator-events.service.js';
import { AuditedReads, CurrentClient, FailedIntegratorAuthLog, IntegratorApi, type OrdersRead } from '../api-clients/integrator-access.js';
import { IntegratorRateLimits } from '../api-clients/rate-limits.js';
import { DeliveryOptionListSchema, EventPageSchema, INTEGRATOR_SCHEMAS, IntegratorOrderPageSchema, OfficeListSchema, IntegratorOrderSchema, ProductPageSchema, WebhookDeliverySchema, WebhookEndpointSchema } from './integrator-schemas.js';
import { API_VERSION_RESPONSE_HEADER, DatedVersion, isAtLeast, VersionedByDate } from './api-versions.js';
import { ProblemJsonFilter } from '../api-clients/problem-json.js';
import { AccessTokens } from '../api-clients/integrator-credentials.js';
import { IntegratorOrdersService, isFirstVersionCursor } from './integrator-orders.service.js';
import { announceDeprecation, DEPRECATIONS, DEPRECATION_HEADERS } from './deprecation.js';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER, Idempotent } from './idempotent.js';
import { type IdPage, WebhookEndpointsService } from './webhook-endpoints.service.js';

/**
 * An operation of the published contract: its operationId, summary and description, and the
 * error statuses it can answer besides the ones every /api/v1 call can (401, 429, 500, 503);
 * integrator-docs.ts turns `x-problems` into problem+json responses with examples.
 */
export const Operation = (operationId: string, summary: string, description: string, ...problems: number[]) =>
  applyDecorators(ApiOperation({ operationId, summary, description }), ApiExtension('x-problems', problems));

/** The Idempotency-Key header (declared once in the document by ApiHeader; not a second time as a handler parameter). */
const IdempotencyKey = createParamDecorator((_data: unknown, context: ExecutionContext): string | undefined => {
  const value = context.switchToHttp().getRequest<Request>().headers['idempotency-key'];
  return typeof value === 'string' ? value : undefined;
});

const GENERIC = { code: 'bad_request', en: 'Bad request.' };

/** The Deprecation headers of an answer to a deprecated form of the request (`form` says which). */
const deprecatedForm = (form: string) =>
  Object.fromEntries(Object.entries(DEPRECATION_HEADERS).map(([name, header]) => [name, { ...header, description: `Only for ${form} (deprecated). ${header.description}` }]));

/**
 * The answer of a list whose shape the dated version picks: the page schema (2026-12-01 on) or the
 * bare array of the first version (deprecated: its answers carry Deprecation, Sunset and Link).
 */
const VersionedListResponse = (page: string, item: string, description: string) =>
  ApiOkResponse({
    description: `${description} With \`Resepti-Version: ${PAGED_WEBHOOK_LISTS_VERSION}\` or later a \`${page}\`; without the header (the first version) a bare array, deprecated.`,
    schema: { oneOf: [{ $ref: `#/components/schemas/${page}` }, { type: 'array', items: { $ref: `#/components/schemas/${item}` }, deprecated: true }] },
    headers: { ...API_VERSION_RESPONSE_HEADER, ...deprecatedForm('the bare array (no `Resepti-Version`, or `2026-11-24`)') },
  });

/** The page a version from 2026-12-01 on gets, or the first version's bare array with the deprecation headers. */
async function inVersionShape<T>(version: IntegratorDatedVersion, res: Response, page: () => Promise<IdPage<T>>, bare: () => Promise<T[]>): Promise<IdPage<T> | T[]> {
  if (isAtLeast(version, PAGED_WEBHOOK_LISTS_VERSION)) return page();
  announceDeprecation(res, DEPRECATIONS.bareWebhookLists);
  return bare();
}

/** The product list's cursor: the position after a page (`p1|<next>`), base64url; anything else is 400 cursor_invalid. */
const productCursor = (next: number) => Buffer.from(`p1|${next}`).toString('base64url');
function productPosition(cursor: string): number {
  const match = /^p1\|(\d{1,6})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match) throw fieldRefusal(M.cursorInvalid, ['cursor'], 'query');
  return Number(match[1]);
}

/** The audit of an events page: a row per order whose data it carries. */
function ordersInEvents(answer: unknown): OrdersRead {
  const seen = new Map<number, { orderId: number; hetu: string }>();
  for (const event of (answer as IntegratorEventPage).data ?? []) {
    const order = event.data.object as Partial<IntegratorOrder> | null;
    if (typeof order?.orderId === 'number' && typeof order.patient?.hetu === 'string') seen.set(order.orderId, { orderId: order.orderId, hetu: order.patient.hetu });
  }
  return { one: null, listed: [...seen.values()] };
}

/** OAuth 2.0 client credentials (RFC 6749 §4.4): client id and secret by HTTP Basic or form fields. */
@Controller('api/oauth')
export class OAuthTokenController {
  constructor(
    private readonly clients: ApiClientsService,
    private readonly audit: AuditService,
    private readonly tokens: AccessTokens,
    private readonly failures: FailedIntegratorAuthLog,
    private readonly limits: IntegratorRateLimits,
  ) {}

  @Post('token')
  @Public()
  @HttpCode(200)
  @UseFilters(ProblemJsonFilter)
  @ApiOperation({
    operationId: 'createToken',
    summary: 'Get an access token (OAuth 2.0 client credentials)',
    description:
      'RFC 6749 §4.4. The client id and secret by HTTP Basic or as the form fields `client_id` and `client_secret`. ' +
      'Errors 400 and 401 are in OAuth’s own format (`{"error": "invalid_client"}`); 415 and 429 are problem+json.',
  })
  async token(@Req() req: Request, @Res() res: Response): Promise<void> {
    const body = (req.body ?? {}) as Record<string, unknown>;
    res.setHeader('Cache-Control', 'no-store');
    const fail = (status: number, error: string, description: string) => {
      if (status === 401) res.setHeader('WWW-Authenticate', 'Basic realm="resepti"');
      res.status(status).json({ error, error_description: description });
    };
    let id: unknown = body.client_id;
    let secret: unknown = body.client_secret;
    const basic = /^Basic +([A-Za-z0-9+/=]+)$/i.exec(req.headers.authorization ?? '');
    if (basic) {
      const decoded = Buffer.from(basic[1], 'base64').toString();
      const colon = decoded.indexOf(':');
      try {
        id = decodeURIComponent(decoded.slice(0, colon));
        secret = decodeURIComponent(decoded.slice(colon + 1));
      } catch {
        id = undefined;
      }
    }
    // Before anything else is looked at: 429 problem+json (ProblemJsonFilter) with Retry-After.
    await this.limits.takeToken(req.ip ?? '', typeof id === 'string' ? id.slice(0, 200) : undefined, res);
    if (body.grant_type !== 'client_credentials') return fail(400, 'unsupported_grant_type', problemText(M.unsupportedGrant, GENERIC).en);
    const client = typeof id === 'string' && typeof secret === 'string' && id.length < 200 && secret.length < 200 ? await this.clients.authenticate(id, secret) : null;
    if (!client) {
      await this.failures.record('client-credentials', req, { clientId: typeof id === 'string' ? id.slice(0, 200) : '', reason: 'invalid client id or secret' });
      return fail(401, 'invalid_client', problemText(M.invalidClient, GENERIC).en);
    }
    const { token, expiresIn } = this.tokens.issue(client.id);
    await this.audit.record({ role: 'integrator', id: client.id }, { action: 'integrator.request', subject: 'POST /api/oauth/token', details: { clientId: client.clientId } });
    const answer: IntegratorTokenResponse = { access_token: token, token_type: 'Bearer', expires_in: expiresIn };
    res.status(200).json(answer);
  }
}

/** The stateless resource API for pharmacy systems (Bearer only, scoped to the client's pharmacy and offices). */
@ApiExtraModels(...INTEGRATOR_SCHEMAS)
@Controller('api/v1')
@IntegratorApi()
export class IntegratorController {
  constructor(
    private readonly orders: IntegratorOrdersService,
    private readonly webhooks: WebhookEndpointsService,
    private readonly catalogue: CatalogueService,
    private readonly events: IntegratorEventsService,
  ) {}

  @Get('products')
  @Operation(
    'listProducts',
    'List available medicines',
    'Medicines that can be renewed or ordered, filtered by `q`: the start of the name (with strength) or of the active ingredient, case and accents ignored; paged by `limit` and `cursor` (follow `nextCursor` while `hasMore`).',
    400,
  )
  @ApiOkResponse({ type: ProductPageSchema, description: 'A page of products and the count of all that match.', headers: deprecatedForm('`offset`') })
  async products(@Query() query: ListProductsQuery, @Res({ passthrough: true }) res: Response): Promise<ProductPage> {
    if (query.offset !== undefined) announceDeprecation(res, DEPRECATIONS.productsOffset);
    const all = await this.catalogue.availableProducts(query.q);
    const from = query.cursor !== undefined ? productPosition(query.cursor) : (query.offset ?? 0);
    // The integrators' shape has no `available`: they are only answered products on sale.
    const data = all.slice(from, from + (query.limit ?? 50)).map(({ productId, displayName, format, renewable }) => ({ productId, displayName, format, renewable }));
    const next = from + data.length;
    return { data, count: all.length, nextCursor: data.length > 0 ? productCursor(next) : null, hasMore: next < all.length };
  }

  @Get('offices')
  @Operation('listOffices', 'List the offices this client orders for', 'The offices of the client’s pharmacy that it may act for (all of them, or the ones it was limited to), by name. Their `officeId` goes into an order.')
  @ApiOkResponse({ type: OfficeListSchema, description: 'The offices, by name.' })
  offices(@CurrentClient() client: ApiClient): Promise<IntegratorOfficeList> {
    return this.orders.offices(client);
  }

  @Get('delivery-options')
  @Operation(
    'listDeliveryOptions',
    'List the handling options and their prices',
    'What an order costs: medicines have no price of their own; an order costs its option’s `firstItemCents` plus `nextItemCents` for each further medicine (the order’s `priceCents`).',
  )
  @ApiOkResponse({ type: DeliveryOptionListSchema, description: 'The handling options.' })
  deliveryOptions(): IntegratorDeliveryOptionList {
    return { data: DELIVERY_OPTIONS.map(({ id, label, description, firstItemCents, nextItemCents }) => ({ id, label, description, firstItemCents, nextItemCents })) };
  }

  @Post('orders')
  @Operation(
    'createOrder',
    'Send an order to the doctors',
    'Places an order for one patient at one of the client’s offices, with the pharmacy workbench’s rules. With an `Idempotency-Key` a retry is safe for 24 hours: the same key and body (key order in the JSON does not matter) answer the first answer again with `Idempotent-Replayed: true`; another body is 409. ' +
      'A sandbox client’s order is for a test identity only (individual number 900–999, no customer’s): any other hetu is 400 `sandbox_real_hetu`.',
    400,
    409,
    413,
    415,
  )
  @ApiHeader(IDEMPOTENCY_KEY_HEADER)
  @ApiCreatedResponse({
    type: IntegratorOrderSchema,
    description: 'The order, waiting for a doctor; for a repeated Idempotency-Key the first answer again, marked Idempotent-Replayed.',
    headers: IDEMPOTENT_REPLAYED_HEADER,
  })
  async createOrder(
    @CurrentClient() client: ApiClient,
    @Body() body: CreateIntegratorOrderDto,
    @Res({ passthrough: true }) res: Response,
    @IdempotencyKey() key?: string,
  ): Promise<IntegratorOrder> {
    const { order, replayed } = await this.orders.create(client, body, key);
    if (replayed) res.setHeader('Idempotent-Replayed', 'true');
    return order;
  }

  @Get('orders')
  @Operation(
    'listOrders',
    'List orders by last change',
    'Orders of the client’s offices, oldest change first. Follow `nextCursor` while `hasMore`; keep the last `nextCursor` you got (a partial page has one too) to ask later for only what changed since. ' +
      'The list goes by the commit of each change, not by its clock: a page holds only changes whose transactions (and all older ones) have ended, so a cursor never passes a change that commits later; an order comes again after each later change, with its latest state.',
    400,
  )
  @ApiOkResponse({
    type: IntegratorOrderPageSchema,
    description: 'A page of orders, oldest change first.',
    headers: deprecatedForm('a cursor of API 1.2 or earlier'),
  })
  listOrders(@CurrentClient() client: ApiClient, @Query() query: ListOrdersQuery, @Res({ passthrough: true }) res: Response): Promise<IntegratorOrderPage> {
    if (query.cursor !== undefined && isFirstVersionCursor(query.cursor)) announceDeprecation(res, DEPRECATIONS.firstVersionCursor);
    return this.orders.list(client, query);
  }

  @Get('orders/:id')
  @Operation('getOrder', 'Get one order', 'One order of the client’s offices; decisions show once the order is delivered.', 400, 404)
  @ApiOkResponse({ type: IntegratorOrderSchema, description: 'The order.' })
  async order(@CurrentClient() client: ApiClient, @IdParam() id: number): Promise<IntegratorOrder> {
    const order = await this.orders.find(client, id);
    if (!order) throw new NotFoundException(M.orderNotFound);
    return order;
  }

  @Post('orders/:id/items/:itemId/check')
  @Operation('checkItem', 'Check off a decided item', 'The pharmacy’s check of a decided prescription (the workbench’s trash button). Idempotent: checking a checked item answers the order. 409 while the doctor has not decided the item.', 400, 404, 409)
  @HttpCode(200)
  @Idempotent()
  @ApiOkResponse({ type: IntegratorOrderSchema, description: 'The order with the item checked (a repeated Idempotency-Key: the first answer again).', headers: IDEMPOTENT_REPLAYED_HEADER })
  checkItem(@CurrentClient() client: ApiClient, @IdParam() id: number, @IdParam('itemId') itemId: number): Promise<IntegratorOrder> {
    return this.orders.checkItem(client, id, itemId);
  }

  @Post('webhook-endpoints')
  @Operation('createWebhookEndpoint', 'Register a webhook endpoint', 'The answer carries the endpoint’s signing secret, only this once (and to a repeat with the same Idempotency-Key).', 400, 409, 413, 415)
  @Idempotent()
  @ApiCreatedResponse({ type: WebhookEndpointSchema, description: 'The endpoint with its secret (a repeated Idempotency-Key: the same endpoint and secret again).', headers: IDEMPOTENT_REPLAYED_HEADER })
  createWebhook(@CurrentClient() client: ApiClient, @Body() body: CreateWebhookEndpointDto): Promise<WebhookEndpointView> {
    return this.webhooks.create(client, body);
  }

  @Get('events')
  @Operation(
    'listEvents',
    'List events of the last 30 days',
    'Every event of the client’s pharmacy (and offices) and every notice, whether or not an endpoint subscribed to it, oldest first, kept 30 days: what a client that was away missed. Follow `nextCursor` while `hasMore`; keep the last `nextCursor` to ask later for only what happened since. ' +
      'The list goes by commit: a page holds only events whose transactions (and all older ones) have ended, so paging by `after` never passes an event that commits later, and an event caused by another lists after it.',
    400,
  )
  @ApiOkResponse({ type: EventPageSchema, description: 'A page of events, oldest first.', headers: deprecatedForm('`after`') })
  @AuditedReads(ordersInEvents)
  listEvents(@CurrentClient() client: ApiClient, @Query() query: ListEventsQuery, @Res({ passthrough: true }) res: Response): Promise<IntegratorEventPage> {
    if (query.after !== undefined) announceDeprecation(res, DEPRECATIONS.eventsAfter);
    return this.events.list(client, query);
  }

  @Get('webhook-endpoints')
  @Operation(
    'listWebhookEndpoints',
    'List webhook endpoints',
    'The client’s endpoints (without their secrets), oldest first. With `Resepti-Version: 2026-12-01` paged like every list (`limit`, `cursor`; follow `nextCursor` while `hasMore`); without it a bare array of them all (deprecated).',
    400,
  )
  @VersionedByDate()
  @VersionedListResponse('WebhookEndpointPage', 'WebhookEndpoint', 'The endpoints, oldest first.')
  listWebhooks(
    @CurrentClient() client: ApiClient,
    @Query() query: ListWebhooksQuery,
    @DatedVersion() version: IntegratorDatedVersion,
    @Res({ passthrough: true }) res: Response,
  ): Promise<IdPage<WebhookEndpointView> | WebhookEndpointView[]> {
    return inVersionShape(version, res, () => this.webhooks.page(client, query), () => this.webhooks.list(client));
  }

  @Delete('webhook-endpoints/:id')
  @Operation('deleteWebhookEndpoint', 'Remove a webhook endpoint', 'Removes the endpoint and cancels its pending deliveries.', 400, 404)
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Removed.' })
  deleteWebhook(@CurrentClient() client: ApiClient, @IdParam() id: number): Promise<void> {
    return this.webhooks.remove(client, id);
  }

  @Post('webhook-endpoints/:id/rotate-secret')
  @Operation(
    'rotateWebhookSecret',
    'Rotate an endpoint’s signing secret',
    'Answers a new secret, only this once. For `overlapHours` (default 24, at most 168; 0: none) every delivery carries two signatures, ' +
      '`Resepti-Signature: t=…,v1=<by the new secret>,v1=<by the old secret>`, so the receiver can take the new secret into use whenever it likes ' +
      'within the window (accept a delivery when any `v1` matches); after it only the new secret signs. Rotating again during a window ends the older secret at once.',
    400,
    404,
    409,
    413,
    415,
  )
  @HttpCode(200)
  @Idempotent()
  @ApiOkResponse({ type: WebhookEndpointSchema, description: 'The endpoint with its new secret and the end of the overlap.', headers: IDEMPOTENT_REPLAYED_HEADER })
  rotateWebhookSecret(@CurrentClient() client: ApiClient, @IdParam() id: number, @Body() body: RotateWebhookSecretDto): Promise<WebhookEndpointView> {
    return this.webhooks.rotateSecret(client, id, body.overlapHours ?? WEBHOOK_SECRET_OVERLAP_HOURS.default);
  }

  @Post('webhook-endpoints/:id/test')
  @Operation('sendWebhookTest', 'Send a test event', 'Queues a `webhook.test` event (no patient data) to this endpoint alone, signed like every event: try the receiver and its signature check. Follow it in the delivery log.', 400, 404, 409)
  @HttpCode(202)
  @Idempotent()
  @ApiAcceptedResponse({ type: WebhookDeliverySchema, description: 'The queued delivery.', headers: IDEMPOTENT_REPLAYED_HEADER })
  sendWebhookTest(@CurrentClient() client: ApiClient, @IdParam() id: number): Promise<WebhookDeliveryView> {
    return this.webhooks.sendTest(client, id);
  }

  @Post('webhook-endpoints/:id/deliveries/:deliveryId/redeliver')
  @Operation(
    'redeliverWebhook',
    'Send a delivered (or failed) event again',
    'Queues the same event (same `id` and body) to the same endpoint once more, as a new delivery with its own tries: for a receiver that lost or mishandled it. Receivers that drop repeats by `id` must let this one through themselves.',
    400,
    404,
    409,
  )
  @HttpCode(202)
  @Idempotent()
  @ApiAcceptedResponse({ type: WebhookDeliverySchema, description: 'The new delivery, pending.', headers: IDEMPOTENT_REPLAYED_HEADER })
  redeliver(@CurrentClient() client: ApiClient, @IdParam() id: number, @IdParam('deliveryId') deliveryId: number): Promise<WebhookDeliveryView> {
    return this.webhooks.redeliver(client, id, deliveryId);
  }

  @Get('webhook-endpoints/:id/deliveries')
  @Operation(
    'listWebhookDeliveries',
    'List an endpoint’s deliveries',
    'The delivery log of an endpoint, newest first: status, attempts, last answer, next try. With `Resepti-Version: 2026-12-01` the whole log, paged (`limit`, `cursor`; follow `nextCursor` while `hasMore`): a delivery queued while you page comes before the pages you read, never inside them, so reading to the end lists each once. Without the header a bare array of the newest 100 (deprecated).',
    400,
    404,
  )
  @VersionedByDate()
  @VersionedListResponse('WebhookDeliveryPage', 'WebhookDelivery', 'The delivery log, newest first.')
  deliveries(
    @CurrentClient() client: ApiClient,
    @IdParam() id: number,
    @Query() query: ListWebhooksQuery,
    @DatedVersion() version: IntegratorDatedVersion,
    @Res({ passthrough: true }) res: Response,
  ): Promise<IdPage<WebhookDeliveryView> | WebhookDeliveryView[]> {
    return inVersionShape(version, res, () => this.webhooks.deliveryPage(client, id, query), () => this.webhooks.deliveries(client, id));
  }
}

import { applyDecorators, Body, Controller, Delete, Get, Headers, HttpCode, NotFoundException, Post, Query, Req, Res, UseFilters } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiTooManyRequestsResponse, ApiExtension, ApiExtraModels, ApiHeader, ApiOkResponse, ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  INTEGRATOR_MESSAGES as M,
  type IntegratorOrder,
  type IntegratorOrderPage,
  type IntegratorTokenResponse,
  type Product as ProductDto,
  type WebhookDeliveryView,
  type WebhookEndpointView,
} from '@resepti/domain';
import { AuditService } from '../audit/audit.service.js';
import { Public } from '../auth/roles.decorator.js';
import { CatalogueService } from '../catalogue/catalogue.service.js';
import { IdParam } from '../common/request-input.js';
import type { ApiClient } from './api-client.entity.js';
import { ApiClientsService } from './api-clients.service.js';
import { CreateIntegratorOrderDto, CreateWebhookEndpointDto } from './dto.js';
import { CurrentClient, FailedIntegratorAuthLog, IntegratorApi, ProblemJsonFilter, TokenEndpointLimits } from './integrator-access.js';
import { AccessTokens } from './integrator-credentials.js';
import { IntegratorOrdersService } from './integrator-orders.service.js';
import { WebhookEndpointsService } from './webhook-endpoints.service.js';

/**
 * An operation of the typed client: its method name, summary, and the @resepti/domain payload
 * types the generator (integrator-client-generator.ts) puts in its signature.
 */
const Operation = (operationId: string, summary: string, types: { request?: string; response: string }) =>
  applyDecorators(ApiOperation({ operationId, summary }), ApiExtension('x-resepti-types', types));

/** OAuth 2.0 client credentials (RFC 6749 §4.4): client id and secret by HTTP Basic or form fields. */
@ApiTags('integrator')
@Controller('api/oauth')
export class OAuthTokenController {
  constructor(
    private readonly clients: ApiClientsService,
    private readonly audit: AuditService,
    private readonly tokens: AccessTokens,
    private readonly failures: FailedIntegratorAuthLog,
    private readonly limits: TokenEndpointLimits,
  ) {}

  @Post('token')
  @Public()
  @HttpCode(200)
  @UseFilters(ProblemJsonFilter)
  @ApiTooManyRequestsResponse({ description: 'API_TOKEN_LIMIT_PER_CLIENT or API_TOKEN_LIMIT_PER_ADDRESS used up: problem+json with Retry-After' })
  @ApiBody({ description: 'application/x-www-form-urlencoded: grant_type=client_credentials (client_id and client_secret here or as HTTP Basic)' })
  @ApiOkResponse({ description: '{access_token, token_type: "Bearer", expires_in}' })
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
    this.limits.take(req, res, typeof id === 'string' ? id.slice(0, 200) : undefined);
    if (body.grant_type !== 'client_credentials') return fail(400, 'unsupported_grant_type', M.unsupportedGrant);
    const client = typeof id === 'string' && typeof secret === 'string' && id.length < 200 && secret.length < 200 ? await this.clients.authenticate(id, secret) : null;
    if (!client) {
      await this.failures.record('client-credentials', req, { clientId: typeof id === 'string' ? id.slice(0, 200) : '', reason: 'invalid client id or secret' });
      return fail(401, 'invalid_client', M.invalidClient);
    }
    const { token, expiresIn } = this.tokens.issue(client.id);
    await this.audit.record({ role: 'integrator', id: client.id }, { action: 'integrator.request', subject: 'POST /api/oauth/token', details: { clientId: client.clientId } });
    const answer: IntegratorTokenResponse = { access_token: token, token_type: 'Bearer', expires_in: expiresIn };
    res.status(200).json(answer);
  }
}

/** The stateless resource API for pharmacy systems (Bearer only, scoped to the client's pharmacy and offices). */
@ApiTags('integrator')
@ApiProduces('application/json', 'application/problem+json')
@ApiExtraModels(CreateIntegratorOrderDto)
@Controller('api/v1')
@IntegratorApi()
export class IntegratorController {
  constructor(
    private readonly orders: IntegratorOrdersService,
    private readonly webhooks: WebhookEndpointsService,
    private readonly catalogue: CatalogueService,
  ) {}

  @Get('products')
  @Operation('listProducts', 'Available medicines, filtered by a name prefix (q), paged', { response: '{ data: Product[]; count: number }' })
  @ApiQuery({ name: 'q', required: false, description: 'Name prefix, e.g. "Kest"' })
  @ApiQuery({ name: 'limit', required: false })
  @ApiQuery({ name: 'offset', required: false })
  @ApiOkResponse({ description: '{data: [{productId, displayName, format, renewable}], count}' })
  async products(@Query('q') q?: string, @Query('limit') limit?: string, @Query('offset') offset?: string): Promise<{ data: ProductDto[]; count: number }> {
    const prefix = (typeof q === 'string' ? q : '').trim().toLocaleLowerCase('fi');
    const all = (await this.catalogue.availableProducts()).filter((p) => p.displayName.toLocaleLowerCase('fi').startsWith(prefix));
    const from = Math.max(0, Number.parseInt(offset ?? '0', 10) || 0);
    const size = Math.min(200, Math.max(1, Number.parseInt(limit ?? '50', 10) || 50));
    return { data: all.slice(from, from + size), count: all.length };
  }

  @Post('orders')
  @Operation('createOrder', 'Send an order to the doctors (Idempotency-Key makes retries safe)', { request: 'CreateIntegratorOrderRequest', response: 'IntegratorOrder' })
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'A repeat with the same key and body returns the first order; another body is 409.' })
  @ApiCreatedResponse({ description: 'The order, waiting for a doctor' })
  createOrder(@CurrentClient() client: ApiClient, @Body() body: CreateIntegratorOrderDto, @Headers('idempotency-key') key?: string): Promise<IntegratorOrder> {
    return this.orders.create(client, body, key);
  }

  @Get('orders')
  @Operation('listOrders', 'Orders by last change, oldest first; follow nextCursor', { response: 'IntegratorOrderPage' })
  @ApiQuery({ name: 'status', required: false, enum: ['waiting', 'processing', 'delivered'] })
  @ApiQuery({ name: 'updatedSince', required: false, description: 'ISO 8601' })
  @ApiQuery({ name: 'cursor', required: false, description: 'nextCursor of the previous page' })
  @ApiQuery({ name: 'limit', required: false })
  @ApiOkResponse({ description: '{data, nextCursor}: by last change, oldest first' })
  listOrders(
    @CurrentClient() client: ApiClient,
    @Query() query: { status?: string; updatedSince?: string; cursor?: string; limit?: string },
  ): Promise<IntegratorOrderPage> {
    const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
    return this.orders.list(client, { status: text(query.status), updatedSince: text(query.updatedSince), cursor: text(query.cursor), limit: text(query.limit) });
  }

  @Get('orders/:id')
  @Operation('getOrder', 'One order; decisions once delivered', { response: 'IntegratorOrder' })
  @ApiOkResponse({ description: 'The order; decisions only once delivered' })
  async order(@CurrentClient() client: ApiClient, @IdParam() id: number): Promise<IntegratorOrder> {
    const order = await this.orders.find(client, id);
    if (!order) throw new NotFoundException(M.orderNotFound);
    return order;
  }

  @Post('orders/:id/items/:itemId/check')
  @Operation('checkItem', "The pharmacy's check of a decided prescription", { response: 'IntegratorOrder' })
  @HttpCode(200)
  @ApiOkResponse({ description: 'The order with the item checked' })
  checkItem(@CurrentClient() client: ApiClient, @IdParam() id: number, @IdParam('itemId') itemId: number): Promise<IntegratorOrder> {
    return this.orders.checkItem(client, id, itemId);
  }

  @Post('webhook-endpoints')
  @Operation('createWebhookEndpoint', 'Register a webhook endpoint; the answer carries its secret once', { request: 'CreateWebhookEndpointRequest', response: 'WebhookEndpointView' })
  @ApiCreatedResponse({ description: '{id, url, events, secret}: the secret is shown only here' })
  createWebhook(@CurrentClient() client: ApiClient, @Body() body: CreateWebhookEndpointDto): Promise<WebhookEndpointView> {
    return this.webhooks.create(client, body);
  }

  @Get('webhook-endpoints')
  @Operation('listWebhookEndpoints', "The client's webhook endpoints", { response: 'WebhookEndpointView[]' })
  listWebhooks(@CurrentClient() client: ApiClient): Promise<WebhookEndpointView[]> {
    return this.webhooks.list(client);
  }

  @Delete('webhook-endpoints/:id')
  @Operation('deleteWebhookEndpoint', 'Remove a webhook endpoint', { response: 'void' })
  @HttpCode(204)
  deleteWebhook(@CurrentClient() client: ApiClient, @IdParam() id: number): Promise<void> {
    return this.webhooks.remove(client, id);
  }

  @Get('webhook-endpoints/:id/deliveries')
  @Operation('listWebhookDeliveries', 'The delivery log of an endpoint, newest first', { response: 'WebhookDeliveryView[]' })
  @ApiOkResponse({ description: 'The delivery log, newest first: status, attempts, last answer, next try' })
  deliveries(@CurrentClient() client: ApiClient, @IdParam() id: number): Promise<WebhookDeliveryView[]> {
    return this.webhooks.deliveries(client, id);
  }
}

import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { IsNull, LessThan, MoreThan } from 'typeorm';
import { INTEGRATOR_API_VERSION, INTEGRATOR_MESSAGES as M, INTEGRATOR_TEST_EVENT, type IntegratorWebhookEvent, type WebhookDeliveryView, type WebhookEndpointView } from '@resepti/domain';
import { InjectOwn, Transactions, type OwnRepository } from '../platform/database/transactions.js';
import { EventBus } from '../platform/events/event-bus.js';
import { AuditService } from '../platform/audit/audit.service.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import type { ApiClient } from '../api-clients/api-client.entity.js';
import type { CreateWebhookEndpointDto } from './dto.js';
import { newWebhookSecret } from '../api-clients/integrator-credentials.js';
import { cancelPendingDeliveries, newEventId } from './webhook-outbox.service.js';
import { WebhookDelivery, WebhookEndpoint } from './webhook.entity.js';
import { webhookUrlProblem, type UrlProblem } from './webhook-url.js';
import { fieldRefusal } from '../platform/http/validation.js';
import { idCursor, idOfCursor } from './id-cursor.js';

/** A page of a webhook list (dated version 2026-12-01). */
export interface IdPage<T> {
  data: T[];
  nextCursor: string | null;
  hasMore: boolean;
}

/** The page's own cursor after its last row (a partial page has one too), as every list of /api/v1 gives it. */
function pageOf<T extends { id: number }, V>(rows: T[], limit: number, kind: string, view: (row: T) => V): IdPage<V> {
  const page = rows.slice(0, limit);
  return { data: page.map(view), nextCursor: page.length > 0 ? idCursor(kind, page.at(-1)!.id) : null, hasMore: rows.length > limit };
}

const URL_MESSAGES: Record<UrlProblem, string> = {
  invalid: M.webhookUrlInvalid,
  scheme: M.webhookUrlScheme,
  private: M.webhookUrlPrivate,
  unresolvable: M.webhookUrlUnresolvable,
};

/** The end of the previous secret's overlap, while it lasts. */
const previousSecretExpiresAt = (e: WebhookEndpoint, now = new Date()): string | null =>
  e.previousSecret && e.previousSecretUntil && e.previousSecretUntil > now ? e.previousSecretUntil.toISOString() : null;

const toView = (e: WebhookEndpoint): WebhookEndpointView => ({
  id: e.id,
  url: e.url,
  events: e.events,
  created: e.createdAt.toISOString(),
  previousSecretExpiresAt: previousSecretExpiresAt(e),
});

const toDeliveryView = (d: WebhookDelivery): WebhookDeliveryView => ({
  id: d.id,
  eventId: d.eventId,
  eventType: d.eventType,
  status: d.status,
  attempts: d.attempts,
  lastStatus: d.lastStatus,
  lastError: d.lastError,
  nextAttemptAt: d.status === 'pending' ? d.nextAttemptAt.toISOString() : null,
  created: d.createdAt.toISOString(),
  deliveredAt: d.deliveredAt?.toISOString() ?? null,
});

/** An integrator's webhook endpoints and their delivery logs. */
@Injectable()
export class WebhookEndpointsService {
  constructor(
    @InjectOwn(WebhookEndpoint) private readonly endpoints: OwnRepository<WebhookEndpoint>,
    @InjectOwn(WebhookDelivery) private readonly deliveryRows: OwnRepository<WebhookDelivery>,
    private readonly transactions: Transactions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly audit: AuditService,
    private readonly bus: EventBus,
  ) {}

  /** Refuses (400, nothing sent anywhere) a URL that is not https or points into a private network. */
  async create(client: ApiClient, dto: CreateWebhookEndpointDto): Promise<WebhookEndpointView> {
    const problem = await webhookUrlProblem(dto.url, this.config.production);
    if (problem) throw fieldRefusal(URL_MESSAGES[problem], ['url']);
    const secret = newWebhookSecret();
    const endpoint = await this.endpoints.repo.save({ apiClientId: client.id, url: dto.url, events: [...new Set(dto.events)], secret });
    return { ...toView(endpoint), secret };
  }

  /**
   * POST …/{id}/rotate-secret: a new secret, answered once; the old one keeps signing beside it
   * (a second `v1=`) for `overlapHours`, so the receiver can switch when it likes. A rotation
   * during an overlap ends the older secret at once: only the two newest ever sign.
   */
  async rotateSecret(client: ApiClient, id: number, overlapHours: number, now = new Date()): Promise<WebhookEndpointView> {
    return this.transactions.run(async () => {
      const endpoint = await this.endpoints.repo.findOne({ where: { id, apiClientId: client.id, deletedAt: IsNull() }, lock: { mode: 'pessimistic_write' } });
      if (!endpoint) throw new NotFoundException(M.webhookNotFound);
      const secret = newWebhookSecret();
      const until = overlapHours > 0 ? new Date(now.getTime() + overlapHours * 3_600_000) : null;
      await this.endpoints.repo.update({ id }, { secret, previousSecret: until ? endpoint.secret : null, previousSecretUntil: until });
      await this.audit.record(
        { role: 'integrator', id: client.id },
        { action: 'webhook-endpoint.rotate-secret', subject: `webhook_endpoint:${id}`, details: { overlapHours, previousSecretUntil: until?.toISOString() ?? null } });
      return { ...toView(await this.endpoints.repo.findOneByOrFail({ id })), secret };
    });
  }

  async list(client: ApiClient): Promise<WebhookEndpointView[]> {
    return (await this.endpoints.repo.find({ where: { apiClientId: client.id, deletedAt: IsNull() }, order: { id: 'ASC' } })).map(toView);
  }

  /** The endpoints, oldest first, a page at a time (`w1` cursors). */
  async page(client: ApiClient, query: { limit?: number; cursor?: string }): Promise<IdPage<WebhookEndpointView>> {
    const limit = query.limit ?? 50;
    const after = query.cursor !== undefined ? idOfCursor('w1', query.cursor) : 0;
    const rows = await this.endpoints.repo.find({ where: { apiClientId: client.id, deletedAt: IsNull(), id: MoreThan(after) }, order: { id: 'ASC' }, take: limit + 1 });
    return pageOf(rows, limit, 'w1', toView);
  }

  /** Deletes the endpoint and cancels its pending deliveries (audited), in one transaction. */
  async remove(client: ApiClient, id: number): Promise<void> {
    await this.transactions.run(async () => {
      const { affected } = await this.endpoints.repo.update({ id, apiClientId: client.id, deletedAt: IsNull() }, { deletedAt: new Date() });
      if (!affected) throw new NotFoundException(M.webhookNotFound);
      await this.audit.record({ role: 'integrator', id: client.id }, await cancelPendingDeliveries((sql, params) => this.deliveryRows.query(sql, params), { endpointId: id }, 'endpoint deleted'));
    });
  }

  async deliveries(client: ApiClient, id: number): Promise<WebhookDeliveryView[]> {
    await this.ownEndpoint(client, id);
    const rows = await this.deliveryRows.repo.find({ where: { endpointId: id }, order: { id: 'DESC' }, take: 100 });
    return rows.map(toDeliveryView);
  }

  /**
   * The whole delivery log, newest first, a page at a time (`d1` cursors: the id of the page's
   * oldest delivery). A delivery queued while a client pages has a larger id than any it has
   * read, so it comes before them, never inside the pages still ahead: reading to the end lists each once.
   */
  async deliveryPage(client: ApiClient, id: number, query: { limit?: number; cursor?: string }): Promise<IdPage<WebhookDeliveryView>> {
    const limit = query.limit ?? 50;
    const before = query.cursor !== undefined ? idOfCursor('d1', query.cursor) : null;
    await this.ownEndpoint(client, id);
    const rows = await this.deliveryRows.repo.find({ where: { endpointId: id, ...(before !== null ? { id: LessThan(before) } : {}) }, order: { id: 'DESC' }, take: limit + 1 });
    return pageOf(rows, limit, 'd1', toDeliveryView);
  }

  /** A deleted endpoint's log stays readable; another client's endpoint is 404 as if it did not exist. */
  private async ownEndpoint(client: ApiClient, id: number): Promise<void> {
    if (!(await this.endpoints.repo.findOneBy({ id, apiClientId: client.id }))) throw new NotFoundException(M.webhookNotFound);
  }

  /**
   * POST …/deliveries/{deliveryId}/redeliver: the same event (same id, same body) once more to the
   * same endpoint, as a new delivery with its own tries; for a receiver that lost or mishandled it.
   */
  async redeliver(client: ApiClient, endpointId: number, deliveryId: number): Promise<WebhookDeliveryView> {
    return this.queueFor(client, endpointId, async () => {
      const original = await this.deliveryRows.repo.findOneBy({ id: deliveryId, endpointId });
      if (!original) throw new NotFoundException(M.webhookDeliveryNotFound);
      const copy = await this.deliveryRows.repo.save({ endpointId, eventId: original.eventId, eventType: original.eventType, orderId: original.orderId, payload: original.payload });
      return { delivery: copy, audit: { action: 'webhook-delivery.redeliver' as const, orderId: original.orderId, details: { eventId: original.eventId, from: original.id } } };
    });
  }

  /** POST …/{id}/test: a `webhook.test` event to this endpoint alone (no patient data), to try the receiver and its signature check. */
  async sendTest(client: ApiClient, endpointId: number): Promise<WebhookDeliveryView> {
    return this.queueFor(client, endpointId, async () => {
      const event: IntegratorWebhookEvent = {
        id: newEventId(),
        type: INTEGRATOR_TEST_EVENT,
        api_version: INTEGRATOR_API_VERSION,
        created: new Date().toISOString(),
        livemode: !client.sandbox,
        data: { object: { endpointId, message: 'Resepti webhook test' } },
      };
      const delivery = await this.deliveryRows.repo.save({ endpointId, eventId: event.id, eventType: event.type, orderId: null, payload: event });
      return { delivery, audit: { action: 'webhook-delivery.test' as const, orderId: null, details: { eventId: event.id } } };
    });
  }

  /** A new delivery to one live endpoint of this client, audited and woken at commit. */
  private async queueFor(
    client: ApiClient,
    endpointId: number,
    write: () => Promise<{ delivery: WebhookDelivery; audit: { action: 'webhook-delivery.redeliver' | 'webhook-delivery.test'; orderId: number | null; details: Record<string, unknown> } }>,
  ): Promise<WebhookDeliveryView> {
    return this.transactions.run(async () => {
      const endpoint = await this.endpoints.repo.findOneBy({ id: endpointId, apiClientId: client.id, deletedAt: IsNull() });
      if (!endpoint) throw new NotFoundException(M.webhookNotFound);
      const { delivery, audit } = await write();
      await this.audit.record({ role: 'integrator', id: client.id }, { action: audit.action, subject: `webhook_endpoint:${endpointId}`, orderId: audit.orderId, details: audit.details });
      await this.bus.tell('outbox.written', { channel: 'webhook' });
      return toDeliveryView(await this.deliveryRows.repo.findOneByOrFail({ id: delivery.id }));
    });
  }
}

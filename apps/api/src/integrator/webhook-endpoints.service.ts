import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, type Repository } from 'typeorm';
import { INTEGRATOR_MESSAGES as M, type WebhookDeliveryView, type WebhookEndpointView } from '@resepti/domain';
import { AuditService } from '../audit/audit.service.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import type { ApiClient } from './api-client.entity.js';
import type { CreateWebhookEndpointDto } from './dto.js';
import { newWebhookSecret } from './integrator-credentials.js';
import { cancelPendingDeliveries } from './webhook-outbox.service.js';
import { WebhookDelivery, WebhookEndpoint } from './webhook.entity.js';
import { webhookUrlProblem, type UrlProblem } from './webhook-url.js';

const URL_MESSAGES: Record<UrlProblem, string> = {
  invalid: M.webhookUrlInvalid,
  scheme: M.webhookUrlScheme,
  private: M.webhookUrlPrivate,
  unresolvable: M.webhookUrlUnresolvable,
};

const toView = (e: WebhookEndpoint): WebhookEndpointView => ({ id: e.id, url: e.url, events: e.events, created: e.createdAt.toISOString() });

/** An integrator's webhook endpoints and their delivery logs. */
@Injectable()
export class WebhookEndpointsService {
  constructor(
    @InjectRepository(WebhookEndpoint) private readonly endpoints: Repository<WebhookEndpoint>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly audit: AuditService,
  ) {}

  /** Refuses (400, nothing sent anywhere) a URL that is not https or points into a private network. */
  async create(client: ApiClient, dto: CreateWebhookEndpointDto): Promise<WebhookEndpointView> {
    const problem = await webhookUrlProblem(dto.url, this.config.production);
    if (problem) throw new BadRequestException(URL_MESSAGES[problem]);
    const secret = newWebhookSecret();
    const endpoint = await this.endpoints.save({ apiClientId: client.id, url: dto.url, events: [...new Set(dto.events)], secret });
    return { ...toView(endpoint), secret };
  }

  async list(client: ApiClient): Promise<WebhookEndpointView[]> {
    return (await this.endpoints.find({ where: { apiClientId: client.id, deletedAt: IsNull() }, order: { id: 'ASC' } })).map(toView);
  }

  /** Deletes the endpoint and cancels its pending deliveries (audited), in one transaction. */
  async remove(client: ApiClient, id: number): Promise<void> {
    await this.endpoints.manager.transaction(async (m) => {
      const { affected } = await m.update(WebhookEndpoint, { id, apiClientId: client.id, deletedAt: IsNull() }, { deletedAt: new Date() });
      if (!affected) throw new NotFoundException(M.webhookNotFound);
      await this.audit.record({ role: 'integrator', id: client.id }, await cancelPendingDeliveries(m, { endpointId: id }, 'endpoint deleted'), m);
    });
  }

  async deliveries(client: ApiClient, id: number): Promise<WebhookDeliveryView[]> {
    const endpoint = await this.endpoints.findOneBy({ id, apiClientId: client.id });
    if (!endpoint) throw new NotFoundException(M.webhookNotFound);
    const rows = await this.endpoints.manager.getRepository(WebhookDelivery).find({ where: { endpointId: id }, order: { id: 'DESC' }, take: 100 });
    return rows.map((d) => ({
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
    }));
  }
}

import { Injectable, NotFoundException } from '@nestjs/common';
import { IsNull } from 'typeorm';
import { INTEGRATOR_MESSAGES, type ApiClientView } from '@resepti/domain';
import { AuditService, type AuditActor } from '../platform/audit/audit.service.js';
import { InjectOwn, Transactions, type OwnRepository } from '../platform/database/transactions.js';
import { WebhookDelivery } from './webhook.entity.js';
import { ApiClient } from './api-client.entity.js';
import { secretMatches } from './integrator-credentials.js';
import { cancelPendingDeliveries } from './webhook-outbox.service.js';

export const toApiClientView = (c: ApiClient): ApiClientView => ({
  id: c.id,
  clientId: c.clientId,
  name: c.name,
  officeIds: c.officeIds,
  created: c.createdAt.toISOString(),
  revoked: c.revokedAt?.toISOString() ?? null,
  sandbox: c.sandbox,
});

/** Integrator clients: created by the admin CLI, listed and revoked by the CLI or the pharmacy's admin. */
@Injectable()
export class ApiClientsService {
  constructor(
    @InjectOwn(ApiClient) private readonly clients: OwnRepository<ApiClient>,
    @InjectOwn(WebhookDelivery) private readonly deliveries: OwnRepository<WebhookDelivery>,
    private readonly transactions: Transactions,
    private readonly audit: AuditService,
  ) {}

  /** The client whose id and secret these are (not revoked), else null. */
  async authenticate(clientId: string, secret: string): Promise<ApiClient | null> {
    const client = await this.clients.repo.findOneBy({ clientId, revokedAt: IsNull() });
    return client && secretMatches(secret, client.secretHash) ? client : null;
  }

  listForPharmacy(pharmacyId: number): Promise<ApiClient[]> {
    return this.clients.repo.find({ where: { pharmacyId }, order: { id: 'ASC' } });
  }

  /** Ends the client at once (its tokens are checked against this on every call) and cancels its pending webhook deliveries. */
  async revoke(actor: AuditActor, id: number, pharmacyId?: number): Promise<ApiClient> {
    const repo = this.clients.repo;
    const client = await repo.findOneBy({ id, ...(pharmacyId !== undefined ? { pharmacyId } : {}) });
    if (!client) throw new NotFoundException(INTEGRATOR_MESSAGES.clientNotFound);
    if (!client.revokedAt) {
      await this.transactions.run(async () => {
        await this.clients.repo.update({ id }, { revokedAt: new Date() });
        const cancelled = await cancelPendingDeliveries((sql, params) => this.deliveries.query(sql, params), { apiClientId: id }, 'client revoked');
        await this.audit.record(actor, [{ action: 'api-client.revoke', subject: `api-client:${client.clientId}` }, ...cancelled]);
      });
    }
    return repo.findOneByOrFail({ id });
  }
}

import { Injectable, NotFoundException } from '@nestjs/common';
import { IsNull } from 'typeorm';
import { INTEGRATOR_MESSAGES, type ApiClientView } from '@resepti/domain';
import { AuditService, type AuditActor, type AuditEntry } from '../platform/audit/audit.service.js';
import { InjectOwn, Transactions, type OwnRepository } from '../platform/database/transactions.js';
import { ApiClient } from './api-client.entity.js';
import { secretMatches } from './integrator-credentials.js';

export const toApiClientView = (c: ApiClient): ApiClientView => ({
  id: c.id,
  clientId: c.clientId,
  name: c.name,
  officeIds: c.officeIds,
  created: c.createdAt.toISOString(),
  revoked: c.revokedAt?.toISOString() ?? null,
  sandbox: c.sandbox,
});

/** API clients (pharmacy systems): created by the admin CLI, listed and revoked by the CLI or the pharmacy's admin; authenticated for both machine edges. */
@Injectable()
export class ApiClientsService {
  constructor(
    @InjectOwn(ApiClient) private readonly clients: OwnRepository<ApiClient>,
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

  /**
   * Ends the client at once (its tokens are checked against this on every call). `alsoInTransaction`
   * runs in the same transaction (the integrator cancels the client's pending webhook deliveries)
   * and returns what to audit with the revocation.
   */
  async revoke(actor: AuditActor, id: number, pharmacyId: number | undefined, alsoInTransaction: (apiClientId: number) => Promise<AuditEntry[]>): Promise<ApiClient> {
    const repo = this.clients.repo;
    const client = await repo.findOneBy({ id, ...(pharmacyId !== undefined ? { pharmacyId } : {}) });
    if (!client) throw new NotFoundException(INTEGRATOR_MESSAGES.clientNotFound);
    if (!client.revokedAt) {
      await this.transactions.run(async () => {
        await this.clients.repo.update({ id }, { revokedAt: new Date() });
        const cancelled = await alsoInTransaction(id);
        await this.audit.record(actor, [{ action: 'api-client.revoke', subject: `api-client:${client.clientId}` }, ...cancelled]);
      });
    }
    return repo.findOneByOrFail({ id });
  }
}

import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../platform/audit/audit.module.js';
import { CatalogueModule } from '../catalogue/catalogue.module.js';
import { OrdersModule } from '../orders/orders.module.js';
import { AuthModule } from '../accounts/auth.module.js';
import { ownRepositories, TransactionsModule } from '../platform/database/transactions.js';
import { ApiClient, ApiIdempotencyKey } from './api-client.entity.js';
import { ApiClientsService } from './api-clients.service.js';
import { FailedIntegratorAuthLog, IntegratorAudit, IntegratorGuard } from './integrator-access.js';
import { IntegratorRateLimits } from './rate-limits.js';
import { RedisModule } from '../platform/redis/redis.module.js';
import { ProblemJsonFilter } from './problem-json.js';
import { AccessTokens } from './integrator-credentials.js';
import { IntegratorOrdersService } from './integrator-orders.service.js';
import { IntegratorController, OAuthTokenController } from './integrator.controller.js';
import { PharmacyApiClientsController } from './pharmacy-api-clients.controller.js';
import { WebhookEndpointsService } from './webhook-endpoints.service.js';
import { WebhookOutbox } from './webhook-outbox.service.js';
import { WebhookSender } from './webhook-sender.js';
import { ApiEvent, WebhookDelivery, WebhookEndpoint } from './webhook.entity.js';
import { IntegratorEventsService } from './integrator-events.service.js';
import { SandboxDoctor } from './sandbox-doctor.js';

/** Integrators (pharmacy systems): client credentials, the /api/v1 resource API, signed webhooks. */
@Module({
  imports: [TransactionsModule, AuthModule, AuditModule, CatalogueModule, OrdersModule, RedisModule, TypeOrmModule.forFeature([ApiIdempotencyKey, ApiClient, WebhookEndpoint, WebhookDelivery, ApiEvent])],
  controllers: [OAuthTokenController, IntegratorController, PharmacyApiClientsController],
  providers: [
    ...ownRepositories([ApiIdempotencyKey, ApiClient, WebhookEndpoint, WebhookDelivery, ApiEvent]),
    IntegratorEventsService, AccessTokens, ApiClientsService, IntegratorOrdersService, WebhookEndpointsService, WebhookOutbox, WebhookSender, IntegratorGuard, ProblemJsonFilter, IntegratorAudit, FailedIntegratorAuthLog, IntegratorRateLimits, SandboxDoctor],
  // The FHIR view (fhir/) takes the same Bearer tokens, limit and audit.
  exports: [ApiClientsService, AccessTokens, FailedIntegratorAuthLog, IntegratorRateLimits, TypeOrmModule],
})
export class IntegratorModule {}

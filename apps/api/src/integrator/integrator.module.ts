import { registerErrorFormat } from '../platform/http/error-formats.js';
import { isIntegratorPath, writeProblem } from '../api-clients/problem-json.js';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../platform/audit/audit.module.js';
import { CatalogueModule } from '../catalogue/catalogue.module.js';
import { OrdersModule } from '../orders/orders.module.js';
import { ApiClientsModule } from '../api-clients/api-clients.module.js';
import { AuthModule } from '../accounts/auth.module.js';
import { ownRepositories, TransactionsModule } from '../platform/database/transactions.js';
import { ApiIdempotencyKey } from './idempotency-key.entity.js';
import { RedisModule } from '../platform/redis/redis.module.js';
import { IdempotencyKeys } from './idempotency-keys.service.js';
import { IntegratorOrdersService } from './integrator-orders.service.js';
import { IntegratorController, OAuthTokenController } from './integrator.controller.js';
import { PharmacyApiClientsController } from './pharmacy-api-clients.controller.js';
import { WebhookEndpointsService } from './webhook-endpoints.service.js';
import { WebhookOutbox } from './webhook-outbox.service.js';
import { WebhookSender } from './webhook-sender.js';
import { ApiEvent, WebhookDelivery, WebhookEndpoint } from './webhook.entity.js';
import { IntegratorEventsService } from './integrator-events.service.js';
import { SandboxDoctor } from './sandbox-doctor.js';
import { SandboxTriggers } from './sandbox-triggers.js';
import { SandboxTriggersController } from './sandbox-triggers.controller.js';

/** Integrators (pharmacy systems): client credentials, the /api/v1 resource API, signed webhooks. */
@Module({
  imports: [ApiClientsModule, TransactionsModule, AuthModule, AuditModule, CatalogueModule, OrdersModule, RedisModule, TypeOrmModule.forFeature([ApiIdempotencyKey, WebhookEndpoint, WebhookDelivery, ApiEvent])],
  controllers: [OAuthTokenController, IntegratorController, SandboxTriggersController, PharmacyApiClientsController],
  providers: [...ownRepositories([ApiIdempotencyKey, WebhookEndpoint, WebhookDelivery, ApiEvent]), IdempotencyKeys, IntegratorEventsService, IntegratorOrdersService, WebhookEndpointsService, WebhookOutbox, WebhookSender, SandboxDoctor, SandboxTriggers],
})
export class IntegratorModule {
  constructor() {
    // Every error under /api/ (also an unknown route) answers problem+json.
    registerErrorFormat({ matches: isIntegratorPath, specificity: 1, write: writeProblem });
  }
}

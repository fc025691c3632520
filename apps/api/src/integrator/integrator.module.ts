import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApiClientsService } from './api-clients.service.js';
import { FailedIntegratorAuthLog, IntegratorAudit, IntegratorGuard, ProblemJsonFilter, TokenEndpointLimits } from './integrator-access.js';
import { AccessTokens } from './integrator-credentials.js';
import { IntegratorController, OAuthTokenController } from './integrator.controller.js';
import { IntegratorOrdersService } from './integrator-orders.service.js';
import { PharmacyApiClientsController } from './pharmacy-api-clients.controller.js';
import { WebhookEndpointsService } from './webhook-endpoints.service.js';
import { WebhookOutbox } from './webhook-outbox.service.js';
import { WebhookSender } from './webhook-sender.js';
import { WebhookDelivery } from './webhook.entity.js';

/** Integrators (pharmacy systems): client credentials, the /api/v1 resource API, signed webhooks. */
@Module({
  imports: [TypeOrmModule.forFeature([WebhookDelivery])],
  controllers: [OAuthTokenController, IntegratorController, PharmacyApiClientsController],
  providers: [AccessTokens, ApiClientsService, IntegratorOrdersService, WebhookEndpointsService, WebhookOutbox, WebhookSender, IntegratorGuard, ProblemJsonFilter, IntegratorAudit, FailedIntegratorAuthLog, TokenEndpointLimits],
  exports: [ApiClientsService],
})
export class IntegratorModule {}

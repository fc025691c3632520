import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../platform/audit/audit.module.js';
import { RedisModule } from '../platform/redis/redis.module.js';
import { ownRepositories, TransactionsModule } from '../platform/database/transactions.js';
import { ApiClient } from './api-client.entity.js';
import { ApiClientsService } from './api-clients.service.js';
import { FailedIntegratorAuthLog, IntegratorAudit, IntegratorGuard } from './integrator-access.js';
import { AccessTokens } from './integrator-credentials.js';
import { ProblemJsonFilter } from './problem-json.js';
import { IntegratorRateLimits } from './rate-limits.js';

/**
 * What the two machine edges share (the integrator API under /api/v1 and the FHIR view under
 * /api/fhir): the API clients, their Bearer tokens, rate limits, audit of reads and the
 * problem+json errors. Both edges import this module; neither imports the other.
 */
@Module({
  imports: [TransactionsModule, AuditModule, RedisModule, TypeOrmModule.forFeature([ApiClient])],
  providers: [...ownRepositories([ApiClient]), ApiClientsService, AccessTokens, FailedIntegratorAuthLog, IntegratorRateLimits, IntegratorGuard, IntegratorAudit, ProblemJsonFilter],
  exports: [ApiClientsService, AccessTokens, FailedIntegratorAuthLog, IntegratorRateLimits, IntegratorGuard, IntegratorAudit, ProblemJsonFilter, TypeOrmModule],
})
export class ApiClientsModule {}

import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../platform/http/roles.decorator.js';
import { RedisConnection, type RedisState } from '../platform/redis/redis-connection.js';
import { DatabaseProbe } from '../platform/database/database-probe.js';
import { ShutdownState } from './shutdown-state.js';
import { HealthSchema, LivenessSchema, ReadinessSchema } from '../platform/http/web-api-schemas.js';

export interface ReadinessResponse {
  status: 'ready' | 'not-ready';
  database: 'up' | 'down';
  migrations: 'current' | 'pending' | 'unknown';
  shuttingDown: boolean;
}

export interface HealthResponse {
  status: 'ok' | 'degraded';
  database: 'up' | 'down';
  /** disabled: REDIS_URL is not set (one process). down: pushes stay within this process until it is back. */
  redis: RedisState;
}

/**
 * GET /health (outside /ui-api/v1): 200 while the database answers, 503 otherwise.
 * Redis down is degraded service (no pushes between processes), not a dead process, so it
 * never turns the answer into a 503 that would make a load balancer drop the node.
 */
@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly database: DatabaseProbe,
    private readonly redis: RedisConnection,
    private readonly shutdown: ShutdownState,
  ) {}

  /** GET /health/live: the process answers (a restart helps only when this fails). Never touches PostgreSQL. */
  @Get('live')
  @Public()
  @ApiOperation({ summary: 'Liveness: the process answers' })
  @ApiOkResponse({ type: LivenessSchema })
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /**
   * GET /health/ready: 200 while this node should get traffic: PostgreSQL answers, its schema is
   * this version's, and the process is not stopping (from SIGTERM on it is 503, so the proxy
   * drains the node first; see SHUTDOWN_DELAY_SECONDS). Redis down is not a reason (see /health).
   */
  @Get('ready')
  @Public()
  @ApiOperation({ summary: 'Readiness: this node should get traffic' })
  @ApiOkResponse({ type: ReadinessSchema })
  @ApiServiceUnavailableResponse({ type: ReadinessSchema, description: 'Not ready: the database does not answer, migrations are pending, or the process is stopping.' })
  async ready(@Res({ passthrough: true }) res: Response): Promise<ReadinessResponse> {
    const database = await this.database.answers();
    const migrations = database ? ((await this.database.migrationsCurrent()) ? 'current' : 'pending') : 'unknown';
    const shuttingDown = this.shutdown.shuttingDown;
    const ready = database && migrations === 'current' && !shuttingDown;
    if (!ready) res.status(HttpStatus.SERVICE_UNAVAILABLE);
    return { status: ready ? 'ready' : 'not-ready', database: database ? 'up' : 'down', migrations, shuttingDown };
  }

  @Get()
  @Public()
  @ApiOperation({ summary: 'Health of the node and its database and Redis' })
  @ApiOkResponse({ type: HealthSchema })
  @ApiServiceUnavailableResponse({ type: HealthSchema, description: 'The database does not answer.' })
  async health(@Res({ passthrough: true }) res: Response): Promise<HealthResponse> {
    const redis = this.redis.state();
    if (await this.database.answers()) return { status: redis === 'down' ? 'degraded' : 'ok', database: 'up', redis };
    res.status(HttpStatus.SERVICE_UNAVAILABLE);
    return { status: 'degraded', database: 'down', redis };
  }
}

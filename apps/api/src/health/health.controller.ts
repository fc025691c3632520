import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../auth/roles.decorator.js';
import { RedisConnection, type RedisState } from '../realtime/redis-connection.js';
import { DatabaseProbe } from './database-probe.js';

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
  ) {}

  @Get()
  @Public()
  async health(@Res({ passthrough: true }) res: Response): Promise<HealthResponse> {
    const redis = this.redis.state();
    if (await this.database.answers()) return { status: redis === 'down' ? 'degraded' : 'ok', database: 'up', redis };
    res.status(HttpStatus.SERVICE_UNAVAILABLE);
    return { status: 'degraded', database: 'down', redis };
  }
}

import { createHash, timingSafeEqual } from 'node:crypto';
import { Controller, Get, HttpException, HttpStatus, Inject, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../platform/http/roles.decorator.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { registry } from '../platform/metrics/metrics.js';
import { SharedStateCollector } from './shared-state.collector.js';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * GET /metrics (outside /ui-api/v1): Prometheus's text format. With METRICS_TOKEN set only
 * `Authorization: Bearer <token>` gets it; without, only a client on the loopback address that
 * came through no proxy (no X-Forwarded-For: a proxy on the same host would make every client
 * look local). Anything else is 401. Not part of the REST contract (no OpenAPI entry).
 */
@ApiExcludeController()
@Controller('metrics')
export class MetricsController {
  private readonly token: Buffer | null;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly sharedState: SharedStateCollector,
  ) {
    this.token = config.observability.metricsToken === null ? null : digest(config.observability.metricsToken);
  }

  @Get()
  @Public()
  async metrics(@Req() req: Request, @Res() res: Response): Promise<void> {
    if (!this.allowed(req)) throw new HttpException({ statusCode: 401, message: 'Unauthorized' }, HttpStatus.UNAUTHORIZED);
    this.sharedState.beginScrape();
    const text = await registry.metrics();
    res.setHeader('Cache-Control', 'no-store');
    res.type(registry.contentType).send(text);
  }

  private allowed(req: Request): boolean {
    if (this.token) {
      const m = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '');
      return m !== null && timingSafeEqual(digest(m[1]), this.token);
    }
    return LOOPBACK.has(req.socket.remoteAddress ?? '') && req.headers['x-forwarded-for'] === undefined;
  }
}

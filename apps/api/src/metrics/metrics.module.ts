import { Module } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { OrdersModule } from '../orders/orders.module.js';
import { RealtimeModule } from '../realtime/realtime.module.js';
import { RedisConnection } from '../platform/redis/redis-connection.js';
import { collectProcessMetrics, registry } from '../platform/metrics/metrics.js';
import { MetricsController } from './metrics.controller.js';
import { MetricsListener } from './metrics.listener.js';
import { SharedStateCollector } from './shared-state.collector.js';

/**
 * Prometheus metrics at GET /metrics. The metrics themselves are this process's (metrics.ts):
 * infrastructure (HTTP, sockets, pushes, outbox tries, audit appends) records where it acts, the
 * domain's counts come from its events (MetricsListener), and the shared state is read at the
 * scrape (SharedStateCollector). Nothing imports this module.
 */
@Module({
  imports: [RealtimeModule, OrdersModule],
  controllers: [MetricsController],
  providers: [MetricsListener, SharedStateCollector],
})
export class MetricsModule {
  constructor(redis: RedisConnection) {
    collectProcessMetrics();
    // Without REDIS_URL there is no connection to tell of (and never will be in this process).
    if (redis.state() === 'disabled') return;
    new Gauge({
      name: 'resepti_redis_up',
      help: "Whether this process's Redis connection is up (1) or down (0); absent when REDIS_URL is unset (one process).",
      registers: [registry],
      collect() {
        this.set(redis.state() === 'up' ? 1 : 0);
      },
    });
  }
}

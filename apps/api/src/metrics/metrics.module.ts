import { Module } from '@nestjs/common';
import { collectProcessMetrics } from './metrics.js';
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
  controllers: [MetricsController],
  providers: [MetricsListener, SharedStateCollector],
})
export class MetricsModule {
  constructor() {
    collectProcessMetrics();
  }
}

import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EventBus } from '../platform/events/event-bus.js';
import { loginAttempts, orderChanges, paymentAnomalies, paymentOutcomes } from '../platform/metrics/metrics.js';

/** Counts committed domain events (after the commit: a rolled-back change never counts). */
@Injectable()
export class MetricsListener implements OnModuleInit {
  constructor(private readonly bus: EventBus) {}

  onModuleInit(): void {
    this.bus.afterCommit('order.changed', (change) => orderChanges.inc({ kind: change.kind }));
    this.bus.afterCommit('login.attempted', ({ role, step, outcome }) => loginAttempts.inc({ role, step, outcome }));
    this.bus.afterCommit('payment.settled', ({ outcome, reason }) => {
      paymentOutcomes.inc({ outcome });
      if (reason) paymentAnomalies.inc({ reason });
    });
  }
}

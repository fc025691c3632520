import { Injectable, Logger } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { registry } from '../platform/metrics/metrics.js';
import { OutboxWorker } from '../platform/outbox/outbox-worker.js';
import { EPrescriptionsService } from '../orders/e-prescriptions.service.js';
import { OrderQueueService } from '../orders/order-queue.service.js';

interface Snapshot {
  queue: Array<{ option: string; waiting: number; processing: number }>;
  overdue: number;
  nextDeadline: Array<{ option: string; seconds: number }>;
  outbox: Array<{ channel: string; pending: number; oldestSeconds: number }>;
  ePrescriptionsFailed: number;
}


/**
 * Gauges of state that every process shares (the queue, the deadlines, the outboxes), read from
 * PostgreSQL when Prometheus scrapes: index-backed statements of their owners (orders/: order_queue_count is a row
 * per delivery option; the deadline and overdue count probe idx_orders_queue; the outboxes their
 * (status, next_attempt_at) indexes, each read by its OutboxWorker), the same cost at any queue depth. Every process reports the
 * same values, so queries and alerts take max() over instances, never sum(); no lease or leader
 * is needed and the figures stay while any one process is up. A reading that fails (PostgreSQL
 * down) leaves the last values and sets resepti_shared_state_up to 0.
 */
@Injectable()
export class SharedStateCollector {
  private readonly logger = new Logger(SharedStateCollector.name);
  /** The reading of the scrape under way: the gauges are collected one after another, from one reading. */
  private reading: Promise<Snapshot | null> | null = null;

  constructor(
    private readonly orderQueue: OrderQueueService,
    private readonly ePrescriptions: EPrescriptionsService,
  ) {
    const read = () => this.snapshot();
    new Gauge({
      name: 'resepti_orders_waiting',
      help: 'Orders waiting for a doctor, by delivery option (shared state: the same on every instance).',
      labelNames: ['delivery_option'] as const,
      registers: [registry],
      async collect() {
        const s = await read();
        if (s) for (const q of s.queue) this.set({ delivery_option: q.option }, q.waiting);
      },
    });
    new Gauge({
      name: 'resepti_orders_processing',
      help: 'Orders held by a doctor, by delivery option (shared state).',
      labelNames: ['delivery_option'] as const,
      registers: [registry],
      async collect() {
        const s = await read();
        if (s) for (const q of s.queue) this.set({ delivery_option: q.option }, q.processing);
      },
    });
    new Gauge({
      name: 'resepti_orders_overdue',
      help: 'Orders waiting or processing past their delivery deadline (shared state).',
      registers: [registry],
      async collect() {
        const s = await read();
        if (s) this.set(s.overdue);
      },
    });
    new Gauge({
      name: 'resepti_next_deadline_seconds',
      help: 'Seconds until the earliest deadline of a waiting order, by delivery option (negative: passed); absent for an option with none waiting (shared state).',
      labelNames: ['delivery_option'] as const,
      registers: [registry],
      async collect() {
        const s = await read();
        if (!s) return;
        this.reset();
        for (const d of s.nextDeadline) this.set({ delivery_option: d.option }, d.seconds);
      },
    });
    new Gauge({
      name: 'resepti_outbox_pending',
      help: 'Outbox rows not yet delivered, by channel (sms, webhook, e-prescription: approved items not yet recorded in the Prescription Centre) (shared state).',
      labelNames: ['channel'] as const,
      registers: [registry],
      async collect() {
        const s = await read();
        if (s) for (const o of s.outbox) this.set({ channel: o.channel }, o.pending);
      },
    });
    new Gauge({
      name: 'resepti_outbox_oldest_seconds',
      help: 'Age of the oldest undelivered outbox row, by channel; 0 when none (shared state).',
      labelNames: ['channel'] as const,
      registers: [registry],
      async collect() {
        const s = await read();
        if (s) for (const o of s.outbox) this.set({ channel: o.channel }, o.oldestSeconds);
      },
    });
    new Gauge({
      name: 'resepti_e_prescriptions_failed',
      help: 'Approved items whose prescription the Prescription Centre refused (4xx) and no doctor has sent again (shared state).',
      registers: [registry],
      async collect() {
        const s = await read();
        if (s) this.set(s.ePrescriptionsFailed);
      },
    });
    new Gauge({
      name: 'resepti_shared_state_up',
      help: 'Whether the last reading of the shared-state gauges from PostgreSQL succeeded (1) or not (0).',
      registers: [registry],
      async collect() {
        this.set((await read()) ? 1 : 0);
      },
    });
  }

  /** A scrape begins: the gauges read the database afresh (once for all of them). */
  beginScrape(): void {
    this.reading = null;
  }

  private snapshot(): Promise<Snapshot | null> {
    this.reading ??= this.read().catch((err: unknown) => {
      this.logger.warn(`reading the shared-state metrics failed: ${String(err)}`);
      return null;
    });
    return this.reading;
  }

  private async read(): Promise<Snapshot> {
    // The queue's figures from orders/, each outbox's backlog from its worker (its module's table).
    const [{ queue, overdue }, outbox, ePrescriptionsFailed] = await Promise.all([
      this.orderQueue.sharedState(),
      Promise.all(OutboxWorker.registered().map((w) => w.pending())),
      this.ePrescriptions.failedCount(),
    ]);
    const nextDeadline = queue.flatMap((q) => (q.nextDeadlineSeconds === null ? [] : [{ option: q.option, seconds: q.nextDeadlineSeconds }]));
    return { queue, overdue, nextDeadline, outbox, ePrescriptionsFailed };
  }
}

import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Gauge } from 'prom-client';
import type { DataSource } from 'typeorm';
import { registry } from '../platform/metrics/metrics.js';

interface Snapshot {
  queue: Array<{ option: string; waiting: number; processing: number }>;
  overdue: number;
  nextDeadline: Array<{ option: string; seconds: number }>;
  outbox: Array<{ channel: string; pending: number; oldestSeconds: number }>;
}


/**
 * Gauges of state that every process shares (the queue, the deadlines, the outboxes), read from
 * PostgreSQL when Prometheus scrapes: three index-backed statements (order_queue_count is a row
 * per delivery option; the deadline and overdue count probe idx_orders_queue; the outboxes their
 * (status, next_attempt_at) indexes), the same cost at any queue depth. Every process reports the
 * same values, so queries and alerts take max() over instances, never sum(); no lease or leader
 * is needed and the figures stay while any one process is up. A reading that fails (PostgreSQL
 * down) leaves the last values and sets resepti_shared_state_up to 0.
 */
@Injectable()
export class SharedStateCollector {
  private readonly logger = new Logger(SharedStateCollector.name);
  /** The reading of the scrape under way: the gauges are collected one after another, from one reading. */
  private reading: Promise<Snapshot | null> | null = null;

  constructor(@InjectDataSource() private readonly db: DataSource) {
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
      help: 'Outbox rows not yet delivered, by channel (sms, webhook) (shared state).',
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
    // Per option, its earliest waiting deadline: the first row of idx_orders_queue's waiting range with that option.
    // Sandbox orders are the simulated doctor's: no doctor's queue or overdue work.
    const [queue, [{ overdue }], outbox] = await Promise.all([
      this.db.query(
        `SELECT q.delivery_option_id AS option, sum(q.waiting)::int AS waiting, sum(q.processing)::int AS processing,
                (SELECT extract(epoch FROM o.delivery_before_time - now())::float8 FROM orders o
                  WHERE o.delivery_status = 'waiting' AND NOT o.sandbox AND o.delivery_option_id = q.delivery_option_id
                  ORDER BY o.delivery_before_time LIMIT 1) AS "nextDeadlineSeconds"
           FROM order_queue_count q GROUP BY q.delivery_option_id ORDER BY q.delivery_option_id`,
      ) as Promise<Array<Snapshot['queue'][number] & { nextDeadlineSeconds: number | null }>>,
      this.db.query(
        `SELECT count(*)::int AS overdue FROM orders WHERE delivery_status IN ('waiting', 'processing') AND NOT sandbox AND delivery_before_time < now()`,
      ) as Promise<Array<{ overdue: number }>>,
      this.db.query(
        `SELECT 'sms' AS channel, count(*)::int AS pending, coalesce(extract(epoch FROM now() - min(created_at)), 0)::float8 AS "oldestSeconds"
           FROM sms_outbox WHERE status = 'pending'
         UNION ALL
         SELECT 'webhook', count(*)::int, coalesce(extract(epoch FROM now() - min(created_at)), 0)::float8
           FROM webhook_delivery WHERE status = 'pending'`,
      ) as Promise<Snapshot['outbox']>,
    ]);
    const nextDeadline = queue.flatMap((q) => (q.nextDeadlineSeconds === null ? [] : [{ option: q.option, seconds: q.nextDeadlineSeconds }]));
    return { queue, overdue, nextDeadline, outbox };
  }
}

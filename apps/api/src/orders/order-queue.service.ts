import { Injectable } from '@nestjs/common';
import { OrderQueueCount } from './order-queue-count.entity.js';
import type { DoctorOrder, QueueOrder, QueueStatus, SystemStatus } from '@resepti/domain';
import { AuditService } from '../platform/audit/audit.service.js';
import { InjectOwn, Transactions, type OwnRepository } from '../platform/database/transactions.js';
import type { SessionUser } from '../platform/http/session-user.js';
import { Order } from './order.entity.js';
import { coalescedReads } from '../platform/database/coalesced-reads.js';
import { HELD_ORDER_SQL, heldOrderSql } from './lifecycle-statements.js';
import { loadDoctorOrder } from './order-loads.js';
import { toQueueOrder } from './order-view.js';

/**
 * Queue counts and the next deadline. The counts come from order_queue_count (kept by a trigger
 * in every changing transaction) and the deadline from the queue index: the same cost at any depth.
 * Sandbox orders are in neither (the trigger leaves them out): they are the simulated doctor's.
 */
export const queueStatusSql = (more = '') => `SELECT
    coalesce(sum(waiting), 0)::int AS "waitingForDoctor",
    coalesce(sum(processing), 0)::int AS "processing",
    coalesce(sum(waiting) FILTER (WHERE delivery_option_id = 'delivery-20-min'), 0)::int AS "count20min",
    coalesce(sum(waiting) FILTER (WHERE delivery_option_id = 'delivery-12-h'), 0)::int AS "count12h",
    (SELECT min(delivery_before_time) FROM orders WHERE delivery_status = 'waiting' AND NOT sandbox) AS "nextOrderExpiring"${more}
  FROM order_queue_count`;

const QUEUE_STATUS_SQL = queueStatusSql();

/** GET /system-status of the doctors in $1 (a prepared statement): the counts once, each doctor's held order in $1's order. */
const SYSTEM_STATUSES_SQL = queueStatusSql(
  `, ARRAY(SELECT (${heldOrderSql('d.id')}) FROM unnest($1::int[]) WITH ORDINALITY AS d(id, n) ORDER BY d.n) AS "pickedOrders"`,
);

export type QueueStatusRow = Omit<QueueStatus, 'nextOrderExpiring'> & { nextOrderExpiring: Date | null };

export const toQueueStatus = (row: QueueStatusRow): QueueStatus => ({
  waitingForDoctor: row.waitingForDoctor,
  processing: row.processing,
  count20min: row.count20min,
  count12h: row.count12h,
  nextOrderExpiring: row.nextOrderExpiring ? new Date(row.nextOrderExpiring).toISOString() : null,
});

/** The doctors' queue as they read it: counts, the waiting list, a doctor's held order. */
@Injectable()
export class OrderQueueService {
  /** GET /system-status: the doctors' reads that arrive together are one statement (coalescedReads). */
  private readonly statuses = coalescedReads<number, SystemStatus>((doctorIds) => this.readStatuses(doctorIds));

  constructor(
    @InjectOwn(OrderQueueCount) private readonly counts: OwnRepository<OrderQueueCount>,
    @InjectOwn(Order) private readonly orders: OwnRepository<Order>,
    private readonly audit: AuditService,
    private readonly transactions: Transactions,
  ) {}

  /** The doctor's current (processing) order id, optionally locking it (in the ambient transaction). */
  async heldOrderId(doctorId: number, lock = false): Promise<number | null> {
    const rows = await this.orders.prepared<{ id: number }>(lock ? 'held-order-lock' : 'held-order', `${HELD_ORDER_SQL}${lock ? ' FOR UPDATE' : ''}`, [doctorId]);
    return rows[0]?.id ?? null;
  }

  /** Queue counts and the next deadline (queueStatusSql; a prepared statement: realtime reads them after every burst of changes). */
  async queueStatus(): Promise<QueueStatus> {
    const [row] = await this.counts.preparedOnItsOwn<QueueStatusRow>('queue-status', QUEUE_STATUS_SQL);
    return toQueueStatus(row);
  }

  /** GET /system-status: the counts and this doctor's current order id. */
  systemStatus(doctorId: number): Promise<SystemStatus> {
    return this.statuses.load(doctorId);
  }

  private async readStatuses(doctorIds: readonly number[]): Promise<SystemStatus[]> {
    const [row] = await this.counts.preparedOnItsOwn<QueueStatusRow & { pickedOrders: Array<number | null> }>('system-statuses', SYSTEM_STATUSES_SQL, [
      doctorIds,
    ]);
    const counts = toQueueStatus(row);
    return row.pickedOrders.map((pickedOrder) => ({ ...counts, pickedOrder }));
  }

  /** The doctor's current order, or null (an audited read). */
  async current(actor: SessionUser): Promise<DoctorOrder | null> {
    return this.transactions.run(async () => {
      const held = await this.heldOrderId(actor.id);
      return held === null ? null : this.readHeld(actor, held);
    });
  }

  /** The doctor's held order as the doctor sees it, the read audited (in the ambient transaction); null when it is gone. */
  async readHeld(actor: SessionUser, orderId: number): Promise<DoctorOrder | null> {
    const order = await loadDoctorOrder(this.orders, orderId);
    if (order) await this.audit.record(actor, { action: 'order:read', orderId: order.id, patientHetu: order.patient.hetu });
    return order;
  }

  /**
   * The queue as the shared-state metrics read it: per option its counts and its earliest waiting
   * deadline (the first row of idx_orders_queue's waiting range with that option), and how many
   * real orders are past their deadline. Sandbox orders are the simulated doctor's: no doctor's
   * queue or overdue work.
   */
  async sharedState(): Promise<{ queue: Array<{ option: string; waiting: number; processing: number; nextDeadlineSeconds: number | null }>; overdue: number }> {
    const [queue, [{ overdue }]] = await Promise.all([
      this.counts.queryOnItsOwn<{ option: string; waiting: number; processing: number; nextDeadlineSeconds: number | null }>(
        `SELECT q.delivery_option_id AS option, sum(q.waiting)::int AS waiting, sum(q.processing)::int AS processing,
                (SELECT extract(epoch FROM o.delivery_before_time - now())::float8 FROM orders o
                  WHERE o.delivery_status = 'waiting' AND NOT o.sandbox AND o.delivery_option_id = q.delivery_option_id
                  ORDER BY o.delivery_before_time LIMIT 1) AS "nextDeadlineSeconds"
           FROM order_queue_count q GROUP BY q.delivery_option_id ORDER BY q.delivery_option_id`,
      ),
      this.orders.queryOnItsOwn<{ overdue: number }>(
        `SELECT count(*)::int AS overdue FROM orders WHERE delivery_status IN ('waiting', 'processing') AND NOT sandbox AND delivery_before_time < now()`,
      ),
    ]);
    return { queue, overdue };
  }

  /** Waiting orders (real ones: not the sandbox's), earliest deadline first, without patient data. */
  async waiting(): Promise<QueueOrder[]> {
    const rows = (await this.orders.query(
      `SELECT o.id, (SELECT count(*)::int FROM order_item i WHERE i.order_id = o.id) AS "itemCount"
       FROM orders o WHERE o.delivery_status = 'waiting' AND NOT o.sandbox ORDER BY o.delivery_before_time, o.id`,
    )) as Array<{ id: number; itemCount: number }>;
    if (rows.length === 0) return [];
    const orders = await this.orders.repo.createQueryBuilder('o').where('o.id = ANY(:ids)', { ids: rows.map((r) => r.id) }).getMany();
    const byId = new Map(orders.map((o) => [o.id, o]));
    return rows.filter((r) => byId.has(r.id)).map((r) => toQueueOrder(byId.get(r.id)!, r.itemCount));
  }
}

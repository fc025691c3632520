import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { DOCTOR_MESSAGES, type DoctorOrder, type QueueOrder } from '@resepti/domain';
import { AuditService } from '../audit/audit.service.js';
import type { SessionUser } from '../auth/session-user.js';
import { RealtimePublisher } from '../realtime/realtime.publisher.js';
import { Order } from './order.entity.js';
import { loadDoctorOrder, toQueueOrder } from './order-view.js';
import { OrdersService } from './orders.service.js';

export interface PickResult {
  order: DoctorOrder | null;
  /** True when a waiting order was taken now (false: the held order, or nothing waits). */
  picked: boolean;
}

/**
 * The doctors' queue: picking the waiting order with the earliest deadline (safe across
 * processes: `FOR UPDATE SKIP LOCKED`), the doctor's current order, and releasing orders
 * back to the queue. Pushes go out after the commit.
 */
@Injectable()
export class OrderQueueService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly orders: OrdersService,
    private readonly audit: AuditService,
    private readonly publisher: RealtimePublisher,
  ) {}

  /** The doctor's current (processing) order id, optionally locking it. */
  async heldOrderId(manager: EntityManager, doctorId: number, lock = false): Promise<number | null> {
    const rows = (await manager.query(
      `SELECT id FROM orders WHERE delivery_status = 'processing' AND doctor_id = $1
       ORDER BY processing_start_time, id LIMIT 1${lock ? ' FOR UPDATE' : ''}`,
      [doctorId],
    )) as Array<{ id: number }>;
    return rows[0]?.id ?? null;
  }

  /**
   * Makes the waiting order with the earliest deadline this doctor's current order. A doctor
   * holds at most one order: when one is held already, that one is returned.
   */
  async pickFirst(actor: SessionUser): Promise<PickResult> {
    const result = await this.db.transaction(async (m): Promise<PickResult & { target?: Order }> => {
      // Serialises one doctor's own concurrent picks (two tabs), so a doctor never holds two orders.
      await m.query(`SELECT id FROM doctor WHERE id = $1 FOR UPDATE`, [actor.id]);
      const held = await this.heldOrderId(m, actor.id);
      if (held !== null) {
        const order = await loadDoctorOrder(m, held);
        if (order) await this.audit.record(actor, { action: 'order:read', orderId: order.id, patientHetu: order.patient.hetu }, m);
        return { order, picked: false };
      }
      // Rows another transaction is picking right now are skipped, so two doctors never get the same order.
      const next = (await m.query(
        `SELECT id FROM orders WHERE delivery_status = 'waiting'
         ORDER BY delivery_before_time, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
      )) as Array<{ id: number }>;
      if (next.length === 0) return { order: null, picked: false };
      const id = next[0].id;
      await m.query(
        `UPDATE orders SET delivery_status = 'processing', doctor_id = $2, processing_start_time = now() WHERE id = $1`,
        [id, actor.id],
      );
      const order = await loadDoctorOrder(m, id);
      const target = await m.findOneByOrFail(Order, { id });
      await this.audit.record(actor, { action: 'order:pick', orderId: id, patientHetu: target.patientHetu }, m);
      return { order, picked: true, target };
    });
    if (result.picked && result.target && result.order) {
      this.publisher.orderUpdated(result.target, { orderId: result.order.id, deliveryStatus: 'processing' });
      await this.orders.publishQueueStatus();
    }
    return { order: result.order, picked: result.picked };
  }

  /** The doctor's current order, or null. */
  async current(actor: SessionUser): Promise<DoctorOrder | null> {
    return this.db.transaction(async (m) => {
      const held = await this.heldOrderId(m, actor.id);
      if (held === null) return null;
      const order = await loadDoctorOrder(m, held);
      if (order) await this.audit.record(actor, { action: 'order:read', orderId: order.id, patientHetu: order.patient.hetu }, m);
      return order;
    });
  }

  /** Waiting orders, earliest deadline first, without patient data. */
  async waiting(): Promise<QueueOrder[]> {
    const rows = (await this.db.query(
      `SELECT o.id, (SELECT count(*)::int FROM order_item i WHERE i.order_id = o.id) AS "itemCount"
       FROM orders o WHERE o.delivery_status = 'waiting' ORDER BY o.delivery_before_time, o.id`,
    )) as Array<{ id: number; itemCount: number }>;
    if (rows.length === 0) return [];
    const orders = await this.db.getRepository(Order).createQueryBuilder('o').where('o.id = ANY(:ids)', { ids: rows.map((r) => r.id) }).getMany();
    const byId = new Map(orders.map((o) => [o.id, o]));
    return rows.filter((r) => byId.has(r.id)).map((r) => toQueueOrder(byId.get(r.id)!, r.itemCount));
  }

  /** The doctor's current order goes back to the queue (its decisions so far are kept). */
  async release(actor: SessionUser): Promise<void> {
    const target = await this.db.transaction(async (m) => {
      const held = await this.heldOrderId(m, actor.id, true);
      if (held === null) throw new ConflictException(DOCTOR_MESSAGES.noCurrentOrder);
      return this.backToQueue(m, actor, held);
    });
    await this.afterRelease(target);
  }

  /** Any doctor may release a processing order, e.g. one stuck with another doctor. */
  async releaseOne(actor: SessionUser, orderId: number): Promise<void> {
    const target = await this.db.transaction(async (m) => {
      const order = await m.findOne(Order, { where: { id: orderId }, lock: { mode: 'pessimistic_write' } });
      if (!order) throw new NotFoundException(DOCTOR_MESSAGES.orderNotFound);
      if (order.deliveryStatus !== 'processing') throw new ConflictException(DOCTOR_MESSAGES.orderNotProcessing);
      return this.backToQueue(m, actor, orderId);
    });
    await this.afterRelease(target);
  }

  private async backToQueue(m: EntityManager, actor: SessionUser, orderId: number): Promise<Order> {
    await m.query(
      `UPDATE orders SET delivery_status = 'waiting', doctor_id = NULL, processing_start_time = NULL WHERE id = $1`,
      [orderId],
    );
    const order = await m.findOneByOrFail(Order, { id: orderId });
    await this.audit.record(actor, { action: 'order:release', orderId, patientHetu: order.patientHetu }, m);
    return order;
  }

  private async afterRelease(order: Order): Promise<void> {
    this.publisher.orderUpdated(order, { orderId: order.id, deliveryStatus: 'waiting' });
    await this.orders.publishQueueStatus();
  }
}

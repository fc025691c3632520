import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { DeliveryOptionId, ItemType, PharmacyData, SystemStatus } from '@resepti/domain';
import { RealtimePublisher } from '../realtime/realtime.publisher.js';
import { OrderItem } from './order-item.entity.js';
import { Order, type OrderSource } from './order.entity.js';

export interface NewOrderItem {
  type: ItemType;
  productId: number | null;
  displayName: string;
  format: string;
  reason: string;
  medicalProblem?: string | null;
  chat?: object | null;
  priceCents: number;
}

export interface NewOrder {
  source: OrderSource;
  customerId?: number | null;
  pharmacyId?: number | null;
  officeId?: number | null;
  pharmacyUserId?: number | null;
  pharmacyData?: PharmacyData | null;
  patient: { firstName: string; lastName: string; hetu: string };
  deliveryOptionId: DeliveryOptionId;
  deliveryBeforeTime: Date;
  priceCents: number;
  items: NewOrderItem[];
}

/**
 * The one order lifecycle shared by customer and pharmacy orders. Creating an order puts
 * it in the doctors' queue; the queue counts are pushed after the caller's commit.
 */
@Injectable()
export class OrdersService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly publisher: RealtimePublisher,
  ) {}

  /** Inserts a waiting order with its items inside the caller's transaction. */
  async createOrder(manager: EntityManager, input: NewOrder): Promise<Order> {
    const order = await manager.save(Order, {
      source: input.source,
      customerId: input.customerId ?? null,
      pharmacyId: input.pharmacyId ?? null,
      officeId: input.officeId ?? null,
      pharmacyUserId: input.pharmacyUserId ?? null,
      pharmacyData: input.pharmacyData ?? null,
      patientFirstName: input.patient.firstName,
      patientLastName: input.patient.lastName,
      patientHetu: input.patient.hetu,
      deliveryOptionId: input.deliveryOptionId,
      deliveryBeforeTime: input.deliveryBeforeTime,
      deliveryStatus: 'waiting',
      priceCents: input.priceCents,
    });
    await manager.insert(
      OrderItem,
      input.items.map((item) => ({
        orderId: order.id,
        type: item.type,
        productId: item.productId,
        displayName: item.displayName,
        format: item.format,
        reason: item.reason,
        medicalProblem: item.medicalProblem ?? null,
        chat: item.chat ?? null,
        priceCents: item.priceCents,
      })),
    );
    return order;
  }

  /** Queue counts for the doctors' welcome panel; `pickedOrder` is the given doctor's current order. */
  async systemStatus(doctorId?: number, manager: EntityManager = this.db.manager): Promise<SystemStatus> {
    const [row] = (await manager.query(
      `SELECT
         count(*) FILTER (WHERE delivery_status = 'waiting')::int AS "waitingForDoctor",
         count(*) FILTER (WHERE delivery_status = 'processing')::int AS "processing",
         min(delivery_before_time) FILTER (WHERE delivery_status = 'waiting') AS "nextOrderExpiring",
         count(*) FILTER (WHERE delivery_status = 'waiting' AND delivery_option_id = 'delivery-20-min')::int AS "count20min",
         count(*) FILTER (WHERE delivery_status = 'waiting' AND delivery_option_id = 'delivery-12-h')::int AS "count12h",
         (SELECT id FROM orders WHERE delivery_status = 'processing' AND doctor_id = $1 ORDER BY processing_start_time LIMIT 1) AS "pickedOrder"
       FROM orders WHERE delivery_status IN ('waiting', 'processing')`,
      [doctorId ?? null],
    )) as Array<{ waitingForDoctor: number; processing: number; nextOrderExpiring: Date | null; count20min: number; count12h: number; pickedOrder: number | null }>;
    return {
      waitingForDoctor: row.waitingForDoctor,
      processing: row.processing,
      nextOrderExpiring: row.nextOrderExpiring ? new Date(row.nextOrderExpiring).toISOString() : null,
      count20min: row.count20min,
      count12h: row.count12h,
      pickedOrder: row.pickedOrder ?? null,
    };
  }

  /** Pushes the current queue counts to every doctor. Call after the change has committed. */
  async publishQueueStatus(): Promise<void> {
    this.publisher.queueStatus(await this.systemStatus());
  }
}

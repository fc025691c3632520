import { BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  DOCTOR_MESSAGES,
  MESSAGES,
  helsinkiParts,
  isRejected,
  renewableTill,
  type Decision,
  type DoctorOrder,
  type DoctorPrescription,
} from '@resepti/domain';
import { AuditService } from '../audit/audit.service.js';
import type { SessionUser } from '../auth/session-user.js';
import { SmsOutboxService } from '../notifications/sms-outbox.service.js';
import { RealtimePublisher } from '../realtime/realtime.publisher.js';
import { CouponsService } from './coupons.service.js';
import { OrderItem } from './order-item.entity.js';
import { Order } from './order.entity.js';
import { loadDoctorOrder, toDoctorPrescription } from './order-view.js';
import { OrderQueueService } from './order-queue.service.js';
import { OrdersService } from './orders.service.js';

/** 'YYYY-MM-DD' of the Helsinki calendar date. */
function helsinkiDate(d: Date): string {
  const p = helsinkiParts(d);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/**
 * The doctor's decisions on the items of their current order, and delivering the order
 * (renewable-till dates, the customer's SMS in the same transaction). Pushes after commit.
 */
@Injectable()
export class OrderDecisionsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly orders: OrdersService,
    private readonly queue: OrderQueueService,
    private readonly coupons: CouponsService,
    private readonly sms: SmsOutboxService,
    private readonly audit: AuditService,
    private readonly publisher: RealtimePublisher,
  ) {}

  /**
   * Decides one item of the doctor's current order. 'undecided' undoes the decision (reason
   * emptied, coupon removed); rejecting needs a non-blank reason; 'rejected-with-coupon'
   * gives the customer a single-use coupon worth the item's price (customer orders only).
   */
  async processItem(actor: SessionUser, itemId: number, decision: Decision, reasonForDecision: string | undefined): Promise<DoctorPrescription> {
    const reason = (reasonForDecision ?? '').trim();
    const { prescription, order } = await this.db.transaction(async (m) => {
      const item = await m.findOneBy(OrderItem, { id: itemId });
      if (!item) throw new NotFoundException(DOCTOR_MESSAGES.itemNotFound);
      const order = await m.findOne(Order, { where: { id: item.orderId }, lock: { mode: 'pessimistic_write' } });
      if (!order || order.deliveryStatus !== 'processing' || order.doctorId !== actor.id) {
        throw new ForbiddenException(DOCTOR_MESSAGES.itemNotInCurrentOrder);
      }
      if (isRejected(decision) && reason === '') throw new BadRequestException(MESSAGES.reasonMandatory);
      if (decision === 'rejected-with-coupon' && (order.source !== 'customer' || !order.customerId)) {
        throw new BadRequestException(DOCTOR_MESSAGES.couponOnlyForCustomers);
      }
      const undo = decision === 'undecided';
      await m.update(OrderItem, { id: item.id }, { decision, reasonForDecision: undo ? '' : reason, decisionTime: undo ? null : new Date() });
      let couponCode: string | null = null;
      if (decision === 'rejected-with-coupon') {
        couponCode = await this.coupons.ensureForItem(m, { orderItemId: item.id, customerId: order.customerId!, amountCents: item.priceCents });
      } else {
        await this.coupons.removeForItem(m, item.id);
      }
      await this.audit.record(actor, { action: `order-item:${decision}`, orderId: order.id, patientHetu: order.patientHetu }, m);
      const updated = await m.findOneByOrFail(OrderItem, { id: item.id });
      return { prescription: toDoctorPrescription(updated, couponCode), order };
    });
    this.publisher.orderUpdated(order, { orderId: order.id, deliveryStatus: order.deliveryStatus, itemId, decision });
    return prescription;
  }

  /**
   * Delivers the doctor's current order: refused (409) while an item is undecided. Approved
   * renewals become renewable until delivery + 2 years; a customer order's SMS goes to the
   * outbox in the same transaction. Returns the delivered order.
   */
  async markDelivered(actor: SessionUser): Promise<DoctorOrder> {
    const { delivered, order } = await this.db.transaction(async (m) => {
      const heldId = await this.queue.heldOrderId(m, actor.id, true);
      if (heldId === null) throw new ConflictException(DOCTOR_MESSAGES.noCurrentOrder);
      const order = await m.findOneByOrFail(Order, { id: heldId });
      const [{ undecided }] = (await m.query(
        `SELECT count(*)::int AS undecided FROM order_item
         WHERE order_id = $1 AND decision NOT IN ('approved', 'rejected', 'rejected-with-coupon')`,
        [heldId],
      )) as Array<{ undecided: number }>;
      if (undecided > 0) throw new ConflictException(DOCTOR_MESSAGES.undecidedItems);
      const now = new Date();
      await m.update(Order, { id: heldId }, { deliveryStatus: 'delivered', deliveryTime: now });
      await m.update(OrderItem, { orderId: heldId, decision: 'approved', type: 'renewal' }, { renewableTill: helsinkiDate(renewableTill(now)) });
      if (order.source === 'customer') await this.sms.queueOrderHandled(m, order);
      await this.audit.record(actor, { action: 'order:deliver', orderId: heldId, patientHetu: order.patientHetu }, m);
      const delivered = await loadDoctorOrder(m, heldId);
      return { delivered: delivered!, order };
    });
    this.publisher.orderUpdated(order, { orderId: order.id, deliveryStatus: 'delivered' });
    await this.orders.publishQueueStatus();
    return delivered;
  }
}

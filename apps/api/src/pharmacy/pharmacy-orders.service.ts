import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  PHARMACY_HISTORY_PAGE_SIZE,
  PHARMACY_MESSAGES,
  type PharmacyOrder,
  type PharmacyOrderPage,
} from '@resepti/domain';
import { AuditService } from '../audit/audit.service.js';
import type { SessionUser } from '../auth/session-user.js';
import { OrderItem } from '../orders/order-item.entity.js';
import { Order } from '../orders/order.entity.js';
import { RealtimePublisher } from '../realtime/realtime.publisher.js';
import { PharmacyOfficeService } from './pharmacy-office.service.js';

/** An order as the pharmacy sees it: decisions stay 'undecided' until the doctor has delivered the order. */
export function toPharmacyOrder(order: Order, onlyUnchecked = false): PharmacyOrder {
  const delivered = order.deliveryStatus === 'delivered';
  const items = [...(order.items ?? [])].sort((a, b) => a.id - b.id).filter((item) => !onlyUnchecked || !item.pharmacyChecked);
  return {
    orderId: order.id,
    patient: { firstName: order.patientFirstName, lastName: order.patientLastName, hetu: order.patientHetu },
    deliveryStatus: order.deliveryStatus,
    deliveryTime: order.deliveryTime ? order.deliveryTime.toISOString() : null,
    deliveryBeforeTime: order.deliveryBeforeTime.toISOString(),
    deliveryOptionId: order.deliveryOptionId,
    created: order.createdAt.toISOString(),
    officeId: order.officeId,
    pharmacist: order.pharmacyData?.pharmacist ?? '',
    prescriptions: items.map((item) => ({
      id: item.id,
      displayName: item.displayName,
      format: item.format,
      reason: item.reason,
      decision: delivered ? item.decision : 'undecided',
      reasonForDecision: delivered ? item.reasonForDecision : '',
      pharmacyChecked: item.pharmacyChecked,
    })),
  };
}

/** The pharmacy's order lists (Reseptilista, Historia) and the trash on a decided card. */
@Injectable()
export class PharmacyOrdersService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly offices: PharmacyOfficeService,
    private readonly audit: AuditService,
    private readonly publisher: RealtimePublisher,
  ) {}

  /** Reseptilista: the selected office's orders that still have prescriptions not checked, newest first. */
  async active(user: SessionUser, officeId: number | undefined): Promise<PharmacyOrder[]> {
    const office = await this.offices.requireOffice(user, officeId);
    const ids = await this.db
      .getRepository(Order)
      .createQueryBuilder('o')
      .select('o.id', 'id')
      .where('o.office_id = :officeId AND o.pharmacy_id = :pharmacyId', { officeId: office.id, pharmacyId: user.pharmacyId })
      .andWhere('EXISTS (SELECT 1 FROM order_item i WHERE i.order_id = o.id AND i.pharmacy_checked = false)')
      .orderBy('o.created_at', 'DESC')
      .addOrderBy('o.id', 'DESC')
      .getRawMany<{ id: number }>();
    const orders = await this.load(ids.map((r) => r.id));
    await this.recordRead(user, 'pharmacy.orders.active', orders);
    return orders.map((o) => toPharmacyOrder(o, true));
  }

  /** Historia: every order of the user's pharmacy, newest first, one page at a time. */
  async history(user: SessionUser, offset = 0, limit = PHARMACY_HISTORY_PAGE_SIZE): Promise<PharmacyOrderPage> {
    const [rows, count] = await this.db.getRepository(Order).findAndCount({
      select: { id: true },
      where: { pharmacyId: user.pharmacyId },
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: offset,
      take: limit,
    });
    const orders = await this.load(rows.map((r) => r.id));
    await this.recordRead(user, 'pharmacy.orders.history', orders);
    return { data: orders.map((o) => toPharmacyOrder(o)), count, offset, limit };
  }

  /**
   * The trash on a decided card: marks one prescription of the user's own pharmacy as checked,
   * so it leaves Reseptilista (it stays in Historia and in the database).
   * 404 for another pharmacy's (or a missing) prescription, 409 when undecided or already checked.
   */
  async checkItem(user: SessionUser, itemId: number): Promise<PharmacyOrder> {
    const order = await this.db.transaction(async (m) => {
      const item = await m
        .getRepository(OrderItem)
        .createQueryBuilder('i')
        .innerJoinAndSelect('i.order', 'o')
        .where('i.id = :itemId', { itemId })
        .setLock('pessimistic_write', undefined, ['i'])
        .getOne();
      if (!item?.order || item.order.source !== 'pharmacy' || item.order.pharmacyId !== user.pharmacyId) {
        throw new NotFoundException(PHARMACY_MESSAGES.prescriptionNotFound);
      }
      if (item.order.deliveryStatus !== 'delivered' || item.decision === 'undecided') {
        throw new ConflictException(PHARMACY_MESSAGES.prescriptionUndecided);
      }
      if (item.pharmacyChecked) throw new ConflictException(PHARMACY_MESSAGES.prescriptionAlreadyChecked);
      await m.getRepository(OrderItem).update({ id: item.id }, { pharmacyChecked: true });
      await this.audit.record(user, { action: 'pharmacy.order-item.check', orderId: item.orderId, patientHetu: item.order.patientHetu }, m);
      return m.getRepository(Order).findOneOrFail({ where: { id: item.orderId }, relations: { items: true } });
    });
    this.publisher.orderUpdated(order, { orderId: order.id, deliveryStatus: order.deliveryStatus, itemId });
    return toPharmacyOrder(order);
  }

  private async load(ids: number[]): Promise<Order[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.getRepository(Order).createQueryBuilder('o').leftJoinAndSelect('o.items', 'i').where('o.id IN (:...ids)', { ids }).getMany();
    const byId = new Map(rows.map((o) => [o.id, o]));
    return ids.map((id) => byId.get(id)).filter((o): o is Order => o !== undefined);
  }

  private async recordRead(user: SessionUser, action: string, orders: Order[]): Promise<void> {
    await this.audit.record(
      user,
      orders.map((o) => ({ action, orderId: o.id, patientHetu: o.patientHetu })),
    );
  }
}

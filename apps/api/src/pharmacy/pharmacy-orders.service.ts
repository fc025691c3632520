import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { PHARMACY_HISTORY_PAGE_SIZE, reseptilistaCard, type PharmacyOrder, type PharmacyOrderPage } from '@resepti/domain';
import { AuditService } from '../audit/audit.service.js';
import type { AuditAction } from '../audit/audit-actions.js';
import type { SessionUser } from '../auth/session-user.js';
import { Order } from '../orders/order.entity.js';
import { OrderLifecycleService } from '../orders/order-lifecycle.service.js';
import { toPharmacyOrder } from '../orders/order-view.js';
import { PharmacyOfficeService } from './pharmacy-office.service.js';

/** The pharmacy's order lists (Reseptilista, Historia) and the trash on a decided card. */
@Injectable()
export class PharmacyOrdersService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly offices: PharmacyOfficeService,
    private readonly audit: AuditService,
    private readonly lifecycle: OrderLifecycleService,
  ) {}

  /**
   * Reseptilista: the selected office's orders that still have prescriptions not checked, newest
   * first, `limit` of them (the screen shows 30 and asks for more; sandbox orders are the
   * integrator's test, never the workbench's): one query for the orders with
   * their items (the page chosen in a subquery over an index), one audit insert for the whole read.
   */
  async active(user: SessionUser, officeId: number | undefined, limit: number): Promise<PharmacyOrder[]> {
    const office = await this.offices.requireOffice(user, officeId);
    const orders = await this.db
      .getRepository(Order)
      .createQueryBuilder('o')
      .leftJoinAndSelect('o.items', 'i')
      .where(
        // The page from idx_orders_reseptilista (an index range at any size of the office's history).
        `o.id IN (SELECT a.id FROM orders a
           WHERE a.office_id = :officeId AND a.pharmacy_id = :pharmacyId AND a.unchecked_items > 0 AND NOT a.sandbox
           ORDER BY a.created_at DESC, a.id DESC LIMIT :limit)`,
        { officeId: office.id, pharmacyId: user.pharmacyId, limit },
      )
      .orderBy('o.created_at', 'DESC')
      .addOrderBy('o.id', 'DESC')
      .getMany();
    await this.recordRead(user, 'pharmacy.orders.active', orders);
    // The query picks the office's orders with unchecked prescriptions; the card shows only those.
    return orders.flatMap((o) => reseptilistaCard(toPharmacyOrder(o), office.id) ?? []);
  }

  /** Historia: every order of the user's pharmacy (its sandbox clients' left out), newest first, one page at a time. */
  async history(user: SessionUser, offset = 0, limit = PHARMACY_HISTORY_PAGE_SIZE): Promise<PharmacyOrderPage> {
    const [rows, count] = await this.db.getRepository(Order).findAndCount({
      select: { id: true },
      where: { pharmacyId: user.pharmacyId, sandbox: false },
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: offset,
      take: limit,
    });
    const orders = await this.load(rows.map((r) => r.id));
    await this.recordRead(user, 'pharmacy.orders.history', orders);
    return { data: orders.map((o) => toPharmacyOrder(o)), count, offset, limit };
  }

  /** The trash on a decided card (see OrderLifecycleService.checkItem). */
  async checkItem(user: SessionUser, itemId: number): Promise<PharmacyOrder> {
    return toPharmacyOrder(await this.lifecycle.checkItem(user, itemId));
  }

  private async load(ids: number[]): Promise<Order[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.getRepository(Order).createQueryBuilder('o').leftJoinAndSelect('o.items', 'i').where('o.id IN (:...ids)', { ids }).getMany();
    const byId = new Map(rows.map((o) => [o.id, o]));
    return ids.map((id) => byId.get(id)).filter((o): o is Order => o !== undefined);
  }

  private async recordRead(user: SessionUser, action: AuditAction, orders: Order[]): Promise<void> {
    await this.audit.record(
      user,
      orders.map((o) => ({ action, orderId: o.id, patientHetu: o.patientHetu })),
    );
  }
}

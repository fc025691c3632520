import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { PHARMACY_HISTORY_PAGE_SIZE, reseptilistaCard, type PharmacyOrder, type PharmacyOrderPage } from '@resepti/domain';
import { AuditService, type ListedOrder } from '../platform/audit/audit.service.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { preparedQuery } from '../platform/database/prepared-query.js';
import { EventBus } from '../platform/events/event-bus.js';
import { reseptilistaReads } from '../platform/metrics/metrics.js';
import { RedisConnection } from '../platform/redis/redis-connection.js';
import type { AuditAction } from '../platform/audit/audit-actions.js';
import type { SessionUser } from '../platform/http/session-user.js';
import { Order } from '../orders/order.entity.js';
import { OrderLifecycleService } from '../orders/order-lifecycle.service.js';
import { toPharmacyOrder, type PharmacyOrderSource } from '../orders/order-view.js';
import { PharmacyOfficeService, worksAtOffice } from './pharmacy-office.service.js';
import { ReseptilistaCache, type ReseptilistaPage } from './reseptilista-cache.js';

/** The pharmacy's order lists (Reseptilista, Historia) and the trash on a decided card. */
@Injectable()
export class PharmacyOrdersService implements OnModuleInit, OnApplicationShutdown {
  private readonly reseptilista: ReseptilistaCache;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly offices: PharmacyOfficeService,
    private readonly audit: AuditService,
    private readonly lifecycle: OrderLifecycleService,
    private readonly bus: EventBus,
    redis: RedisConnection,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    const logger = new Logger('Reseptilista');
    this.reseptilista = new ReseptilistaCache(redis.client, (message) => logger.warn(message), config.reseptilistaCacheMs);
  }

  onModuleInit(): void {
    // Every change of an order: its office's Reseptilista is read again (here and, over Redis, elsewhere).
    this.bus.afterCommit('order.changed', ({ order }) => {
      if (order.officeId !== null) this.reseptilista.forget(order.officeId);
    });
  }

  onApplicationShutdown(): void {
    this.reseptilista.close();
  }

  /**
   * Reseptilista: the selected office's orders that still have prescriptions not checked, newest
   * first, `limit` of them (the screen shows 30 and asks for more; sandbox orders are the
   * integrator's test, never the workbench's), as JSON text, and one audit row for the whole
   * read. The page comes from ReseptilistaCache when an office's screens ask at once, else from
   * `readReseptilista`.
   */
  async active(user: SessionUser, officeId: number | undefined, limit: number): Promise<string> {
    if (!officeId) {
      await this.offices.requireOffice(user, officeId); // 400: no office selected
      return '[]';
    }
    const cached = this.reseptilista.page(user.id, officeId, limit);
    reseptilistaReads.inc({ from: cached ? 'memory' : 'database' });
    const page = cached ?? (await this.readReseptilista(user, officeId, limit));
    await this.recordRead(user, 'pharmacy.orders.active', page.listed);
    return page.json;
  }

  /**
   * One statement for the page (an index range of idx_orders_reseptilista) with each order's
   * items. The statement itself checks that the office is the user's; only an empty answer asks
   * why (400 when the session's office is not, or no longer, theirs).
   */
  private async readReseptilista(user: SessionUser, officeId: number, limit: number): Promise<ReseptilistaPage> {
    const ticket = this.reseptilista.ticket();
    const orders = await this.pharmacyOrders(
      'reseptilista',
      `o.office_id = $1 AND o.pharmacy_id = $2 AND o.unchecked_items > 0 AND NOT o.sandbox AND ${worksAtOffice('$4', '$1')}`,
      'LIMIT $3',
      [officeId, user.pharmacyId, limit, user.id],
    );
    if (orders.length === 0) await this.offices.requireOffice(user, officeId);
    // The query picks the office's orders with unchecked prescriptions; the card shows only those.
    const cards: PharmacyOrder[] = orders.flatMap((o) => reseptilistaCard(toPharmacyOrder(o), officeId) ?? []);
    const page: ReseptilistaPage = {
      json: JSON.stringify(cards),
      listed: orders.map((o) => ({ orderId: o.id, patientHetu: o.patientHetu })),
    };
    this.reseptilista.fill(ticket, user.id, officeId, limit, page);
    return page;
  }

  /** Historia: every order of the user's pharmacy (its sandbox clients' left out), newest first, one page at a time. */
  async history(user: SessionUser, offset = 0, limit = PHARMACY_HISTORY_PAGE_SIZE): Promise<PharmacyOrderPage> {
    const [{ count }] = await preparedQuery<{ count: number }>(
      this.db,
      'pharmacy-history-count',
      `SELECT count(*)::int AS count FROM orders o WHERE o.pharmacy_id = $1 AND NOT o.sandbox`,
      [user.pharmacyId],
    );
    const orders = await this.pharmacyOrders('pharmacy-history', 'o.pharmacy_id = $1 AND NOT o.sandbox', 'OFFSET $2 LIMIT $3', [user.pharmacyId, offset, limit]);
    await this.recordRead(user, 'pharmacy.orders.history', orders.map((o) => ({ orderId: o.id, patientHetu: o.patientHetu })));
    return { data: orders.map((o) => toPharmacyOrder(o)), count, offset, limit };
  }

  /** The trash on a decided card (see OrderLifecycleService.checkItem). */
  async checkItem(user: SessionUser, itemId: number): Promise<PharmacyOrder> {
    return toPharmacyOrder(await this.lifecycle.checkItem(user, itemId));
  }

  /**
   * A page of the pharmacy's orders, newest first, with their items: one statement (the page
   * chosen first, so only its orders' items are read), mapped by hand (no entities: their
   * hydration cost more than the query). Timestamps are parsed by the driver, as for entities.
   * A prepared statement per list (`name`): the screens poll it, and planning it cost as much as running it.
   */
  private async pharmacyOrders(name: string, where: string, page: string, params: unknown[]): Promise<PharmacyOrderSource[]> {
    const rows = await preparedQuery<PharmacyOrderRow>(
      this.db,
      name,
      `SELECT o.id, o.patient_first_name, o.patient_last_name, o.patient_hetu, o.delivery_status, o.delivery_time,
              o.delivery_before_time, o.delivery_option_id, o.created_at, o.office_id, o.pharmacy_data,
              (SELECT json_agg(json_build_object('id', i.id, 'displayName', i.display_name, 'format', i.format, 'reason', i.reason,
                        'decision', i.decision, 'reasonForDecision', i.reason_for_decision, 'pharmacyChecked', i.pharmacy_checked) ORDER BY i.id)
                 FROM order_item i WHERE i.order_id = o.id) AS items
         FROM (SELECT * FROM orders o WHERE ${where} ORDER BY o.created_at DESC, o.id DESC ${page}) o
        ORDER BY o.created_at DESC, o.id DESC`,
      params,
    );
    return rows.map((r) => ({
      id: r.id,
      patientFirstName: r.patient_first_name,
      patientLastName: r.patient_last_name,
      patientHetu: r.patient_hetu,
      deliveryStatus: r.delivery_status,
      deliveryTime: r.delivery_time,
      deliveryBeforeTime: r.delivery_before_time,
      deliveryOptionId: r.delivery_option_id,
      createdAt: r.created_at,
      officeId: r.office_id,
      pharmacyData: r.pharmacy_data,
      items: r.items ?? [],
    }));
  }

  /** One audit row for the read, naming every order it showed and its patient (none for an empty list). */
  private async recordRead(user: SessionUser, action: AuditAction, orders: readonly ListedOrder[]): Promise<void> {
    if (orders.length > 0) await this.audit.record(user, { action, listed: orders });
  }
}

/** A row of `pharmacyOrders`' statement. */
interface PharmacyOrderRow {
  id: number;
  patient_first_name: string;
  patient_last_name: string;
  patient_hetu: string;
  delivery_status: Order['deliveryStatus'];
  delivery_time: Date | null;
  delivery_before_time: Date;
  delivery_option_id: Order['deliveryOptionId'];
  created_at: Date;
  office_id: number | null;
  pharmacy_data: Order['pharmacyData'];
  items: NonNullable<PharmacyOrderSource['items']> | null;
}

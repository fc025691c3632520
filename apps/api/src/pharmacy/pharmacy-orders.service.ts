import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { PHARMACY_HISTORY_PAGE_SIZE, reseptilistaCard, type PharmacyOrder, type PharmacyOrderPage } from '@resepti/domain';
import { AuditService, type ListedOrder } from '../platform/audit/audit.service.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { EventBus } from '../platform/events/event-bus.js';
import { reseptilistaReads } from '../platform/metrics/metrics.js';
import { RedisConnection } from '../platform/redis/redis-connection.js';
import type { AuditAction } from '../platform/audit/audit-actions.js';
import type { SessionUser } from '../platform/http/session-user.js';
import { OrderLifecycleService } from '../orders/order-lifecycle.service.js';
import { OrderReads } from '../orders/order-reads.service.js';
import type { Scope } from '../orders/order-scope.js';
import { toPharmacyOrder } from '../orders/order-view.js';
import { PharmacyOfficeService } from './pharmacy-office.service.js';
import { ReseptilistaCache, type ReseptilistaPage } from './reseptilista-cache.js';

/** The pharmacy's order lists (Reseptilista, Historia) and the trash on a decided card. */
@Injectable()
export class PharmacyOrdersService implements OnModuleInit, OnApplicationShutdown {
  private readonly reseptilista: ReseptilistaCache;

  constructor(
    private readonly orders: OrderReads,
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
    const scope: Scope = { kind: 'pharmacy', pharmacyId: user.pharmacyId ?? null, officeId, userId: user.id };
    const orders = (await this.orders.pharmacyPage('reseptilista', scope, { uncheckedOnly: true, limit })).map((o) => o.order);
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
    const scope: Scope = { kind: 'pharmacy', pharmacyId: user.pharmacyId ?? null };
    const count = await this.orders.count('pharmacy-history-count', scope);
    const orders = (await this.orders.pharmacyPage('pharmacy-history', scope, { offset, limit })).map((o) => o.order);
    await this.recordRead(user, 'pharmacy.orders.history', orders.map((o) => ({ orderId: o.id, patientHetu: o.patientHetu })));
    return { data: orders.map((o) => toPharmacyOrder(o)), count, offset, limit };
  }

  /** The trash on a decided card (see OrderLifecycleService.checkItem). */
  async checkItem(user: SessionUser, itemId: number): Promise<PharmacyOrder> {
    return toPharmacyOrder(await this.lifecycle.checkItem(user, itemId));
  }

  /** One audit row for the read, naming every order it showed and its patient (none for an empty list). */
  private async recordRead(user: SessionUser, action: AuditAction, orders: readonly ListedOrder[]): Promise<void> {
    if (orders.length > 0) await this.audit.record(user, { action, listed: orders });
  }
}

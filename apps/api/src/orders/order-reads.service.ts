import { Injectable } from '@nestjs/common';
import type { CustomerOrder, Decision, HistoryResponse, HistorySortOrder, ItemType, OrderStatus } from '@resepti/domain';
import { doctorRegisterNumberSql, joinDoctor } from '../accounts/account-sql.js';
import { joinProduct, prescribedProductJson, type PrescribedProductRow } from '../catalogue/product-sql.js';
import { InjectOwn, type OwnRepository } from '../platform/database/transactions.js';
import { FEED_HORIZON, type FeedPosition } from './change-feed.js';
import { readHistoryPage } from './history-query.js';
import { heldOrderSql } from './lifecycle-statements.js';
import { readCustomerOrders } from './customer-order-rows.js';
import { coalescedReadsByKey } from '../platform/database/coalesced-reads.js';
import {
  EXPORT_ITEMS_SQL,
  exportOrdersStatement,
  itemCountStatement,
  itemRowsStatement,
  practitionerStatement,
  type ItemRowsQuery,
  type OrderItemRow,
  type PractitionerRow,
} from './order-item-rows.js';
import { ORDER_WITH_ITEMS_COLUMNS, ORDER_WITH_ITEMS_JOINS, ordersOfRows, type LoadedOrder, type OrderWithItemRow } from './order-loads.js';
import { scopedOrdersStatement, scopeSql, type Scope } from './order-scope.js';
import { Order } from './order.entity.js';

/** An item of a patient's earlier order, as the doctor's order view lists it. */
export interface EarlierItemRow {
  itemId: number;
  orderId: number;
  type: ItemType;
  productId: number | null;
  medicalProblem: string | null;
  displayName: string;
  decision: Decision;
  reasonForDecision: string;
  decidedAt: Date;
  doctorFirstName: string | null;
  doctorLastName: string | null;
}

/** An item of the doctor's held order as an approval reads it (doctor/prescribing.service.ts). */
export interface ApprovalTarget {
  itemId: number;
  type: ItemType;
  productId: number | null;
  orderId: number;
  patientHetu: string;
  /** The doctor's Valvira register number (null: the doctor cannot prescribe). */
  registerNumber: string | null;
  /** The product the approval would prescribe: a renewal's own, else the one asked for (null: no such product). */
  product: PrescribedProductRow | null;
}

/**
 * approvalTarget's one statement: the item in the doctor's ($1) held order, the doctor's register
 * number and the product ($3 unless the item is a renewal of a product). It was four round trips
 * (the held order's id, the whole order, the register number, the product), on every approval.
 */
const APPROVAL_TARGET_SQL = `SELECT i.id AS "itemId", i.type, i.product_id AS "productId", o.id AS "orderId", o.patient_hetu AS "patientHetu",
  ${doctorRegisterNumberSql('$1')} AS "registerNumber", ${prescribedProductJson('p')} AS product
FROM (${heldOrderSql('$1')}) h
JOIN orders o ON o.id = h.id
JOIN order_item i ON i.order_id = o.id AND i.id = $2
${joinProduct('p', `CASE WHEN i.type = 'renewal' AND i.product_id IS NOT NULL THEN i.product_id ELSE $3::int END`)}`;

/** Newest first, as every list of a pharmacy shows its orders. */
const NEWEST_FIRST = 'o.created_at DESC, o.id DESC';

/** A page of an integrator's change feed: where it continues, and since when (cursor of the first version). */
export interface FeedQuery {
  after: FeedPosition;
  floor: { updatedAt: Date; id: number } | null;
  status: OrderStatus | null;
  since: Date | null;
  limit: number;
}

/**
 * The one door for reading orders and their items: other modules (the customer's, doctor's,
 * pharmacy's, integrator's and FHIR edges, the data-rights export) ask here, naming who asks (a
 * Scope, made SQL in order-scope.ts), and never read orders themselves. Whole orders are read by
 * one set of columns and mapped from their rows in one place (order-loads.ts: toLoadedOrder);
 * each edge then shows them its way (order-view.ts). Every change goes through the lifecycle.
 */
@Injectable()
export class OrderReads {
  /** A customer's orders in some states, by `customerId:state,state` (customerOrders). */
  private readonly customerReads = coalescedReadsByKey((key: string) => {
    const [customerId, states] = key.split(':');
    return readCustomerOrders(this.db, Number(customerId), states.split(',') as OrderStatus[]);
  });

  constructor(@InjectOwn(Order) private readonly db: OwnRepository<Order>) {}

  /** The orders with these ids that the scope may see, in the ids' order (with their items, doctor and coupons). */
  async byIds(scope: Scope, ids: readonly number[]): Promise<LoadedOrder[]> {
    if (ids.length === 0) return [];
    const statement = scopedOrdersStatement(scope, ids, ORDER_WITH_ITEMS_COLUMNS, ORDER_WITH_ITEMS_JOINS);
    const rows = (await this.db.query(statement.sql, statement.params)) as OrderWithItemRow[];
    const byId = new Map(ordersOfRows(rows).map((o) => [o.order.id, o]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** One order the scope may see, or null. */
  async one(scope: Scope, id: number): Promise<LoadedOrder | null> {
    return (await this.byIds(scope, [id]))[0] ?? null;
  }

  /**
   * A customer's own orders in these states, as the customer sees them (decisions only once
   * delivered), newest first, 100 at most (customer-order-rows.ts). A patient's tabs and polls that
   * ask at once share one read (coalescedReadsByKey: each still answered by a read that began after it).
   */
  customerOrders(customerId: number, statuses: OrderStatus[]): Promise<CustomerOrder[]> {
    return this.customerReads(`${customerId}:${statuses.join(',')}`);
  }

  /** What approving the item `itemId` needs, if it is in the doctor's held order (else null); `productId` is the product asked for a new prescription. */
  async approvalTarget(doctorId: number, itemId: number, productId: number | null): Promise<ApprovalTarget | null> {
    const [row] = await this.db.prepared<ApprovalTarget>('approval-target', APPROVAL_TARGET_SQL, [doctorId, itemId, productId]);
    return row ?? null;
  }

  /** The ids of the scope's orders delivered within the last `windowMs`, the latest delivery first. */
  async deliveredWithin(scope: Scope, windowMs: number): Promise<number[]> {
    const params: unknown[] = [windowMs];
    const rows = (await this.db.query(
      `SELECT o.id FROM orders o
        WHERE ${scopeSql(scope, params)} AND o.delivery_status = 'delivered' AND o.delivery_time > now() - ($1::int * interval '1 millisecond')
        ORDER BY o.delivery_time DESC`,
      params,
    )) as Array<{ id: number }>;
    return rows.map((r) => r.id);
  }

  /** Whether the order is the scope's and delivered. */
  async isDelivered(scope: Scope, orderId: number): Promise<boolean> {
    const params: unknown[] = [orderId];
    const rows = (await this.db.query(`SELECT 1 FROM orders o WHERE o.id = $1 AND ${scopeSql(scope, params)} AND o.delivery_status = 'delivered'`, params)) as unknown[];
    return rows.length > 0;
  }

  /** A person's orders and their items for their copy of their data (a patient scope), as JSON-ready rows. */
  async exportRows(scope: Scope): Promise<{ orders: Array<Record<string, unknown>>; items: Array<Record<string, unknown>> }> {
    const statement = exportOrdersStatement(scope);
    const orders = (await this.db.query(statement.sql, statement.params)) as Array<Record<string, unknown>>;
    const items = (await this.db.query(EXPORT_ITEMS_SQL, [orders.map((o) => o.id as number)])) as Array<Record<string, unknown>>;
    return { orders, items };
  }

  /** The doctors' Historia, one page (history-query.ts: handled real orders, which is a doctor's scope). */
  doctorHistory(_scope: Scope & { kind: 'doctor' }, filter: string | null | undefined, sortOrder: HistorySortOrder, offset: number): Promise<HistoryResponse> {
    return readHistoryPage(this.db, filter, sortOrder, offset);
  }

  /**
   * A page of a pharmacy's orders, newest first, with their items (`uncheckedOnly`: those with
   * items the pharmacy has not checked off, Reseptilista). One statement, the page chosen first
   * so only its orders' items are read; prepared as `name` (the screens poll it, and planning it
   * cost as much as running it): `name` stands for the scope's kind and the options.
   */
  async pharmacyPage(name: string, scope: Scope, page: { uncheckedOnly?: boolean; offset?: number; limit: number }): Promise<LoadedOrder[]> {
    const params: unknown[] = [];
    const where = [scopeSql(scope, params), ...(page.uncheckedOnly ? ['o.unchecked_items > 0'] : [])].join(' AND ');
    const range = `${page.offset !== undefined ? `OFFSET $${params.push(page.offset)} ` : ''}LIMIT $${params.push(page.limit)}`;
    const rows = await this.db.preparedOnItsOwn<OrderWithItemRow>(
      name,
      `SELECT ${ORDER_WITH_ITEMS_COLUMNS}, o.updated_at
         FROM (SELECT * FROM orders o WHERE ${where} ORDER BY ${NEWEST_FIRST} ${range}) o
         ${ORDER_WITH_ITEMS_JOINS}
        ORDER BY ${NEWEST_FIRST}, i.id`,
      params,
    );
    return ordersOfRows(rows);
  }

  /** How many orders the scope sees (prepared as `name`). */
  async count(name: string, scope: Scope): Promise<number> {
    const params: unknown[] = [];
    const [{ count }] = await this.db.preparedOnItsOwn<{ count: number }>(name, `SELECT count(*)::int AS count FROM orders o WHERE ${scopeSql(scope, params)}`, params);
    return count;
  }

  /**
   * A page of the scope's change feed (GET /api/v1/orders): by commit of the last change, oldest
   * first, after the position; only changes whose transactions are final (change-feed.ts), so a
   * cursor never passes a change that commits later. The page's positions, and their orders by id.
   */
  async feed(scope: Scope, query: FeedQuery): Promise<{ page: FeedPosition[]; orders: Map<number, LoadedOrder>; hasMore: boolean }> {
    // One row beyond the page tells whether more follow (only the page's orders are loaded).
    const params: unknown[] = [query.after.changeXid, query.after.id, query.status, query.since, query.floor?.updatedAt ?? null, query.floor?.id ?? 0, query.limit + 1];
    const page = (await this.db.query(
      `WITH ${FEED_HORIZON}
       SELECT o.id, o.change_xid::text AS "changeXid" FROM orders o, feed_horizon
        WHERE ${scopeSql(scope, params)}
          AND o.change_xid < feed_horizon.h AND (o.change_xid, o.id) > ($1::bigint, $2::int)
          AND ($3::text IS NULL OR o.delivery_status = $3) AND ($4::timestamptz IS NULL OR o.updated_at >= $4)
          AND ($5::timestamptz IS NULL OR (o.updated_at, o.id) > ($5::timestamptz, $6::int))
        ORDER BY o.change_xid, o.id LIMIT $7`,
      params,
    )) as FeedPosition[];
    const shown = page.slice(0, query.limit);
    const orders = new Map((await this.byIds(scope, shown.map((p) => p.id))).map((o) => [o.order.id, o]));
    return { page: shown, orders, hasMore: page.length > query.limit };
  }

  /**
   * The items of the patient's earlier delivered orders (those of the order's patient created
   * before it; sandbox orders are not the patient's), with their decisions, the newest decision
   * first, 200 at most: what the doctor deciding order `orderId` sees of the patient in Resepti.
   */
  async earlierItemsOfPatient(_scope: Scope & { kind: 'doctor' }, orderId: number): Promise<EarlierItemRow[]> {
    return (await this.db.query(
      `SELECT i.id AS "itemId", o.id AS "orderId", i.type, i.product_id AS "productId", i.medical_problem AS "medicalProblem",
              i.display_name AS "displayName", i.decision, i.reason_for_decision AS "reasonForDecision",
              coalesce(i.decision_time, o.delivery_time, o.created_at) AS "decidedAt", d.first_name AS "doctorFirstName", d.last_name AS "doctorLastName"
         FROM orders cur
         JOIN orders o ON o.patient_hetu = cur.patient_hetu AND o.created_at < cur.created_at AND o.delivery_status = 'delivered' AND NOT o.sandbox
         JOIN order_item i ON i.order_id = o.id
         ${joinDoctor('d', 'o.doctor_id')}
        WHERE cur.id = $1
        ORDER BY "decidedAt" DESC, i.id DESC LIMIT 200`,
      [orderId],
    )) as EarlierItemRow[];
  }

  /** Order items as the FHIR view reads them: one by id, or a page by commit (see ItemRowsQuery). */
  async itemRows(scope: Scope, query: ItemRowsQuery): Promise<OrderItemRow[]> {
    const statement = itemRowsStatement(scope, query);
    return (await this.db.query(statement.sql, statement.params)) as OrderItemRow[];
  }

  /** How many items a search of the FHIR view matches in `scope` on all its pages (its Bundle's total). */
  async itemCount(scope: Scope, updated: ReadonlyArray<{ op: '<' | '<=' | '>' | '>='; at: Date }>): Promise<number> {
    const statement = itemCountStatement(scope, updated);
    const [row] = (await this.db.query(statement.sql, statement.params)) as Array<{ n: number }>;
    return row.n;
  }

  /** A doctor of an order in `scope` (or the simulated one: 'sandbox'), as the FHIR view's Practitioner shows them; null when none. */
  async practitioner(scope: Scope, doctorId: number | 'sandbox'): Promise<PractitionerRow | null> {
    const statement = practitionerStatement(scope, doctorId);
    const [row] = (await this.db.query(statement.sql, statement.params)) as Array<{ doctor: PractitionerRow | null }>;
    return row?.doctor ?? null;
  }
}

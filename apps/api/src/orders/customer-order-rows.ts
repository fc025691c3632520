import type { CustomerOrder, OrderStatus } from '@resepti/domain';
import type { OwnRepository } from '../platform/database/transactions.js';
import type { OrderWithItemRow } from './order-loads.js';
import { scopeSql } from './order-scope.js';
import { toCustomerOrder, type CustomerOrderSource } from './order-view.js';
import type { Order } from './order.entity.js';

// A customer's own orders as the customer's pages show them (GET /my-outstanding-orders and
// /my-order-history, which a patient's page polls): one prepared statement, planned once, of the
// columns the customer's view shows (toCustomerOrder), not the whole order with its doctor,
// patient and pharmacy (parsing each column of each row is the API's work on every read).

const NEWEST_FIRST = 'coalesce(o.delivery_time, o.created_at) DESC, o.id DESC';

/** What the customer's view reads of an order and its items (i_…), their coupons and e-prescriptions. */
const COLUMNS = `o.id, o.delivery_status, o.created_at, o.delivery_before_time, o.delivery_time, o.price_cents,
       i.id AS i_id, i.type AS i_type, i.product_id AS i_product_id, i.display_name AS i_display_name, i.format AS i_format, i.reason AS i_reason,
       i.medical_problem AS i_medical_problem, i.price_cents AS i_price_cents, i.decision AS i_decision, i.reason_for_decision AS i_reason_for_decision,
       i.reason_code AS i_reason_code, i.decision_time AS i_decision_time, i.renewable_till::text AS i_renewable_till,
       i.prescribed_product_id AS i_prescribed_product_id, i.prescribed_medication AS i_prescribed_medication,
       i.dosage_instruction AS i_dosage_instruction, i.packages AS i_packages, c.code AS i_coupon_code,
       ep.status AS i_ep_status, ep.centre_id AS i_ep_centre_id, ep.recorded_at AS i_ep_recorded_at, ep.valid_until::text AS i_ep_valid_until`;

/** The columns of COLUMNS, typed as the full read's (order-loads.ts). */
type Row = Pick<
  OrderWithItemRow,
  'id'
  | 'delivery_status'
  | 'created_at'
  | 'delivery_before_time'
  | 'delivery_time'
  | 'price_cents'
  | 'i_id'
  | 'i_type'
  | 'i_product_id'
  | 'i_display_name'
  | 'i_format'
  | 'i_reason'
  | 'i_medical_problem'
  | 'i_price_cents'
  | 'i_decision'
  | 'i_reason_for_decision'
  | 'i_reason_code'
  | 'i_decision_time'
  | 'i_renewable_till'
  | 'i_prescribed_product_id'
  | 'i_prescribed_medication'
  | 'i_dosage_instruction'
  | 'i_packages'
  | 'i_coupon_code'
  | 'i_ep_status'
  | 'i_ep_centre_id'
  | 'i_ep_recorded_at'
  | 'i_ep_valid_until'
>;

/**
 * The customer's orders in these states, newest first, 100 at most (the page chosen first, then
 * its items), as the customer sees them. The states are hidden from the planner as the scope's
 * values are (scopeSql's planOnce): the statement is planned once, not on every poll.
 */
export async function readCustomerOrders(orders: OwnRepository<Order>, customerId: number, statuses: readonly OrderStatus[]): Promise<CustomerOrder[]> {
  const params: unknown[] = [statuses];
  const rows = await orders.preparedOnItsOwn<Row>(
    'customer-orders',
    `SELECT ${COLUMNS}
       FROM (SELECT * FROM orders o WHERE ${scopeSql({ kind: 'customer', customerId }, params, { planOnce: true })} AND o.delivery_status = ANY((SELECT $1::text[])::text[])
              ORDER BY ${NEWEST_FIRST} LIMIT 100) o
       LEFT JOIN order_item i ON i.order_id = o.id
       LEFT JOIN coupon c ON c.order_item_id = i.id
       LEFT JOIN e_prescription ep ON ep.order_item_id = i.id
      ORDER BY ${NEWEST_FIRST}, i.id`,
    params,
  );
  const now = new Date();
  const answer: CustomerOrder[] = [];
  for (let first = 0; first < rows.length; ) {
    let end = first + 1;
    while (end < rows.length && rows[end].id === rows[first].id) end++;
    const { order, coupons } = orderOf(rows.slice(first, end));
    answer.push(toCustomerOrder(order, coupons, now));
    first = end;
  }
  return answer;
}

/** One order's rows (a row an item; one row of nulls for an order without items) as toCustomerOrder reads them. */
function orderOf(rows: Row[]): { order: CustomerOrderSource; coupons: Map<number, string> } {
  const [o] = rows;
  const coupons = new Map<number, string>();
  const items = rows
    .filter((r): r is Row & { i_id: number } => r.i_id !== null)
    .map((r) => {
      if (r.i_coupon_code !== null) coupons.set(r.i_id, r.i_coupon_code);
      return {
        id: r.i_id,
        type: r.i_type,
        productId: r.i_product_id,
        displayName: r.i_display_name,
        format: r.i_format,
        reason: r.i_reason,
        medicalProblem: r.i_medical_problem,
        priceCents: r.i_price_cents,
        decision: r.i_decision,
        reasonForDecision: r.i_reason_for_decision,
        reasonCode: r.i_reason_code,
        decisionTime: r.i_decision_time,
        renewableTill: r.i_renewable_till,
        prescribedProductId: r.i_prescribed_product_id,
        prescribedMedication: r.i_prescribed_medication,
        dosageInstruction: r.i_dosage_instruction,
        packages: r.i_packages,
        ePrescription:
          r.i_ep_status === null
            ? null
            : { id: r.i_ep_centre_id, status: r.i_ep_status, recordedAt: r.i_ep_recorded_at && new Date(r.i_ep_recorded_at).toISOString(), validUntil: r.i_ep_valid_until },
      };
    });
  const order = {
    id: o.id,
    deliveryStatus: o.delivery_status,
    createdAt: o.created_at,
    deliveryBeforeTime: o.delivery_before_time,
    deliveryTime: o.delivery_time,
    priceCents: o.price_cents,
    items,
  };
  return { order, coupons };
}

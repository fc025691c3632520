import type { EntityManager } from 'typeorm';
import { joinDoctor } from '../accounts/account-sql.js';
import { preparedIn } from '../platform/database/prepared-query.js';
import type { Queryable } from '../platform/database/transactions.js';
import type { DoctorOrder, EPrescriptionStatus } from '@resepti/domain';
import type { Doctor } from '../accounts/doctor.entity.js';
import { OrderItem } from './order-item.entity.js';
import { Order } from './order.entity.js';
import { toDoctorOrder } from './order-view.js';

// Orders read by hand, for the screens and lifecycle steps that read them most: plain statements
// mapped here, no entities built by the ORM (their query building and hydration cost more than
// the statements). The views they feed are in order-view.ts.

/** One order as a change needs it: the entities its listeners get, and what the doctor's view adds. */
export interface LoadedOrder {
  /** The order with its items (by id), as the ORM loads them: no relation back, no select: false columns. */
  order: Order & { items: OrderItem[] };
  doctor: Pick<Doctor, 'firstName' | 'lastName'> | null;
  couponByItem: Map<number, string>;
}

/** An order's columns (o) with its doctor's name (d) and its items' (i, as i_…), one row an item. */
export const ORDER_AND_ITEM_COLUMNS = `o.id, o.source, o.customer_id, o.pharmacy_id, o.office_id, o.pharmacy_user_id, o.pharmacy_data, o.patient_first_name,
            o.patient_last_name, o.patient_hetu, o.delivery_option_id, o.delivery_before_time, o.delivery_status,
            o.processing_start_time, o.doctor_id, o.delivery_time, o.sandbox, o.price_cents, o.created_at,
            d.first_name AS doctor_first_name, d.last_name AS doctor_last_name,
            i.id AS i_id, i.type AS i_type, i.product_id AS i_product_id, i.display_name AS i_display_name, i.format AS i_format,
            i.reason AS i_reason, i.medical_problem AS i_medical_problem, i.chat AS i_chat, i.chat_verified AS i_chat_verified,
            i.decision AS i_decision, i.reason_for_decision AS i_reason_for_decision, i.reason_code AS i_reason_code, i.decision_time AS i_decision_time,
            i.price_cents AS i_price_cents, i.renewable_till::text AS i_renewable_till, i.pharmacy_checked AS i_pharmacy_checked,
            i.prescribed_product_id AS i_prescribed_product_id, i.prescribed_medication AS i_prescribed_medication,
            i.dosage_instruction AS i_dosage_instruction, i.packages AS i_packages, i.prior_prescription_id AS i_prior_prescription_id`;
/** The items' records in the Prescription Centre (ep: e_prescription), as i_ep_…. */
const E_PRESCRIPTION_COLUMNS = `ep.status AS i_ep_status, ep.centre_id AS i_ep_centre_id, ep.recorded_at AS i_ep_recorded_at, ep.valid_until::text AS i_ep_valid_until`;
/** The same columns for a read made before any item can have one (a decision: the order is not delivered). */
export const NO_E_PRESCRIPTION_COLUMNS = `NULL::text AS i_ep_status, NULL::text AS i_ep_centre_id, NULL::timestamptz AS i_ep_recorded_at, NULL::text AS i_ep_valid_until`;
/** The same with the items' coupons (c) and e-prescriptions (ep). */
export const ORDER_WITH_ITEMS_COLUMNS = `${ORDER_AND_ITEM_COLUMNS}, c.code AS i_coupon_code, ${E_PRESCRIPTION_COLUMNS}`;
export const ORDER_WITH_ITEMS_JOINS = `${joinDoctor('d', 'o.doctor_id')}
       LEFT JOIN order_item i ON i.order_id = o.id
       LEFT JOIN coupon c ON c.order_item_id = i.id
       LEFT JOIN e_prescription ep ON ep.order_item_id = i.id`;

/**
 * One order with its items, its doctor's name and its items' coupon codes, in one statement read
 * by hand: a lifecycle step's event (the entities) and its answer (the doctor's view, see
 * doctorViewOf) from one read, where the ORM's find with relations and loadDoctorOrder took three
 * (and the ORM's query building cost more than the statements).
 */
export async function loadOrderWithItems(db: Queryable, id: number): Promise<LoadedOrder | null> {
  const rows = (await db.query(
    `SELECT ${ORDER_WITH_ITEMS_COLUMNS}, o.updated_at
       FROM orders o
       ${ORDER_WITH_ITEMS_JOINS}
      WHERE o.id = $1
      ORDER BY i.id`,
    [id],
  )) as OrderWithItemRow[];
  return toLoadedOrder(rows);
}

/**
 * The last statement of a change: the order's updated_at moves (integrators list changes by it)
 * and the order is read as the change left it (loadOrderWithItems), with the columns of the
 * query `extra.sql` (named `extra.name`, e.g. the queue counts) beside each row, in one
 * statement. The read sees the transaction's earlier statements; the new updated_at comes from
 * the update beside it. `also`: more CTEs (their parameters from $2) and columns of the same
 * statement, for a caller that does more in the same round trip (changedThenHeldOrPicked).
 */
export async function loadChangedOrder<X extends object>(
  manager: EntityManager,
  id: number,
  extra: { name: string; sql: string } | null,
  also?: { name: string; ctes: string; columns: string; values: unknown[] },
): Promise<(LoadedOrder & { extra: X | null }) | null> {
  const rows = await preparedIn<OrderWithItemRow & X>(
    manager,
    `changed-order${extra ? `-with-${extra.name}` : ''}${also ? `-${also.name}` : ''}`,
    `WITH ${also ? `${also.ctes},\n     ` : ''}touched AS (UPDATE orders SET updated_at = date_trunc('milliseconds', clock_timestamp()) WHERE id = $1 RETURNING id, updated_at)
     SELECT ${ORDER_WITH_ITEMS_COLUMNS}, touched.updated_at${extra ? ', q.*' : ''}${also ? `, ${also.columns}` : ''}
       FROM touched JOIN orders o ON o.id = touched.id
       ${ORDER_WITH_ITEMS_JOINS}${extra ? `\n       CROSS JOIN (${extra.sql}) q` : ''}
      ORDER BY i.id`,
    [id, ...(also?.values ?? [])],
  );
  const loaded = toLoadedOrder(rows);
  return loaded && { ...loaded, extra: extra || also ? rows[0] : null };
}

/** An order with its items from its rows (ORDER_AND_ITEM_COLUMNS, updated_at, i_coupon_code, the i_ep_ columns), or null for none. */
export function toLoadedOrder(rows: OrderWithItemRow[]): LoadedOrder | null {
  if (rows.length === 0) return null;
  const [o] = rows;
  const couponByItem = new Map<number, string>();
  const items = rows
    .filter((r): r is OrderWithItemRow & { i_id: number } => r.i_id !== null)
    .map((r) => {
      if (r.i_coupon_code !== null) couponByItem.set(r.i_id, r.i_coupon_code);
      return Object.assign(new OrderItem(), {
        id: r.i_id,
        orderId: o.id,
        type: r.i_type,
        productId: r.i_product_id,
        displayName: r.i_display_name,
        format: r.i_format,
        reason: r.i_reason,
        medicalProblem: r.i_medical_problem,
        chat: r.i_chat,
        chatVerified: r.i_chat_verified,
        decision: r.i_decision,
        reasonForDecision: r.i_reason_for_decision,
        reasonCode: r.i_reason_code,
        decisionTime: r.i_decision_time,
        priceCents: r.i_price_cents,
        renewableTill: r.i_renewable_till,
        pharmacyChecked: r.i_pharmacy_checked,
        prescribedProductId: r.i_prescribed_product_id,
        prescribedMedication: r.i_prescribed_medication,
        dosageInstruction: r.i_dosage_instruction,
        packages: r.i_packages,
        priorPrescriptionId: r.i_prior_prescription_id,
        ePrescription:
          r.i_ep_status === null
            ? null
            : { id: r.i_ep_centre_id, status: r.i_ep_status, recordedAt: r.i_ep_recorded_at && new Date(r.i_ep_recorded_at).toISOString(), validUntil: r.i_ep_valid_until },
      });
    });
  const order = Object.assign(new Order(), {
    id: o.id,
    source: o.source,
    customerId: o.customer_id,
    pharmacyId: o.pharmacy_id,
    officeId: o.office_id,
    pharmacyUserId: o.pharmacy_user_id,
    pharmacyData: o.pharmacy_data,
    patientFirstName: o.patient_first_name,
    patientLastName: o.patient_last_name,
    patientHetu: o.patient_hetu,
    deliveryOptionId: o.delivery_option_id,
    deliveryBeforeTime: o.delivery_before_time,
    deliveryStatus: o.delivery_status,
    processingStartTime: o.processing_start_time,
    doctorId: o.doctor_id,
    deliveryTime: o.delivery_time,
    sandbox: o.sandbox,
    priceCents: o.price_cents,
    createdAt: o.created_at,
    updatedAt: o.updated_at,
    items,
  });
  const doctor = o.doctor_first_name !== null ? { firstName: o.doctor_first_name, lastName: o.doctor_last_name! } : null;
  return { order, doctor, couponByItem };
}

/** Orders with their items from rows of several (each order's rows together; a row with a null order is none). */
export function ordersOfRows(rows: OrderWithItemRow[]): LoadedOrder[] {
  const orders: LoadedOrder[] = [];
  for (let first = 0; first < rows.length; ) {
    let end = first + 1;
    while (end < rows.length && rows[end].id === rows[first].id) end++;
    if (rows[first].id !== null) orders.push(toLoadedOrder(rows.slice(first, end))!);
    first = end;
  }
  return orders;
}

/** The doctor's view of a loaded order. */
export function doctorViewOf({ order, doctor, couponByItem }: LoadedOrder): DoctorOrder {
  return toDoctorOrder(order, order.items, doctor, couponByItem);
}

/** One order as its doctor sees it (one statement), or null. */
export async function loadDoctorOrder(db: Queryable, id: number): Promise<DoctorOrder | null> {
  const loaded = await loadOrderWithItems(db, id);
  return loaded && doctorViewOf(loaded);
}

export interface OrderWithItemRow {
  id: number;
  source: Order['source'];
  customer_id: number | null;
  pharmacy_id: number | null;
  office_id: number | null;
  pharmacy_user_id: number | null;
  pharmacy_data: Order['pharmacyData'];
  patient_first_name: string;
  patient_last_name: string;
  patient_hetu: string;
  delivery_option_id: Order['deliveryOptionId'];
  delivery_before_time: Date;
  delivery_status: Order['deliveryStatus'];
  processing_start_time: Date | null;
  doctor_id: number | null;
  delivery_time: Date | null;
  sandbox: boolean;
  price_cents: number;
  created_at: Date;
  updated_at: Date;
  doctor_first_name: string | null;
  doctor_last_name: string | null;
  i_id: number | null;
  i_type: OrderItem['type'];
  i_product_id: number | null;
  i_display_name: string;
  i_format: string;
  i_reason: string;
  i_medical_problem: string | null;
  i_chat: object | null;
  i_chat_verified: boolean | null;
  i_decision: OrderItem['decision'];
  i_reason_for_decision: string;
  i_reason_code: string | null;
  i_decision_time: Date | null;
  i_price_cents: number;
  i_renewable_till: string | null;
  i_pharmacy_checked: boolean;
  i_prescribed_product_id: number | null;
  i_prescribed_medication: OrderItem['prescribedMedication'];
  i_dosage_instruction: string | null;
  i_packages: number | null;
  i_prior_prescription_id: string | null;
  i_coupon_code: string | null;
  i_ep_status: EPrescriptionStatus | null;
  i_ep_centre_id: string | null;
  i_ep_recorded_at: Date | null;
  i_ep_valid_until: string | null;
}

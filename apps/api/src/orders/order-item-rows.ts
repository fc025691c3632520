import type { Decision, OrderStatus, PrescribedMedication } from '@resepti/domain';
import { doctorNameSql, doctorPractitionerSql, officeNameSql, pharmacyNameSql } from '../accounts/account-sql.js';
import { FEED_HORIZON } from './change-feed.js';
import { scopeSql, type Scope } from './order-scope.js';

// The statements of OrderReads that read an order's items one by one (the FHIR view) or as a
// person's copy of their data, rather than whole orders (order-loads.ts).

/** One order item with what a FHIR MedicationRequest needs of its order, office and deciding doctor. */
export interface OrderItemRow {
  itemId: number;
  orderId: number;
  productId: number | null;
  displayName: string;
  reason: string;
  decision: Decision;
  reasonForDecision: string;
  decisionTime: Date | null;
  deliveryStatus: OrderStatus;
  deliveryTime: Date | null;
  createdAt: Date;
  updatedAt: Date;
  /** The transaction of the order's last change (orders/change-feed.ts): with updatedAt, the item's version. */
  changeXid: string;
  patientHetu: string;
  patientFirstName: string;
  patientLastName: string;
  officeId: number | null;
  officeName: string | null;
  /** The client's name: who sent the order (the pharmacist doctors see). */
  pharmacist: string;
  /** The doctor who picked or decided the order (a sandbox order's: SANDBOX_DOCTOR_NAME, with no id). */
  doctorId: number | null;
  doctorName: string | null;
  /** What an approval prescribed (order-view.ts: prescribedOf). */
  prescribedProductId: number | null;
  prescribedMedication: PrescribedMedication | null;
  dosageInstruction: string | null;
  packages: number | null;
  /** The Prescription Centre's id of the item's prescription, once recorded there (e_prescription). */
  centreId: string | null;
}

/** A doctor as the FHIR view's Practitioner shows them (the simulated doctor: empty names, no number). */
export interface PractitionerRow {
  firstName: string;
  lastName: string;
  registerNumber: string | null;
}

/** Who decides a sandbox order (the simulated doctor, integrator/sandbox-doctor.ts): its requester and performer in FHIR. */
export const SANDBOX_DOCTOR_NAME = 'Sandbox-lääkäri (simuloitu)';

/** Which items: one by id, or a page by commit of the last change (orders/change-feed.ts), after a position. */
export type ItemRowsQuery =
  | { itemId: number }
  | {
      /** Bounds on the order's updated_at, e.g. { op: '>=', at }. */
      updated: ReadonlyArray<{ op: '<' | '<=' | '>' | '>='; at: Date }>;
      after: { changeXid: string; itemId: number; floor: { updatedAt: Date; itemId: number } | null } | null;
      limit: number;
    };

/** The statement of `query`'s item rows in `scope` (their order and office too), with its parameters. */
export function itemRowsStatement(scope: Scope, query: ItemRowsQuery): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const where = [scopeSql(scope, params)];
  const columns = `i.id AS "itemId", i.order_id AS "orderId", i.product_id AS "productId", i.display_name AS "displayName", i.reason,
         i.decision, i.reason_for_decision AS "reasonForDecision", i.decision_time AS "decisionTime",
         o.delivery_status AS "deliveryStatus", o.delivery_time AS "deliveryTime", o.created_at AS "createdAt", o.updated_at AS "updatedAt", o.change_xid::text AS "changeXid",
         o.patient_hetu AS "patientHetu", o.patient_first_name AS "patientFirstName", o.patient_last_name AS "patientLastName",
         o.office_id AS "officeId", ${officeNameSql('o.office_id')} AS "officeName", coalesce(o.pharmacy_data ->> 'pharmacist', '') AS pharmacist,
         o.doctor_id AS "doctorId", coalesce(${doctorNameSql('o.doctor_id')}, CASE WHEN o.sandbox AND o.delivery_status <> 'waiting' THEN '${SANDBOX_DOCTOR_NAME}' END) AS "doctorName", i.prescribed_product_id AS "prescribedProductId",
         i.prescribed_medication AS "prescribedMedication", i.dosage_instruction AS "dosageInstruction", i.packages,
         (SELECT ep.centre_id FROM e_prescription ep WHERE ep.order_item_id = i.id AND ep.status = 'recorded') AS "centreId"`;
  if ('itemId' in query) {
    where.push(`i.id = $${params.push(query.itemId)}`);
    return { sql: `SELECT ${columns} FROM order_item i JOIN orders o ON o.id = i.order_id WHERE ${where.join(' AND ')}`, params };
  }
  where.push(...searchConditions(query.updated, params));
  if (query.after) {
    where.push(`(o.change_xid, i.id) > ($${params.push(query.after.changeXid)}::bigint, $${params.push(query.after.itemId)}::int)`);
    if (query.after.floor) where.push(`(o.updated_at, i.id) > ($${params.push(query.after.floor.updatedAt)}, $${params.push(query.after.floor.itemId)})`);
  }
  return {
    sql: `WITH ${FEED_HORIZON}
     SELECT ${columns} FROM feed_horizon, order_item i JOIN orders o ON o.id = i.order_id
      WHERE ${where.join(' AND ')} ORDER BY o.change_xid, i.id LIMIT $${params.push(query.limit)}`,
    params,
  };
}

/**
 * The search's conditions but the scope's and the position's: by commit, only changes older than
 * every running transaction, so a change that commits late is listed after a next link, never
 * behind it; and the bounds on updated_at. Needs `feed_horizon` in FROM.
 */
function searchConditions(updated: ReadonlyArray<{ op: '<' | '<=' | '>' | '>='; at: Date }>, params: unknown[]): string[] {
  return ['o.change_xid < feed_horizon.h', ...updated.map((bound) => `o.updated_at ${bound.op} $${params.push(bound.at)}`)];
}

/** How many items in `scope` a search matches on all its pages (FHIR's Bundle.total): the same conditions, no position. */
export function itemCountStatement(scope: Scope, updated: ReadonlyArray<{ op: '<' | '<=' | '>' | '>='; at: Date }>): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const where = [scopeSql(scope, params), ...searchConditions(updated, params)];
  return { sql: `WITH ${FEED_HORIZON} SELECT count(*)::int AS n FROM feed_horizon, order_item i JOIN orders o ON o.id = i.order_id WHERE ${where.join(' AND ')}`, params };
}

/**
 * The doctor `doctorId` as a FHIR Practitioner needs them (names, Valvira register number), when
 * they picked or decided an order in `scope` (a client sees only the doctors of its own orders);
 * 'sandbox' is the simulated doctor, seen by a scope with a sandbox order past the queue.
 */
export function practitionerStatement(scope: Scope, doctorId: number | 'sandbox'): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const where = [scopeSql(scope, params)];
  if (doctorId === 'sandbox') {
    where.push(`o.sandbox AND o.doctor_id IS NULL AND o.delivery_status <> 'waiting'`);
    return { sql: `SELECT json_build_object('firstName', '', 'lastName', '', 'registerNumber', NULL) AS doctor FROM orders o WHERE ${where.join(' AND ')} LIMIT 1`, params };
  }
  where.push(`o.doctor_id = $${params.push(doctorId)}`);
  return { sql: `SELECT ${doctorPractitionerSql('o.doctor_id')} AS doctor FROM orders o WHERE ${where.join(' AND ')} LIMIT 1`, params };
}

/** A person's orders for their copy of their data (GDPR articles 15 and 20), as JSON-ready rows. */
export function exportOrdersStatement(scope: Scope): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const where = scopeSql(scope, params);
  return {
    sql: `SELECT o.id, o.source, o.patient_first_name AS "patientFirstName", o.patient_last_name AS "patientLastName", o.delivery_option_id AS "deliveryOptionId",
              o.delivery_status AS "deliveryStatus", o.created_at AS "createdAt", o.delivery_time AS "handledAt", o.price_cents AS "priceCents",
              ${pharmacyNameSql('o.pharmacy_id')} AS pharmacy,
              ${doctorNameSql('o.doctor_id')} AS doctor
         FROM orders o WHERE ${where} ORDER BY o.id`,
    params,
  };
}

/** The items of these orders (their ids in $1) for the same copy. */
export const EXPORT_ITEMS_SQL = `SELECT order_id AS "orderId", type, display_name AS medicine, format, reason, medical_problem AS "medicalProblem", chat,
              decision, reason_for_decision AS "reasonForDecision", decision_time AS "decisionTime", price_cents AS "priceCents", renewable_till AS "renewableTill"
         FROM order_item WHERE order_id = ANY($1) ORDER BY id`;

import type { EntityManager } from 'typeorm';
import { joinDoctor, lockDoctorSql, lockedDoctorFrom } from '../accounts/account-sql.js';
import { preparedIn } from '../platform/database/prepared-query.js';
import { standardReasonCode, type Decision, type OrderStatus, type PrescribedMedication } from '@resepti/domain';
import { loadChangedOrder, NO_E_PRESCRIPTION_COLUMNS, ORDER_AND_ITEM_COLUMNS, toLoadedOrder, type LoadedOrder, type OrderWithItemRow } from './order-loads.js';
import type { NewOrder } from './new-order.js';
import type { OrderSource } from './order.entity.js';

// The doctor's steps of the order lifecycle (pick, decide, deliver) as hand-written statements:
// each step is a few round trips, each of which costs the API a socket write and PostgreSQL a
// parse, so what can be one statement is one (the checks go in with the change and come back
// with it). No ORM query building: it cost the API more than the statements did. The lifecycle
// (order-lifecycle.service.ts) decides what to answer; these only read and write.

/** The id of a doctor's held (processing) order, the oldest first; `doctor` is the doctor's id in SQL (a parameter, a column). */
export const heldOrderSql = (doctor: string) =>
  `SELECT id FROM orders WHERE delivery_status = 'processing' AND doctor_id = ${doctor} ORDER BY processing_start_time, id LIMIT 1`;

/** heldOrderSql of the doctor in $1. */
export const HELD_ORDER_SQL = heldOrderSql('$1');

/** Stripes of the queue counts per handling option (as the StripedQueueCounts migration made them). */
const QUEUE_COUNT_STRIPES = 16;

/**
 * Locks the doctor's own row until the transaction ends: one doctor's concurrent picks (two tabs)
 * run one after the other, so a doctor never holds two orders. A statement of its own: the
 * statements after it read with a snapshot taken after the lock, and so see the other tab's pick.
 * `withQueueStripes`: also this connection's queue-count rows of every handling option, in the
 * options' order, for a transaction that changes the status of two orders (whose trigger would
 * otherwise lock two rows in the orders' order, and deadlock with another such transaction).
 */
export async function lockDoctor(m: EntityManager, doctorId: number, options: { withQueueStripes?: boolean } = {}): Promise<void> {
  if (!options.withQueueStripes) {
    await preparedIn(m, 'doctor-lock', lockDoctorSql('$1'), [doctorId]);
    return;
  }
  await preparedIn(
    m,
    'doctor-lock-with-stripes',
    `SELECT d.id, (SELECT count(*) FROM (SELECT 1 FROM order_queue_count WHERE stripe = pg_backend_pid() % ${QUEUE_COUNT_STRIPES}
                                          ORDER BY delivery_option_id FOR UPDATE) s) AS stripes
       ${lockedDoctorFrom('$1')}`,
    [doctorId],
  );
}

/**
 * The order the doctor (`doctor`: the parameter, e.g. '$1') holds, as `held`, or, when none, the
 * waiting order with the earliest deadline made the doctor's (processing), as `picked`: rows
 * another transaction is picking right now are skipped, so two doctors never get the same order;
 * sandbox orders are the simulated doctor's, never a real one's.
 */
const heldOrPickedCtes = (doctor: string) => `held AS (${heldOrderSql(doctor)}),
     picked AS (
       UPDATE orders SET delivery_status = 'processing', doctor_id = ${doctor}, processing_start_time = now()
        WHERE delivery_status = 'waiting' AND id = (
          SELECT id FROM orders WHERE delivery_status = 'waiting' AND NOT sandbox AND NOT EXISTS (SELECT 1 FROM held)
           ORDER BY delivery_before_time, id LIMIT 1 FOR UPDATE SKIP LOCKED)
       RETURNING id)`;

/** What the doctor holds now: the order held before (`held`), or the one just picked, or neither. */
export interface HeldOrPicked {
  held: number | null;
  picked: number | null;
}

/** Under the doctor's lock (lockDoctor), in one statement: the doctor's held order, or else the next waiting one picked. */
export async function heldOrPicked(m: EntityManager, doctorId: number): Promise<HeldOrPicked> {
  const [row] = await preparedIn<HeldOrPicked>(
    m,
    'held-or-picked',
    `WITH ${heldOrPickedCtes('$1')}
     SELECT (SELECT id FROM held) AS held, (SELECT id FROM picked) AS picked`,
    [doctorId],
  );
  return row;
}

/**
 * After a change of an order in the same transaction, under the doctor's lock: the changed order
 * read as loadChangedOrder reads it (updated_at moved, with `extra`'s columns: read before the
 * pick, so the queue counts are those the change left), and the doctor's next order held or
 * picked (heldOrPicked), in one statement: mark-delivered's delivered order and its next.
 */
export async function changedThenHeldOrPicked<X extends object>(
  m: EntityManager,
  changedId: number,
  doctorId: number,
  extra: { name: string; sql: string },
): Promise<{ changed: LoadedOrder & { extra: X | null }; next: HeldOrPicked }> {
  const loaded = await loadChangedOrder<X & { next_held: number | null; next_picked: number | null }>(m, changedId, extra, {
    name: 'then-held-or-picked',
    ctes: heldOrPickedCtes('$2'),
    columns: '(SELECT id FROM held) AS next_held, (SELECT id FROM picked) AS next_picked',
    values: [doctorId],
  });
  if (!loaded?.extra) throw new Error(`order ${changedId}: not found for its change`);
  return { changed: loaded, next: { held: loaded.extra.next_held, picked: loaded.extra.next_picked } };
}

/** What an approval prescribes (prescribing.ts resolves it): written with the decision, cleared by any other. */
export interface Prescription {
  productId: number;
  medication: PrescribedMedication;
  dosageInstruction: string;
  packages: number;
  /** The Centre's prescription this renews, when one is renewable; null: a new prescription. */
  priorPrescriptionId: string | null;
}

/** The order and item a decision is about, as found under the order's lock. */
export interface DecisionTarget {
  orderId: number;
  status: OrderStatus;
  doctorId: number | null;
  source: OrderSource;
  customerId: number | null;
  patientHetu: string;
  priceCents: number;
}

interface DecisionRow extends OrderWithItemRow {
  t_order_id: number;
  t_status: OrderStatus;
  t_doctor_id: number | null;
  t_source: OrderSource;
  t_customer_id: number | null;
  t_patient_hetu: string;
  t_price_cents: number;
  decided: boolean;
}

/**
 * Writes a decision on one item in one statement: its order locked and checked (processing, held
 * by `doctorId`; a coupon only on a customer's order; `reasonGiven` false refuses a rejection
 * without a reason), the item decided (what it prescribes written, or cleared), unless the decision gives a coupon the item's unused coupon
 * removed, the order's updated_at moved, and the order read as the decision left it (its items
 * without their coupons: the change needs none, the answer names its own). Answers what it found
 * and, when it wrote, the changed order (null: refused, the caller says why), or null when there
 * is no such item.
 */
export async function decideItemRow(
  m: EntityManager,
  input: { itemId: number; doctorId: number; decision: Decision; reason: string; decisionTime: Date | null; reasonGiven: boolean; prescription: Prescription | null },
): Promise<{ target: DecisionTarget; changed: LoadedOrder | null } | null> {
  const rows = await preparedIn<DecisionRow>(
    m,
    'decide-item',
    `WITH target AS (
       SELECT i.id AS item_id, i.price_cents AS t_price_cents, o.id AS t_order_id, o.delivery_status AS t_status, o.doctor_id AS t_doctor_id,
              o.source AS t_source, o.customer_id AS t_customer_id, o.patient_hetu AS t_patient_hetu
         FROM order_item i JOIN orders o ON o.id = i.order_id WHERE i.id = $1 FOR UPDATE OF o),
     decided AS (
       UPDATE order_item i SET decision = $3, reason_for_decision = $4, reason_code = $12, decision_time = $5, prescribed_product_id = $7, prescribed_medication = $8::jsonb,
              dosage_instruction = $9, packages = $10, prior_prescription_id = $11
         FROM target t
        WHERE i.id = t.item_id AND t.t_status = 'processing' AND t.t_doctor_id = $2 AND $6::boolean
          AND ($3 <> 'rejected-with-coupon' OR (t.t_source = 'customer' AND t.t_customer_id IS NOT NULL))
       RETURNING i.*),
     uncouponed AS (
       DELETE FROM coupon c USING decided d WHERE c.order_item_id = d.id AND c.used_at IS NULL AND $3 <> 'rejected-with-coupon'),
     changed_order AS (
       UPDATE orders o SET updated_at = date_trunc('milliseconds', clock_timestamp()) FROM decided d WHERE o.id = d.order_id RETURNING o.*),
     changed_items AS (
       SELECT * FROM decided
       UNION ALL
       SELECT * FROM order_item WHERE order_id = (SELECT order_id FROM decided) AND id <> (SELECT id FROM decided))
     SELECT t.*, EXISTS (SELECT 1 FROM decided) AS decided, ${ORDER_AND_ITEM_COLUMNS}, o.updated_at, NULL::text AS i_coupon_code, ${NO_E_PRESCRIPTION_COLUMNS}
       FROM target t
       LEFT JOIN changed_order o ON true
       ${joinDoctor('d', 'o.doctor_id')}
       LEFT JOIN changed_items i ON i.order_id = o.id
      ORDER BY i.id`,
    [input.itemId, input.doctorId, input.decision, input.reason, input.decisionTime, input.reasonGiven, ...prescriptionValues(input.prescription), standardReasonCode(input.reason)],
  );
  const [t] = rows;
  if (!t) return null;
  return {
    target: {
      orderId: t.t_order_id,
      status: t.t_status,
      doctorId: t.t_doctor_id,
      source: t.t_source,
      customerId: t.t_customer_id,
      patientHetu: t.t_patient_hetu,
      priceCents: t.t_price_cents,
    },
    changed: t.decided ? toLoadedOrder(rows) : null,
  };
}

/** The prescription's columns ($7–$11 of decide-item): all null when the decision prescribes nothing. */
function prescriptionValues(p: Prescription | null): unknown[] {
  return p ? [p.productId, JSON.stringify(p.medication), p.dosageInstruction, p.packages, p.priorPrescriptionId] : [null, null, null, null, null];
}

/**
 * Delivers an order (its row locked by the caller first, so this statement's snapshot sees every
 * decision committed before), unless an item is still undecided: then nothing changes and
 * `delivered` is false. Approved renewals become renewable until `renewableTill` (a Helsinki
 * date). Each approved item of a real order gets its e-prescription to record in the Prescription
 * Centre (e_prescription, pending: the outbox's row, committed with the delivery); a rejected
 * item, and any item of a sandbox order (an integrator's test), gets none. `prescriptions`: how many.
 */
export async function deliverIfDecided(m: EntityManager, orderId: number, now: Date, renewableTill: string): Promise<{ delivered: boolean; prescriptions: number }> {
  const [row] = await preparedIn<{ delivered: boolean; prescriptions: number }>(
    m,
    'deliver-if-decided',
    `WITH delivered AS (
       UPDATE orders SET delivery_status = 'delivered', delivery_time = $2
        WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM order_item WHERE order_id = $1 AND decision = 'undecided')
       RETURNING id, sandbox),
     renewable AS (
       UPDATE order_item SET renewable_till = $3
        WHERE order_id IN (SELECT id FROM delivered) AND decision = 'approved' AND type = 'renewal'),
     prescribed AS (
       INSERT INTO e_prescription (order_item_id, order_id)
       SELECT i.id, i.order_id FROM order_item i JOIN delivered d ON d.id = i.order_id
        WHERE NOT d.sandbox AND i.decision = 'approved'
        ORDER BY i.id
       RETURNING id)
     SELECT EXISTS (SELECT 1 FROM delivered) AS delivered, (SELECT count(*)::int FROM prescribed) AS prescriptions`,
    [orderId, now, renewableTill],
  );
  return row;
}

/** Inserts the order (waiting) and its items in one statement, the items' ids in their given order; answers the order's id. */
export async function insertOrderRows(m: EntityManager, input: NewOrder): Promise<number> {
  const items = input.items.map((item) => ({
    type: item.type,
    product_id: item.productId,
    display_name: item.displayName,
    format: item.format,
    reason: item.reason,
    medical_problem: item.medicalProblem ?? null,
    chat: item.chat ?? null,
    chat_verified: item.chatVerified ?? null,
    price_cents: item.priceCents,
  }));
  // Prepared: every placement (a paid cart, a pharmacy's send, an integrator's order) runs this text.
  const [{ id }] = await preparedIn<{ id: number }>(
    m,
    'insert-order',
    `WITH placed AS (
       INSERT INTO orders (source, customer_id, pharmacy_id, office_id, pharmacy_user_id, pharmacy_data, patient_first_name, patient_last_name,
                           patient_hetu, delivery_option_id, delivery_before_time, delivery_status, price_cents, sandbox)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id),
     items AS (
       INSERT INTO order_item (order_id, type, product_id, display_name, format, reason, medical_problem, chat, chat_verified, price_cents)
       SELECT placed.id, i.type, i.product_id, i.display_name, i.format, i.reason, i.medical_problem, i.chat, i.chat_verified, i.price_cents
         FROM placed, ROWS FROM (jsonb_to_recordset($15::jsonb) AS (type text, product_id int, display_name text, format text, reason text,
              medical_problem text, chat jsonb, chat_verified boolean, price_cents int)) WITH ORDINALITY AS i
        ORDER BY i.ordinality)
     SELECT id FROM placed`,
    [
      input.source,
      input.customerId ?? null,
      input.pharmacyId ?? null,
      input.officeId ?? null,
      input.pharmacyUserId ?? null,
      input.pharmacyData ? JSON.stringify(input.pharmacyData) : null,
      input.patient.firstName,
      input.patient.lastName,
      input.patient.hetu,
      input.deliveryOptionId,
      input.deliveryBeforeTime,
      'waiting',
      input.priceCents,
      input.sandbox ?? false,
      JSON.stringify(items),
    ],
  );
  return id;
}

/**
 * The sandbox's oldest order whose simulated step is due (`stepSeconds` after it was placed or
 * picked), locked (SKIP LOCKED: one process takes it), or undefined. Prepared: every API process
 * polls it, and planning a statement over orders cost more than its partial index's range.
 */
export async function lockDueSandboxOrder(m: EntityManager, stepSeconds: number): Promise<{ id: number; status: OrderStatus } | undefined> {
  const [due] = await preparedIn<{ id: number; status: OrderStatus }>(
    m,
    'sandbox-due',
    `SELECT id, delivery_status AS status FROM orders
      WHERE sandbox AND delivery_status <> 'delivered' AND coalesce(processing_start_time, created_at) <= now() - make_interval(secs => $1)
      ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
    [stepSeconds],
  );
  return due;
}

/** Locks an order's row until the transaction ends, for a change that writes its items first (an e-prescription's). Prepared: one per recorded prescription. */
export async function lockOrderRow(m: EntityManager, orderId: number): Promise<void> {
  await preparedIn(m, 'order-lock-no-key', 'SELECT 1 FROM orders WHERE id = $1 FOR NO KEY UPDATE', [orderId]);
}

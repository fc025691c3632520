import { In, type EntityManager } from 'typeorm';
import {
  isRecentDecision,
  isTopicId,
  visibleDecision,
  type ChatEntry,
  type CustomerOrder,
  type DoctorOrder,
  type DoctorPrescription,
  type OrderStatus,
  type IntegratorOrder,
  type PharmacyOrder,
  type QueueOrder,
} from '@resepti/domain';
import type { Doctor } from '../doctor/doctor.entity.js';
import { Coupon } from './coupon.entity.js';
import type { OrderItem } from './order-item.entity.js';
import { Order } from './order.entity.js';

const iso = (d: Date | string | null | undefined): string | null => (d ? new Date(d).toISOString() : null);

function chatOf(chat: object | null): ChatEntry[] | null {
  if (!chat) return null;
  return Array.isArray(chat) ? (chat as ChatEntry[]) : null;
}

/** What a doctor's view of a prescription is made of (an OrderItem, or a row read by hand in loadDoctorOrders). */
export type DoctorPrescriptionSource = Pick<
  OrderItem,
  | 'id'
  | 'type'
  | 'productId'
  | 'displayName'
  | 'format'
  | 'reason'
  | 'medicalProblem'
  | 'chat'
  | 'chatVerified'
  | 'decision'
  | 'reasonForDecision'
  | 'decisionTime'
  | 'priceCents'
  | 'renewableTill'
>;

export function toDoctorPrescription(item: DoctorPrescriptionSource, couponCode: string | null): DoctorPrescription {
  return {
    id: item.id,
    type: item.type,
    productId: item.productId,
    displayName: item.displayName,
    format: item.format,
    reason: item.reason,
    medicalProblem: item.medicalProblem,
    chat: chatOf(item.chat),
    chatVerified: item.chatVerified,
    decision: item.decision,
    reasonForDecision: item.reasonForDecision,
    decisionTime: iso(item.decisionTime),
    priceCents: item.priceCents,
    renewableTill: item.renewableTill,
    couponCode,
  };
}

/** What a doctor's view of an order is made of. */
export type DoctorOrderSource = Pick<
  Order,
  | 'id'
  | 'source'
  | 'patientFirstName'
  | 'patientLastName'
  | 'patientHetu'
  | 'processingStartTime'
  | 'deliveryBeforeTime'
  | 'deliveryStatus'
  | 'deliveryOptionId'
  | 'deliveryTime'
  | 'createdAt'
  | 'pharmacyData'
>;

export function toDoctorOrder(
  order: DoctorOrderSource,
  items: DoctorPrescriptionSource[],
  doctor: Pick<Doctor, 'firstName' | 'lastName'> | null,
  coupons: Map<number, string>,
): DoctorOrder {
  return {
    id: order.id,
    orderId: order.id,
    source: order.source,
    patient: { firstName: order.patientFirstName, lastName: order.patientLastName, hetu: order.patientHetu },
    prescriptions: items.map((i) => toDoctorPrescription(i, coupons.get(i.id) ?? null)),
    processingStartTime: iso(order.processingStartTime),
    deliveryBeforeTime: iso(order.deliveryBeforeTime)!,
    deliveryStatus: order.deliveryStatus,
    deliveryOptionId: order.deliveryOptionId,
    deliveryTime: iso(order.deliveryTime),
    created: iso(order.createdAt)!,
    doctor: doctor ? { firstName: doctor.firstName, lastName: doctor.lastName } : null,
    pharmacyData: order.pharmacyData,
  };
}

export function toQueueOrder(order: Order, itemCount: number): QueueOrder {
  return {
    id: order.id,
    orderId: order.id,
    source: order.source,
    deliveryOptionId: order.deliveryOptionId,
    deliveryBeforeTime: iso(order.deliveryBeforeTime)!,
    created: iso(order.createdAt)!,
    itemCount,
  };
}

/**
 * Loads orders with their items, doctors and coupon codes, in the order of `ids`: two statements
 * read by hand (the orders with their doctor; the items with their coupon), no entities (their
 * hydration cost more than the queries on a history page). Timestamps are parsed by the driver as
 * for entities; a renewal date is read as text, as the entity has it.
 */
export async function loadDoctorOrders(manager: EntityManager, ids: number[]): Promise<DoctorOrder[]> {
  if (ids.length === 0) return [];
  const orders = (await manager.query(
    `SELECT o.id, o.source, o.patient_first_name, o.patient_last_name, o.patient_hetu, o.processing_start_time, o.delivery_before_time,
            o.delivery_status, o.delivery_option_id, o.delivery_time, o.created_at, o.pharmacy_data,
            d.first_name AS doctor_first_name, d.last_name AS doctor_last_name
       FROM orders o LEFT JOIN doctor d ON d.id = o.doctor_id
      WHERE o.id = ANY($1)`,
    [ids],
  )) as DoctorOrderRow[];
  const items = (await manager.query(
    `SELECT i.id, i.order_id, i.type, i.product_id, i.display_name, i.format, i.reason, i.medical_problem, i.chat, i.chat_verified,
            i.decision, i.reason_for_decision, i.decision_time, i.price_cents, i.renewable_till::text AS renewable_till, c.code AS coupon_code
       FROM order_item i LEFT JOIN coupon c ON c.order_item_id = i.id
      WHERE i.order_id = ANY($1)
      ORDER BY i.id`,
    [ids],
  )) as DoctorItemRow[];
  const couponByItem = new Map(items.filter((i) => i.coupon_code !== null).map((i) => [i.id, i.coupon_code!]));
  const itemsByOrder = new Map<number, DoctorPrescriptionSource[]>();
  for (const i of items) {
    const list = itemsByOrder.get(i.order_id) ?? [];
    list.push({
      id: i.id,
      type: i.type,
      productId: i.product_id,
      displayName: i.display_name,
      format: i.format,
      reason: i.reason,
      medicalProblem: i.medical_problem,
      chat: i.chat,
      chatVerified: i.chat_verified,
      decision: i.decision,
      reasonForDecision: i.reason_for_decision,
      decisionTime: i.decision_time,
      priceCents: i.price_cents,
      renewableTill: i.renewable_till,
    });
    itemsByOrder.set(i.order_id, list);
  }
  const byId = new Map(orders.map((o) => [o.id, o]));
  return ids
    .map((id) => byId.get(id))
    .filter((o): o is DoctorOrderRow => o !== undefined)
    .map((o) =>
      toDoctorOrder(
        {
          id: o.id,
          source: o.source,
          patientFirstName: o.patient_first_name,
          patientLastName: o.patient_last_name,
          patientHetu: o.patient_hetu,
          processingStartTime: o.processing_start_time,
          deliveryBeforeTime: o.delivery_before_time,
          deliveryStatus: o.delivery_status,
          deliveryOptionId: o.delivery_option_id,
          deliveryTime: o.delivery_time,
          createdAt: o.created_at,
          pharmacyData: o.pharmacy_data,
        },
        itemsByOrder.get(o.id) ?? [],
        o.doctor_first_name !== null ? { firstName: o.doctor_first_name, lastName: o.doctor_last_name! } : null,
        couponByItem,
      ),
    );
}

interface DoctorOrderRow {
  id: number;
  source: Order['source'];
  patient_first_name: string;
  patient_last_name: string;
  patient_hetu: string;
  processing_start_time: Date | null;
  delivery_before_time: Date;
  delivery_status: Order['deliveryStatus'];
  delivery_option_id: Order['deliveryOptionId'];
  delivery_time: Date | null;
  created_at: Date;
  pharmacy_data: Order['pharmacyData'];
  doctor_first_name: string | null;
  doctor_last_name: string | null;
}

interface DoctorItemRow {
  id: number;
  order_id: number;
  type: OrderItem['type'];
  product_id: number | null;
  display_name: string;
  format: string;
  reason: string;
  medical_problem: string | null;
  chat: object | null;
  chat_verified: boolean | null;
  decision: OrderItem['decision'];
  reason_for_decision: string;
  decision_time: Date | null;
  price_cents: number;
  renewable_till: string | null;
  coupon_code: string | null;
}

export async function loadDoctorOrder(manager: EntityManager, id: number): Promise<DoctorOrder | null> {
  const [order] = await loadDoctorOrders(manager, [id]);
  return order ?? null;
}

/** What the pharmacy's view of an order is made of: an Order entity with its items, or a row read by hand (Reseptilista). */
export type PharmacyOrderSource = Pick<
  Order,
  'id' | 'patientFirstName' | 'patientLastName' | 'patientHetu' | 'deliveryStatus' | 'deliveryTime' | 'deliveryBeforeTime' | 'deliveryOptionId' | 'createdAt' | 'officeId' | 'pharmacyData'
> & { items?: Array<Pick<OrderItem, 'id' | 'displayName' | 'format' | 'reason' | 'decision' | 'reasonForDecision' | 'pharmacyChecked'>> };

/** An order as the pharmacy sees it: decisions stay 'undecided' until the doctor has delivered the order. */
export function toPharmacyOrder(order: PharmacyOrderSource): PharmacyOrder {
  const items = [...(order.items ?? [])].sort((a, b) => a.id - b.id);
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
      ...visibleDecision(order, item),
      pharmacyChecked: item.pharmacyChecked,
    })),
  };
}

/** An order as an integrator reads it (GET /api/v1/orders, webhooks): the pharmacy's view, with its price and last change. */
export function toIntegratorOrder(order: Order): IntegratorOrder {
  return { ...toPharmacyOrder(order), priceCents: order.priceCents, updatedAt: order.updatedAt.toISOString() };
}

/**
 * An order as its customer sees it: decisions, reasons, the renewal date and a coupon stay hidden
 * until the doctor has delivered the order (visibleDecision); `recent` marks decisions delivered
 * within the last 24 hours (SPEC section 4's status texts).
 */
export function toCustomerOrder(order: Order, coupons: Map<number, string>, now = new Date()): CustomerOrder {
  const delivered = order.deliveryStatus === 'delivered';
  const recent = delivered && order.deliveryTime !== null && isRecentDecision(order.deliveryTime, now);
  return {
    orderId: order.id,
    deliveryStatus: order.deliveryStatus,
    created: order.createdAt.toISOString(),
    deliveryBeforeTime: order.deliveryBeforeTime.toISOString(),
    deliveryTime: order.deliveryTime ? order.deliveryTime.toISOString() : null,
    priceCents: order.priceCents,
    prescriptions: [...(order.items ?? [])]
      .sort((a, b) => a.id - b.id)
      .map((item) => {
        const shown = visibleDecision(order, item);
        return {
          id: item.id,
          type: item.type,
          productId: item.productId,
          displayName: item.displayName,
          format: item.format,
          reason: item.reason,
          medicalProblem: isTopicId(item.medicalProblem) ? item.medicalProblem : null,
          priceCents: item.priceCents,
          ...shown,
          decisionTime: delivered && item.decisionTime ? item.decisionTime.toISOString() : null,
          recent: recent && shown.decision !== 'undecided',
          renewableTill: delivered ? item.renewableTill : null,
          couponCode: delivered && shown.decision === 'rejected-with-coupon' ? (coupons.get(item.id) ?? null) : null,
        };
      }),
  };
}

/** A customer's orders (their own only) in one status group, newest first, with the coupons of delivered items. */
export async function loadCustomerOrders(manager: EntityManager, customerId: number, statuses: OrderStatus[]): Promise<CustomerOrder[]> {
  const ids = (
    (await manager.query(
      `SELECT id FROM orders WHERE customer_id = $1 AND delivery_status = ANY($2::text[])
        ORDER BY coalesce(delivery_time, created_at) DESC, id DESC LIMIT 100`,
      [customerId, statuses],
    )) as Array<{ id: number }>
  ).map((r) => r.id);
  const loaded = ids.length ? await manager.getRepository(Order).find({ where: { id: In(ids) }, relations: { items: true } }) : [];
  const byId = new Map(loaded.map((o) => [o.id, o]));
  const orders = ids.map((id) => byId.get(id)).filter((o): o is Order => o !== undefined);
  const itemIds = orders.flatMap((o) => (o.items ?? []).map((i) => i.id));
  const coupons = itemIds.length ? await manager.getRepository(Coupon).find({ where: { orderItemId: In(itemIds) } }) : [];
  const byItem = new Map(coupons.map((c) => [c.orderItemId!, c.code]));
  return orders.map((o) => toCustomerOrder(o, byItem));
}

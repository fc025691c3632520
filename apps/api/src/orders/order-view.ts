import type { EntityManager } from 'typeorm';
import { visibleDecision, type ChatEntry, type DoctorOrder, type DoctorPrescription, type PharmacyOrder, type QueueOrder } from '@resepti/domain';
import { Doctor } from '../doctor/doctor.entity.js';
import { Coupon } from './coupon.entity.js';
import { OrderItem } from './order-item.entity.js';
import { Order } from './order.entity.js';

const iso = (d: Date | string | null | undefined): string | null => (d ? new Date(d).toISOString() : null);

function chatOf(chat: object | null): ChatEntry[] | null {
  if (!chat) return null;
  return Array.isArray(chat) ? (chat as ChatEntry[]) : null;
}

export function toDoctorPrescription(item: OrderItem, couponCode: string | null): DoctorPrescription {
  return {
    id: item.id,
    type: item.type,
    productId: item.productId,
    displayName: item.displayName,
    format: item.format,
    reason: item.reason,
    medicalProblem: item.medicalProblem,
    chat: chatOf(item.chat),
    decision: item.decision,
    reasonForDecision: item.reasonForDecision,
    decisionTime: iso(item.decisionTime),
    priceCents: item.priceCents,
    renewableTill: item.renewableTill,
    couponCode,
  };
}

export function toDoctorOrder(order: Order, items: OrderItem[], doctor: Doctor | null, coupons: Map<number, string>): DoctorOrder {
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

/** Loads orders with their items, doctors and coupon codes, in the order of `ids`. */
export async function loadDoctorOrders(manager: EntityManager, ids: number[]): Promise<DoctorOrder[]> {
  if (ids.length === 0) return [];
  const orders = await manager.createQueryBuilder(Order, 'o').where('o.id = ANY(:ids)', { ids }).getMany();
  const items = await manager
    .createQueryBuilder(OrderItem, 'i')
    .where('i.orderId = ANY(:ids)', { ids })
    .orderBy('i.id', 'ASC')
    .getMany();
  const doctorIds = [...new Set(orders.map((o) => o.doctorId).filter((d): d is number => d !== null))];
  const doctors = doctorIds.length ? await manager.createQueryBuilder(Doctor, 'd').where('d.id = ANY(:doctorIds)', { doctorIds }).getMany() : [];
  const itemIds = items.map((i) => i.id);
  const coupons = itemIds.length
    ? await manager.createQueryBuilder(Coupon, 'c').where('c.orderItemId = ANY(:itemIds)', { itemIds }).getMany()
    : [];
  const couponByItem = new Map(coupons.map((c) => [c.orderItemId!, c.code]));
  const doctorById = new Map(doctors.map((d) => [d.id, d]));
  const byId = new Map(orders.map((o) => [o.id, o]));
  return ids
    .map((id) => byId.get(id))
    .filter((o): o is Order => o !== undefined)
    .map((o) =>
      toDoctorOrder(
        o,
        items.filter((i) => i.orderId === o.id),
        o.doctorId !== null ? (doctorById.get(o.doctorId) ?? null) : null,
        couponByItem,
      ),
    );
}

export async function loadDoctorOrder(manager: EntityManager, id: number): Promise<DoctorOrder | null> {
  const [order] = await loadDoctorOrders(manager, [id]);
  return order ?? null;
}

/** An order as the pharmacy sees it: decisions stay 'undecided' until the doctor has delivered the order. */
export function toPharmacyOrder(order: Order, onlyUnchecked = false): PharmacyOrder {
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
      ...visibleDecision(order, item),
      pharmacyChecked: item.pharmacyChecked,
    })),
  };
}


import {
  isRecentDecision,
  isTopicId,
  visibleDecision,
  type ChatEntry,
  type CustomerOrder,
  type DoctorOrder,
  type DoctorPrescription,
  type IntegratorOrder,
  type PharmacyOrder,
  type Prescribed,
  type QueueOrder,
} from '@resepti/domain';
import type { Doctor } from '../accounts/doctor.entity.js';
import { type OrderItem } from './order-item.entity.js';
import type { Order } from './order.entity.js';

const iso = (d: Date | string | null | undefined): string | null => (d ? new Date(d).toISOString() : null);

function chatOf(chat: object | null): ChatEntry[] | null {
  if (!chat) return null;
  return Array.isArray(chat) ? (chat as ChatEntry[]) : null;
}

/** What an item's `prescribed` is made of. */
export type PrescribedSource = Pick<OrderItem, 'decision' | 'prescribedProductId' | 'prescribedMedication' | 'dosageInstruction' | 'packages'>;

/** What the approval prescribed, or null (not approved, or approved before prescriptions named their medicine). */
export function prescribedOf(item: PrescribedSource): Prescribed | null {
  const medication = item.prescribedMedication;
  if (item.decision !== 'approved' || item.prescribedProductId === null || !medication || item.dosageInstruction === null || item.packages === null) return null;
  return {
    productId: item.prescribedProductId,
    name: medication.name,
    strength: medication.strength,
    form: medication.form,
    dosageInstruction: item.dosageInstruction,
    packages: item.packages,
  };
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
  | keyof PrescribedSource
  | 'ePrescription'
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
    prescribed: prescribedOf(item),
    ePrescription: item.ePrescription ?? null,
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

/** What the pharmacy's view of an order is made of: an Order entity with its items, or a row read by hand (Reseptilista). */
export type PharmacyOrderSource = Pick<
  Order,
  'id' | 'patientFirstName' | 'patientLastName' | 'patientHetu' | 'deliveryStatus' | 'deliveryTime' | 'deliveryBeforeTime' | 'deliveryOptionId' | 'createdAt' | 'officeId' | 'pharmacyData'
> & { items?: Array<Pick<OrderItem, 'id' | 'displayName' | 'format' | 'reason' | 'decision' | 'reasonForDecision' | 'pharmacyChecked' | 'ePrescription'> & PrescribedSource> };

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
      prescribed: order.deliveryStatus === 'delivered' ? prescribedOf(item) : null,
      // Written with the delivery: there is none to show before the decisions are.
      ePrescription: order.deliveryStatus === 'delivered' ? (item.ePrescription ?? null) : null,
    })),
  };
}

/** An order as an integrator reads it (GET /api/v1/orders, webhooks): the pharmacy's view, with its price and last change. */
export function toIntegratorOrder(order: Order): IntegratorOrder {
  return { ...toPharmacyOrder(order), priceCents: order.priceCents, updatedAt: order.updatedAt.toISOString() };
}

/** What a customer's view of an order is made of (an Order with its items, or rows read by hand in customer-order-rows.ts). */
export type CustomerOrderSource = Pick<Order, 'id' | 'deliveryStatus' | 'createdAt' | 'deliveryBeforeTime' | 'deliveryTime' | 'priceCents'> & {
  items?: Array<
    Pick<
      OrderItem,
      'id' | 'type' | 'productId' | 'displayName' | 'format' | 'reason' | 'medicalProblem' | 'priceCents' | 'decision' | 'reasonForDecision' | 'reasonCode' | 'decisionTime' | 'renewableTill' | 'ePrescription'
    > &
      PrescribedSource
  >;
};

/**
 * An order as its customer sees it: decisions, reasons, the renewal date and a coupon stay hidden
 * until the doctor has delivered the order (visibleDecision); `recent` marks decisions delivered
 * within the last 24 hours (SPEC section 4's status texts).
 */
export function toCustomerOrder(order: CustomerOrderSource, coupons: Map<number, string>, now = new Date()): CustomerOrder {
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
          reasonCode: delivered ? item.reasonCode : null,
          decisionTime: delivered && item.decisionTime ? item.decisionTime.toISOString() : null,
          recent: recent && shown.decision !== 'undecided',
          renewableTill: delivered ? item.renewableTill : null,
          couponCode: delivered && shown.decision === 'rejected-with-coupon' ? (coupons.get(item.id) ?? null) : null,
          prescribed: delivered ? prescribedOf(item) : null,
          ePrescription: delivered ? (item.ePrescription ?? null) : null,
        };
      }),
  };
}

import type { DeliveryOptionId, ItemType, PharmacyData } from '@resepti/domain';
import type { OrderSource } from './order.entity.js';

/** An order to place, as callers of the lifecycle describe it. */
export interface NewOrderItem {
  type: ItemType;
  productId: number | null;
  displayName: string;
  format: string;
  reason: string;
  medicalProblem?: string | null;
  chat?: object | null;
  chatVerified?: boolean | null;
  priceCents: number;
}

export interface NewOrder {
  source: OrderSource;
  customerId?: number | null;
  pharmacyId?: number | null;
  officeId?: number | null;
  pharmacyUserId?: number | null;
  pharmacyData?: PharmacyData | null;
  patient: { firstName: string; lastName: string; hetu: string };
  deliveryOptionId: DeliveryOptionId;
  deliveryBeforeTime: Date;
  priceCents: number;
  items: NewOrderItem[];
  /** A sandbox integrator client's order (Order.sandbox). */
  sandbox?: boolean;
}

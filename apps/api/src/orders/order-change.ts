import type { Decision, QueueStatus } from '@resepti/domain';
import type { Order } from './order.entity.js';

/** 'e-prescription': an approved item's prescription was recorded in the Prescription Centre, refused by it, or sent again by a doctor. */
export type OrderChangeKind = 'placed' | 'picked' | 'released' | 'decided' | 'delivered' | 'checked' | 'e-prescription';

/**
 * One change of one order, told once by the order lifecycle through the event door
 * ('order.changed'): inside its transaction to the outboxes, after the commit to the realtime
 * layer, which turns it into what each audience may see.
 */
export interface OrderChange {
  kind: OrderChangeKind;
  /** The order after the change, with its items. */
  order: Order;
  /** 'decided', 'checked' and 'e-prescription': the prescription concerned. */
  itemId?: number;
  decision?: Decision;
  /** Whose held order changed, and what they hold now ('picked', 'released', 'delivered'). */
  doctorHeld?: { doctorId: number; pickedOrder: number | null };
  /**
   * The doctors' queue counts as this change's transaction committed them, when the change moves
   * the queue (a real order placed, picked, released or delivered): read in the transaction, so
   * that they can be pushed at the commit without a query.
   */
  queueStatus?: QueueStatus;
}

declare module '../platform/events/domain-events.js' {
  interface DomainEventMap {
    /** An order's lifecycle change (orders/): told once by the order lifecycle. */
    'order.changed': OrderChange;
  }
}

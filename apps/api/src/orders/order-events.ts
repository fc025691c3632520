import { Injectable, Logger } from '@nestjs/common';
import type { Decision } from '@resepti/domain';
import type { Order } from './order.entity.js';

export type OrderChangeKind = 'placed' | 'picked' | 'released' | 'decided' | 'delivered' | 'checked';

/**
 * One committed change of one order, published once by the order lifecycle after its
 * transaction. Listeners (the realtime layer) turn it into what each audience may see.
 */
export interface OrderChange {
  kind: OrderChangeKind;
  /** The order after the change, with its items. */
  order: Order;
  /** 'decided' and 'checked': the prescription concerned. */
  itemId?: number;
  decision?: Decision;
  /** Whose held order changed, and what they hold now ('picked', 'released', 'delivered'). */
  doctorHeld?: { doctorId: number; pickedOrder: number | null };
}

export type OrderChangeListener = (change: OrderChange) => void;

/** In-process domain events of the order lifecycle (after commit only). */
@Injectable()
export class OrderEvents {
  private readonly logger = new Logger(OrderEvents.name);
  private readonly listeners: OrderChangeListener[] = [];

  subscribe(listener: OrderChangeListener): void {
    this.listeners.push(listener);
  }

  /** Called by the lifecycle after commit; a failing listener is logged, never the caller's problem. */
  publish(change: OrderChange): void {
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch (err) {
        this.logger.warn(`listener of ${change.kind} #${change.order.id} failed: ${String(err)}`);
      }
    }
  }
}

import { AsyncLocalStorage } from 'node:async_hooks';
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
  private readonly burst = new AsyncLocalStorage<OrderChange[]>();

  subscribe(listener: OrderChangeListener): void {
    this.listeners.push(listener);
  }

  /**
   * Runs several changes as one burst (e.g. deliver, then pick the next): their events are
   * published together when all are done, so listeners can coalesce them (one queue:status).
   * Changes committed before a failure are still published.
   */
  async together<T>(work: () => Promise<T>): Promise<T> {
    const held: OrderChange[] = [];
    try {
      return await this.burst.run(held, work);
    } finally {
      for (const change of held) this.notify(change);
    }
  }

  /** Called by the lifecycle after commit; a failing listener is logged, never the caller's problem. */
  publish(change: OrderChange): void {
    const held = this.burst.getStore();
    if (held) held.push(change);
    else this.notify(change);
  }

  private notify(change: OrderChange): void {
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch (err) {
        this.logger.warn(`listener of ${change.kind} #${change.order.id} failed: ${String(err)}`);
      }
    }
  }
}

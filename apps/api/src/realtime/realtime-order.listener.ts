import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { ROOMS, visibleDecision, type OrderUpdatedEvent, type QueueStatus } from '@resepti/domain';
import { EventBus } from '../platform/events/event-bus.js';
import type { OrderChange } from '../orders/order-change.js';
import { OrderQueueService } from '../orders/order-queue.service.js';
import { toPharmacyOrder } from '../orders/order-view.js';
import { RealtimePublisher } from './realtime.publisher.js';

/**
 * Turns the order lifecycle's committed changes into socket events, each audience getting what
 * its REST views show: doctors every change with its decision; the order's pharmacy (every
 * office) the order's card and its customer the status, decisions only once delivered
 * (visibleDecision, the same rule as the REST views); the doctor whose held order changed, the
 * new id; all doctors the queue counts, first: those the change's transaction read as it
 * committed them (OrderChange.queueStatus; a burst pushes its last). A change committed
 * concurrently (another stripe of the counts, another process) may be missing from those, so
 * the counts are also read once more after the commit, once per burst, and pushed only when they
 * differ from what this process pushed last.
 */
@Injectable()
export class RealtimeOrderListener implements OnModuleInit {
  private readonly logger = new Logger(RealtimeOrderListener.name);
  /** A recomputation of the queue counts is scheduled or running. */
  private countsScheduled = false;
  /** Another change arrived while the counts were being read: read them once more. */
  private countsStale = false;
  /** The counts this process pushed last (JSON). */
  private lastPushed = '';

  constructor(
    private readonly bus: EventBus,
    private readonly queue: OrderQueueService,
    private readonly publisher: RealtimePublisher,
  ) {}

  onModuleInit(): void {
    this.bus.afterCommit('order.changed', (change) => this.onChange(change));
  }

  private onChange(change: OrderChange): void {
    const { order, itemId, decision } = change;
    // A sandbox order is the integrator's test, decided by the simulated doctor: no doctor's screen,
    // workbench or queue count shows it (its integrator hears of it by webhook).
    if (order.sandbox) return;
    if (change.queueStatus) {
      this.pushQueueStatus(change.queueStatus);
      this.scheduleQueueStatus();
    }
    const base: OrderUpdatedEvent = { orderId: order.id, deliveryStatus: order.deliveryStatus, ...(itemId !== undefined ? { itemId } : {}) };
    this.publisher.orderUpdated([ROOMS.doctors], { ...base, ...(decision ? { decision } : {}) });
    const shown = decision && itemId !== undefined ? visibleDecision(order, { decision, reasonForDecision: '' }).decision : undefined;
    const forParties = { ...base, ...(shown && shown !== 'undecided' ? { decision: shown } : {}) };
    if (order.pharmacyId) this.publisher.orderUpdated([ROOMS.pharmacy(order.pharmacyId)], { ...forParties, card: toPharmacyOrder(order) });
    if (order.customerId) this.publisher.orderUpdated([ROOMS.customer(order.customerId)], forParties);
    if (change.doctorHeld) this.publisher.doctorHeld(change.doctorHeld.doctorId, change.doctorHeld.pickedOrder);
  }

  private pushQueueStatus(status: QueueStatus): void {
    this.lastPushed = JSON.stringify(status);
    this.publisher.queueStatus(status);
  }

  /** Coalesces a burst of changes into one read of the counts after the commit. */
  private scheduleQueueStatus(): void {
    if (this.countsScheduled) {
      this.countsStale = true;
      return;
    }
    this.countsScheduled = true;
    setImmediate(() => void this.publishQueueStatus());
  }

  private async publishQueueStatus(): Promise<void> {
    try {
      do {
        this.countsStale = false;
        const status = await this.queue.queueStatus();
        if (JSON.stringify(status) !== this.lastPushed) this.pushQueueStatus(status);
      } while (this.countsStale);
    } catch (err) {
      this.logger.warn(`queue:status not pushed: ${String(err)}`);
    } finally {
      this.countsScheduled = false;
    }
  }
}

import { Injectable } from '@nestjs/common';
import type { Decision, DoctorOrder, DoctorPrescription, QueueOrder, SystemStatus } from '@resepti/domain';
import type { SessionUser } from '../auth/session-user.js';
import { OrderDecisionsService } from '../orders/order-decisions.service.js';
import { OrderQueueService } from '../orders/order-queue.service.js';
import { OrdersService } from '../orders/orders.service.js';

export interface DeliveredResult {
  delivered: DoctorOrder;
  /** The next order picked for the doctor, or null when nothing waits. */
  next: DoctorOrder | null;
}

/** The doctor's work on the queue, on top of the shared order lifecycle in orders/. */
@Injectable()
export class DoctorOrdersService {
  constructor(
    private readonly orders: OrdersService,
    private readonly queue: OrderQueueService,
    private readonly decisions: OrderDecisionsService,
  ) {}

  systemStatus(actor: SessionUser): Promise<SystemStatus> {
    return this.orders.systemStatus(actor.id);
  }

  async pickFirst(actor: SessionUser): Promise<DoctorOrder | null> {
    return (await this.queue.pickFirst(actor)).order;
  }

  current(actor: SessionUser): Promise<DoctorOrder | null> {
    return this.queue.current(actor);
  }

  queueOrders(): Promise<QueueOrder[]> {
    return this.queue.waiting();
  }

  release(actor: SessionUser): Promise<void> {
    return this.queue.release(actor);
  }

  releaseOne(actor: SessionUser, orderId: number): Promise<void> {
    return this.queue.releaseOne(actor, orderId);
  }

  processItem(actor: SessionUser, itemId: number, decision: Decision, reason: string | undefined): Promise<DoctorPrescription> {
    return this.decisions.processItem(actor, itemId, decision, reason);
  }

  /** SPEC: "Submitting marks delivered, refreshes the queue and picks the next." */
  async markDelivered(actor: SessionUser): Promise<DeliveredResult> {
    const delivered = await this.decisions.markDelivered(actor);
    const next = await this.pickFirst(actor);
    return { delivered, next };
  }
}

import { Injectable } from '@nestjs/common';
import type { Decision, DoctorOrder, DoctorPrescription, QueueOrder, SystemStatus } from '@resepti/domain';
import type { SessionUser } from '../auth/session-user.js';
import { OrderLifecycleService } from '../orders/order-lifecycle.service.js';
import { OrderQueueService } from '../orders/order-queue.service.js';

export interface DeliveredResult {
  delivered: DoctorOrder;
  /** The next order picked for the doctor, or null when nothing waits. */
  next: DoctorOrder | null;
}

/** The doctor's work on the queue, on top of the shared order lifecycle in orders/. */
@Injectable()
export class DoctorOrdersService {
  constructor(
    private readonly lifecycle: OrderLifecycleService,
    private readonly queue: OrderQueueService,
  ) {}

  systemStatus(actor: SessionUser): Promise<SystemStatus> {
    return this.queue.systemStatus(actor.id);
  }

  async pickFirst(actor: SessionUser): Promise<DoctorOrder | null> {
    return (await this.lifecycle.pickFirst(actor)).order;
  }

  current(actor: SessionUser): Promise<DoctorOrder | null> {
    return this.queue.current(actor);
  }

  queueOrders(): Promise<QueueOrder[]> {
    return this.queue.waiting();
  }

  release(actor: SessionUser): Promise<void> {
    return this.lifecycle.release(actor);
  }

  releaseOne(actor: SessionUser, orderId: number): Promise<void> {
    return this.lifecycle.releaseOne(actor, orderId);
  }

  processItem(actor: SessionUser, itemId: number, decision: Decision, reason: string | undefined): Promise<DoctorPrescription> {
    return this.lifecycle.decideItem(actor, itemId, decision, reason);
  }

  /** SPEC: "Submitting marks delivered, refreshes the queue and picks the next." */
  markDelivered(actor: SessionUser): Promise<DeliveredResult> {
    return this.lifecycle.deliverAndPickNext(actor);
  }
}

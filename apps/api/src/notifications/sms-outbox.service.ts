import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Customer } from '../customer/customer.entity.js';
import { SmsOutbox } from './sms-outbox.entity.js';

export const ORDER_HANDLED_SMS = 'Resepti: lääkäri on käsitellyt tilauksesi. Näet päätökset kirjautumalla palveluun.';

/** Writes text messages to the outbox inside the caller's transaction; the sender delivers them later. */
@Injectable()
export class SmsOutboxService {
  /** Queues the "your order was handled" message for a customer order. Returns false when the customer has no phone. */
  async queueOrderHandled(manager: EntityManager, order: { id: number; customerId: number | null }): Promise<boolean> {
    if (!order.customerId) return false;
    const customer = await manager.findOneBy(Customer, { id: order.customerId });
    if (!customer?.phone) return false;
    await manager.insert(SmsOutbox, { phone: customer.phone, body: ORDER_HANDLED_SMS, orderId: order.id });
    return true;
  }
}

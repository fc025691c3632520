import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { credentialChangedSms, orderHandledSms } from '@resepti/domain';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { Customer } from '../customer/customer.entity.js';
import { SmsOutbox } from './sms-outbox.entity.js';

/** Writes text messages to the outbox inside the caller's transaction; the sender delivers them later. */
@Injectable()
export class SmsOutboxService {
  /** Where the message sends the customer (PUBLIC_URL). */
  private readonly serviceUrl: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.serviceUrl = config.publicUrl;
  }

  /** Queues the "your order was handled" message for a customer order. Returns false when the customer has no phone. */
  async queueOrderHandled(manager: EntityManager, order: { id: number; customerId: number | null }): Promise<boolean> {
    if (!order.customerId) return false;
    const customer = await manager.findOneBy(Customer, { id: order.customerId });
    if (!customer?.phone) return false;
    await manager.insert(SmsOutbox, { phone: customer.phone, body: orderHandledSms(this.serviceUrl), orderId: order.id, idempotencyKey: randomUUID() });
    return true;
  }

  /**
   * Queues "your password / e-mail address changed" to the phone on file before the change, in
   * the transaction of the change. Returns false when the customer has no phone.
   */
  async queueCredentialChanged(manager: EntityManager, customer: { phone: string | null }, what: 'password' | 'email'): Promise<boolean> {
    if (!customer.phone) return false;
    await manager.insert(SmsOutbox, { phone: customer.phone, body: credentialChangedSms(this.serviceUrl, what), orderId: null, idempotencyKey: randomUUID() });
    return true;
  }
}

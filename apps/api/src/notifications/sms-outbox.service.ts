import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { accountClosedSms, credentialChangedSms, orderHandledSms, toE164Phone } from '@resepti/domain';
// Swedish and English for the text messages (the one catalog of every language).
import '@resepti/domain/locales';
import { customerContactSql } from '../accounts/account-sql.js';
import { InjectOwn, type OwnRepository } from '../platform/database/transactions.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import type { Customer } from '../accounts/customer.entity.js';
import { EventBus } from '../platform/events/event-bus.js';
import { PersonalData } from '../platform/personal-data/personal-data.js';
import type { OrderChange } from '../orders/order-change.js';
import { SmsOutbox } from './sms-outbox.entity.js';

/**
 * Writes text messages to the outbox inside the transaction of the change they tell of (a listener
 * of the event door); the SMS sender delivers them. The texts name nothing medical.
 */
@Injectable()
export class SmsOutboxService implements OnModuleInit {
  /** Where the message sends the customer (PUBLIC_URL). */
  private readonly serviceUrl: string;
  private readonly logger = new Logger('SmsOutbox');

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @InjectOwn(SmsOutbox) private readonly outbox: OwnRepository<SmsOutbox>,
    private readonly bus: EventBus,
    private readonly personalData: PersonalData,
  ) {
    this.serviceUrl = config.publicUrl;
  }

  onModuleInit(): void {
    // A person's copy of their data lists the text messages sent to their account.
    this.personalData.register('smsMessages', ({ customerId }) =>
      this.outbox.queryOnItsOwn(
        `SELECT body, status, created_at AS "createdAt", sent_at AS "sentAt", order_id AS "orderId"
           FROM sms_outbox WHERE customer_id = $1 ORDER BY id`,
        [customerId],
      ),
    );
    // In the change's transaction (the ambient one for the listeners): the message commits with it.
    this.bus.inTransaction('order.changed', (_m, change) => this.orderHandled(change));
    // "Your password / e-mail address changed", to the phone on file before the change.
    this.bus.inTransaction('customer.credentials-changed', (_m, { customerId, phone, what, language }) => this.queue({ customerId, phone }, credentialChangedSms(this.serviceUrl, what, language), null));
    this.bus.inTransaction('customer.account-closed', (_m, { customerId, phone, language }) => this.queue({ customerId, phone }, accountClosedSms(this.serviceUrl, language), null));
  }

  /** The newest 200 messages (GET /dev/sms-outbox, development only). */
  latest(): Promise<SmsOutbox[]> {
    return this.outbox.repo.find({ order: { id: 'DESC' }, take: 200 });
  }

  /** A customer order delivered by a doctor: "your order was handled", in the customer's language (nothing when the customer has no phone). */
  private async orderHandled(change: OrderChange): Promise<void> {
    const { order } = change;
    // A sandbox order (an integrator's test) never texts anyone.
    if (change.kind !== 'delivered' || order.source !== 'customer' || !order.customerId || order.sandbox) return;
    // By hand: every delivery of a customer's order comes here, and the ORM's query building cost more than the statement.
    const [customer] = await this.outbox.prepared<Pick<Customer, 'phone' | 'language'>>('sms-customer', customerContactSql('$1'), [order.customerId]);
    await this.queue({ customerId: order.customerId, phone: customer?.phone ?? null }, orderHandledSms(this.serviceUrl, customer?.language), order.id);
  }

  /**
   * To `phone`, for the account `customerId` (whose export lists it). The gateway gets E.164
   * (+358…); a stored number that is no phone number is not texted.
   */
  private async queue({ customerId, phone }: { customerId: number; phone: string | null }, body: string, orderId: number | null): Promise<void> {
    if (!phone) return;
    const to = toE164Phone(phone);
    if (!to) {
      this.logger.warn(`text message not queued: the customer's phone number is not valid${orderId ? ` (order ${orderId})` : ''}`);
      return;
    }
    await this.outbox.prepared('sms-queue', `INSERT INTO sms_outbox (customer_id, phone, body, order_id, idempotency_key) VALUES ($1, $2, $3, $4, $5)`, [customerId, to, body, orderId, randomUUID()]);
    await this.bus.tell('outbox.written', { channel: 'sms' });
  }
}

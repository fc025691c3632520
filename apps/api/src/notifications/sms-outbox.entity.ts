import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { OutboxColumns } from '../platform/outbox/outbox-columns.js';

export type SmsStatus = 'pending' | 'sent' | 'failed';

/**
 * Text messages to send, written in the same transaction as the change they report. A sender
 * claims a row with a lease (claimedBy, leaseUntil), sends outside any transaction, then records
 * the result; a lease that runs out (the process died) lets another sender try again, with the
 * same idempotency key, so the gateway can tell a retry from a new message. `lastError` never
 * holds the number or the text.
 */
@Entity()
@Index('idx_sms_outbox_pending', ['status', 'nextAttemptAt'])
@Index('idx_sms_outbox_customer', ['customerId'])
export class SmsOutbox extends OutboxColumns {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'text' })
  phone!: string;

  @Column({ type: 'text' })
  body!: string;

  @Column({ type: 'int', nullable: true })
  orderId!: number | null;

  /**
   * The account the message was queued for: its owner's data export lists it (a phone number can
   * pass to another account). Null only for messages queued before the column (SmsOutboxCustomer).
   */
  @Column({ type: 'int', nullable: true })
  customerId!: number | null;

  @Column({ type: 'text', default: 'pending' })
  status!: SmsStatus;

  @Column({ type: 'timestamptz', nullable: true })
  sentAt!: Date | null;

  /** Sent to the gateway with every try of this message (made when the message is queued). */
  @Column({ type: 'uuid' })
  idempotencyKey!: string;
}

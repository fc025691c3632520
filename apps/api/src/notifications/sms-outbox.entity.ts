import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export type SmsStatus = 'pending' | 'sent' | 'failed';

/**
 * Text messages to send, written in the same transaction as the change they report. A sender
 * claims a row with a lease (claimedBy, leaseUntil), sends outside any transaction, then records
 * the result; a lease that runs out (the process died) lets another sender try again, with the
 * same idempotency key, so the gateway can tell a retry from a new message.
 */
@Entity()
@Index('idx_sms_outbox_pending', ['status', 'nextAttemptAt'])
@Index('idx_sms_outbox_customer', ['customerId'])
export class SmsOutbox {
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

  /** Tries so far (counted when claimed). */
  @Column({ type: 'int', default: 0 })
  attempts!: number;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  nextAttemptAt!: Date;

  /** The last failure, without the number or the text. */
  @Column({ type: 'text', nullable: true })
  lastError!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  sentAt!: Date | null;

  /** Sent to the gateway with every try of this message (made when the message is queued). */
  @Column({ type: 'uuid' })
  idempotencyKey!: string;

  /** The sender process holding the row, until leaseUntil. */
  @Column({ type: 'text', nullable: true })
  claimedBy!: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  leaseUntil!: Date | null;
}

import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export type SmsStatus = 'pending' | 'sent' | 'failed';

/** Text messages to send, written in the same transaction as the change they report. */
@Entity()
@Index('idx_sms_outbox_pending', ['status', 'nextAttemptAt'])
export class SmsOutbox {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'text' })
  phone!: string;

  @Column({ type: 'text' })
  body!: string;

  @Column({ type: 'int', nullable: true })
  orderId!: number | null;

  @Column({ type: 'text', default: 'pending' })
  status!: SmsStatus;

  @Column({ type: 'int', default: 0 })
  attempts!: number;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  nextAttemptAt!: Date;

  @Column({ type: 'text', nullable: true })
  lastError!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  sentAt!: Date | null;
}

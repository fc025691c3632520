import { Column, CreateDateColumn } from 'typeorm';

/**
 * The columns OutboxWorker works with, the same in every outbox table (SMS, webhook deliveries,
 * e-prescriptions): tries so far, when the next is due, the last failure, which process holds the
 * row and until when, and when the row was written (the send's latency and the alerts count from it).
 * An outbox entity extends this and adds its own id, status and payload.
 */
export abstract class OutboxColumns {
  /** Tries so far (counted when claimed). */
  @Column({ type: 'int', default: 0 })
  attempts!: number;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  nextAttemptAt!: Date;

  /** The last failure, in the receiver's words where it gave a reason. */
  @Column({ type: 'text', nullable: true })
  lastError!: string | null;

  /** The sender process holding the row, until leaseUntil (outbox-worker.ts). */
  @Column({ type: 'text', nullable: true })
  claimedBy!: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  leaseUntil!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}

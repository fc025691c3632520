import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { EPrescriptionStatus } from '@resepti/domain';
import { OutboxColumns } from '../platform/outbox/outbox-columns.js';

/**
 * One approved item's prescription in Kanta's Prescription Centre, and the outbox row that records
 * it there (issue 41). Written in the transaction that delivers the order (one row per approved
 * item of a real order: never for a rejected item or a sandbox order), then sent by the
 * e-prescription channel of the outbox worker (EPrescriptionSender) as a FHIR conditional create
 * keyed by the item's id: a retry after a crash, or a second process, finds the first prescription
 * and makes no second. `pending` until the Centre accepted it (`recorded`, with its id), `failed`
 * when the Centre refused it (4xx; the reason kept in lastError) until a doctor retries it.
 * A doctor's retry counts `attempts` from 0 again; `createdAt` is when the order was delivered (the
 * approval became final): the send's latency and the alert count from it.
 */
@Entity('e_prescription')
@Index('uq_e_prescription_order_item', ['orderItemId'], { unique: true })
@Index('idx_e_prescription_due', ['status', 'nextAttemptAt'])
@Index('idx_e_prescription_order', ['orderId'])
export class EPrescriptionRecord extends OutboxColumns {
  @PrimaryGeneratedColumn({ primaryKeyConstraintName: 'pk_e_prescription' })
  id!: number;

  @Column({ type: 'int' })
  orderItemId!: number;

  @Column({ type: 'int' })
  orderId!: number;

  @Column({ type: 'text', default: 'pending' })
  status!: EPrescriptionStatus;

  /** The Centre's id of the prescription (MedicationRequest.id), once recorded. */
  @Column({ type: 'text', nullable: true })
  centreId!: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  recordedAt!: Date | null;

  /** The prescription's last valid day (Helsinki), as sent: two years, or one by the medicine's class. */
  @Column({ type: 'date', nullable: true })
  validUntil!: string | null;
}

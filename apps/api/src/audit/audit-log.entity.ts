import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { UserRole } from '@resepti/domain';

/** Who read or changed which patient's data, and when. Append-only. */
@Entity()
@Index('idx_audit_log_order', ['orderId', 'at'])
export class AuditLog {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  at!: Date;

  @Column({ type: 'text' })
  actorRole!: UserRole;

  @Column({ type: 'int' })
  actorId!: number;

  /** e.g. 'order.read', 'order.decide', 'patient.set'. */
  @Column({ type: 'text' })
  action!: string;

  @Column({ type: 'int', nullable: true })
  orderId!: number | null;

  /** The patient concerned, when known (hetu), so a patient's access history can be listed. */
  @Index()
  @Column({ type: 'text', nullable: true })
  patientHetu!: string | null;
}

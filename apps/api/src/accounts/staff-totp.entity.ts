import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type { MfaRole } from '@resepti/domain';

/**
 * A staff user's TOTP (RFC 6238): the secret being set up until a code proves it, then the
 * enabled secret and the last time step used (a code is accepted once: a later login needs a
 * later step). One row per user; no row = no TOTP.
 */
@Entity()
export class StaffTotp {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'pk_staff_totp' })
  role!: MfaRole;

  @PrimaryColumn({ type: 'int', primaryKeyConstraintName: 'pk_staff_totp' })
  userId!: number;

  /** The secret in use (base32); null until enabled. */
  @Column({ type: 'text', nullable: true })
  secret!: string | null;

  /** A secret handed out by setup and not yet proved by a code. */
  @Column({ type: 'text', nullable: true })
  pendingSecret!: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  enabledAt!: Date | null;

  /** The time step of the last code accepted (RFC 6238 T); codes of this or an earlier step are refused. */
  @Column({ type: 'int', nullable: true })
  lastStep!: number | null;
}

/** One of a staff user's one-time recovery codes, stored as a SHA-256 hash (the codes are random, 50 bits). */
@Entity()
@Index('idx_staff_recovery_code_user', ['role', 'userId'])
export class StaffRecoveryCode {
  @PrimaryGeneratedColumn({ primaryKeyConstraintName: 'pk_staff_recovery_code' })
  id!: number;

  @Column({ type: 'text' })
  role!: MfaRole;

  @Column({ type: 'int' })
  userId!: number;

  @Column({ type: 'text' })
  codeHash!: string;

  /** When it was used; a used code never works again. */
  @Column({ type: 'timestamptz', nullable: true })
  usedAt!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}

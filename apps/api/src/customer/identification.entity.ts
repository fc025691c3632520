import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import type { IdentificationPurpose } from '@resepti/domain';

/**
 * A person who has just identified strongly (OpenID Connect), waiting to register or to set a
 * new password. The session keeps only this row's random id, so no patient data sits in the
 * session store; the row is deleted when used (or its tries are used up) and is useless after
 * `expiresAt`.
 */
@Entity()
export class Identification {
  /** 32 random bytes, hex: unguessable, and the only thing the session holds. */
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ type: 'text' })
  hetu!: string;

  @Column({ type: 'text' })
  firstName!: string;

  @Column({ type: 'text' })
  lastName!: string;

  @Column({ type: 'text' })
  purpose!: IdentificationPurpose;

  /** Registration or reset tries made with it, counted before any work; used up at IDENTIFICATION_MAX_ATTEMPTS. */
  @Column({ type: 'int', default: 0 })
  attempts!: number;

  @Index('idx_identification_expires_at')
  @Column({ type: 'timestamptz' })
  expiresAt!: Date;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}

import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { UserRole } from '@resepti/domain';

/** A failed login, kept for the throttling window (see LoginThrottle). */
@Entity()
@Index('idx_login_failure_login', ['role', 'login', 'at'])
export class LoginFailure {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ type: 'text' })
  role!: UserRole;

  /** The e-mail or username as typed, lower-cased (also for accounts that do not exist). */
  @Column({ type: 'text' })
  login!: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  at!: Date;
}

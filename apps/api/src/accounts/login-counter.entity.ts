import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One counter of a fixed window (see LoginThrottle): login attempts per client address, per
 * account, or per account from one address; password work and e-mail changes per session,
 * identity or account, and address. Rows of past windows are reused or pruned.
 */
@Entity()
export class LoginCounter {
  /** 'address:<ip>', 'account:<role>:<login>', 'pair:<role>:<login>:<ip>', 'password-work:…' or 'email-change:…'. */
  @PrimaryColumn({ type: 'text' })
  key!: string;

  @Column({ type: 'timestamptz' })
  windowStart!: Date;

  /** Attempts checked (or being checked) in this window that did not succeed. */
  @Column({ type: 'int' })
  count!: number;
}

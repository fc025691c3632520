import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One login-attempt counter of a fixed window (see LoginThrottle): per client address, per
 * account, or per account from one address. Rows of past windows are reused or pruned.
 */
@Entity()
export class LoginCounter {
  /** 'address:<ip>', 'account:<role>:<login>' or 'pair:<role>:<login>:<ip>'. */
  @PrimaryColumn({ type: 'text' })
  key!: string;

  @Column({ type: 'timestamptz' })
  windowStart!: Date;

  /** Attempts checked (or being checked) in this window that did not succeed. */
  @Column({ type: 'int' })
  count!: number;
}

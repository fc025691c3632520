import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { Language } from '@resepti/domain';

/** A hetu has one open account; closed ones stay as the records of their orders (CustomerAccountClosing). */
@Entity()
@Index('uq_customer_hetu_open', ['hetu'], { unique: true, where: '"closed_at" IS NULL' })
@Check('CHK_customer_language', `"language" IN ('fi', 'sv', 'en')`)
export class Customer {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'text' })
  hetu!: string;

  @Column({ type: 'text' })
  firstName!: string;

  @Column({ type: 'text' })
  lastName!: string;

  /** Stored lower-case; login is case-insensitive. Null once the account is closed. */
  @Index({ unique: true })
  @Column({ type: 'text', nullable: true })
  email!: string | null;

  /** Normalised: spaces stripped. Null once the account is closed. */
  @Column({ type: 'text', nullable: true })
  phone!: string | null;

  /** Null once the account is closed: nothing signs in to it. */
  @Column({ type: 'text', nullable: true })
  passwordHash!: string | null;

  @Column({ type: 'text' })
  sex!: 'm' | 'f';

  @Column({ type: 'boolean', default: false })
  marketingAllowed!: boolean;

  @Column({ type: 'text', nullable: true })
  approvedEulaVersion!: string | null;

  /** When the customer accepted approvedEulaVersion (at registration). */
  @Column({ type: 'timestamptz', nullable: true })
  eulaAcceptedAt!: Date | null;

  /**
   * Moves with every change of the cart (items or code), under this row's lock: a checkout records
   * it, and is paid only for the cart it was opened on.
   */
  @Column({ type: 'int', default: 0 })
  cartVersion!: number;

  /** The language of the web's switch, kept for the text messages (issue 27). */
  @Column({ type: 'text', default: 'fi' })
  language!: Language;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  /**
   * When the customer closed the account (POST /my-user/delete). The row keeps the hetu and names
   * its orders were made under; the hetu may register again.
   */
  @Column({ type: 'timestamptz', nullable: true })
  closedAt!: Date | null;
}

/** An account that can sign in: not closed, so its credentials and contact details are there. */
export type OpenCustomer = Customer & { email: string; phone: string; passwordHash: string; closedAt: null };

export function isOpenCustomer(c: Customer | null): c is OpenCustomer {
  return c !== null && c.closedAt === null && c.email !== null && c.phone !== null && c.passwordHash !== null;
}

import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { Language } from '@resepti/domain';

@Entity()
@Check('CHK_customer_language', `"language" IN ('fi', 'sv', 'en')`)
export class Customer {
  @PrimaryGeneratedColumn()
  id!: number;

  @Index({ unique: true })
  @Column({ type: 'text' })
  hetu!: string;

  @Column({ type: 'text' })
  firstName!: string;

  @Column({ type: 'text' })
  lastName!: string;

  /** Stored lower-case; login is case-insensitive. */
  @Index({ unique: true })
  @Column({ type: 'text' })
  email!: string;

  /** Normalised: spaces stripped. */
  @Column({ type: 'text' })
  phone!: string;

  @Column({ type: 'text' })
  passwordHash!: string;

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
}

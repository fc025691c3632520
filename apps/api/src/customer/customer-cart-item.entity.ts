import { Column, CreateDateColumn, Entity, Index, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import type { ChatEntry, ItemType, TopicId } from '@resepti/domain';
import { Product } from '../catalogue/product.entity.js';
import { Customer } from '../accounts/customer.entity.js';

/**
 * A prescription the customer has chosen and not yet paid for: a renewal of a medicine, or a
 * new-prescription request with its questionnaire chat. Prices are not stored: they follow the
 * type (libs/domain) until payment turns the cart into an order.
 */
@Entity()
@Index('uq_customer_cart_item_product', ['customerId', 'productId'], { unique: true, where: '"product_id" IS NOT NULL' })
export class CustomerCartItem {
  @PrimaryGeneratedColumn()
  id!: number;

  @Index()
  @Column({ type: 'int' })
  customerId!: number;

  @ManyToOne(() => Customer, { onDelete: 'CASCADE' })
  customer?: Relation<Customer>;

  @Column({ type: 'text' })
  type!: ItemType;

  /** Renewals: the medicine. */
  @Column({ type: 'int', nullable: true })
  productId!: number | null;

  @ManyToOne(() => Product)
  product?: Relation<Product> | null;

  /** Requests: the questionnaire's topic. */
  @Column({ type: 'text', nullable: true })
  medicalProblem!: TopicId | null;

  @Column({ type: 'text', default: '' })
  reason!: string;

  /** Requests: the chat as saved (discard-on-save entries left out). */
  @Column({ type: 'jsonb', nullable: true })
  chat!: ChatEntry[] | null;

  /** false: the chat came without step numbers, so the server could not replay it (the doctor is told). */
  @Column({ type: 'boolean', default: false })
  chatVerified!: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}

import { Column, CreateDateColumn, Entity, Index, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Customer } from '../accounts/customer.entity.js';

/** A customer's rating (1–5 stars) and words, asked once per handled order. */
@Entity()
@Index('uq_customer_feedback_order', ['customerId', 'orderId'], { unique: true, where: '"order_id" IS NOT NULL' })
export class CustomerFeedback {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'int' })
  customerId!: number;

  @ManyToOne(() => Customer, { onDelete: 'CASCADE' })
  customer?: Relation<Customer>;

  /** The handled order the question was about (null: feedback given without one). */
  @Column({ type: 'int', nullable: true })
  orderId!: number | null;

  @Column({ type: 'int' })
  score!: number;

  @Column({ type: 'text', default: '' })
  feedbackText!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}

import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A single-use coupon given to a customer when a doctor rejects an item "with coupon". */
@Entity()
export class Coupon {
  @PrimaryGeneratedColumn()
  id!: number;

  @Index({ unique: true })
  @Column({ type: 'text' })
  code!: string;

  @Column({ type: 'int', nullable: true })
  customerId!: number | null;

  /** The rejected item that produced the coupon (null for campaign codes). */
  @Index({ unique: true, where: '"order_item_id" IS NOT NULL' })
  @Column({ type: 'int', nullable: true })
  orderItemId!: number | null;

  @Column({ type: 'int' })
  amountCents!: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  usedAt!: Date | null;
}

import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A discount code: a single-use coupon of one customer, given when a doctor rejects an item "with
 * coupon" (worth that item), or a campaign code for anyone (`npm run admin -- create-coupon`):
 * an amount or a percentage, optionally limited in uses and time.
 */
@Entity()
// The cap holds in the database too: a use past it fails whatever the code does.
@Check('chk_coupon_uses_within_max', '"max_uses" IS NULL OR "uses" <= "max_uses"')
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

  /** The discount in cents (0 for percentage coupons). */
  @Column({ type: 'int' })
  amountCents!: number;

  /** Percentage coupons: the share of the cart taken off (1–100); null for amount coupons. */
  @Column({ type: 'int', nullable: true })
  percentOff!: number | null;

  /** Campaign codes: how many payments may use it (null: no limit). A customer's own coupon is single-use (usedAt). */
  @Column({ type: 'int', nullable: true })
  maxUses!: number | null;

  @Column({ type: 'int', default: 0 })
  uses!: number;

  @Column({ type: 'timestamptz', nullable: true })
  validUntil!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  usedAt!: Date | null;
}

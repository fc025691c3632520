import { Column, Entity, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { Coupon } from '../orders/coupon.entity.js';
import { Customer } from '../accounts/customer.entity.js';

/** The code applied to a customer's cart (one at a time); used up only when the cart is paid. */
@Entity()
export class CustomerCartCoupon {
  @PrimaryColumn({ type: 'int' })
  customerId!: number;

  @ManyToOne(() => Customer, { onDelete: 'CASCADE' })
  customer?: Relation<Customer>;

  @Column({ type: 'int' })
  couponId!: number;

  @ManyToOne(() => Coupon, { onDelete: 'CASCADE' })
  coupon?: Relation<Coupon>;
}

import { Column, Entity, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import type { DeliveryOptionId } from '@resepti/domain';
import { PharmacyUser } from './pharmacy-user.entity.js';

/** A pharmacist's cart: the chosen handling option (the medicines are PharmacyCartItem rows). */
@Entity()
export class PharmacyCart {
  @PrimaryColumn({ type: 'int' })
  pharmacyUserId!: number;

  @ManyToOne(() => PharmacyUser, { onDelete: 'CASCADE' })
  pharmacyUser?: Relation<PharmacyUser>;

  @Column({ type: 'text', nullable: true })
  deliveryOptionId!: DeliveryOptionId | null;
}

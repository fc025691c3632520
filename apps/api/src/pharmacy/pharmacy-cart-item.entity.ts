import { Column, CreateDateColumn, Entity, Index, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import type { ItemType } from '@resepti/domain';
import { Product } from '../catalogue/product.entity.js';
import { PharmacyUser } from '../accounts/pharmacy-user.entity.js';

/** A medicine the pharmacist has added for the current patient, until the order is sent. */
@Entity()
@Index(['pharmacyUserId', 'productId'], { unique: true })
export class PharmacyCartItem {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'int' })
  pharmacyUserId!: number;

  @ManyToOne(() => PharmacyUser, { onDelete: 'CASCADE' })
  pharmacyUser?: Relation<PharmacyUser>;

  @Column({ type: 'text', default: 'renewal' })
  type!: ItemType;

  @Column({ type: 'int' })
  productId!: number;

  @ManyToOne(() => Product)
  product?: Relation<Product>;

  @Column({ type: 'text', default: '' })
  reason!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}

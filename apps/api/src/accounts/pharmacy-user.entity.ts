import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinTable,
  ManyToMany,
  ManyToOne,
  PrimaryGeneratedColumn,
  type Relation,
} from 'typeorm';
import { Pharmacy } from './pharmacy.entity.js';
import { PharmacyOffice } from './pharmacy-office.entity.js';

export type PharmacyUserLevel = 'admin' | 'user';

@Entity()
export class PharmacyUser {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'int' })
  pharmacyId!: number;

  @ManyToOne(() => Pharmacy, { onDelete: 'CASCADE' })
  pharmacy?: Relation<Pharmacy>;

  /** Stored lower-case: usernames are unique and log in case-insensitively. */
  @Index({ unique: true })
  @Column({ type: 'text' })
  username!: string;

  @Column({ type: 'text' })
  passwordHash!: string;

  @Column({ type: 'text' })
  firstName!: string;

  @Column({ type: 'text' })
  lastName!: string;

  @Column({ type: 'text', default: 'user' })
  userLevel!: PharmacyUserLevel;

  @ManyToMany(() => PharmacyOffice)
  @JoinTable({ name: 'pharmacy_user_office' })
  offices?: Relation<PharmacyOffice[]>;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}

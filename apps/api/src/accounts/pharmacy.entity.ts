import { Column, Entity, Index, OneToMany, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { PharmacyOffice } from './pharmacy-office.entity.js';

@Entity()
export class Pharmacy {
  @PrimaryGeneratedColumn()
  id!: number;

  @Index({ unique: true })
  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  phone!: string;

  @OneToMany(() => PharmacyOffice, (office) => office.pharmacy)
  offices?: Relation<PharmacyOffice[]>;
}

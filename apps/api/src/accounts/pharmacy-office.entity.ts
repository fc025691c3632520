import { Column, Entity, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Pharmacy } from './pharmacy.entity.js';

@Entity()
export class PharmacyOffice {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'int' })
  pharmacyId!: number;

  @ManyToOne(() => Pharmacy, (pharmacy) => pharmacy.offices, { onDelete: 'CASCADE' })
  pharmacy?: Relation<Pharmacy>;

  @Column({ type: 'text' })
  name!: string;

  /** Shown on the office chooser, e.g. 'Apteekki' or 'Sivuapteekki'. */
  @Column({ type: 'text', default: 'Apteekki' })
  level!: string;
}

import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A medicine in the catalogue (name, vahvuus = strength, lääkemuoto = form). */
@Entity()
export class Product {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  strength!: string;

  @Column({ type: 'text' })
  form!: string;

  @Column({ type: 'boolean', default: true })
  available!: boolean;

  /** False for narcotic and PKV medicines: they cannot be renewed through the service. */
  @Column({ type: 'boolean', default: true })
  renewable!: boolean;
}

import { Column, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** The doctors' notice to all pharmacies. There is one current notice (id 1). */
@Entity()
export class Notice {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'text', default: '' })
  header!: string;

  @Column({ type: 'text', default: '' })
  additionalDetails!: string;

  @Column({ type: 'text', default: 'unpublished' })
  status!: 'published' | 'unpublished';

  /** Bumped on every publish, so a newly published notice starts unchecked for every pharmacist. */
  @Column({ type: 'int', default: 0 })
  version!: number;

  @Column({ type: 'int', nullable: true })
  updatedByDoctorId!: number | null;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}

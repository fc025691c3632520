import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Entity()
export class Doctor {
  @PrimaryGeneratedColumn()
  id!: number;

  /** Stored lower-case; login is case-insensitive. */
  @Index({ unique: true })
  @Column({ type: 'text' })
  email!: string;

  @Column({ type: 'text' })
  passwordHash!: string;

  @Column({ type: 'text' })
  firstName!: string;

  @Column({ type: 'text' })
  lastName!: string;

  /**
   * The doctor's register number in Valvira's register of health-care professionals (Terhikki /
   * JulkiTerhikki): the prescriber's identifier in every e-prescription. Approval is refused without it.
   */
  @Column({ type: 'text', nullable: true })
  registerNumber!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}

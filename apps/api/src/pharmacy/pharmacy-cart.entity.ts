import { Column, Entity, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import type { DeliveryOptionId } from '@resepti/domain';
import { PharmacyUser } from '../accounts/pharmacy-user.entity.js';

/**
 * A pharmacist's order in the making: the patient and the chosen handling option (the medicines
 * are PharmacyCartItem rows). The patient lives here, not in a login session, so the patient and
 * the medicines are one record: every session of the user sees and sends the same pair, and it
 * survives a re-login after an expired session.
 */
@Entity()
export class PharmacyCart {
  @PrimaryColumn({ type: 'int' })
  pharmacyUserId!: number;

  @ManyToOne(() => PharmacyUser, { onDelete: 'CASCADE' })
  pharmacyUser?: Relation<PharmacyUser>;

  @Column({ type: 'text', nullable: true })
  deliveryOptionId!: DeliveryOptionId | null;

  /** The patient being served (POST /patient-info), or null. */
  @Column({ type: 'text', nullable: true })
  patientHetu!: string | null;

  @Column({ type: 'text', nullable: true })
  patientFirstName!: string | null;

  @Column({ type: 'text', nullable: true })
  patientLastName!: string | null;
}

import { Column, Entity, Index, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import type { Decision, EPrescription, ItemType, PrescribedMedication } from '@resepti/domain';
import { Order } from './order.entity.js';

/** One prescription of an order: a renewal of a medicine or a new-prescription request. */
@Entity()
// Reseptilista looks up orders with prescriptions not yet checked: a few, among a growing history.
@Index('idx_order_item_unchecked', ['orderId'], { where: '"pharmacy_checked" = false' })
export class OrderItem {
  @PrimaryGeneratedColumn()
  id!: number;

  @Index()
  @Column({ type: 'int' })
  orderId!: number;

  @ManyToOne(() => Order, (order) => order.items, { onDelete: 'CASCADE' })
  order?: Relation<Order>;

  @Column({ type: 'text' })
  type!: ItemType;

  @Column({ type: 'int', nullable: true })
  productId!: number | null;

  @Column({ type: 'text' })
  displayName!: string;

  @Column({ type: 'text', default: '' })
  format!: string;

  /** The patient's or pharmacist's reason / additional information. */
  @Column({ type: 'text', default: '' })
  reason!: string;

  /** Topic of a new-prescription request (e.g. 'allergy'). */
  @Column({ type: 'text', nullable: true })
  medicalProblem!: string | null;

  /** The questionnaire record saved with a new-prescription request. */
  @Column({ type: 'jsonb', nullable: true })
  chat!: object | null;

  /** Customer requests: whether the server replayed the questionnaire path (false: sent without step numbers). Null otherwise. */
  @Column({ type: 'boolean', nullable: true })
  chatVerified!: boolean | null;

  @Column({ type: 'text', default: 'undecided' })
  decision!: Decision;

  @Column({ type: 'text', default: '' })
  reasonForDecision!: string;

  /** The standard reason's code (STANDARD_REASONS) when the doctor gave one word for word; null for the doctor's own text. */
  @Column({ type: 'text', nullable: true })
  reasonCode!: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  decisionTime!: Date | null;

  @Column({ type: 'int', default: 0 })
  priceCents!: number;

  @Column({ type: 'date', nullable: true })
  renewableTill!: string | null;

  /**
   * What the doctor prescribed on approval: the catalogue product (a renewal's own product, or the
   * medicine chosen for a new-prescription request), the dosage text and the number of packages.
   * Null until approved (and again when the decision is undone).
   */
  @Column({ type: 'int', nullable: true })
  prescribedProductId!: number | null;

  @Column({ type: 'text', nullable: true })
  dosageInstruction!: string | null;

  @Column({ type: 'int', nullable: true })
  packages!: number | null;

  /** The Centre's id of the prescription this approval renews (MedicationRequest.priorPrescription); null for a new one. */
  @Column({ type: 'text', nullable: true })
  priorPrescriptionId!: string | null;

  /** The prescribed product as the catalogue named it at the approval (a later import does not change a prescription). */
  @Column({ type: 'jsonb', nullable: true })
  prescribedMedication!: PrescribedMedication | null;

  /** Pharmacy staff removed the decided card from Reseptilista (kept in Historia). */
  @Column({ type: 'boolean', default: false })
  pharmacyChecked!: boolean;

  /**
   * Not a column: the item's prescription in the Prescription Centre (e_prescription, joined by
   * the order's reads in order-loads.ts), null when there is none to record (not approved, the
   * order not delivered, a sandbox order). Undefined when the item was read by the ORM itself.
   */
  ePrescription?: EPrescription | null;
}

import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  ManyToOne,
  OneToMany,
  PrimaryGeneratedColumn,
  type Relation,
} from 'typeorm';
import type { DeliveryOptionId, OrderStatus, PharmacyData } from '@resepti/domain';
import { Doctor } from '../accounts/doctor.entity.js';
import { OrderItem } from './order-item.entity.js';

export type OrderSource = 'customer' | 'pharmacy';

/**
 * One order = one patient's prescriptions sent to the doctors' queue, either by the
 * customer (paid, 12 working-day hours) or by a pharmacy (12 h next morning or 15 min express).
 */
@Entity({ name: 'orders' })
@Index('idx_orders_queue', ['deliveryStatus', 'deliveryBeforeTime'])
@Index('idx_orders_updated', ['pharmacyId', 'updatedAt', 'id'])
@Index('idx_orders_change', ['pharmacyId', 'changeXid', 'id'])
// Indexes of the doctors' history (migration DoctorHistoryIndexes; partial indexes on expressions
// that TypeORM cannot describe, so it must leave them alone). The search's trigram index is on
// order_patient_search (migration OrderPatientSearch).
@Index('idx_orders_history_handled', { synchronize: false })
@Index('idx_orders_history_name', { synchronize: false })
// Reseptilista: the orders with prescriptions not checked, per office, newest first (migration ReseptilistaIndex).
@Index('idx_orders_reseptilista', { synchronize: false })
// The undecided sandbox orders the simulated doctor polls for (migration IntegratorSandbox).
@Index('idx_orders_sandbox_undecided', { synchronize: false })
// The patient's earlier orders in the doctor's order view (migration OrdersByPatient).
@Index('idx_orders_patient', { synchronize: false })
export class Order {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'text' })
  source!: OrderSource;

  @Index()
  @Column({ type: 'int', nullable: true })
  customerId!: number | null;

  @Column({ type: 'int', nullable: true })
  pharmacyId!: number | null;

  @Index()
  @Column({ type: 'int', nullable: true })
  officeId!: number | null;

  /** Prescriptions not yet checked at the pharmacy: kept by the database (a trigger on order_item), never written here. */
  @Column({ type: 'int', default: 0, select: false, insert: false, update: false })
  uncheckedItems!: number;

  @Column({ type: 'int', nullable: true })
  pharmacyUserId!: number | null;

  @Column({ type: 'jsonb', nullable: true })
  pharmacyData!: PharmacyData | null;

  @Column({ type: 'text' })
  patientFirstName!: string;

  @Column({ type: 'text' })
  patientLastName!: string;

  @Column({ type: 'text' })
  patientHetu!: string;

  @Column({ type: 'text' })
  deliveryOptionId!: DeliveryOptionId;

  /** The deadline by which a doctor must have handled the order. */
  @Column({ type: 'timestamptz' })
  deliveryBeforeTime!: Date;

  @Column({ type: 'text', default: 'waiting' })
  deliveryStatus!: OrderStatus;

  @Column({ type: 'timestamptz', nullable: true })
  processingStartTime!: Date | null;

  @Index()
  @Column({ type: 'int', nullable: true })
  doctorId!: number | null;

  @ManyToOne(() => Doctor, { nullable: true })
  doctor?: Relation<Doctor> | null;

  @Column({ type: 'timestamptz', nullable: true })
  deliveryTime!: Date | null;

  /**
   * Placed by a sandbox integrator client: decided by the simulated doctor (SandboxDoctor), left
   * out of the doctors' queue, counts and history and of the pharmacy's lists.
   */
  @Column({ type: 'boolean', default: false })
  sandbox!: boolean;

  /** What the order costs its payer, in cents (handling fee for pharmacies, medicines for customers). */
  @Column({ type: 'int', default: 0 })
  priceCents!: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  /** Moved by every lifecycle change (GET /api/v1/orders?updatedSince=…). */
  @Column({ type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;

  /**
   * The id of the transaction that last wrote the row (a trigger sets it on every insert and
   * update): the integrators' order feed pages by it, by commit rather than by clock
   * (orders/change-feed.ts). Never written by the app, not loaded with the entity.
   */
  @Column({ type: 'bigint', select: false, insert: false, update: false })
  changeXid!: string;

  @OneToMany(() => OrderItem, (item) => item.order, { cascade: ['insert'] })
  items?: Relation<OrderItem[]>;
}

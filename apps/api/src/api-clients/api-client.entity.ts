import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A pharmacy system that calls /api/v1 without a browser (OAuth 2.0 client credentials). Its
 * secret is shown once and stored as a SHA-256 hash (it is 256 random bits, so no slow KDF is
 * needed). Scoped to one pharmacy and, when listed, to some of its offices.
 */
@Entity()
export class ApiClient {
  @PrimaryGeneratedColumn()
  id!: number;

  /** The public client id (rc_…). */
  @Index({ unique: true })
  @Column({ type: 'text' })
  clientId!: string;

  @Column({ type: 'text' })
  secretHash!: string;

  @Index()
  @Column({ type: 'int' })
  pharmacyId!: number;

  /** A label for people ('Kassajärjestelmä'). */
  @Column({ type: 'text' })
  name!: string;

  /** The offices it may act for; empty: every office of its pharmacy. */
  @Column({ type: 'int', array: true, default: () => "'{}'" })
  officeIds!: number[];

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  /**
   * A sandbox client (`create-api-client --sandbox`): its orders are marked sandbox and decided by
   * the simulated doctor, never by real ones; it sees only sandbox orders and events.
   */
  @Column({ type: 'boolean', default: false })
  sandbox!: boolean;

  /** Set when revoked: its tokens stop working at once. */
  @Column({ type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;
}

/** A request made with an Idempotency-Key: a repeat answers the first result (another body: 409). */

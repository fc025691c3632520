import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** An Idempotency-Key an integrator client sent with an order: the first answer, replayed for 24 h. */
@Entity()
@Index('uq_api_idempotency_key', ['apiClientId', 'key'], { unique: true })
@Index('idx_api_idempotency_key_created', ['createdAt'])
export class ApiIdempotencyKey {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'int' })
  apiClientId!: number;

  @Column({ type: 'text' })
  key!: string;

  /** SHA-256 of the method, path and body. */
  @Column({ type: 'text' })
  requestHash!: string;

  @Column({ type: 'int' })
  status!: number;

  @Column({ type: 'jsonb' })
  body!: unknown;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}

import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A resource held by the embedded Prescription Centre stand-in (development, tests and the demo:
 * only the stand-in and the demo seed write it). The unique index on the identifier is what makes a
 * conditional create happen exactly once, also under parallel creates and across API nodes.
 */
@Entity()
@Index('uq_dev_centre_resource_identifier', ['resourceType', 'identifier'], { unique: true, where: '"identifier" IS NOT NULL' })
export class DevCentreResource {
  /** The resource's id (a UUID, as the Centre gives its own). */
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'pk_dev_centre_resource' })
  id!: string;

  @Column({ type: 'text' })
  resourceType!: string;

  /** '<system>|<value>' of the resource's first identifier: the conditional create's key. */
  @Column({ type: 'text', nullable: true })
  identifier!: string | null;

  /** The patient's hetu (subject.identifier), the one search the stand-in answers. */
  @Index('idx_dev_centre_resource_subject')
  @Column({ type: 'text' })
  subjectHetu!: string;

  /** The resource as served (with its id and meta). */
  @Column({ type: 'jsonb' })
  resource!: object;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}

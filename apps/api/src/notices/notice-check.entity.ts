import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Which version of the notice a pharmacy user has marked as read. */
@Entity()
export class NoticeCheck {
  @PrimaryColumn({ type: 'int' })
  pharmacyUserId!: number;

  @Column({ type: 'int' })
  checkedVersion!: number;
}

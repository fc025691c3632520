import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { DeliveryOptionId } from '@resepti/domain';

/**
 * How many orders of one handling option are waiting and processing (the sum of its stripes): kept by a trigger on
 * `orders` in the same transaction as every change (migration QueueCounts), so the doctors'
 * queue counts cost the same at 100 or 100,000 waiting orders.
 */
@Entity()
export class OrderQueueCount {
  @PrimaryColumn({ type: 'text' })
  deliveryOptionId!: DeliveryOptionId;

  /** Which of the option's rows (migration StripedQueueCounts): concurrent changes add to different ones; readers sum them. */
  @PrimaryColumn({ type: 'smallint', default: 0 })
  stripe!: number;

  @Column({ type: 'int', default: 0 })
  waiting!: number;

  @Column({ type: 'int', default: 0 })
  processing!: number;
}

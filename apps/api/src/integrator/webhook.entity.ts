import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { IntegratorEventType, IntegratorWebhookEventType as WebhookEventType } from '@resepti/domain';
import { OutboxColumns } from '../platform/outbox/outbox-columns.js';

/** Where an integrator wants its events; the secret signs every delivery (shown once, when created). */
@Entity()
export class WebhookEndpoint {
  @PrimaryGeneratedColumn()
  id!: number;

  @Index()
  @Column({ type: 'int' })
  apiClientId!: number;

  @Column({ type: 'text' })
  url!: string;

  @Column({ type: 'text', array: true })
  events!: WebhookEventType[];

  /** HMAC key of Resepti-Signature (kept readable: the sender needs it). */
  @Column({ type: 'text' })
  secret!: string;

  /** The secret before the last rotation: deliveries carry its signature too until previousSecretUntil. */
  @Column({ type: 'text', nullable: true })
  previousSecret!: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  previousSecretUntil!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;
}

/** cancelled: its endpoint was deleted or its client revoked before it was delivered. */
export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed' | 'cancelled';

/**
 * One event to one endpoint: the outbox row written in the transaction of the change it tells of,
 * then delivered (signed, retried with backoff for 24 h) by WebhookSender.
 */
@Entity()
@Index('idx_webhook_delivery_due', ['status', 'nextAttemptAt'])
@Index('idx_webhook_delivery_order', ['endpointId', 'orderId', 'id'])
export class WebhookDelivery extends OutboxColumns {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'int' })
  endpointId!: number;

  /** The event's id (evt_…): the receiver drops a repeat by it. */
  @Column({ type: 'text' })
  eventId!: string;

  @Column({ type: 'text' })
  eventType!: IntegratorEventType;

  /** Deliveries of one order to one endpoint go in order. */
  @Column({ type: 'int', nullable: true })
  orderId!: number | null;

  /** The whole event as sent. */
  @Column({ type: 'jsonb' })
  payload!: object;

  @Column({ type: 'text', default: 'pending' })
  status!: WebhookDeliveryStatus;

  @Column({ type: 'int', nullable: true })
  lastStatus!: number | null;

  @Column({ type: 'timestamptz', nullable: true })
  deliveredAt!: Date | null;
}

/**
 * Every integrator event, whether or not an endpoint subscribed to it, for GET /api/v1/events
 * (a client that was away reads what it missed). Kept 30 days. A notice's event is everyone's
 * (no pharmacy); an order's is its pharmacy's and office's.
 */
@Entity()
@Index('uq_api_event_event_id', ['eventId'], { unique: true })
@Index('idx_api_event_created', ['createdAt'])
@Index('idx_api_event_pharmacy', ['pharmacyId', 'id'])
@Index('idx_api_event_change', ['changeXid', 'id'])
export class ApiEvent {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'text' })
  eventId!: string;

  @Column({ type: 'text' })
  type!: WebhookEventType;

  @Column({ type: 'int', nullable: true })
  pharmacyId!: number | null;

  @Column({ type: 'int', nullable: true })
  officeId!: number | null;

  /**
   * Its transaction's id, or the largest already written if that is larger (a trigger sets it):
   * GET /api/v1/events lists by it, by commit rather than by serial (orders/change-feed.ts).
   */
  @Column({ type: 'bigint', select: false, insert: false, update: false })
  changeXid!: string;

  /** An event of a sandbox order: listed only to sandbox clients (and real ones only to real clients). */
  @Column({ type: 'boolean', default: false })
  sandbox!: boolean;

  /** An event for one client alone (a sandbox trigger's notice): listed to no other. Null: by its scope. */
  @Column({ type: 'int', nullable: true })
  apiClientId!: number | null;

  /** The event as a webhook carries it. */
  @Column({ type: 'jsonb' })
  payload!: object;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}

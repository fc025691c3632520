import { Injectable, type OnModuleInit } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { INTEGRATOR_API_VERSION, type IntegratorWebhookEvent, type IntegratorWebhookEventType, type OrderPreviousAttributes, type PharmacyNotice } from '@resepti/domain';
import type { AuditEntry } from '../platform/audit/audit.service.js';
import { joinApiClient } from '../api-clients/api-client-sql.js';
import { InjectOwn, type OwnRepository } from '../platform/database/transactions.js';
import { EventBus } from '../platform/events/event-bus.js';
import type { OrderChange, OrderChangeKind } from '../orders/order-change.js';
import { toIntegratorOrder } from '../orders/order-view.js';
import type { Order } from '../orders/order.entity.js';
import { WebhookDelivery } from './webhook.entity.js';

/**
 * The lifecycle changes integrators hear of (decisions only with the delivered order). A release
 * (the doctor's own, or another doctor's 'Palauta' of a stuck order) is `order.released`: the
 * order is waiting again. Decisions and checks are told by the delivered order and the client's own call;
 * an approved item's prescription recorded in (or refused by) the Prescription Centre by `order.e-prescription`.
 */
const ORDER_EVENTS: Partial<Record<OrderChangeKind, IntegratorWebhookEventType>> = {
  placed: 'order.created',
  picked: 'order.processing',
  released: 'order.released',
  delivered: 'order.delivered',
  'e-prescription': 'order.e-prescription',
};

/** How long GET /api/v1/events can list an event. */
export const EVENT_LOG_DAYS = 30;

export const newEventId = () => `evt_${randomBytes(16).toString('base64url')}`;

/**
 * Writes webhook deliveries into the outbox inside the transaction of the change they tell of
 * (an order's lifecycle change, a notice published), so an event exists exactly when its change
 * committed. Order events go to the endpoints of the order's pharmacy whose client may act for
 * the order's office and is of the order's kind (a sandbox order's to sandbox clients, a real
 * one's to real clients); a notice goes to every subscribed endpoint.
 */
@Injectable()
export class WebhookOutbox implements OnModuleInit {
  constructor(
    private readonly bus: EventBus,
    @InjectOwn(WebhookDelivery) private readonly deliveries: OwnRepository<WebhookDelivery>,
  ) {}

  /** A revoked client's pending deliveries, cancelled in the revoking transaction: what to audit. */
  cancelPendingOf(apiClientId: number): Promise<AuditEntry[]> {
    return cancelPendingDeliveries((sql, params) => this.deliveries.query(sql, params), { apiClientId }, 'client revoked');
  }

  onModuleInit(): void {
    // In the change's transaction (the ambient one for the listeners): the deliveries commit with it.
    this.bus.inTransaction('order.changed', (_m, change) => this.queueOrderChange(change));
    this.bus.inTransaction('notice.saved', async (_m, { notice, republished }) => {
      if (notice && republished) await this.queueNotice(notice);
    });
  }

  private async queueOrderChange(change: OrderChange): Promise<void> {
    const type = ORDER_EVENTS[change.kind];
    const order = change.order;
    if (!type || order.source !== 'pharmacy' || order.pharmacyId === null) return;
    // $1: the event's type, $2 its pharmacy, $3 its office, $4 sandbox (see insert()).
    const endpoints = `SELECT e.id FROM webhook_endpoint e ${joinApiClient('c', 'e.api_client_id')}
        WHERE c.pharmacy_id = $2 AND c.revoked_at IS NULL AND e.deleted_at IS NULL AND $1 = ANY(e.events)
          AND (cardinality(c.office_ids) = 0 OR $3 = ANY(c.office_ids)) AND c.sandbox = $4`;
    await this.insert({ name: 'webhook-event-order', endpoints }, type, { object: toIntegratorOrder(order), ...previousAttributes(change) }, order.id, { pharmacyId: order.pharmacyId, officeId: order.officeId, sandbox: order.sandbox, apiClientId: null });
  }

  private async queueNotice(notice: PharmacyNotice): Promise<void> {
    const endpoints = `SELECT e.id FROM webhook_endpoint e ${joinApiClient('c', 'e.api_client_id')}
        WHERE c.revoked_at IS NULL AND e.deleted_at IS NULL AND $1 = ANY(e.events)`;
    await this.insert({ name: 'webhook-event-notice', endpoints }, 'notice.published', { object: notice }, null, { pharmacyId: null, officeId: null, sandbox: false, apiClientId: null });
  }

  /**
   * A sandbox trigger's notice, in the calling transaction: to this client's subscribed endpoints
   * and its events list alone (no other pharmacy or client hears of it). Returns the event's id.
   */
  queueClientNotice(apiClientId: number, notice: PharmacyNotice): Promise<string> {
    const endpoints = `SELECT e.id FROM webhook_endpoint e ${joinApiClient('c', 'e.api_client_id')}
        WHERE c.id = $9 AND c.sandbox AND c.revoked_at IS NULL AND e.deleted_at IS NULL AND $1 = ANY(e.events)`;
    return this.insert({ name: 'webhook-event-client-notice', endpoints }, 'notice.published', { object: notice }, null, { pharmacyId: null, officeId: null, sandbox: true, apiClientId });
  }

  /**
   * The event in the events log (GET /api/v1/events, 30 days) and one delivery per endpoint that
   * `endpoints` selects (its parameters: $1 the type, $2 the pharmacy, $3 the office, $4 sandbox,
   * $9 the one client it is for), in one statement with the pruning of the log: a change's
   * transaction waits for it once. A prepared statement per selection (`name`): planning its
   * three parts took longer than running them, on every order change of a pharmacy's order.
   * Returns the event's id.
   */
  private async insert(
    { name, endpoints }: { name: string; endpoints: string },
    type: IntegratorWebhookEventType,
    data: IntegratorWebhookEvent['data'],
    orderId: number | null,
    scope: { pharmacyId: number | null; officeId: number | null; sandbox: boolean; apiClientId: number | null },
  ): Promise<string> {
    const event = { id: newEventId(), type, api_version: INTEGRATOR_API_VERSION, created: new Date().toISOString(), livemode: !scope.sandbox, data } as IntegratorWebhookEvent;
    const [{ queued }] = await this.deliveries.prepared<{ queued: number }>(
      name,
      `WITH pruned AS (DELETE FROM api_event WHERE created_at < now() - make_interval(days => $8)),
            logged AS (INSERT INTO api_event (event_id, type, pharmacy_id, office_id, sandbox, payload, api_client_id) VALUES ($5, $1, $2, $3, $4, $6::jsonb, $9::int)),
            queued AS (INSERT INTO webhook_delivery (endpoint_id, event_id, event_type, order_id, payload)
                       SELECT id, $5, $1, $7, $6::jsonb FROM (${endpoints}) e RETURNING id)
       SELECT count(*)::int AS queued FROM queued`,
      [type, scope.pharmacyId, scope.officeId, scope.sandbox, event.id, JSON.stringify(event), orderId, EVENT_LOG_DAYS, scope.apiClientId],
    );
    if (queued > 0) await this.bus.tell('outbox.written', { channel: 'webhook' });
    return event.id;
  }
}

/**
 * What the change's fields of the order were before it (Stripe's `previous_attributes`): the
 * status a doctor moved, the hidden decisions a delivery showed, an e-prescription's last state.
 */
function previousAttributes({ kind, order, itemId }: OrderChange): { previous_attributes?: OrderPreviousAttributes } {
  if (kind === 'picked') return { previous_attributes: { deliveryStatus: 'waiting' } };
  if (kind === 'released') return { previous_attributes: { deliveryStatus: 'processing' } };
  if (kind === 'delivered') {
    const before = toIntegratorOrder({ ...order, deliveryStatus: 'processing', deliveryTime: null } as Order);
    return { previous_attributes: { deliveryStatus: 'processing', deliveryTime: null, prescriptions: before.prescriptions } };
  }
  if (kind !== 'e-prescription') return {};
  const prescriptions = toIntegratorOrder(order).prescriptions.map((item) => {
    const now = item.ePrescription;
    if (item.id !== itemId || !now) return item;
    // Sent again: it had failed; recorded or refused: it was being recorded.
    const before = now.status === 'pending' ? { ...now, status: 'failed' as const } : { id: null, status: 'pending' as const, recordedAt: null, validUntil: null };
    return { ...item, ePrescription: before };
  });
  return { previous_attributes: { prescriptions } };
}

/**
 * Ends the pending deliveries of a deleted endpoint or of every endpoint of a revoked client, in
 * the caller's transaction (`query` runs the statement in it): they carry patients' data, and their receiver is no longer trusted
 * with it. A delivery in flight keeps its POST, but its result no longer changes the row (the
 * sender updates only rows it still holds). Returns the audit rows to record, one per endpoint.
 */
export async function cancelPendingDeliveries(query: (sql: string, params: unknown[]) => Promise<unknown>, scope: { endpointId: number } | { apiClientId: number }, reason: 'endpoint deleted' | 'client revoked'): Promise<AuditEntry[]> {
  const [column, id] = 'endpointId' in scope ? ['id', scope.endpointId] : ['api_client_id', scope.apiClientId];
  const rows = (await query(
    `WITH cancelled AS (
       UPDATE webhook_delivery SET status = 'cancelled', last_error = $2, claimed_by = NULL, lease_until = NULL
        WHERE status = 'pending' AND endpoint_id IN (SELECT id FROM webhook_endpoint WHERE ${column} = $1)
        RETURNING endpoint_id)
     SELECT endpoint_id, count(*)::int AS count FROM cancelled GROUP BY endpoint_id ORDER BY endpoint_id`,
    [id, `cancelled: ${reason}`],
  )) as Array<{ endpoint_id: number; count: number }>;
  return rows.map((r) => ({ action: 'webhook-delivery.cancel', subject: `webhook_endpoint:${r.endpoint_id}`, details: { deliveries: r.count, reason } }));
}

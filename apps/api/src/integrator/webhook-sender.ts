import { createHmac } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { WEBHOOK_SIGNATURE_HEADER, type IntegratorWebhookEvent } from '@resepti/domain';
import { AuditService } from '../platform/audit/audit.service.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { InjectOwn, Transactions, type OwnRepository } from '../platform/database/transactions.js';
import { EventBus } from '../platform/events/event-bus.js';
import { OutboxWorker, type OutboxRow, type SendOutcome } from '../platform/outbox/outbox-worker.js';
import { retryDelayMs, withJitter } from '../platform/outbox/retry-delay.js';
import { WebhookDelivery } from './webhook.entity.js';
import { postToWebhook, resolveWebhookTarget } from './webhook-url.js';
import { joinApiClient } from '../api-clients/api-client-sql.js';

/** Retries stop this long after the event was written; then the delivery is 'failed'. */
const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;

interface DeliveryRow extends OutboxRow {
  endpoint_id: number;
  order_id: number | null;
  payload: IntegratorWebhookEvent;
  /** From the endpoint (load). */
  api_client_id: number;
  url: string;
  /** The current secret first, then the previous one while its overlap lasts. */
  secrets: string[];
}

interface DeliveryOutcome extends SendOutcome {
  /** False when the URL was refused before any request: nothing went out, nothing to audit. */
  sent: boolean;
  status: number | null;
}

/** The patient an order event is about (a notice has none). */
function patientOf(event: IntegratorWebhookEvent): string | null {
  const hetu = (event.data.object as { patient?: { hetu?: unknown } } | null)?.patient?.hetu;
  return typeof hetu === 'string' ? hetu : null;
}

/**
 * `t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`, a `v1=` per secret (Stripe's form): the
 * current secret's first, then the previous one's during a rotation's overlap.
 */
export function webhookSignature(secrets: string[], body: string, unixSeconds: number): string {
  return [`t=${unixSeconds}`, ...secrets.map((secret) => `v1=${createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')}`)].join(',');
}

/**
 * The webhook channel of the outbox: at least once, in order per order and endpoint (a delivery
 * waits while an earlier one of the same order to the same endpoint is pending), only to a live
 * endpoint of a client that is not revoked, 8 at a time, retried with a doubling
 * wait (WEBHOOK_RETRY_SECONDS, its second half random) on a non-2xx answer or a timeout for 24 h. The URL is checked
 * again before each try and the POST goes to the address just checked (no second lookup for a
 * rebinding name). Each try that went out is audited with its endpoint, event and patient, in
 * the transaction that records it: patient data sent to an integrator is in the patient's log.
 */
@Injectable()
export class WebhookSender extends OutboxWorker<DeliveryRow, DeliveryOutcome> {
  constructor(
    @InjectOwn(WebhookDelivery) deliveries: OwnRepository<WebhookDelivery>,
    transactions: Transactions,
    @Inject(APP_CONFIG) config: AppConfig,
    audit: AuditService,
    bus: EventBus,
  ) {
    super(deliveries, transactions, {
      name: 'webhook',
      table: 'webhook_delivery',
      done: { status: 'delivered', timeColumn: 'delivered_at' },
      concurrency: 8,
      intervalMs: config.webhooks.sendIntervalSeconds * 1000,
      claimable: {
        joins: `JOIN webhook_endpoint e ON e.id = x.endpoint_id ${joinApiClient('c', 'e.api_client_id')}`,
        // A live endpoint of a client not revoked (revoking cancels the rows too; this holds even for a
        // revocation made by hand), and no earlier delivery of the same order to it still pending.
        where: `e.deleted_at IS NULL AND c.revoked_at IS NULL
                AND NOT EXISTS (SELECT 1 FROM webhook_delivery p
                                 WHERE p.endpoint_id = x.endpoint_id AND p.order_id = x.order_id AND p.id < x.id AND p.status = 'pending')`,
      },
      load: async (claimed) => {
        const endpoints = (await deliveries.queryOnItsOwn(
          `SELECT id, api_client_id, url, ARRAY[secret] || CASE WHEN previous_secret_until > now() THEN ARRAY[previous_secret] ELSE '{}' END AS secrets
             FROM webhook_endpoint WHERE id = ANY($1)`,
          [[...new Set(claimed.map((r) => r.endpoint_id))]],
        )) as Array<{ id: number; api_client_id: number; url: string; secrets: string[] }>;
        const byId = new Map(endpoints.map((e) => [e.id, e]));
        return claimed.map((r) => ({ ...r, ...byId.get(r.endpoint_id)!, id: r.id }));
      },
      send: async (row, signal) => {
        const checked = await resolveWebhookTarget(row.url, config.production);
        if ('problem' in checked) return { error: `URL refused: ${checked.problem}`, sent: false, status: null, recordedColumns: { last_status: null } };
        const body = JSON.stringify(row.payload);
        let status: number | null = null;
        let error: string | null = null;
        try {
          status = await postToWebhook(
            checked.target,
            {
              'content-type': 'application/json',
              'user-agent': 'Resepti-Webhooks/1',
              [WEBHOOK_SIGNATURE_HEADER]: webhookSignature(row.secrets, body, Math.floor(Date.now() / 1000)),
            },
            body,
            signal,
          );
          // A redirect could lead anywhere: it is not followed, and counts as a failure.
          if (status < 200 || status >= 300) error = `HTTP ${status}`;
        } catch (err) {
          error = (err instanceof Error ? err.message : String(err)).slice(0, 300);
        }
        return { error, sent: true, status, recordedColumns: { last_status: status } };
      },
      retry: (row) => {
        const delayMs = withJitter(retryDelayMs(row.attempts, config.webhooks.retrySeconds));
        return { giveUp: new Date(row.created_at).getTime() + RETRY_WINDOW_MS < Date.now() + delayMs, delayMs };
      },
      recorded: async (row, outcome) => {
        if (!outcome.sent) return;
        await audit.record(
          { role: 'integrator', id: row.api_client_id },
          {
            action: 'webhook-delivery.send',
            subject: `webhook_endpoint:${row.endpoint_id}`,
            orderId: row.order_id,
            patientHetu: patientOf(row.payload),
            details: { eventId: row.payload.id, eventType: row.payload.type, attempt: row.attempts, status: outcome.status, error: outcome.error },
          },
        );
      },
    }, config.outbox);
    // Woken only when its channel got rows (an order change of a pharmacy's order, a notice), not by every change.
    bus.afterCommit('outbox.written', ({ channel }) => void (channel === 'webhook' && this.wake()));
  }
}

import { createHmac, randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { WEBHOOK_SIGNATURE_HEADER, type IntegratorWebhookEvent } from '@resepti/domain';
import { AuditService } from '../audit/audit.service.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { retryDelayMs } from '../notifications/sms-sender.service.js';
import { OrderEvents } from '../orders/order-events.js';
import { postToWebhook, resolveWebhookTarget } from './webhook-url.js';

const BATCH = 50;
/** Requests in flight per sender (different orders or endpoints). */
const CONCURRENCY = 8;
const TIMEOUT_MS = 10_000;
const LEASE_MS = 6 * TIMEOUT_MS;
/** Retries stop this long after the event was written; then the delivery is 'failed'. */
const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;

interface Claimed {
  id: number;
  endpoint_id: number;
  api_client_id: number;
  order_id: number | null;
  url: string;
  secret: string;
  payload: IntegratorWebhookEvent;
  attempts: number;
  created_at: Date;
}

/** The patient an order event is about (a notice has none). */
function patientOf(event: IntegratorWebhookEvent): string | null {
  const hetu = (event.data.object as { patient?: { hetu?: unknown } } | null)?.patient?.hetu;
  return typeof hetu === 'string' ? hetu : null;
}

/** `t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>` */
export function webhookSignature(secret: string, body: string, unixSeconds: number): string {
  return `t=${unixSeconds},v1=${createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')}`;
}

/**
 * Delivers the webhook outbox on every API process, like the SMS sender: claim due rows with a
 * lease (FOR UPDATE SKIP LOCKED: two processes never hold one delivery), commit, POST outside any
 * transaction, record the result. At least once, in order per order and endpoint (a delivery
 * waits while an earlier one of the same order to the same endpoint is pending), retried with a
 * doubling wait (WEBHOOK_RETRY_SECONDS) on a non-2xx answer or a timeout for 24 h. Polled every
 * WEBHOOK_SEND_INTERVAL_SECONDS, and woken at once by this node's order changes. The URL is
 * checked again before each try (a name may have moved to a private address), and the POST goes
 * to the address checked (webhook-url.ts).
 */
@Injectable()
export class WebhookSender implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(WebhookSender.name);
  private readonly senderId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private again = false;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: OrderEvents,
    private readonly audit: AuditService,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.deliverDue(), this.config.webhooks.sendIntervalSeconds * 1000);
    this.timer.unref();
    // An order change committed on this node is sent at once, not at the next poll.
    this.events.subscribe(() => void this.deliverDue());
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /**
   * Rounds until nothing is due: each claims up to BATCH rows and sends them CONCURRENCY at a
   * time (order per order still holds: a later delivery of an order cannot be claimed while an
   * earlier one is pending). A call during a round makes the round go on instead of starting another.
   */
  async deliverDue(): Promise<number> {
    if (this.running) {
      this.again = true;
      return 0;
    }
    this.running = true;
    let delivered = 0;
    try {
      do {
        this.again = false;
        const rows = await this.claim();
        for (let i = 0; i < rows.length; i += CONCURRENCY) {
          const results = await Promise.all(rows.slice(i, i + CONCURRENCY).map((row) => this.deliver(row)));
          delivered += results.filter(Boolean).length;
        }
        if (rows.length === BATCH) this.again = true;
      } while (this.again);
    } catch (err) {
      this.logger.error(`webhook round failed: ${String(err)}`);
    } finally {
      this.running = false;
    }
    return delivered;
  }

  private async claim(): Promise<Claimed[]> {
    return (await this.db.query(
      `WITH claimed AS (
         UPDATE webhook_delivery d SET claimed_by = $1, lease_until = now() + ($2::int * interval '1 millisecond'), attempts = attempts + 1
          WHERE d.id IN (
            SELECT x.id FROM webhook_delivery x
              JOIN webhook_endpoint e ON e.id = x.endpoint_id
              JOIN api_client c ON c.id = e.api_client_id
             WHERE x.status = 'pending' AND x.next_attempt_at <= now() AND (x.lease_until IS NULL OR x.lease_until < now())
               -- Only to a live endpoint of a client that is not revoked (revoking cancels the rows too; this
               -- holds even for a revocation made by hand in the database).
               AND e.deleted_at IS NULL AND c.revoked_at IS NULL
               AND NOT EXISTS (SELECT 1 FROM webhook_delivery p
                                WHERE p.endpoint_id = x.endpoint_id AND p.order_id = x.order_id AND p.id < x.id AND p.status = 'pending')
             ORDER BY x.id LIMIT $3 FOR UPDATE OF x SKIP LOCKED)
          RETURNING d.id, d.endpoint_id, d.order_id, d.payload, d.attempts, d.created_at)
       SELECT c.id, c.endpoint_id, e.api_client_id, c.order_id, e.url, e.secret, c.payload, c.attempts, c.created_at
         FROM claimed c JOIN webhook_endpoint e ON e.id = c.endpoint_id ORDER BY c.id`,
      [this.senderId, LEASE_MS, BATCH],
    )) as Claimed[];
  }

  private async deliver(row: Claimed): Promise<boolean> {
    const body = JSON.stringify(row.payload);
    let status: number | null = null;
    let error: string | null = null;
    // Checked again before each try (a name may have moved to a private address), and the POST
    // goes to the address just checked: no second lookup for a rebinding name to answer differently.
    const checked = await resolveWebhookTarget(row.url, this.config.production);
    if ('problem' in checked) {
      error = `URL refused: ${checked.problem}`;
    } else {
      try {
        status = await postToWebhook(
          checked.target,
          {
            'content-type': 'application/json',
            'user-agent': 'Resepti-Webhooks/1',
            [WEBHOOK_SIGNATURE_HEADER]: webhookSignature(row.secret, body, Math.floor(Date.now() / 1000)),
          },
          body,
          TIMEOUT_MS,
        );
        // A redirect could lead anywhere: it is not followed, and counts as a failure.
        if (status < 200 || status >= 300) error = `HTTP ${status}`;
      } catch (err) {
        error = (err instanceof Error ? err.message : String(err)).slice(0, 300);
      }
    }
    // The result, and (when the event went out) an audit row naming the endpoint, the event and the
    // patient, in one transaction: patient data sent to an integrator is in that patient's access log.
    const sent = !('problem' in checked);
    const audit = (m: EntityManager) =>
      sent
        ? this.audit.record(
            { role: 'integrator', id: row.api_client_id },
            {
              action: 'webhook-delivery.send',
              subject: `webhook_endpoint:${row.endpoint_id}`,
              orderId: row.order_id,
              patientHetu: patientOf(row.payload),
              details: { eventId: row.payload.id, eventType: row.payload.type, attempt: row.attempts, status, error },
            },
            m,
          )
        : Promise.resolve();
    if (error === null) {
      await this.db.transaction(async (m) => {
        await m.query(
          `UPDATE webhook_delivery SET status = 'delivered', delivered_at = now(), last_status = $3, last_error = NULL, lease_until = NULL, claimed_by = NULL
            WHERE id = $1 AND claimed_by = $2`,
          [row.id, this.senderId, status],
        );
        await audit(m);
      });
      return true;
    }
    const wait = retryDelayMs(row.attempts, this.config.webhooks.retrySeconds);
    const giveUp = new Date(row.created_at).getTime() + RETRY_WINDOW_MS < Date.now() + wait;
    await this.db.transaction(async (m) => {
      await m.query(
        `UPDATE webhook_delivery SET status = $3, last_status = $4, last_error = $5, lease_until = NULL, claimed_by = NULL,
                next_attempt_at = now() + ($6::int * interval '1 millisecond')
          WHERE id = $1 AND claimed_by = $2`,
        [row.id, this.senderId, giveUp ? 'failed' : 'pending', status, error, wait],
      );
      await audit(m);
    });
    this.logger.warn(`webhook delivery ${row.id} try ${row.attempts} failed${giveUp ? ' (giving up)' : ''}: ${error}`);
    return false;
  }
}

import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { INTEGRATOR_MESSAGES as M, type IntegratorEventPage, type IntegratorWebhookEvent } from '@resepti/domain';
import type { ApiClient } from '../api-clients/api-client.entity.js';
import { FEED_HORIZON, type FeedPosition } from '../orders/change-feed.js';
import { EVENT_LOG_DAYS } from './webhook-outbox.service.js';
import { ApiEvent } from './webhook.entity.js';
import { fieldRefusal } from '../platform/http/validation.js';

/**
 * The events a client may see: everyone's (notices) and its pharmacy's, of its offices when it is
 * limited to some, and of its kind (a sandbox client's orders, or real ones); an event for one
 * client alone (a sandbox trigger's notice) only to that client.
 */
const visible = (client: ApiClient) => `(e.pharmacy_id IS NULL OR (e.pharmacy_id = $1 AND (cardinality($2::int[]) = 0 OR e.office_id = ANY($2::int[])) AND ${client.sandbox ? '' : 'NOT '}e.sandbox))
                 AND (e.api_client_id IS NULL OR e.api_client_id = ${Number(client.id)})
                 AND e.created_at >= now() - make_interval(days => ${EVENT_LOG_DAYS})`;

/**
 * GET /api/v1/events: what a client that was away (or has no webhook endpoint) missed, by commit
 * (change-feed.ts): only events whose transactions are final, so paging by `after` never passes
 * an event that commits later.
 */
@Injectable()
export class IntegratorEventsService {
  constructor(@InjectRepository(ApiEvent) private readonly events: Repository<ApiEvent>) {}

  async list(client: ApiClient, query: { cursor?: string; after?: string; limit?: number }): Promise<IntegratorEventPage> {
    const limit = query.limit ?? 50;
    let after: FeedPosition = { changeXid: '0', id: 0 };
    const cursor = query.cursor ?? query.after;
    if (cursor !== undefined) {
      const [row] = (await this.events.query(`SELECT e.change_xid::text AS "changeXid", e.id FROM api_event e WHERE e.event_id = $3 AND ${visible(client)}`, [
        client.pharmacyId,
        client.officeIds,
        cursor,
      ])) as FeedPosition[];
      if (!row) throw fieldRefusal(M.eventAfterInvalid, [query.cursor !== undefined ? 'cursor' : 'after'], 'query');
      after = row;
    }
    const rows = (await this.events.query(
      `WITH ${FEED_HORIZON}
       SELECT e.payload FROM api_event e, feed_horizon
        WHERE e.change_xid < feed_horizon.h AND (e.change_xid, e.id) > ($3::bigint, $4::int) AND ${visible(client)}
        ORDER BY e.change_xid, e.id LIMIT $5`,
      [client.pharmacyId, client.officeIds, after.changeXid, after.id, limit + 1],
    )) as Array<{ payload: IntegratorWebhookEvent }>;
    const data = rows.slice(0, limit).map((r) => r.payload);
    // The last event's id, a partial page's too: a poller keeps it and sees only what happened since.
    return { data, nextCursor: data.at(-1)?.id ?? null, hasMore: rows.length > limit };
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { Bundle, BundleLink, MedicationRequest } from '@medplum/fhirtypes';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import type { ApiClient } from '../api-clients/api-client.entity.js';
import { FEED_HORIZON } from '../api-clients/change-feed.js';
import { Order } from '../orders/order.entity.js';
import { FHIR_PATH } from './fhir-outcome.js';
import { encodeFhirCursor, MAX_ID, type MedicationRequestSearch } from './fhir-search.js';
import { toMedicationRequest, type OrderItemRow } from './medication-request.js';

/** The columns of an OrderItemRow: an item with its order, office and deciding doctor. */
const ITEM_ROWS = `
  SELECT i.id AS "itemId", i.order_id AS "orderId", i.product_id AS "productId", i.display_name AS "displayName", i.reason,
         i.decision, i.reason_for_decision AS "reasonForDecision", i.decision_time AS "decisionTime",
         o.delivery_status AS "deliveryStatus", o.delivery_time AS "deliveryTime", o.created_at AS "createdAt", o.updated_at AS "updatedAt", o.change_xid::text AS "changeXid",
         o.patient_hetu AS "patientHetu", o.patient_first_name AS "patientFirstName", o.patient_last_name AS "patientLastName",
         o.office_id AS "officeId", po.name AS "officeName", coalesce(o.pharmacy_data ->> 'pharmacist', '') AS pharmacist,
         CASE WHEN d.id IS NULL THEN NULL ELSE d.first_name || ' ' || d.last_name END AS "doctorName"
    FROM order_item i
    JOIN orders o ON o.id = i.order_id
    LEFT JOIN pharmacy_office po ON po.id = o.office_id
    LEFT JOIN doctor d ON d.id = o.doctor_id
   WHERE o.source = 'pharmacy' AND o.pharmacy_id = $1 AND (cardinality($2::int[]) = 0 OR o.office_id = ANY($2::int[])) AND o.sandbox = $3`;

/**
 * The FHIR view's reads: a pharmacy's order items as MedicationRequests, scoped like /api/v1 (the
 * client's pharmacy, its offices when it is limited to some, and its kind: a sandbox client's
 * orders or real ones). An item changes with its order
 * (every lifecycle change moves orders.updated_at and change_xid), so `meta.lastUpdated` is the
 * order's, and the search pages in the order of the changes' commits (change_xid, then the item's id).
 */
@Injectable()
export class FhirMedicationRequests {
  constructor(
    @InjectRepository(Order) private readonly orders: Repository<Order>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The absolute base of every fullUrl and link (PUBLIC_URL, never the request's Host). */
  get base(): string {
    return `${this.config.publicUrl.replace(/\/$/, '')}${FHIR_PATH}`;
  }

  /** GET /api/fhir/MedicationRequest/{id}: null (404) for a malformed id or another pharmacy's (or office's) item. */
  async read(client: ApiClient, id: string): Promise<MedicationRequest | null> {
    if (!/^\d{1,10}$/.test(id) || Number(id) > MAX_ID) return null;
    const [row] = (await this.orders.query(`${ITEM_ROWS} AND i.id = $4`, [client.pharmacyId, client.officeIds, client.sandbox, Number(id)])) as OrderItemRow[];
    return row ? toMedicationRequest(row) : null;
  }

  /** GET /api/fhir/MedicationRequest: a searchset Bundle by last change, with a `next` link while more remain. */
  async search(client: ApiClient, search: MedicationRequestSearch, query: Record<string, unknown>): Promise<Bundle<MedicationRequest>> {
    const params: unknown[] = [client.pharmacyId, client.officeIds, client.sandbox];
    // By commit, as /api/v1/orders (integrator/change-feed.ts): only changes older than every
    // running transaction, so a change that commits late is listed after a next link, never behind it.
    const where: string[] = ['o.change_xid < feed_horizon.h'];
    for (const bound of search.lastUpdated) {
      params.push(bound.at);
      where.push(`o.updated_at ${bound.op} $${params.length}`);
    }
    if (search.after) {
      params.push(search.after.changeXid, search.after.itemId);
      where.push(`(o.change_xid, i.id) > ($${params.length - 1}::bigint, $${params.length}::int)`);
      if (search.after.floor) {
        params.push(search.after.floor.updatedAt, search.after.floor.itemId);
        where.push(`(o.updated_at, i.id) > ($${params.length - 1}, $${params.length})`);
      }
    }
    params.push(search.count + 1);
    const rows = (await this.orders.query(
      `WITH ${FEED_HORIZON} ${ITEM_ROWS.replace('FROM order_item i', 'FROM feed_horizon, order_item i')} ${where.map((w) => `AND ${w}`).join(' ')} ORDER BY o.change_xid, i.id LIMIT $${params.length}`,
      params,
    )) as Array<OrderItemRow & { changeXid: string }>;
    const page = rows.slice(0, search.count);
    const link: BundleLink[] = [{ relation: 'self', url: this.searchUrl(query, null) }];
    if (rows.length > search.count) {
      const last = page[page.length - 1];
      link.push({ relation: 'next', url: this.searchUrl(query, encodeFhirCursor({ changeXid: last.changeXid, itemId: last.itemId, floor: search.after?.floor ?? null })) });
    }
    const entries = page.map((row) => ({ fullUrl: `${this.base}/MedicationRequest/${row.itemId}`, resource: toMedicationRequest(row), search: { mode: 'match' as const } }));
    return {
      resourceType: 'Bundle',
      type: 'searchset',
      timestamp: new Date().toISOString(),
      link,
      ...(entries.length ? { entry: entries } : {}),
    };
  }

  /** The search again with its own parameters (_lastUpdated, _count), continuing after `cursor`. */
  private searchUrl(query: Record<string, unknown>, cursor: string | null): string {
    const url = new URLSearchParams();
    for (const key of ['_lastUpdated', '_count']) {
      const value = query[key];
      for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) url.append(key, String(v));
    }
    if (cursor) url.set('_cursor', cursor);
    const text = url.toString();
    return `${this.base}/MedicationRequest${text ? `?${text}` : ''}`;
  }
}

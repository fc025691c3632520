import { Inject, Injectable } from '@nestjs/common';
import type { Bundle, BundleLink, MedicationRequest } from '@medplum/fhirtypes';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import type { ApiClient } from '../api-clients/api-client.entity.js';
import { OrderReads } from '../orders/order-reads.service.js';
import { clientScope } from '../orders/order-scope.js';
import { FHIR_PATH } from './fhir-outcome.js';
import { encodeFhirCursor, MAX_ID, type MedicationRequestSearch } from './fhir-search.js';
import { toMedicationRequest } from './medication-request.js';

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
    private readonly orders: OrderReads,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The absolute base of every fullUrl and link (PUBLIC_URL, never the request's Host). */
  get base(): string {
    return `${this.config.publicUrl.replace(/\/$/, '')}${FHIR_PATH}`;
  }

  /** GET /api/fhir/MedicationRequest/{id}: null (404) for a malformed id or another pharmacy's (or office's) item. */
  async read(client: ApiClient, id: string): Promise<MedicationRequest | null> {
    if (!/^\d{1,10}$/.test(id) || Number(id) > MAX_ID) return null;
    const [row] = await this.orders.itemRows(clientScope(client), { itemId: Number(id) });
    return row ? toMedicationRequest(row) : null;
  }

  /** GET /api/fhir/MedicationRequest: a searchset Bundle by last change, with a `next` link while more remain. */
  async search(client: ApiClient, search: MedicationRequestSearch, query: Record<string, unknown>): Promise<Bundle<MedicationRequest>> {
    // By commit, as /api/v1/orders (orders/change-feed.ts): only changes older than every
    // running transaction, so a change that commits late is listed after a next link, never behind it.
    const rows = await this.orders.itemRows(clientScope(client), { updated: search.lastUpdated, after: search.after, limit: search.count + 1 });
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

import { Inject, Injectable } from '@nestjs/common';
import type { Bundle, BundleLink, MedicationRequest } from '@medplum/fhirtypes';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import type { ApiClient } from '../api-clients/api-client.entity.js';
import { OrderReads } from '../orders/order-reads.service.js';
import { clientScope } from '../orders/order-scope.js';
import { publicBases } from './smart-configuration.js';
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

  /** The absolute bases of every fullUrl, link and the token endpoint (PUBLIC_URL, never the request's Host). */
  get bases(): ReturnType<typeof publicBases> {
    return publicBases(this.config.publicUrl);
  }

  get base(): string {
    return this.bases.fhir;
  }

  /** GET /api/fhir/MedicationRequest/{id}: null (404) for a malformed id or another pharmacy's (or office's) item. */
  async read(client: ApiClient, id: string): Promise<MedicationRequest | null> {
    if (!/^\d{1,10}$/.test(id) || Number(id) > MAX_ID) return null;
    const [row] = await this.orders.itemRows(clientScope(client), { itemId: Number(id) });
    return row ? toMedicationRequest(row) : null;
  }

  /**
   * GET /api/fhir/MedicationRequest: a searchset Bundle by last change with the count of all its
   * matches (`total`), and links: `self` (this page: the parameters used, the cursor it continues
   * from), `first`, and `next` while more remain. No `previous`: the pages run forward by commit.
   */
  async search(client: ApiClient, search: MedicationRequestSearch, query: Record<string, unknown>): Promise<Bundle<MedicationRequest>> {
    // By commit, as /api/v1/orders (orders/change-feed.ts): only changes older than every
    // running transaction, so a change that commits late is listed after a next link, never behind it.
    const scope = clientScope(client);
    const [rows, total] = await Promise.all([this.orders.itemRows(scope, { updated: search.lastUpdated, after: search.after, limit: search.count + 1 }), this.orders.itemCount(scope, search.lastUpdated)]);
    const page = rows.slice(0, search.count);
    const cursor = typeof query._cursor === 'string' ? query._cursor : null;
    const link: BundleLink[] = [
      { relation: 'self', url: this.searchUrl(query, cursor) },
      { relation: 'first', url: this.searchUrl(query, null) },
    ];
    if (rows.length > search.count) {
      const last = page[page.length - 1];
      link.push({ relation: 'next', url: this.searchUrl(query, encodeFhirCursor({ changeXid: last.changeXid, itemId: last.itemId, floor: search.after?.floor ?? null })) });
    }
    const entries = page.map((row) => ({ fullUrl: `${this.base}/MedicationRequest/${row.itemId}`, resource: toMedicationRequest(row), search: { mode: 'match' as const } }));
    return {
      resourceType: 'Bundle',
      type: 'searchset',
      timestamp: new Date().toISOString(),
      total,
      link,
      ...(entries.length ? { entry: entries } : {}),
    };
  }

  /** The search again with the parameters it used (_lastUpdated, _count; not one it ignored), continuing after `cursor`. */
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

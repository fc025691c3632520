import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { DEFAULT_HISTORY_SORT, HISTORY_PAGE_SIZE, historyPageRange, isValidHetu, type HistoryResponse, type HistorySortOrder } from '@resepti/domain';
import { AuditService } from '../audit/audit.service.js';
import type { SessionUser } from '../auth/session-user.js';
import { loadDoctorOrders } from '../orders/order-loads.js';

/**
 * The searchable text of an order's patient. Must stay identical to the expression of the
 * trigram index idx_orders_patient_search (migration DoctorHistoryIndexes), or the index is not used.
 */
export const PATIENT_SEARCH_EXPR = `lower(o.patient_first_name || ' ' || o.patient_last_name || ' ' || o.patient_hetu)`;

/**
 * Handled orders: the predicate of the partial indexes idx_orders_history_* (which it implies, so
 * they serve it), less the sandbox's (decided by the simulated doctor, never a doctor's history).
 */
export const HANDLED_PREDICATE = `o.delivery_status IN ('processing', 'delivered') AND NOT o.sandbox`;

const ORDER_BY: Record<HistorySortOrder, string> = {
  newest: `coalesce(o.delivery_time, o.processing_start_time) DESC, o.id DESC`,
  oldest: `coalesce(o.delivery_time, o.processing_start_time) ASC, o.id ASC`,
  'name-asc': `o.patient_first_name COLLATE "fi-x-icu" ASC, o.patient_last_name COLLATE "fi-x-icu" ASC, o.id ASC`,
  'name-desc': `o.patient_first_name COLLATE "fi-x-icu" DESC, o.patient_last_name COLLATE "fi-x-icu" DESC, o.id DESC`,
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Words of the search text, lower-cased (at most 5, so a pasted paragraph stays cheap). */
export function filterWords(filter: string | null | undefined): string[] {
  return (filter ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5);
}

export interface HistoryQuery {
  sql: string;
  countSql: string;
  params: unknown[];
}

/**
 * Up to this many matches, a filtered page is sorted from the matching rows (found by the
 * trigram index) instead of walking a sort index and testing every row: the planner cannot
 * tell how rare a combination of words is, and picks the walk for rare ones too.
 */
export const SORT_MATCHES_LIMIT = 3000;

/**
 * The two statements of one history page (also used by the benchmark and docs/history-query.md).
 * Pass `matchCount` (the count statement's answer) to let a rare filter sort its few matches.
 */
export function buildHistoryQuery(
  filter: string | null | undefined,
  sortOrder: HistorySortOrder,
  offset: number,
  matchCount?: number,
): HistoryQuery {
  const words = filterWords(filter);
  const params: unknown[] = [];
  const where = [HANDLED_PREDICATE];
  for (const w of words) {
    params.push(`%${escapeLike(w)}%`);
    where.push(`${PATIENT_SEARCH_EXPR} LIKE $${params.length}`);
  }
  const { start } = historyPageRange(offset, HISTORY_PAGE_SIZE);
  const whereSql = where.join(' AND ');
  const countSql = `SELECT count(*)::int AS count FROM orders o WHERE ${whereSql}`;
  const page = `ORDER BY ${ORDER_BY[sortOrder]} LIMIT ${HISTORY_PAGE_SIZE} OFFSET ${start}`;
  const fewMatches = words.length > 0 && matchCount !== undefined && matchCount <= SORT_MATCHES_LIMIT;
  const sql = fewMatches
    ? `WITH matches AS MATERIALIZED (SELECT o.* FROM orders o WHERE ${whereSql}) SELECT o.id FROM matches o ${page}`
    : `SELECT o.id FROM orders o WHERE ${whereSql} ${page}`;
  return { sql, countSql, params };
}

/** Completed orders list: delivered and processing orders handled by any doctor. */
@Injectable()
export class DoctorHistoryService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly audit: AuditService,
  ) {}

  async history(actor: SessionUser, input: { filter?: string | null; sortOrder?: HistorySortOrder | null; offset?: number | null }): Promise<HistoryResponse> {
    const sortOrder = input.sortOrder ?? DEFAULT_HISTORY_SORT;
    const offset = input.offset ?? HISTORY_PAGE_SIZE;
    const counting = buildHistoryQuery(input.filter, sortOrder, offset);
    // One snapshot for the count and the page. The audit rows are written right after it, in a
    // transaction of their own: the chain's head cannot be locked from a REPEATABLE READ snapshot
    // that other writers have moved past (and a read changes nothing to commit with).
    const page = await this.db.transaction('REPEATABLE READ', async (m) => {
      const [{ count }] = (await m.query(counting.countSql, counting.params)) as Array<{ count: number }>;
      const q = buildHistoryQuery(input.filter, sortOrder, offset, count);
      const ids = ((await m.query(q.sql, q.params)) as Array<{ id: number }>).map((r) => r.id);
      return { data: await loadDoctorOrders(m, ids), count };
    });
    // The search itself is audited whatever the page holds: a count alone can tell that
    // someone is a patient. A filter that is a hetu also lands in that patient's access log. The
    // page's orders are one more row, listing each order and its patient.
    const filter = (input.filter ?? '').trim().toUpperCase();
    const shown = page.data.map((o) => ({ orderId: o.id, patientHetu: o.patient.hetu }));
    await this.audit.record(actor, [
      { action: 'history.search', patientHetu: isValidHetu(filter) ? filter : null, details: { filter: input.filter ?? '', sortOrder, offset, count: page.count } },
      ...(shown.length > 0 ? [{ action: 'history:read' as const, listed: shown }] : []),
    ]);
    return page;
  }
}

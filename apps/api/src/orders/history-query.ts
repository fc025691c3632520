import type { Queryable } from '../platform/database/transactions.js';
import { HISTORY_PAGE_SIZE, historyPageRange, type HistoryResponse, type HistorySortOrder } from '@resepti/domain';
import { doctorViewOf, ORDER_WITH_ITEMS_COLUMNS, ORDER_WITH_ITEMS_JOINS, ordersOfRows, type OrderWithItemRow } from './order-loads.js';

// The doctors' Historia as SQL (docs/history-query.md): which orders, in which order, one page.

/**
 * The searchable text of an order's patient, as the walk of a page tests it on `orders`. Must stay
 * identical to the text the triggers keep in order_patient_search (migration OrderPatientSearch),
 * where the count and the sorted pages find it (trigram index), or a page and its count disagree.
 */
export const PATIENT_SEARCH_EXPR = `lower(o.patient_first_name || ' ' || o.patient_last_name || ' ' || o.patient_hetu)`;

/**
 * Handled orders: the predicate of the partial indexes idx_orders_history_* (which it implies, so
 * they serve it), less the sandbox's (decided by the simulated doctor, never a doctor's history).
 * order_patient_search holds a row for exactly these orders (migration OrderPatientSearch).
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

/**
 * Up to this many matches, a filtered page is sorted from the matching rows (found by the
 * trigram index) instead of walking a sort index and testing every row: the planner cannot
 * tell how rare a combination of words is, and picks the walk for rare ones too. Past it, the
 * page still sorts its matches while they are fewer than the walk would test (see walkWins).
 */
export const SORT_MATCHES_LIMIT = 3000;

/**
 * Whether a filtered page walks the sort index (true) or sorts its matches (docs/history-query.md,
 * "A million orders"): a walk tests about (start + page) × handled ÷ matches rows until its page
 * is full, the sort reads each match once, so the walk wins only past as many matches as the
 * square root of (start + page) × handled, and never below SORT_MATCHES_LIMIT. `handled`: the
 * planner's row estimate of order_patient_search (a row a handled order), read from pg_class.
 */
function walkWins(start: number): string {
  return `SELECT counted.n > ${SORT_MATCHES_LIMIT} AND counted.n::float8 * counted.n > ${start + HISTORY_PAGE_SIZE}::float8 * greatest(c.reltuples, 0) AS walk
       FROM counted, pg_class c WHERE c.oid = 'order_patient_search'::regclass`;
}

/**
 * One history page as one statement (also run by the benchmark; docs/history-query.md): the
 * count of the matching orders and the page's orders, a row per item (ORDER_WITH_ITEMS_COLUMNS,
 * each with the count as `total`; one row with a null order when the page is empty). One
 * statement is one snapshot, so the count and the page agree without a transaction, in one round
 * trip. The count reads order_patient_search (the handled orders' patient text: a row an order,
 * a third of the pages the same rows of `orders` fill). A filtered page has two ways to its ids,
 * of which only one runs (each behind a condition on the count that PostgreSQL tests once, before
 * it starts): few matches are found by the trigram index and sorted, many walk the sort index
 * until the page is full.
 */
export function buildHistoryPage(filter: string | null | undefined, sortOrder: HistorySortOrder, offset: number): { sql: string; params: unknown[] } {
  const words = filterWords(filter);
  const params = words.map((w) => `%${escapeLike(w)}%`);
  const searched = words.length === 0 ? 'true' : words.map((_, i) => `s.search LIKE $${i + 1}`).join(' AND ');
  const walked = [HANDLED_PREDICATE, ...words.map((_, i) => `${PATIENT_SEARCH_EXPR} LIKE $${i + 1}`)].join(' AND ');
  const { start } = historyPageRange(offset, HISTORY_PAGE_SIZE);
  const page = `ORDER BY ${ORDER_BY[sortOrder]} LIMIT ${HISTORY_PAGE_SIZE} OFFSET ${start}`;
  const ids =
    words.length === 0
      ? `page AS (SELECT o.id FROM orders o WHERE ${walked} ${page})`
      : `way AS (${walkWins(start)}),
     walked AS (SELECT o.id FROM orders o WHERE ${walked} AND (SELECT walk FROM way) ${page}),
     matches AS MATERIALIZED (
       SELECT o.id, o.delivery_time, o.processing_start_time, o.patient_first_name, o.patient_last_name
         FROM order_patient_search s JOIN orders o ON o.id = s.order_id
        WHERE ${searched} AND NOT (SELECT walk FROM way)),
     sorted AS (SELECT o.id FROM matches o ${page}),
     page AS (SELECT id FROM walked UNION ALL SELECT id FROM sorted)`;
  const sql = `WITH counted AS (SELECT count(*)::int AS n FROM order_patient_search s WHERE ${searched}),
     ${ids}
     SELECT counted.n AS total, ${ORDER_WITH_ITEMS_COLUMNS}, o.updated_at
       FROM counted
       LEFT JOIN page ON true
       LEFT JOIN orders o ON o.id = page.id
       ${ORDER_WITH_ITEMS_JOINS}
      ORDER BY ${ORDER_BY[sortOrder]}, i.id`;
  return { sql, params };
}

/** One history page: the orders of the page as the doctor sees them, and the count of all that match. */
export async function readHistoryPage(
  db: Queryable,
  filter: string | null | undefined,
  sortOrder: HistorySortOrder,
  offset: number,
): Promise<HistoryResponse> {
  const q = buildHistoryPage(filter, sortOrder, offset);
  const rows = (await db.query(q.sql, q.params)) as Array<OrderWithItemRow & { total: number }>;
  return { data: ordersOfRows(rows).map(doctorViewOf), count: rows[0].total };
}

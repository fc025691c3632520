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

/** The sort keys of a handled order as a statement names them: on `orders` (o), or on order_patient_search (s). */
interface SortKeys {
  handled: string;
  firstName: string;
  lastName: string;
  id: string;
}
const ON_ORDERS: SortKeys = { handled: 'coalesce(o.delivery_time, o.processing_start_time)', firstName: 'o.patient_first_name', lastName: 'o.patient_last_name', id: 'o.id' };
/** The same keys as order_patient_search keeps them (migration HistorySearchWords): a sorted page needs no `orders` row. */
const ON_SEARCH: SortKeys = { handled: 's.handled_at', firstName: 's.first_name', lastName: 's.last_name', id: 's.order_id' };

/** The ORDER BY of a sort order, by when the order was handled or by the names as the row shows them (first, then last). */
function orderBy(sortOrder: HistorySortOrder, k: SortKeys): string {
  const byName = (dir: string) => `${k.firstName} COLLATE "fi-x-icu" ${dir}, ${k.lastName} COLLATE "fi-x-icu" ${dir}, ${k.id} ${dir}`;
  switch (sortOrder) {
    case 'newest':
      return `${k.handled} DESC, ${k.id} DESC`;
    case 'oldest':
      return `${k.handled} ASC, ${k.id} ASC`;
    case 'name-asc':
      return byName('ASC');
    case 'name-desc':
      return byName('DESC');
  }
}

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
function walkWins(start: string): string {
  return `SELECT counted.n > ${SORT_MATCHES_LIMIT} AND counted.n::float8 * counted.n > (${start} + ${HISTORY_PAGE_SIZE})::float8 * greatest(c.reltuples, 0) AS walk
       FROM counted, pg_class c WHERE c.oid = 'order_patient_search'::regclass`;
}

/**
 * Filter words this long or longer have trigrams, which find the words (patient_search_word) and
 * the texts (order_patient_search) holding them; a shorter one is in most of them.
 */
export const TRIGRAM_WORD_LENGTH = 3;

/**
 * How a filtered page counts its matches (docs/history-query.md, "Words and sort keys"):
 * `words`: one word with a letter (a part of a name, where a dictionary word stands for hundreds of
 * orders), whose matches are the orders of the words it occurs in, counted from the B-tree of
 * (word, order) entries alone; `matches`: several words, or one without letters (a part of a hetu,
 * whose word is one patient's few orders), with trigrams: the trigram index narrows the texts to
 * those holding them, and each of those rows is read (to test it) once, with its sort keys, and
 * counted; `texts`: a word too short for trigrams, whose rows are tested without the index's help
 * and only counted.
 */
function countingOf(words: string[]): 'words' | 'matches' | 'texts' {
  if (words.some((w) => w.length < TRIGRAM_WORD_LENGTH)) return 'texts';
  return words.length === 1 && /\p{L}/u.test(words[0]) ? 'words' : 'matches';
}

/**
 * One history page as one statement (also run by the benchmark; docs/history-query.md): the
 * count of the matching orders and the page's orders, a row per item (ORDER_WITH_ITEMS_COLUMNS,
 * each with the count as `total`; one row with a null order when the page is empty). One
 * statement is one snapshot, so the count and the page agree without a transaction, in one round
 * trip. Unfiltered, the count is the handled orders' number kept in stripes; filtered, it reads the
 * word index or order_patient_search (countingOf; the handled orders' patient text and sort keys, a
 * row an order). A filtered page has two ways to its ids, of which
 * only one runs (each behind a condition on the count that PostgreSQL tests once, before it
 * starts): few matches are sorted by the keys beside their text, many walk the sort index until
 * the page is full.
 */
export function buildHistoryPage(
  filter: string | null | undefined,
  sortOrder: HistorySortOrder,
  offset: number,
): { sql: string; params: unknown[]; name: string | null } {
  const words = filterWords(filter);
  const counting = words.length === 0 ? null : countingOf(words);
  const prepared = counting !== 'texts';
  const params: unknown[] = words.map((w) => `%${escapeLike(w)}%`);
  const arg = (n: number, type: string) => (prepared ? unseen(n, type) : `$${n}::${type}`);
  const searched = words.length === 0 ? 'true' : words.map((_, i) => `s.search LIKE ${arg(i + 1, 'text')}`).join(' AND ');
  const walked = [HANDLED_PREDICATE, ...words.map((_, i) => `${PATIENT_SEARCH_EXPR} LIKE ${arg(i + 1, 'text')}`)].join(' AND ');
  // The page's start is a parameter too: the text depends only on the words' number and kind and the sort order.
  const start = arg(params.push(historyPageRange(offset, HISTORY_PAGE_SIZE).start), 'int');
  const range = `LIMIT ${HISTORY_PAGE_SIZE} OFFSET ${start}`;
  const texts = `SELECT count(*)::int AS n FROM order_patient_search s WHERE ${searched}`;
  let ctes: string;
  if (words.length === 0) {
    // Every handled order: their number as kept in stripes (migration HandledOrderCount), not counted row by row.
    ctes = `counted AS (SELECT coalesce(sum(c.handled), 0)::int AS n FROM order_patient_search_count c),
     page AS (SELECT o.id FROM orders o WHERE ${walked} ORDER BY ${orderBy(sortOrder, ON_ORDERS)} ${range})`;
  } else {
    // Read for the count itself (`matches`), or only when the page sorts them.
    const matches = `matches AS MATERIALIZED (
       SELECT s.order_id, s.handled_at, s.first_name, s.last_name FROM order_patient_search s
        WHERE ${searched}${counting === 'matches' ? '' : ' AND NOT (SELECT walk FROM way)'})`;
    const counted =
      counting === 'words'
        ? `counted AS (SELECT count(DISTINCT p.order_id)::int AS n FROM order_patient_search_word p
       WHERE p.word_id IN (SELECT w.id FROM patient_search_word w WHERE w.word LIKE ${arg(1, 'text')}))`
        : counting === 'matches'
          ? 'counted AS (SELECT count(*)::int AS n FROM matches)'
          : `counted AS (${texts})`;
    ctes = `${counting === 'matches' ? `${matches}, ${counted}` : counted},
     way AS (${walkWins(start)}),
     walked AS (SELECT o.id FROM orders o WHERE ${walked} AND (SELECT walk FROM way) ORDER BY ${orderBy(sortOrder, ON_ORDERS)} ${range}),
     ${counting === 'matches' ? '' : `${matches},`}
     sorted AS (SELECT s.order_id AS id FROM matches s ORDER BY ${orderBy(sortOrder, ON_SEARCH)} ${range}),
     page AS (SELECT id FROM walked UNION ALL SELECT id FROM sorted)`;
  }
  const sql = `WITH ${ctes}
     SELECT counted.n AS total, ${ORDER_WITH_ITEMS_COLUMNS}, o.updated_at
       FROM counted
       LEFT JOIN page ON true
       LEFT JOIN orders o ON o.id = page.id
       ${ORDER_WITH_ITEMS_JOINS}
      ORDER BY ${orderBy(sortOrder, ON_ORDERS)}, i.id`;
  // Planning this statement cost as much as running a search's (1–6 ms): it is prepared, by a name
  // for its text, and its plan is kept (see unseen), except for a word too short for trigrams, whose
  // plan depends on the word (a generic plan would take the trigram index, which then reads all of itself).
  const name = prepared ? `history-page-${sortOrder}-${words.length}-${counting ?? 'all'}` : null;
  return { sql, params, name };
}

/**
 * Parameter `n` of a prepared page, as a value the planner does not look into (an InitPlan, which
 * the trigram indexes still take as their search key). PostgreSQL keeps a prepared statement's
 * generic plan only when it costs no more than the plans made for each call's values; with the
 * words and the page's start in view, those cost less on paper (a known word, OFFSET 0), so every
 * call was planned again (1.2–6 ms, more than most searches' execution: issue 43). Unseen, every
 * plan costs the same and the sixth call on a connection keeps the generic one, as
 * plan_cache_mode = force_generic_plan would for this statement alone. The plans' shapes are the
 * same: which way a page goes is decided at run time (walkWins), not by the planner.
 */
function unseen(n: number, type: string): string {
  return `(SELECT $${n}::${type})`;
}

/** What runs the page's statement: by its prepared name where it can (OrderReads' repository), planned each time otherwise. */
type HistoryRunner = Queryable & { prepared?: (name: string, sql: string, params: unknown[]) => Promise<unknown[]> };

/** One history page: the orders of the page as the doctor sees them, and the count of all that match. */
export async function readHistoryPage(
  db: HistoryRunner,
  filter: string | null | undefined,
  sortOrder: HistorySortOrder,
  offset: number,
): Promise<HistoryResponse> {
  const q = buildHistoryPage(filter, sortOrder, offset);
  const rows = (await (q.name && db.prepared ? db.prepared(q.name, q.sql, q.params) : db.query(q.sql, q.params))) as Array<OrderWithItemRow & { total: number }>;
  return { data: ordersOfRows(rows).map(doctorViewOf), count: rows[0].total };
}

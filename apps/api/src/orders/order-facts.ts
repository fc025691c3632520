import type { Queryable } from '../platform/database/transactions.js';

// Facts about orders for checks that run outside the API (the admin CLI's payment reconciliation)
// and get a Queryable of their own: the statements stay in orders/, as OrderReads' do.

/** Customer orders placed since `since` (their id, price and time), by id. */
export async function customerOrdersSince(db: Queryable, since: Date): Promise<Array<{ id: number; price_cents: number; created_at: Date }>> {
  return (await db.query(`SELECT o.id, o.price_cents, o.created_at FROM orders o WHERE o.source = 'customer' AND o.created_at >= $1 ORDER BY o.id`, [
    since,
  ])) as Array<{ id: number; price_cents: number; created_at: Date }>;
}

/** The prices of these orders, by id. */
export async function orderPrices(db: Queryable, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = (await db.query(`SELECT o.id, o.price_cents FROM orders o WHERE o.id = ANY($1::int[])`, [ids])) as Array<{ id: number; price_cents: number }>;
  return new Map(rows.map((r) => [r.id, r.price_cents]));
}

import { worksAtOffice } from '../accounts/account-sql.js';

/**
 * Who is asking for orders, and so which orders they may see. Every read of orders by another
 * module names its Scope, and `scopeSql` is the one place a Scope becomes SQL:
 *
 * - a customer sees the orders they placed (a customer's order is never a sandbox order);
 * - a patient (the data-rights export) also the orders a pharmacy sent for their hetu, never the sandbox's;
 * - a doctor handles every real order, never the sandbox's (the simulated doctor's);
 * - a pharmacy (its users) sees its own real orders (none without a pharmacy), of one office when
 *   `officeId` is given, and only when the user `userId` works at that office;
 * - an integrator client sees its pharmacy's orders it sent, of its offices when it is limited to
 *   some, and of its kind only: a sandbox client its sandbox orders, a real one real orders.
 */
export type Scope =
  | { kind: 'customer'; customerId: number }
  | { kind: 'patient'; customerId: number; hetu: string }
  | { kind: 'doctor'; doctorId: number }
  | { kind: 'pharmacy'; pharmacyId: number | null; officeId?: number; userId?: number }
  | { kind: 'integrator'; clientId: number; pharmacyId: number; officeIds: readonly number[]; sandbox: boolean };

/** An integrator client's scope (its id, pharmacy, offices and sandbox flag). */
export const clientScope = (client: { id: number; pharmacyId: number; officeIds: readonly number[]; sandbox: boolean }): Scope => ({
  kind: 'integrator',
  clientId: client.id,
  pharmacyId: client.pharmacyId,
  officeIds: client.officeIds,
  sandbox: client.sandbox,
});

/**
 * The scope as a condition on the orders aliased `o`: its values are appended to `params` and
 * named by their places ($n). The text depends only on the scope's kind and which of its optional
 * parts are given, so a prepared statement's name can stand for it.
 *
 * `planOnce` (a customer's or a patient's scope): each value as a sub-select of its parameter,
 * `(SELECT $n::int)`, which the planner cannot look into. Every plan of the prepared statement
 * then costs what its generic plan costs, so PostgreSQL keeps the generic plan after its first
 * five runs instead of planning the statement again on every run (it plans with the values when
 * they make a plan look cheaper: a customer's few orders among many). The index on customer_id is
 * used all the same.
 */
export function scopeSql(scope: Scope, params: unknown[], options: { planOnce?: boolean } = {}): string {
  const p = (value: unknown, type = 'int') => (options.planOnce ? `(SELECT $${params.push(value)}::${type})` : `$${params.push(value)}`);
  switch (scope.kind) {
    case 'customer':
      return `o.customer_id = ${p(scope.customerId)}`;
    case 'patient':
      return `(o.customer_id = ${p(scope.customerId)} OR o.patient_hetu = ${p(scope.hetu, 'text')}) AND NOT o.sandbox`;
    case 'doctor':
      return `NOT o.sandbox`;
    case 'pharmacy': {
      const office = scope.officeId !== undefined ? p(scope.officeId) : null;
      const conditions = [...(office ? [`o.office_id = ${office}`] : []), `o.pharmacy_id = ${p(scope.pharmacyId)}`, 'NOT o.sandbox'];
      if (office && scope.userId !== undefined) conditions.push(worksAtOffice(p(scope.userId), office));
      return conditions.join(' AND ');
    }
    case 'integrator': {
      const offices = p(scope.officeIds);
      return `o.source = 'pharmacy' AND o.pharmacy_id = ${p(scope.pharmacyId)} AND (cardinality(${offices}::int[]) = 0 OR o.office_id = ANY(${offices}::int[])) AND o.sandbox = ${p(scope.sandbox)}`;
    }
  }
}

/**
 * The orders with these ids that the scope may see (order by id, a row an item), as read by
 * OrderReads.byIds: ORDER_WITH_ITEMS_COLUMNS (order-loads.ts) and its joins, mapped by ordersOfRows.
 */
export function scopedOrdersStatement(scope: Scope, ids: readonly number[], columns: string, joins: string): { sql: string; params: unknown[] } {
  const params: unknown[] = [ids];
  return {
    sql: `SELECT ${columns}, o.updated_at
         FROM orders o
         ${joins}
        WHERE o.id = ANY($1::int[]) AND ${scopeSql(scope, params)}
        ORDER BY o.id, i.id`,
    params,
  };
}

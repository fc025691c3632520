import { formatEuro } from '@resepti/domain';
import { CLAIM_TIMEOUT_MS } from './checkout-sessions.js';
import type { PaymentGateway } from './payment-gateway.js';
import type { PaymentProvider } from './payment-session.entity.js';
import { customerOrdersSince, orderPrices } from '../orders/order-facts.js';
import type { Queryable } from '../platform/database/transactions.js';

export type ReconciliationKind =
  /** Money taken (at the provider) that became no order and is not (yet) returned. */
  | 'paid-without-order'
  /** A customer order with no paid checkout behind it. */
  | 'order-without-payment'
  /** A payment returned because it could not become an order. */
  | 'refund'
  /** A payment of another amount or currency than its checkout's, or an order priced unlike its checkout. */
  | 'amount-mismatch'
  /** A payment refused with nothing charged (a free checkout whose code ran out). */
  | 'refused-unpaid';

export interface ReconciliationItem {
  kind: ReconciliationKind;
  sessionId: string | null;
  orderId: number | null;
  amountCents: number | null;
  at: Date;
  detail: string;
  /** False: money or an order that nothing accounts for; an operator must look. */
  explained: boolean;
}

/** What the check looked at: a report of nothing to note says of how much. */
export interface Reconciliation {
  items: ReconciliationItem[];
  /** Who was asked about charges whose outcome never reached us (embedded: nobody, it charges nothing real). */
  provider: PaymentProvider;
  /** Checkouts begun in the period. */
  sessions: number;
  /** Charges without an answer looked up at the provider. */
  asked: number;
}

/** Thrown when the check would ask nobody about real charges: Stripe payments in a database read without Stripe's settings. */
export class ReconciliationRefused extends Error {}

interface AnomalyRow {
  session_id: string | null;
  kind: string;
  payment_ref: string | null;
  amount_cents: number | null;
  currency: string | null;
  refund: string;
  refund_ref: string | null;
  created_at: Date;
}

/**
 * The daily check of the money (`npm run admin -- reconcile-payments [--since ISO]`): every payment
 * since the given time is an order or a returned payment, and every customer order has its paid
 * checkout at the same price. A charge whose outcome never reached us (the process died while the
 * card was charged) is looked up at the provider.
 */
export async function reconcilePayments(m: Queryable, gateway: PaymentGateway, since: Date): Promise<Reconciliation> {
  const [{ sessions, stripe }] = (await m.query(
    `SELECT count(*)::int AS sessions, count(*) FILTER (WHERE provider = 'stripe')::int AS stripe FROM payment_session WHERE created_at >= $1`,
    [since],
  )) as Array<{ sessions: number; stripe: number }>;
  // Without Stripe's settings the gateway is the embedded checkout, which knows of no charge: it would report Stripe's lost ones as nothing.
  if (gateway.embedded && stripe > 0) {
    throw new ReconciliationRefused(`${stripe} of the ${sessions} checkouts since ${since.toISOString()} were paid with Stripe, but STRIPE_SECRET_KEY is not set: run with the service's Stripe settings so Stripe can be asked`);
  }
  const items: ReconciliationItem[] = [];

  const anomalies = (await m.query(
    `SELECT session_id, kind, payment_ref, amount_cents, currency, refund, refund_ref, created_at
     FROM payment_anomaly WHERE created_at >= $1 ORDER BY created_at, id`,
    [since],
  )) as AnomalyRow[];
  for (const a of anomalies) {
    const paid = a.amount_cents === null ? '?' : `${formatEuro(a.amount_cents)} ${(a.currency ?? '').toUpperCase()}`;
    const base = { sessionId: a.session_id, orderId: null, amountCents: a.amount_cents, at: a.created_at };
    if (a.refund === 'not-needed') {
      items.push({ ...base, kind: 'refused-unpaid', detail: `${a.kind}: nothing was charged`, explained: true });
    } else if (a.refund === 'pending') {
      items.push({ ...base, kind: 'paid-without-order', detail: `${a.kind}: ${paid} (${a.payment_ref}) not yet refunded`, explained: false });
    } else {
      items.push({ ...base, kind: a.kind === 'amount-mismatch' ? 'amount-mismatch' : 'refund', detail: `${a.kind}: ${paid} (${a.payment_ref}) refunded as ${a.refund_ref}`, explained: true });
    }
  }

  // Customer orders of the period (orders/) without a completed checkout behind them (payments/).
  const placed = await customerOrdersSince(m, since);
  const paidFor = new Set(
    (
      (await m.query(`SELECT order_id FROM payment_session WHERE status = 'complete' AND order_id = ANY($1::int[])`, [placed.map((o) => o.id)])) as Array<{
        order_id: number;
      }>
    ).map((r) => r.order_id),
  );
  const unpaidOrders = placed.filter((o) => !paidFor.has(o.id));
  for (const o of unpaidOrders) {
    items.push({ kind: 'order-without-payment', sessionId: null, orderId: o.id, amountCents: o.price_cents, at: o.created_at, detail: 'no paid checkout placed this order', explained: false });
  }

  // Completed checkouts of the period whose order (orders/) is priced otherwise.
  const completed = (await m.query(
    `SELECT s.id, s.order_id, s.amount_cents, s.completed_at FROM payment_session s
     WHERE s.status = 'complete' AND s.completed_at >= $1 AND s.order_id IS NOT NULL`,
    [since],
  )) as Array<{ id: string; order_id: number; amount_cents: number; completed_at: Date }>;
  const prices = await orderPrices(m, completed.map((s) => s.order_id));
  const mispriced = completed
    .filter((s) => prices.has(s.order_id) && prices.get(s.order_id) !== s.amount_cents)
    .map((s) => ({ ...s, price_cents: prices.get(s.order_id)! }));
  for (const s of mispriced) {
    items.push({
      kind: 'amount-mismatch',
      sessionId: s.id,
      orderId: s.order_id,
      amountCents: s.amount_cents,
      at: s.completed_at,
      detail: `paid ${formatEuro(s.amount_cents)}, the order says ${formatEuro(s.price_cents)}`,
      explained: false,
    });
  }

  // Charges started whose outcome never came: still claimed past the timeout, or ended after the claim went stale.
  const unsettled = (await m.query(
    `SELECT s.id, s.amount_cents, s.claimed_at FROM payment_session s
     WHERE s.claimed_at >= $1 AND s.claimed_at < now() - make_interval(secs => $2)
       AND (s.status = 'paying' OR (s.status = 'expired' AND s.end_reason = 'timeout'))
       AND NOT EXISTS (SELECT 1 FROM payment_anomaly a WHERE a.session_id = s.id)
     ORDER BY s.claimed_at`,
    [since, CLAIM_TIMEOUT_MS / 1000],
  )) as Array<{ id: string; amount_cents: number; claimed_at: Date }>;
  for (const s of unsettled) {
    const base = { kind: 'paid-without-order' as const, sessionId: s.id, orderId: null, amountCents: s.amount_cents, at: s.claimed_at };
    let charge: Awaited<ReturnType<PaymentGateway['findSucceededCharge']>>;
    try {
      charge = await gateway.findSucceededCharge(s.id);
    } catch (err) {
      items.push({ ...base, detail: `a charge was started; the provider could not be asked (${(err as Error).message})`, explained: false });
      continue;
    }
    if (charge) {
      items.push({ ...base, amountCents: charge.amountCents, detail: `paid at the provider (${charge.paymentRef}) but no order: replay its event or refund it`, explained: false });
    }
  }
  return { items: items.sort((a, b) => a.at.getTime() - b.at.getTime()), provider: gateway.provider, sessions, asked: unsettled.length };
}

/** The report as the CLI prints it: one line per item, unexplained ones marked. */
export function formatReconciliation({ items, provider, sessions, asked }: Reconciliation, since: Date): string {
  const lines = items.map((i) =>
    [i.explained ? '  ' : '! ', i.at.toISOString(), i.kind.padEnd(21), i.sessionId ?? '-', i.orderId === null ? '-' : `order ${i.orderId}`, i.amountCents === null ? '-' : formatEuro(i.amountCents), i.detail].join('  '),
  );
  const unexplained = items.filter((i) => !i.explained).length;
  return [
    `payments since ${since.toISOString()}: ${sessions} checkouts checked, ${asked} unanswered charges asked of ${provider}; ${items.length} to note, ${unexplained} unexplained`,
    ...lines,
  ].join('\n');
}

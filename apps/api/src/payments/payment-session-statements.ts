import type { OwnRepository } from '../platform/database/transactions.js';
import { PaymentAnomaly, PaymentSession } from './payment-session.entity.js';

// The checkout's rows on the pay path (started, found by the webhook, settled) read and written by
// hand, as prepared statements: each payment reads its session several times, and the ORM's
// query building and hydration cost the API more than the statements did. Rows come back as the
// entities the ORM would build (every column), so the rules that read them are unchanged.

/** Every column of payment_session, named as PaymentSession's properties. */
const SESSION_COLUMNS = `id, provider_ref AS "providerRef", customer_id AS "customerId", provider, status, amount_cents AS "amountCents",
       coupon_id AS "couponId", items, cart_version AS "cartVersion", checkout_url AS "checkoutUrl", expires_at AS "expiresAt",
       claimed_at AS "claimedAt", pay_attempts AS "payAttempts", payment_ref AS "paymentRef", end_reason AS "endReason",
       order_id AS "orderId", created_at AS "createdAt", completed_at AS "completedAt"`;

const asSession = (row: PaymentSession | undefined): PaymentSession | null => (row ? Object.assign(new PaymentSession(), row) : null);

/** A session by id (`lock`: FOR UPDATE, in the ambient transaction), or null. */
export async function sessionById(sessions: OwnRepository<PaymentSession>, id: string, lock = false): Promise<PaymentSession | null> {
  const [row] = lock
    ? await sessions.prepared<PaymentSession>('payment-session-locked', `SELECT ${SESSION_COLUMNS} FROM payment_session WHERE id = $1 FOR UPDATE`, [id])
    : await sessions.prepared<PaymentSession>('payment-session', `SELECT ${SESSION_COLUMNS} FROM payment_session WHERE id = $1`, [id]);
  return asSession(row);
}

/** The customer of a session (null: no such session): what a payment event must know before it takes the cart's lock. */
export async function sessionCustomer(sessions: OwnRepository<PaymentSession>, id: string): Promise<number | null> {
  const [row] = await sessions.prepared<{ customerId: number }>('payment-session-customer', 'SELECT customer_id AS "customerId" FROM payment_session WHERE id = $1', [id]);
  return row?.customerId ?? null;
}

/** The customer's payable (open or paying) session, locked until the ambient transaction ends; at most one (a unique index). */
export async function payableSession(sessions: OwnRepository<PaymentSession>, customerId: number): Promise<PaymentSession | null> {
  const [row] = await sessions.prepared<PaymentSession>(
    'payment-session-payable',
    `SELECT ${SESSION_COLUMNS} FROM payment_session WHERE customer_id = $1 AND status IN ('open', 'paying') LIMIT 1 FOR UPDATE`,
    [customerId],
  );
  return asSession(row);
}

/** The customer's session being charged (paying), unlocked, or null. */
export async function payingSession(sessions: OwnRepository<PaymentSession>, customerId: number): Promise<PaymentSession | null> {
  const [row] = await sessions.prepared<PaymentSession>('payment-session-paying', `SELECT ${SESSION_COLUMNS} FROM payment_session WHERE customer_id = $1 AND status = 'paying' LIMIT 1`, [
    customerId,
  ]);
  return asSession(row);
}

/** A new session (open); the columns the database fills (pay attempts, created at) come back into it. */
export async function insertSession(sessions: OwnRepository<PaymentSession>, s: PaymentSession): Promise<void> {
  const [row] = await sessions.prepared<Pick<PaymentSession, 'payAttempts' | 'createdAt' | 'claimedAt' | 'paymentRef' | 'endReason' | 'completedAt'>>(
    'payment-session-insert',
    `INSERT INTO payment_session (id, provider_ref, customer_id, provider, status, amount_cents, coupon_id, items, cart_version, checkout_url, expires_at, order_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10, $11, $12)
     RETURNING pay_attempts AS "payAttempts", created_at AS "createdAt", claimed_at AS "claimedAt", payment_ref AS "paymentRef", end_reason AS "endReason", completed_at AS "completedAt"`,
    [s.id, s.providerRef, s.customerId, s.provider, s.status, s.amountCents, s.couponId, JSON.stringify(s.items), s.cartVersion, s.checkoutUrl, s.expiresAt, s.orderId],
  );
  Object.assign(s, row);
}

/** The paid session records its order and payment. */
export async function completeSession(sessions: OwnRepository<PaymentSession>, id: string, orderId: number, completedAt: Date, paymentRef: string | null): Promise<void> {
  await sessions.prepared(
    'payment-session-complete',
    `UPDATE payment_session SET status = 'complete', order_id = $2, completed_at = $3, payment_ref = $4 WHERE id = $1`,
    [id, orderId, completedAt, paymentRef],
  );
}

/** The refunds a session still owes (anomalies pending), as PaymentAnomaly entities: usually none. */
export async function pendingRefunds(anomalies: OwnRepository<PaymentAnomaly>, sessionId: string): Promise<PaymentAnomaly[]> {
  const rows = await anomalies.prepared<PaymentAnomaly>(
    'payment-refunds-owed',
    `SELECT id, session_id AS "sessionId", event_id AS "eventId", kind, payment_ref AS "paymentRef", amount_cents AS "amountCents", currency, details,
            refund, refund_ref AS "refundRef", created_at AS "createdAt", refunded_at AS "refundedAt"
       FROM payment_anomaly WHERE session_id = $1 AND refund = 'pending'`,
    [sessionId],
  );
  return rows.map((r) => Object.assign(new PaymentAnomaly(), r));
}

/** Records an event id (in the ambient transaction); false when it was recorded before (a concurrent twin waits here for the first to commit). */
export async function recordEvent(sessions: OwnRepository<PaymentSession>, eventId: string, type: string, sessionId: string): Promise<boolean> {
  const rows = await sessions.prepared('payment-event-record', `INSERT INTO payment_event (id, type, session_id) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING RETURNING id`, [
    eventId,
    type,
    sessionId,
  ]);
  return rows.length === 1;
}

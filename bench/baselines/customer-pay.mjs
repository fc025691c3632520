// Baseline for the customer's pay path (issue 43): a bare Express 5 + pg server running the
// statements Resepti runs for a renewal added to the cart, the checkout started and the signed
// `checkout.session.completed` event that places the order (traced from the app's pg client:
// customer-cart.service.ts, checkout-sessions.ts, payment-settlement.ts, the lifecycle's
// placement), each step its own transaction as there, the cart locked through the customer's
// row, the event recorded once (payment_event) so a repeated delivery places nothing, the order
// and its items in one statement, its audit row appended to the chain by the app's own
// appendToChain. The signature is verified by the stripe SDK, as the app does.
// Left out, as in express-pg.mjs: the queue counts Resepti reads for its queue:status push
// after the placement, the session middleware, validation and the ORM. The customer is named
// by the x-customer header.
import express from 'express';
import pg from 'pg';
import Stripe from 'stripe';
import { customerDeadline, itemPriceCents } from '@resepti/domain';
import { auditedTransaction } from './audited-transaction.mjs';

const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET;
const stripe = new Stripe('sk_test_bench_baseline');
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
const app = express();

const tx = (fn) => auditedTransaction(pool, fn);

const one = async (c, text, values) => (await c.query(text, values)).rows[0];
const lockCart = (c, customerId) => one(c, 'SELECT * FROM customer WHERE id = $1 LIMIT 1 FOR UPDATE', [customerId]);
const currentSession = (c, customerId) => one(c, `SELECT * FROM payment_session WHERE customer_id = $1 AND status IN ('open', 'paying') LIMIT 1 FOR UPDATE`, [customerId]);
const cartItems = async (c, customerId) =>
  (
    await c.query(
      `SELECT i.*, p.name, p.strength, p.form FROM customer_cart_item i LEFT JOIN product p ON p.id = i.product_id WHERE i.customer_id = $1 ORDER BY i.id`,
      [customerId],
    )
  ).rows;
const cartCoupon = (c, customerId) =>
  one(c, 'SELECT cc.customer_id, k.* FROM customer_cart_coupon cc LEFT JOIN coupon k ON k.id = cc.coupon_id WHERE cc.customer_id = $1 LIMIT 1', [customerId]);
const customerOf = (req) => Number(req.get('x-customer'));
const handle = (fn) => async (req, res, next) => {
  try {
    await fn(req, res);
  } catch (err) {
    next(err);
  }
};

// POST /my-shopping-cart/item {productId, reason}: a renewal into the cart.
app.post(
  '/cart/item',
  express.json(),
  handle(async (req, res) => {
    const customerId = customerOf(req);
    const cart = await tx(async (c) => {
      await lockCart(c, customerId);
      await currentSession(c, customerId);
      await one(c, 'SELECT count(1) AS cnt FROM customer_cart_item WHERE customer_id = $1', [customerId]);
      const product = await one(c, 'SELECT * FROM product WHERE id = $1 AND available = true LIMIT 1', [req.body.productId]);
      if (!product) return null;
      if (await one(c, 'SELECT 1 FROM customer_cart_item WHERE customer_id = $1 AND product_id = $2 LIMIT 1', [customerId, product.id])) return null;
      await c.query(
        `INSERT INTO customer_cart_item (customer_id, type, product_id, reason, chat, chat_verified) VALUES ($1, 'renewal', $2, $3, NULL, false) RETURNING id, reason, chat_verified, created_at`,
        [customerId, product.id, req.body.reason],
      );
      const items = await cartItems(c, customerId);
      await cartCoupon(c, customerId);
      await c.query('UPDATE customer SET cart_version = cart_version + 1 WHERE id = $1', [customerId]);
      return { totalPrice: items.reduce((sum, i) => sum + itemPriceCents(i.type), 0) };
    });
    if (!cart) return res.status(409).end();
    res.status(201).json(cart);
  }),
);

// POST /start-payment-session: the embedded checkout of the cart.
app.post(
  '/start-payment-session',
  handle(async (req, res) => {
    const customerId = customerOf(req);
    await one(pool, `SELECT * FROM payment_session WHERE customer_id = $1 AND status = 'paying' LIMIT 1`, [customerId]);
    const session = await tx(async (c) => {
      const customer = await lockCart(c, customerId);
      const items = await cartItems(c, customerId);
      await cartCoupon(c, customerId);
      if (items.length === 0) return null;
      const current = await currentSession(c, customerId);
      if (current) await c.query(`UPDATE payment_session SET status = 'expired', end_reason = 'replaced' WHERE id = $1`, [current.id]);
      const id = `cs_test_${crypto.randomUUID().replaceAll('-', '')}`;
      const copied = items.map((i) => ({
        cartItemId: i.id,
        type: i.type,
        productId: i.product_id,
        displayName: `${i.name} ${i.strength}`,
        format: i.form ?? '',
        reason: i.reason,
        medicalProblem: i.medical_problem,
        chat: i.chat,
        chatVerified: i.chat_verified,
        priceCents: itemPriceCents(i.type),
      }));
      const amount = copied.reduce((sum, i) => sum + i.priceCents, 0);
      await c.query(
        `INSERT INTO payment_session (id, provider_ref, customer_id, provider, status, amount_cents, coupon_id, items, cart_version, checkout_url, expires_at, order_id)
         VALUES ($1, $1, $2, 'embedded', 'open', $3, NULL, $4::jsonb, $5, '/kassa/' || $1, now() + interval '31 minutes', NULL) RETURNING status, cart_version, pay_attempts, created_at`,
        [id, customerId, amount, JSON.stringify(copied), customer.cart_version],
      );
      return { sessionId: id, url: `/kassa/${id}` };
    });
    if (!session) return res.status(400).end();
    res.status(201).json(session);
  }),
);

/** The verified event's payment placed as the customer's order, once (payment_event). */
async function settle(event) {
  const s = event.data.object;
  const known = await one(pool, 'SELECT * FROM payment_session WHERE id = $1 LIMIT 1', [s.metadata.paymentSessionId]);
  if (!known) return 'not-ours';
  const outcome = await tx(async (c) => {
    const recorded = await c.query('INSERT INTO payment_event (id, type, session_id) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING RETURNING id', [event.id, event.type, known.id]);
    if (recorded.rows.length === 0) return 'seen';
    const customer = await lockCart(c, known.customer_id);
    const session = await one(c, 'SELECT * FROM payment_session WHERE id = $1 LIMIT 1 FOR UPDATE', [known.id]);
    if (session.status !== 'open' || session.cart_version !== customer.cart_version || session.amount_cents !== s.amount_total) return 'refused';
    await c.query('DELETE FROM customer_cart_item WHERE customer_id = $1 AND id = ANY($2)', [customer.id, session.items.map((i) => i.cartItemId)]);
    await c.query('UPDATE customer SET cart_version = cart_version + 1 WHERE id = $1', [customer.id]);
    const now = new Date();
    const items = session.items.map((i) => ({ type: i.type, product_id: i.productId, display_name: i.displayName, format: i.format, reason: i.reason, medical_problem: i.medicalProblem, chat: i.chat, chat_verified: null, price_cents: i.priceCents }));
    const { id: orderId } = await one(
      c,
      `WITH placed AS (
         INSERT INTO orders (source, customer_id, pharmacy_id, office_id, pharmacy_user_id, pharmacy_data, patient_first_name, patient_last_name, patient_hetu, delivery_option_id, delivery_before_time, delivery_status, price_cents, sandbox)
         VALUES ('customer', $1, NULL, NULL, NULL, NULL, $2, $3, $4, 'delivery-12-h', $5, 'waiting', $6, false) RETURNING id),
       items AS (
         INSERT INTO order_item (order_id, type, product_id, display_name, format, reason, medical_problem, chat, chat_verified, price_cents)
         SELECT placed.id, i.type, i.product_id, i.display_name, i.format, i.reason, i.medical_problem, i.chat, i.chat_verified, i.price_cents
         FROM placed, ROWS FROM (jsonb_to_recordset($7::jsonb) AS (type text, product_id int, display_name text, format text, reason text, medical_problem text, chat jsonb, chat_verified boolean, price_cents int)) WITH ORDINALITY AS i ORDER BY i.ordinality)
       SELECT id FROM placed`,
      [customer.id, customer.first_name, customer.last_name, customer.hetu, customerDeadline(now), session.amount_cents, JSON.stringify(items)],
    );
    await c.query(`UPDATE payment_session SET status = 'complete', order_id = $2, completed_at = $3, payment_ref = $4 WHERE id = $1`, [session.id, orderId, now, s.payment_intent]);
    c.auditRows.push({ actorRole: 'customer', actorId: customer.id, action: 'customer.order.paid', orderId, patientHetu: customer.hetu, subject: null, details: { paymentSession: session.id, amountCents: session.amount_cents }, clientAddress: null, sessionHash: null });
    return 'placed';
  });
  await pool.query(`SELECT * FROM payment_anomaly WHERE session_id = $1 AND refund = 'pending'`, [known.id]);
  return outcome;
}

// POST /payments/webhook: Stripe's signed event (the raw body is what is verified).
app.post(
  '/payments/webhook',
  express.raw({ type: 'application/json' }),
  handle(async (req, res) => {
    let event;
    try {
      event = stripe.webhooks.constructEvent(req.body, req.get('stripe-signature') ?? '', webhookSecret);
    } catch {
      return res.status(400).end();
    }
    if (event.type !== 'checkout.session.completed') return res.json({ received: true });
    await settle(event);
    res.json({ received: true });
  }),
);

app.get('/health', (_req, res) => res.json({ status: 'ok' }));
// A failure is a 500 with its message on stderr (the bench shows it: a failing baseline fails the phase).
app.use((err, _req, res, _next) => {
  console.error(err);
  res.status(500).json({ message: err.message });
});

const server = app.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => {
  server.close();
  void pool.end().then(() => process.exit(0));
});

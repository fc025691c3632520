// The customer's side (issue 43): the pay path (a renewal into the cart → the embedded checkout
// → Stripe's signed checkout.session.completed, delivered twice at once as a retrying Stripe
// does → one order waiting in the doctors' queue) for concurrent customers, against the bare
// Express + pg baseline (bench/baselines/customer-pay.mjs); and the patients whose reads and
// orders those are.
import path from 'node:path';
import Stripe from 'stripe';
import { ROOT, startNodeServer } from './infra.mjs';
import { Session } from './resepti.mjs';
import { percentile } from './stats.mjs';

/** The webhook secret of the bench's API and baseline (events are signed with it as Stripe signs them). */
export const BENCH_WEBHOOK_SECRET = 'whsec_resepti_bench_webhook_secret';
const signer = new Stripe('sk_test_resepti_bench');
const CUSTOMER_PASSWORD = 'Asiakas123';
const HETU_CHECK = '0123456789ABCDEFHJKLMNPRSTUVWXY';

/** A valid hetu of its own for the i-th bench customer (born 1970–1999). */
export function hetu(i) {
  const [dd, mm, yy] = [1 + (i % 28), 1 + (Math.floor(i / 28) % 12), 70 + (Math.floor(i / 336) % 30)].map((n) => String(n).padStart(2, '0'));
  const nnn = String(100 + (i % 700)).padStart(3, '0');
  return `${dd}${mm}${yy}-${nnn}${HETU_CHECK[Number(`${dd}${mm}${yy}${nnn}`) % 31]}`;
}

/** n customers (`prefix`1@example.fi …) with the demo customer's password; their ids and e-mails. */
export async function createCustomers(db, prefix, n, first = 0) {
  const rows = [];
  for (let i = 0; i < n; i++) {
    const email = `${prefix}${i + 1}@example.fi`;
    const { rows: inserted } = await db.query(
      `INSERT INTO customer (hetu, first_name, last_name, email, phone, password_hash, sex, approved_eula_version)
       SELECT $1, 'Bench', 'Asiakas ' || $3::text, $2, '+358401234567', password_hash, 'f', '1' FROM customer WHERE email = 'asiakas@example.fi' RETURNING id`,
      [hetu(first + i), email, i + 1],
    );
    rows.push({ id: inserted[0].id, email });
  }
  return rows;
}

export async function loginCustomer(baseUrl, email) {
  const s = new Session(baseUrl);
  await s.ok('POST', '/login', { email, password: CUSTOMER_PASSWORD });
  await s.refreshCsrf();
  return s;
}

/** Stripe's checkout.session.completed of a session, signed now. */
function completedEvent(sessionId, amount, n) {
  const payload = JSON.stringify({
    id: `evt_bench_${sessionId}`,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object: { id: sessionId, object: 'checkout.session', client_reference_id: sessionId, metadata: { paymentSessionId: sessionId }, amount_total: amount, currency: 'eur', payment_intent: `pi_bench_${n}`, status: 'complete', payment_status: 'paid' } },
  });
  return { payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret: BENCH_WEBHOOK_SECRET }) };
}

/** The same event delivered twice at once (Stripe retries; both answers must be 200). */
async function deliverTwice(url, sessionId, amount, n) {
  const { payload, signature } = completedEvent(sessionId, amount, n);
  const post = () => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
  const answers = await Promise.all([post(), post()]);
  for (const r of answers) {
    await r.arrayBuffer();
    if (r.status !== 200) throw new Error(`webhook answered ${r.status}`);
  }
}

let eventNumber = 0;

/** One pay cycle of a signed-in Resepti customer: cart, checkout, the event twice. Its ms. */
export async function reseptiPayCycle(customer, productId) {
  const t0 = performance.now();
  const cart = await customer.ok('POST', '/my-shopping-cart/item', { type: 'renewal', productId, reason: 'Lääke loppumassa' }, [200, 201]);
  const started = (await customer.ok('POST', '/start-payment-session', undefined, [200, 201])).body;
  await deliverTwice(`${customer.baseUrl}/ui-api/v1/payments/webhook`, started.sessionId, cart.body.totalPrice, ++eventNumber);
  return performance.now() - t0;
}

/** The same cycle against the baseline (the customer named by x-customer). */
export async function barePayCycle(baseUrl, customerId, productId) {
  const t0 = performance.now();
  const call = async (method, p, body) => {
    const r = await fetch(baseUrl + p, { method, headers: { 'x-customer': String(customerId), 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = await r.json().catch(() => null);
    if (r.status !== 201) throw new Error(`bare ${p}: ${r.status} ${json?.message ?? ''}`);
    return json;
  };
  const cart = await call('POST', '/cart/item', { productId, reason: 'Lääke loppumassa' });
  const started = await call('POST', '/start-payment-session');
  await deliverTwice(`${baseUrl}/payments/webhook`, started.sessionId, cart.totalPrice, ++eventNumber);
  return performance.now() - t0;
}

export function startBareCustomerPay(databaseUrl) {
  return startNodeServer(path.join(ROOT, 'bench/baselines/customer-pay.mjs'), { DATABASE_URL: databaseUrl, STRIPE_WEBHOOK_SECRET: BENCH_WEBHOOK_SECRET }, { label: 'bare Express + pg (customer pay)' });
}

/**
 * Each runner (one a customer) repeats `cycle` for `seconds`, all at once; cycles done, their
 * latencies and the errors (the first one kept).
 */
async function slice(runners, seconds) {
  const until = performance.now() + seconds * 1000;
  const times = [];
  let errors = 0;
  let firstError = null;
  await Promise.all(
    runners.map(async (cycle) => {
      while (performance.now() < until) {
        try {
          times.push(await cycle());
        } catch (err) {
          errors++;
          firstError ??= err instanceof Error ? err.message : String(err);
        }
      }
    }),
  );
  return { times, errors, firstError };
}

/**
 * Resepti and the baseline in alternating slices (`rounds` × `seconds` each), each with its own
 * customers all paying at once: cycles/s of each, latencies, errors.
 */
export async function payCycles({ resepti, bare, rounds, seconds }) {
  const sums = { resepti: { times: [], errors: 0, firstError: null, seconds: 0 }, bare: { times: [], errors: 0, firstError: null, seconds: 0 } };
  // Warm-up (not counted): one cycle each.
  await Promise.all([...resepti.map((c) => c()), ...bare.map((c) => c())]);
  for (let round = 0; round < rounds; round++) {
    for (const [name, runners] of [['resepti', resepti], ['bare', bare]]) {
      const r = await slice(runners, seconds);
      const s = sums[name];
      s.times.push(...r.times);
      s.errors += r.errors;
      s.firstError ??= r.firstError;
      s.seconds += seconds;
    }
  }
  const figures = (s) => ({ cycles: s.times.length, rate: s.times.length / s.seconds, p50: percentile(s.times, 50), p99: percentile(s.times, 99), errors: s.errors, firstError: s.firstError });
  return { resepti: figures(sums.resepti), bare: figures(sums.bare) };
}

/**
 * What the database holds for these customers after the run: their orders, the checkouts paid,
 * and orders beyond one a paid checkout (double orders; must be 0), orders not waiting in the queue.
 */
export async function payOutcome(db, customerIds) {
  const { rows } = await db.query(
    `SELECT (SELECT count(*)::int FROM orders WHERE customer_id = ANY($1)) AS orders,
            (SELECT count(*)::int FROM orders WHERE customer_id = ANY($1) AND delivery_status <> 'waiting') AS not_waiting,
            (SELECT count(*)::int FROM payment_session WHERE customer_id = ANY($1) AND status = 'complete') AS paid,
            (SELECT count(DISTINCT order_id)::int FROM payment_session WHERE customer_id = ANY($1) AND status = 'complete') AS paid_orders`,
    [customerIds],
  );
  const r = rows[0];
  return { ...r, doubleOrders: r.orders - r.paid_orders + (r.paid - r.paid_orders) };
}

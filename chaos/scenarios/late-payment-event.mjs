// Stripe mode with slow charges and late webhook events (issue 39): customers pay their carts at
// once with a token, the API process is killed (SIGKILL) while charges are taken but unanswered,
// and started again; customers retry as told (409 'Maksusi käsitellään' with Retry-After) until
// they have their order. Stripe's events arrive well after the claim's timeout. Counted from the
// stand-in's records (the cards charged, the refunds) and by SQL:
//   duplicated: customers charged more than once without a refund,
//   lost: charges with neither an order nor a refund,
//   corrupted: customer orders without a charge.
// Everything runs on this machine: PostgreSQL, the API, the Stripe stand-in (bench/lib/stripe-stand-in.cjs).
import { execFile } from 'node:child_process';
import path from 'node:path';
import Stripe from 'stripe';
import { freshDatabase, ROOT, sleep, startApi, startPostgres, withClient } from '../../bench/lib/infra.mjs';
import { Session } from '../../bench/lib/resepti.mjs';
import stripeStandIn from '../../bench/lib/stripe-stand-in.cjs';

export const name = 'late-payment-event';

const CUSTOMERS = 30;
/** How long the stand-in takes to answer a charge (it is charged at once). */
const CHARGE_MS = 3_000;
/** Stripe's event of a charge arrives this late: after the claim's 2-minute timeout. */
const EVENT_DELAY_MS = 150_000;
/** The whole scenario's bound. */
const DEADLINE_MS = 8 * 60_000;
const SECRET_KEY = 'sk_test_chaos_late_event';
const WEBHOOK_SECRET = 'whsec_chaos_late_event';
const DEMO_CUSTOMER = 'asiakas@example.fi';
const PASSWORD = 'Asiakas123';

/** A valid Finnish personal identity code of the 1980s, the n-th. */
function hetu(n) {
  const date = `${String((n % 28) + 1).padStart(2, '0')}0${(n % 9) + 1}8${n % 10}`;
  const individual = String(200 + n).padStart(3, '0');
  return `${date}-${individual}${'0123456789ABCDEFHJKLMNPRSTUVWXY'[Number(date + individual) % 31]}`;
}

export async function run() {
  const started = Date.now();
  const details = [];
  const pg = await startPostgres();
  const db = await freshDatabase(pg, 'chaos_late_payment');
  const calls = [];
  const intents = new Map();
  const signer = new Stripe(SECRET_KEY);
  let api = null;
  const deliveries = [];
  /** Stripe retries an event until it is acknowledged (here every 2 s, within the scenario's bound). */
  const deliverLate = (intent) =>
    deliveries.push(
      (async () => {
        await sleep(EVENT_DELAY_MS);
        const payload = JSON.stringify({
          id: `evt_chaos_${intent.id}`,
          object: 'event',
          type: 'payment_intent.succeeded',
          created: intent.created,
          livemode: false,
          data: { object: { object: 'payment_intent', ...intent } },
        });
        while (Date.now() - started < DEADLINE_MS) {
          try {
            const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
            const res = await fetch(`${api.baseUrl}/ui-api/v1/payments/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
            if (res.ok) return;
          } catch {
            // the API is down: Stripe tries again
          }
          await sleep(2_000);
        }
        details.push(`event of ${intent.id} never acknowledged`);
      })(),
    );
  const behaviour = {
    failRefunds: 0,
    holdIntent: (id, answer) => {
      setTimeout(answer, CHARGE_MS);
      deliverLate(intents.get(id));
    },
  };
  const stripeApi = stripeStandIn.fakeStripeApi(calls, behaviour, intents);
  await new Promise((resolve) => stripeApi.listen(0, '127.0.0.1', resolve));
  const env = {
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: `http://127.0.0.1:${stripeApi.address().port}`,
    PUBLIC_URL: 'http://127.0.0.1',
  };
  try {
    api = await startApi(db.url, { env, label: 'API 1' });
    await withClient(db.url, async (c) => {
      for (let i = 0; i < CUSTOMERS; i++) {
        await c.query(
          `INSERT INTO customer (hetu, first_name, last_name, email, phone, password_hash, sex, approved_eula_version)
           SELECT $1, 'Kaaos', $2, $3, '+358401234567', password_hash, 'f', '1' FROM customer WHERE email = $4`,
          [hetu(i), `Asiakas${i}`, `kaaos${i}@example.fi`, DEMO_CUSTOMER],
        );
      }
    });
    const customers = [];
    for (let i = 0; i < CUSTOMERS; i++) {
      const s = new Session(api.baseUrl);
      await s.ok('POST', '/login', { email: `kaaos${i}@example.fi`, password: PASSWORD });
      customers.push(s);
    }
    const products = (await customers[0].ok('GET', '/products')).body;
    const productId = products.find((p) => p.displayName.startsWith('Kestine'))?.productId ?? products[0].productId;
    for (const s of customers) await s.ok('POST', '/my-shopping-cart/item', { type: 'renewal', productId, reason: 'Lääke loppumassa' }, [200, 201]);

    // The burst: everyone pays at once; the process dies while a third of the cards are charged but unanswered.
    const answers = new Map();
    const paying = customers.map((s, i) =>
      s.request('POST', '/my-shopping-cart/pay', { token: 'tok_visa' }).then(
        (r) => answers.set(i, r),
        () => undefined,
      ),
    );
    while (intents.size < CUSTOMERS / 3 && Date.now() - started < DEADLINE_MS) await sleep(20);
    api.child.kill('SIGKILL');
    await Promise.all(paying);
    const answeredBeforeKill = [...answers.values()].filter((r) => r.status === 201).length;
    details.push(`burst: ${intents.size} cards charged when the API was killed, ${answeredBeforeKill} payments answered 201 before it`);
    api = await startApi(db.url, { env, label: 'API 2' });

    // Every customer without an answer tries again, as the answers say: after Retry-After, or in a moment.
    let processing = 0;
    const retrying = customers.map(async (s, i) => {
      if (answers.get(i)?.status === 201) return;
      const again = s.onNode(api.baseUrl);
      while (Date.now() - started < DEADLINE_MS) {
        let r;
        try {
          r = await again.request('POST', '/my-shopping-cart/pay', { token: 'tok_visa' });
        } catch {
          await sleep(2_000);
          continue;
        }
        answers.set(i, r);
        if (r.status === 201 || (r.status === 400 && (await again.ok('GET', '/my-shopping-cart')).body.items.length === 0)) return;
        if (r.status === 409 && String(r.body?.message).startsWith('Maksusi käsitellään')) {
          processing++;
          await sleep(Math.min(Number(r.body.retryAfterSeconds ?? 5), 130) * 1000);
          continue;
        }
        if (r.status >= 500) {
          await sleep(2_000);
          continue;
        }
        details.push(`customer ${i}: ${r.status} ${JSON.stringify(r.body)}`);
        return;
      }
    });
    await Promise.all(retrying);
    details.push(`retries: ${processing} answers 409 'Maksusi käsitellään' with Retry-After; ${[...answers.values()].filter((r) => r.status === 201).length} of ${CUSTOMERS} customers answered 201 in the end`);
    await Promise.all(deliveries);

    // The count: the stand-in's charges and refunds against the orders by SQL.
    const refunded = new Set(calls.filter((c) => c.path === '/v1/refunds').map((c) => c.form.get('payment_intent')));
    const rows = await withClient(db.url, (c) =>
      c.query(`SELECT o.id, o.customer_id, s.payment_ref FROM orders o LEFT JOIN payment_session s ON s.order_id = o.id AND s.status = 'complete' WHERE o.source = 'customer'`),
    );
    const orderOfCharge = new Map(rows.rows.filter((r) => r.payment_ref).map((r) => [r.payment_ref, r.id]));
    const charges = [...intents.values()];
    const lost = charges.filter((i) => !orderOfCharge.has(i.id) && !refunded.has(i.id)).length;
    const keptPerCustomer = new Map();
    for (const i of charges.filter((x) => !refunded.has(x.id))) keptPerCustomer.set(i.metadata.customerId, (keptPerCustomer.get(i.metadata.customerId) ?? 0) + 1);
    const duplicated = [...keptPerCustomer.values()].filter((n) => n > 1).length;
    const corrupted = rows.rows.filter((r) => !r.payment_ref || !intents.has(r.payment_ref)).length;
    const twice = new Map();
    for (const i of charges) twice.set(i.metadata.customerId, (twice.get(i.metadata.customerId) ?? 0) + 1);
    details.push(
      `${charges.length} charges, ${rows.rows.length} orders, ${refunded.size} refunds; customers charged twice (refunded or not): ${[...twice.values()].filter((n) => n > 1).length}`,
    );
    const report = await new Promise((resolve) =>
      execFile(process.execPath, [path.join(ROOT, 'apps/api/dist/cli/admin.js'), 'reconcile-payments'], { env: { ...process.env, ...env, DATABASE_URL: db.url } }, (err, stdout, stderr) =>
        resolve(`reconcile-payments: exit ${err ? err.code : 0}: ${(stdout || stderr).split('\n')[0]}`),
      ),
    );
    details.push(report);
    return { lost, duplicated, corrupted, details };
  } finally {
    await api?.stop();
    stripeApi.closeAllConnections();
    await new Promise((resolve) => stripeApi.close(resolve));
    await db.drop();
    await pg.stop();
  }
}

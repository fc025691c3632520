// Issue 39: slow but healthy receivers. Two API processes on one database send text messages to
// an SMS gateway that answers in 4 s and webhooks to a receiver that answers in 9 s (both inside
// the 10 s send timeout). Counted by what the receivers got: duplicated = items received more
// than once, lost = items never received.
import { createServer } from 'node:http';
import { freshDatabase, sleep, startApi, startPostgres, withClient } from '../../bench/lib/infra.mjs';
import { createClient, token } from '../../bench/lib/integrator.mjs';
import { PATIENT } from '../../bench/lib/resepti.mjs';

export const name = 'slow-receivers';

const MESSAGES = 40;
const EVENTS = 120;
const GATEWAY_ANSWER_MS = 4_000;
const WEBHOOK_ANSWER_MS = 9_000;

/** A local receiver answering 200 after `answerMs`; `got` counts each item (by `keyOf(body)`) it was sent. */
async function slowReceiver(answerMs, keyOf) {
  const got = new Map();
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const key = keyOf(JSON.parse(body));
      got.set(key, (got.get(key) ?? 0) + 1);
      setTimeout(() => res.writeHead(200).end('{}'), answerMs);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    got,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/** What was sent but not received, and received more than once. */
function tally(sent, got) {
  return { lost: sent.filter((key) => !got.has(key)).length, duplicated: [...got.values()].filter((n) => n > 1).length };
}

export async function run() {
  const pgServer = await startPostgres();
  const db = await freshDatabase(pgServer, 'chaos_slow');
  const gateway = await slowReceiver(GATEWAY_ANSWER_MS, (body) => body.idempotencyKey);
  const hooks = await slowReceiver(WEBHOOK_ANSWER_MS, (body) => body.id);
  const apis = [];
  try {
    const env = { SMS_PROVIDER: 'http', SMS_GATEWAY_URL: `${gateway.url}/messages` };
    apis.push(await startApi(db.url, { label: 'API 1', env }), await startApi(db.url, { label: 'API 2', env }));
    const bearer = { authorization: `Bearer ${await token(apis[0].baseUrl, await createClient(db.url))}` };
    const endpoint = await fetch(`${apis[0].baseUrl}/api/v1/webhook-endpoints`, {
      method: 'POST',
      headers: { ...bearer, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${hooks.url}/hook`, events: ['order.created'] }),
    });
    if (endpoint.status !== 201) throw new Error(`webhook endpoint: ${endpoint.status}`);

    const started = Date.now();
    const { messageKeys, officeId, productId } = await withClient(db.url, async (c) => {
      const [{ phone }] = (await c.query("SELECT phone FROM customer WHERE email = 'asiakas@example.fi'")).rows;
      const keys = (
        await c.query(
          `INSERT INTO sms_outbox (phone, body, order_id, idempotency_key)
           SELECT $1, 'Resepti: kaaostesti ' || g, NULL, gen_random_uuid() FROM generate_series(1, $2) g RETURNING idempotency_key`,
          [phone, MESSAGES],
        )
      ).rows.map((r) => r.idempotency_key);
      const [office] = (await c.query(`SELECT id FROM pharmacy_office WHERE name = 'Keskusapteekki Kauppatori'`)).rows;
      const [product] = (await c.query(`SELECT id FROM product WHERE renewable AND available ORDER BY id LIMIT 1`)).rows;
      return { messageKeys: keys, officeId: office.id, productId: product.id };
    });
    // Orders through both processes, four at a time: each one's order.created is one webhook event.
    let next = 0;
    const placeOrders = async () => {
      while (next < EVENTS) {
        const i = next++;
        const res = await fetch(`${apis[i % 2].baseUrl}/api/v1/orders`, {
          method: 'POST',
          headers: { ...bearer, 'content-type': 'application/json', 'idempotency-key': `chaos-slow-${i}` },
          body: JSON.stringify({ officeId, patient: PATIENT, items: [{ productId }], deliveryOption: 'delivery-12-h' }),
        });
        if (res.status !== 201) throw new Error(`order ${i}: ${res.status} ${await res.text()}`);
      }
    };
    await Promise.all(Array.from({ length: 4 }, placeOrders));

    const eventIds = await withClient(db.url, async (c) => {
      const deadline = Date.now() + 5 * 60_000;
      for (;;) {
        const [{ pending }] = (
          await c.query(`SELECT (SELECT count(*) FROM sms_outbox WHERE status = 'pending') + (SELECT count(*) FROM webhook_delivery WHERE status = 'pending') AS pending`)
        ).rows;
        if (Number(pending) === 0 || Date.now() > deadline) break;
        await sleep(500);
      }
      return (await c.query('SELECT event_id FROM webhook_delivery')).rows.map((r) => r.event_id);
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    // A send begun before the last row was recorded would still arrive within one answer's time.
    await sleep(WEBHOOK_ANSWER_MS + 1_000);

    const sms = tally(messageKeys, gateway.got);
    const webhooks = tally(eventIds, hooks.got);
    const tries = await withClient(db.url, async (c) =>
      (await c.query(`SELECT 'sms' AS channel, status, sum(attempts)::int AS tries, count(*)::int AS n FROM sms_outbox GROUP BY status
                      UNION ALL SELECT 'webhook', status, sum(attempts)::int, count(*)::int FROM webhook_delivery GROUP BY status ORDER BY 1, 2`)).rows,
    );
    return {
      lost: sms.lost + webhooks.lost,
      duplicated: sms.duplicated + webhooks.duplicated,
      corrupted: 0,
      details: [
        `${MESSAGES} SMS (gateway answers in ${GATEWAY_ANSWER_MS / 1000} s), ${eventIds.length} webhook events (receiver answers in ${WEBHOOK_ANSWER_MS / 1000} s), two API processes; all sent in ${seconds} s`,
        `SMS: ${sms.lost} lost, ${sms.duplicated} received twice or more; webhooks: ${webhooks.lost} lost, ${webhooks.duplicated} received twice or more`,
        `outbox rows: ${tries.map((r) => `${r.channel} ${r.status} ${r.n} (${r.tries} tries)`).join(', ')}`,
      ],
    };
  } finally {
    for (const api of apis) await api.stop();
    await gateway.close();
    await hooks.close();
    await db.drop();
    await pgServer.stop();
  }
}

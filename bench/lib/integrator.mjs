// The integrator API under load: order creation over /api/v1 (latency and throughput), the
// time from an order's commit to its signed webhook at a local receiver, and cursor paging.
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from './infra.mjs';
import { PATIENT } from './resepti.mjs';
import { now, percentile } from './stats.mjs';

const run = promisify(execFile);

/** A new integrator client of Keskusapteekki (the admin CLI): { clientId, clientSecret }. */
export async function createClient(dbUrl) {
  const { stdout } = await run(process.execPath, [path.join(ROOT, 'apps/api/dist/cli/admin.js'), 'create-api-client', '--pharmacy', 'Keskusapteekki', '--name', 'Bench', '--json'], {
    env: { ...process.env, DATABASE_URL: dbUrl },
  });
  return JSON.parse(stdout.trim().split('\n').at(-1));
}

export async function token(baseUrl, client) {
  const res = await fetch(`${baseUrl}/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret }),
  });
  if (!res.ok) throw new Error(`token: ${res.status}`);
  return (await res.json()).access_token;
}

export async function integratorFigures(baseUrl, dbUrl, db, { orders, concurrency }) {
  const client = await createClient(dbUrl);
  const bearer = { authorization: `Bearer ${await token(baseUrl, client)}` };
  const arrived = new Map(); // orderId -> arrival time of order.created
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const event = JSON.parse(body);
      if (event.type === 'order.created') arrived.set(event.data.object.orderId, now());
      res.writeHead(204).end();
    });
  });
  await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  try {
    const hook = await fetch(`${baseUrl}/api/v1/webhook-endpoints`, {
      method: 'POST',
      headers: { ...bearer, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `http://127.0.0.1:${receiver.address().port}/hook`, events: ['order.created'] }),
    });
    if (hook.status !== 201) throw new Error(`webhook endpoint: ${hook.status}`);
    const [{ id: officeId }] = (await db.query(`SELECT id FROM pharmacy_office WHERE name = 'Keskusapteekki Kauppatori'`)).rows;
    const [{ id: productId }] = (await db.query(`SELECT id FROM product WHERE renewable AND available ORDER BY id LIMIT 1`)).rows;
    const committed = new Map(); // orderId -> the order's created time (the server's clock, this machine)
    const latencies = [];
    let failures = 0;
    let next = 0;
    const t0 = now();
    const worker = async () => {
      while (next < orders) {
        const i = next++;
        const started = now();
        const res = await fetch(`${baseUrl}/api/v1/orders`, {
          method: 'POST',
          headers: { ...bearer, 'content-type': 'application/json', 'idempotency-key': `bench-${i}` },
          body: JSON.stringify({ officeId, patient: PATIENT, items: [{ productId }], deliveryOption: 'delivery-12-h' }),
        });
        const done = now();
        if (res.status !== 201) {
          failures++;
          await res.body?.cancel();
          continue;
        }
        latencies.push(done - started);
        const order = await res.json();
        committed.set(order.orderId, Date.parse(order.created));
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    const seconds = (now() - t0) / 1000;
    const deadline = Date.now() + 30_000;
    while (arrived.size < committed.size && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const webhookDelays = [...committed].filter(([id]) => arrived.has(id)).map(([id, at]) => arrived.get(id) - at);

    // Paging the pharmacy's orders by last change, 100 a page.
    const pages = [];
    let cursor = null;
    let listed = 0;
    do {
      const started = now();
      const res = await fetch(`${baseUrl}/api/v1/orders?limit=100${cursor ? `&cursor=${cursor}` : ''}`, { headers: bearer });
      const page = await res.json();
      pages.push(now() - started);
      listed += page.data.length;
      cursor = page.nextCursor;
    } while (cursor && pages.length < 200);

    return {
      created: committed.size,
      failures,
      rps: committed.size / seconds,
      createP50: percentile(latencies, 50),
      createP95: percentile(latencies, 95),
      webhookP50: percentile(webhookDelays, 50),
      webhookP95: percentile(webhookDelays, 95),
      webhooksMissing: committed.size - webhookDelays.length,
      pageP95: percentile(pages, 95),
      pages: pages.length,
      listed,
    };
  } finally {
    receiver.close();
  }
}

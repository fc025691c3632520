// Patients at scale (issue 43): N patients' pages open on two API processes sharing Redis, a
// doctor's delivery → that one patient's page, against a bare two-process Socket.IO + Redis
// streams adapter pair delivering the same payload to the same room; the heap per page on both;
// and the reconnect storm: one process restarts, its pages reconnect, and the deliveries made
// while it was down reach them (connection state recovery replays them).
//
// In a database of its own. The patients' sessions are copies of one real login's session row
// (one password login per patient would take minutes of deliberate hashing), each signed as
// express-session signs its cookie.
import { fork } from 'node:child_process';
import path from 'node:path';
import signature from 'cookie-signature';
import { freshDatabase, ROOT, sleep, startApi, withClient } from './infra.mjs';
import { hetu, loginCustomer } from './customer-pay.mjs';
import { startBareSocketServer } from './push.mjs';
import { loginDoctor } from './resepti.mjs';
import { now, percentile } from './stats.mjs';

const WORKER = path.join(ROOT, 'bench/workers/patients.mjs');
const SESSION_SECRET = 'bench-session-secret-0123456789'; // startApi's
const DECISION = { decision: 'rejected', reasonForDecision: 'Bench: ei uusita' };

/** Load processes holding the pages; `arrived(orderId)` resolves when that order's delivery reaches its page. */
class PatientPages {
  constructor(workers) {
    this.waiting = new Map(); // orderId -> resolve
    this.early = new Map(); // orderId -> t (arrived before anyone waited)
    this.workers = Array.from({ length: workers }, () => {
      const child = fork(WORKER, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      child.setMaxListeners(0);
      child.on('message', (m) => {
        if (m.type !== 'arrived') return;
        const resolve = this.waiting.get(m.orderId);
        if (resolve) {
          this.waiting.delete(m.orderId);
          resolve(m.t);
        } else this.early.set(m.orderId, m.t);
      });
      return child;
    });
  }

  ask(child, msg, type) {
    return new Promise((resolve) => {
      const on = (m) => {
        if (m.type !== type) return;
        child.off('message', on);
        resolve(m);
      };
      child.on('message', on);
      child.send(msg);
    });
  }

  /** Opens one page per patient, the patient at position `first + i` on urls[(first + i) % 2], spread over the workers. */
  async open(urls, patients, { cookies, rooms, first = 0 }) {
    const per = Math.ceil(patients.length / this.workers.length);
    const answers = await Promise.all(
      this.workers.map((child, w) => {
        const mine = patients.map((p, i) => ({ p, i })).slice(w * per, (w + 1) * per);
        // a worker opens its pages on each node in turn
        return Promise.all(
          urls.map((url, n) => {
            const onNode = mine.filter(({ i }) => (first + i) % urls.length === n);
            return this.ask(child, { cmd: 'open', url, patients: onNode.map(({ p }) => p.id), cookies: cookies && onNode.map(({ i }) => cookies[i]), rooms: rooms && onNode.map(({ i }) => rooms[i]) }, 'opened');
          }),
        );
      }),
    );
    const all = answers.flat();
    const failed = all.reduce((n, a) => n + a.failed, 0);
    if (failed) throw new Error(`${failed} of ${patients.length} pages refused: ${all.find((a) => a.firstError)?.firstError}`);
  }

  /** The arrival time of `orderId`'s delivery at its page, or null after `ms`. */
  arrived(orderId, ms) {
    if (this.early.has(orderId)) {
      const t = this.early.get(orderId);
      this.early.delete(orderId);
      return Promise.resolve(t);
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(orderId);
        resolve(null);
      }, ms);
      this.waiting.set(orderId, (t) => {
        clearTimeout(timer);
        resolve(t);
      });
    });
  }

  async status() {
    const all = await Promise.all(this.workers.map((c) => this.ask(c, { cmd: 'status' }, 'status')));
    return all.reduce((s, a) => ({ connected: s.connected + a.connected, reconnects: s.reconnects + a.reconnects, recovered: s.recovered + a.recovered }), { connected: 0, reconnects: 0, recovered: 0 });
  }

  async close() {
    await Promise.all(this.workers.map((c) => this.ask(c, { cmd: 'close' }, 'closed')));
    for (const c of this.workers) c.kill();
  }
}

/** `count` patients with a signed-in session each: their ids, hetus and cookies. */
async function signedInPatients(dbUrl, apiUrl, count) {
  return withClient(dbUrl, async (c) => {
    for (let from = 0; from < count; from += 1_000) {
      const rows = Array.from({ length: Math.min(1_000, count - from) }, (_, k) => from + k);
      await c.query(
        `INSERT INTO customer (hetu, first_name, last_name, email, phone, password_hash, sex, approved_eula_version)
         SELECT h, 'Potilas', 'Nro ' || n, 'potilas' || n || '@example.fi', '+358401234567', t.password_hash, 'f', '1'
           FROM unnest($1::text[], $2::int[]) AS x(h, n), (SELECT password_hash FROM customer WHERE email = 'asiakas@example.fi') t`,
        [rows.map((i) => hetu(i)), rows.map((i) => i + 1)],
      );
    }
    const first = await loginCustomer(apiUrl, 'potilas1@example.fi');
    const sid = signature.unsign(decodeURIComponent(first.cookies.get('resepti.sid')).slice(2), SESSION_SECRET);
    if (!sid) throw new Error('the first patient’s session cookie does not verify');
    const { rows: patients } = await c.query(
      `INSERT INTO http_session (sid, sess, expire)
       SELECT 'bench-patient-' || p.id, jsonb_set(s.sess::jsonb, '{passport,user,id}', to_jsonb(p.id))::json, now() + interval '1 day'
         FROM customer p, http_session s
        WHERE p.email LIKE 'potilas%@example.fi' AND s.sid = $1
       RETURNING substr(sid, 15)::int AS id`,
      [sid],
    );
    const byId = new Map((await c.query(`SELECT id, hetu FROM customer WHERE email LIKE 'potilas%@example.fi'`)).rows.map((r) => [r.id, r.hetu]));
    return patients
      .sort((a, b) => a.id - b.id)
      .map(({ id }) => ({ id, hetu: byId.get(id), cookie: `resepti.sid=${encodeURIComponent(`s:${signature.sign(`bench-patient-${id}`, SESSION_SECRET)}`)}` }));
  });
}

/** One waiting order for each patient of `patients`, picked in this order (deadlines 1 s apart). */
async function ordersFor(dbUrl, patients) {
  return withClient(dbUrl, async (c) => {
    // the demo's own orders out of the way: the doctor picks exactly these
    await c.query(`UPDATE orders SET delivery_status = 'delivered', delivery_time = now() WHERE delivery_status <> 'delivered'`);
    const { rows } = await c.query(
      `WITH o AS (
         INSERT INTO orders (source, customer_id, patient_first_name, patient_last_name, patient_hetu, delivery_option_id, delivery_before_time, delivery_status, price_cents, created_at)
         SELECT 'customer', p.id, 'Potilas', 'Nro ' || p.id, p.hetu, 'delivery-12-h', now() + interval '1 hour' + k * interval '1 second', 'waiting', 990, now()
           FROM unnest($1::int[], $2::text[]) WITH ORDINALITY AS p(id, hetu, k)
         RETURNING id, customer_id),
       i AS (INSERT INTO order_item (order_id, type, display_name, format, reason, price_cents) SELECT id, 'renewal', 'Burana 400 mg', 'tabletti', 'Säryn hoitoon', 990 FROM o)
       SELECT id, customer_id FROM o ORDER BY id`,
      [patients.map((p) => p.id), patients.map((p) => p.hetu)],
    );
    return rows.map((r) => ({ orderId: r.id, patientId: r.customer_id }));
  });
}

/**
 * The doctor decides the order they hold and delivers it (mark-delivered answers with the next
 * order, picked in the same step, or 204 when none waits); resolves with the delivery's start
 * (epoch ms). `desk.held`: the order the doctor holds (from pick-first at the start).
 */
async function deliverHeld(doctor, desk, expectedOrderId) {
  desk.held ??= (await doctor.ok('POST', '/order/pick-first')).body;
  if (desk.held?.id !== expectedOrderId) throw new Error(`the doctor holds ${desk.held?.id}, expected ${expectedOrderId}`);
  for (const item of desk.held.prescriptions) await doctor.ok('POST', `/order/process-item/${item.id}`, DECISION);
  const t0 = now();
  const next = await doctor.ok('POST', '/order/mark-delivered', undefined, [200, 204]);
  desk.held = next.status === 200 ? next.body : null;
  desk.requests.push(next.ms);
  return t0;
}

async function bareEmit(baseUrl, room, payload) {
  const res = await fetch(`${baseUrl}/emit?room=${encodeURIComponent(room)}&event=order:updated`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
  await res.arrayBuffer();
  if (res.status !== 204) throw new Error(`bare emit answered ${res.status}`);
}

/**
 * The phase: pages opened up to each of `sizes` (the last is the headline figure's), at each size
 * `sends` measured deliveries each side (alternating) and the heap per page opened at that step;
 * then the storm at the largest size, with `outage` deliveries while node B is down. Returns the
 * figures (of the largest size), the curves' points, details and notes; throws when the baseline fails.
 */
export async function patientsAtScale({ pgServer, redis, sizes, sends, outage, workers, budgetMs }) {
  const count = sizes.at(-1);
  const { url: dbUrl, drop } = await freshDatabase(pgServer, 'resepti_patients');
  const stops = [drop];
  const pages = new PatientPages(workers);
  const barePages = new PatientPages(workers);
  const notes = [];
  try {
    const env = { SESSION_IDLE_MINUTES: '600' };
    const a = await startApi(dbUrl, { redisUrl: redis.url, label: 'Resepti API (patients, node A)', env });
    stops.unshift(() => a.stop());
    let b = await startApi(dbUrl, { redisUrl: redis.url, label: 'Resepti API (patients, node B)', env });
    stops.unshift(() => b.stop());
    // the baseline recovers connections too, with Resepti's window (redis-io.adapter.ts)
    const bareA = await startBareSocketServer(redis.url, { recoveryWindowMs: 120_000 });
    const bareB = await startBareSocketServer(redis.url, { recoveryWindowMs: 120_000 });
    stops.unshift(bareA.stop, bareB.stop);

    const patients = await signedInPatients(dbUrl, a.baseUrl, count);
    // at each size, measured sends go to patients spread over the pages open, half on each node
    const measured = sizes.flatMap((size) => {
      const stride = Math.max(1, Math.floor(size / sends));
      return Array.from({ length: sends }, (_, k) => patients[(k * stride + (k % 2)) % size]);
    });
    // the outage's deliveries are for node B's patients (odd positions)
    const onB = patients.filter((_, i) => i % 2 === 1);
    const missed = Array.from({ length: outage }, (_, k) => onB[(k * 7919) % onB.length]);
    const orders = await ordersFor(dbUrl, [...measured, ...missed]);
    const doctor = await loginDoctor(a.baseUrl, 'laakari@example.fi');
    const desk = { held: null, requests: [] };

    const points = [];
    let open = 0;
    let next = 0; // the next order of `orders`
    let missing = 0;
    let res = [];
    let base = [];
    let openSeconds = 0;
    for (const size of sizes) {
      const added = patients.slice(open, size);
      // BENCH_HEAP_SNAPSHOTS=<dir>: node A's and bare A's heap snapshots around the last size's pages, to compare what a page costs
      const shots = size === count && process.env.BENCH_HEAP_SNAPSHOTS;
      const shot = (name) => (shots ? path.join(shots, `${name}.heapsnapshot`) : undefined);
      const heapBefore = (await a.heapUsed(shot('resepti-before'))) + (await b.heapUsed());
      const bareHeapBefore = (await bareA.heapUsed(shot('bare-before'))) + (await bareB.heapUsed());
      const t = Date.now();
      // each page on node A or B by its position among all patients
      await pages.open([a.baseUrl, b.baseUrl], added, { cookies: added.map((p) => p.cookie), first: open });
      openSeconds = (Date.now() - t) / 1000;
      await barePages.open([bareA.baseUrl, bareB.baseUrl], added, { rooms: added.map((p) => `customer:${p.id}`), first: open });
      const heap = ((await a.heapUsed(shot('resepti-after'))) + (await b.heapUsed()) - heapBefore) / added.length / 1024;
      const bareHeap = ((await bareA.heapUsed(shot('bare-after'))) + (await bareB.heapUsed()) - bareHeapBefore) / added.length / 1024;
      open = size;

      // alternating, one delivery each side at a time
      res = [];
      base = [];
      desk.requests = [];
      const began = Date.now();
      for (let k = 0; k < sends; k++, next++) {
        const { orderId, patientId } = orders[next];
        // out of budget: the doctor still delivers the size's orders (the next size's come after them), unmeasured
        const measuring = Date.now() - began < budgetMs;
        const t0 = await deliverHeld(doctor, desk, orderId);
        const got = await pages.arrived(orderId, 15_000);
        if (got === null) missing++;
        else if (measuring) res.push(got - t0);
        if (!measuring) continue;
        const bareId = -(next + 1);
        const b0 = now();
        await bareEmit(bareA.baseUrl, `customer:${patientId}`, { orderId: bareId, deliveryStatus: 'delivered' });
        const bareGot = await barePages.arrived(bareId, 15_000);
        if (bareGot === null) throw new Error(`the baseline lost delivery ${next + 1} at ${size} pages: no figure`);
        base.push(bareGot - b0);
        await sleep(20);
      }
      if (res.length < sends) notes.push(`patients: ${res.length} of ${sends} deliveries measured at ${size} pages within the ${budgetMs / 1000} s budget`);
      points.push({ size, push: { p50: percentile(res, 50), p99: percentile(res, 99) }, barePush: { p50: percentile(base, 50), p99: percentile(base, 99) }, heap, bareHeap });
    }
    if (missing) notes.push(`patients: ${missing} measured deliveries never reached their page`);

    const requests = desk.requests; // the last size's deliveries, not the storm's
    // the storm: node B restarts (graceful stop, then a new process on its port)
    const port = Number(new URL(b.baseUrl).port);
    const stormStart = Date.now();
    await b.stop();
    const delivered = [];
    for (const { orderId } of orders.slice(next)) {
      await deliverHeld(doctor, desk, orderId);
      delivered.push(orderId);
    }
    b = await startApi(dbUrl, { redisUrl: redis.url, label: 'Resepti API (patients, node B again)', env, port });
    let status = await pages.status();
    while (status.connected < count && Date.now() - stormStart < 120_000) {
      await sleep(250);
      status = await pages.status();
    }
    const reconnectSeconds = (Date.now() - stormStart) / 1000;
    const replayed = (await Promise.all(delivered.map((id) => pages.arrived(id, 30_000)))).filter((x) => x !== null).length;
    const last = points.at(-1);
    return {
      figures: {
        patient_push_p99_10k_ms: [last.push.p99, last.barePush.p99],
        patient_heap_per_socket_10k: [last.heap, last.bareHeap],
        patient_reconnect_10k_s: [status.connected < count ? Infinity : reconnectSeconds, null],
        patient_storm_lost: [delivered.length - replayed + missing, null],
      },
      points,
      details: [
        [`patients: ${count.toLocaleString('en')} pages on two processes`, `the last ${(count - (sizes.at(-2) ?? 0)).toLocaleString('en')} opened in ${openSeconds.toFixed(1)} s`, `${res.length} deliveries each side at this size; Resepti p50 ${percentile(res, 50).toFixed(1)} ms vs bare ${percentile(base, 50).toFixed(1)} ms; the delivery's own request (decide, deliver, pick the next, audit, text message) p50 ${percentile(requests, 50).toFixed(1)} / p99 ${percentile(requests, 99).toFixed(1)} ms; Resepti p99 ${percentile(res, 99).toFixed(1)} vs bare ${percentile(base, 99).toFixed(1)} ms`],
        ['patients: reconnect storm', `${status.connected} of ${count} back in ${reconnectSeconds.toFixed(1)} s`, `${status.recovered} of ${status.reconnects} reconnects recovered; ${replayed} of ${delivered.length} deliveries made during the restart reached their page`],
      ],
      notes,
    };
  } finally {
    await Promise.allSettled([pages.close(), barePages.close()]);
    for (const stop of stops) await stop().catch(() => undefined);
  }
}

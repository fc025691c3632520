// Redis away for ~20 s while doctors decide (issue 39): three API processes on one PostgreSQL and
// one Redis of the scenario's own; the patients' sockets on process A, the doctors' decisions on
// B, the doctors' sockets on C. Each patient screen follows the web's protocol (useLiveQuery):
// its orders fetched once, again on an order:updated push, on a resync and on a gap in the push
// numbers; no polling, since the sockets stay connected.
// lost: patients who did not see their order handled within 15 s of Redis returning (or of the
// decision, when it came later); duplicated: orders delivered by two doctors; corrupted: screens
// showing as handled an order the database does not have delivered.
import { io } from 'socket.io-client';
import { PushSequence, SOCKET_EVENTS } from '@resepti/domain';
import { freshDatabase, sleep, startApi, startPostgres, startRedis, withClient } from '../../bench/lib/infra.mjs';
import { loginDoctor, Session } from '../../bench/lib/resepti.mjs';
import { createDoctors } from '../../bench/lib/seed.mjs';

export const name = 'redis-outage';

const PATIENTS = Number(process.env.CHAOS_PATIENTS ?? 300);
const DOCTORS = 20;
/** About how long the decisions take, all doctors together; the outage falls inside. */
const DECISIONS_MS = 50_000;
const OUTAGE_AFTER_MS = 10_000;
const OUTAGE_MS = 20_000;
const CONVERGED_WITHIN_MS = 15_000;
const CUSTOMER_PASSWORD = 'Asiakas123';

/** n customers (chaos1@example.fi …, the demo customer's password), each with one renewal waiting for a doctor. */
async function seedPatients(c, n) {
  // Valid hetus (individual numbers 100…): DDMMYY-NNNC, the check character of DDMMYYNNN mod 31.
  await c.query(
    `INSERT INTO customer (hetu, first_name, last_name, email, phone, password_hash, sex, approved_eula_version)
     SELECT h.digits_hetu, 'Potilas', 'Kaaos ' || g, 'chaos' || g || '@example.fi', '+35840' || lpad(g::text, 7, '0'), d.password_hash, 'f', '1'
     FROM generate_series(1, $1) g
     CROSS JOIN (SELECT password_hash FROM customer WHERE email = 'asiakas@example.fi') d
     CROSS JOIN LATERAL (SELECT lpad((1 + g % 28)::text, 2, '0') || lpad((1 + g % 12)::text, 2, '0') || '80' AS birth, (100 + g)::text AS nnn) b
     CROSS JOIN LATERAL (SELECT b.birth || '-' || b.nnn || substr('0123456789ABCDEFHJKLMNPRSTUVWXY', 1 + ((b.birth || b.nnn)::bigint % 31)::int, 1) AS digits_hetu) h`,
    [n],
  );
  await c.query(
    `INSERT INTO orders (source, customer_id, patient_first_name, patient_last_name, patient_hetu, delivery_option_id,
                         delivery_before_time, delivery_status, price_cents, created_at)
     SELECT 'customer', id, first_name, last_name, hetu, 'delivery-12-h', now() + interval '12 hours' + id * interval '1 second', 'waiting', 990, now()
     FROM customer WHERE email LIKE 'chaos%@example.fi'`,
  );
  await c.query(
    `INSERT INTO order_item (order_id, type, display_name, format, reason, decision, reason_for_decision, price_cents)
     SELECT o.id, 'renewal', 'Burana 400 mg', 'tabletti', 'Säryn hoitoon', 'undecided', '', 990
     FROM orders o JOIN customer cu ON cu.id = o.customer_id WHERE cu.email LIKE 'chaos%@example.fi'`,
  );
  return (
    await c.query(`SELECT cu.email, o.id AS "orderId" FROM orders o JOIN customer cu ON cu.id = o.customer_id WHERE cu.email LIKE 'chaos%@example.fi'`)
  ).rows;
}

/** Runs `fn` over `items`, `width` at a time. */
async function inParallel(items, width, fn) {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) await fn(items[next++]);
  }));
}

/** Resolves once `socket` is connected; rejects when it is refused. */
function connected(socket) {
  return new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
}

/** A patient's /reseptit (see the top): `handledAt`, when it first showed the order as handled. */
async function openScreen(baseUrl, patient, counts) {
  const session = patient.session;
  const screen = { ...patient, handledAt: undefined, shown: new Set(), socket: undefined };
  let fetching = Promise.resolve();
  const refetch = () => {
    counts.refetches++;
    fetching = fetching.then(async () => {
      // As react-query (query-client.ts): a failed fetch is tried twice more, 1 s and 2 s later.
      for (let attempt = 0; attempt < 3; attempt++) {
        if (attempt > 0) await sleep(1000 * attempt);
        const res = await session.send('GET', '/my-order-history').catch((err) => ({ status: 0, body: err }));
        if (res.status !== 200) {
          counts.failedRefetches++;
          continue;
        }
        screen.shown = new Set(res.body.map((o) => o.orderId));
        if (screen.shown.has(screen.orderId)) screen.handledAt ??= Date.now();
        return;
      }
    });
  };
  const socket = io(baseUrl, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie: session.cookie } });
  screen.socket = socket;
  const sequence = new PushSequence();
  let first = true;
  socket.on('connect', () => {
    if (!first && !socket.recovered) refetch();
    if (!first) counts.reconnects++;
    first = false;
    socket.timeout(10_000).emit('session:info', (err, info) => !err && sequence.setRooms(info.rooms));
  });
  socket.onAny((event, payload, meta) => {
    counts.pushes++;
    const missed = sequence.missedBefore(meta);
    if (missed) counts.gaps++;
    if (event === SOCKET_EVENTS.resync) counts.resyncs[payload.reason] = (counts.resyncs[payload.reason] ?? 0) + 1;
    if (missed || event === SOCKET_EVENTS.orderUpdated || event === SOCKET_EVENTS.resync) refetch();
  });
  await connected(socket);
  refetch();
  await fetching;
  return screen;
}

export async function run() {
  const details = [];
  const cleanup = [];
  try {
    const pg = await startPostgres();
    cleanup.push(() => pg.stop());
    let redis = await startRedis();
    if (!redis) throw new Error('redis-server is not installed');
    cleanup.push(() => redis.stop());
    const db = await freshDatabase(pg, 'chaos_redis');
    cleanup.push(() => db.drop());

    // The first process migrates and seeds; the other two join it.
    const a = await startApi(db.url, { redisUrl: redis.url, label: 'API A (patients)' });
    cleanup.push(() => a.stop());
    const [b, c] = await Promise.all(['API B (decisions)', 'API C (doctor sockets)'].map((label) => startApi(db.url, { redisUrl: redis.url, label })));
    cleanup.push(() => b.stop(), () => c.stop());

    const { patients, doctorEmails } = await withClient(db.url, async (client) => ({
      doctorEmails: await createDoctors(client, DOCTORS),
      patients: await seedPatients(client, PATIENTS),
    }));

    const counts = { pushes: 0, gaps: 0, resyncs: {}, refetches: 0, failedRefetches: 0, reconnects: 0 };
    // Each process hashes passwords one or two at a time: the logins go to all three (a session is valid on any).
    await inParallel(patients, 12, async (patient) => {
      const login = new Session([a, b, c][patients.indexOf(patient) % 3].baseUrl);
      await login.ok('POST', '/login', { email: patient.email, password: CUSTOMER_PASSWORD });
      patient.session = login.onNode(a.baseUrl);
    });
    const screens = [];
    await inParallel(patients, 25, async (patient) => screens.push(await openScreen(a.baseUrl, patient, counts)));
    cleanup.push(() => screens.forEach((s) => s.socket.close()));

    const doctors = await Promise.all(doctorEmails.map((email) => loginDoctor(b.baseUrl, email)));
    const doctorSockets = await Promise.all(
      doctors.map(async (doctor) => {
        const socket = io(c.baseUrl, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie: doctor.cookie } });
        await connected(socket);
        return socket;
      }),
    );
    cleanup.push(() => doctorSockets.forEach((s) => s.close()));
    details.push(`${screens.length} patient sockets on A, ${doctorSockets.length} doctor sockets on C, ${doctors.length} doctors deciding on B`);

    // Decisions: each doctor takes, approves and delivers (which takes the next) until none wait.
    const decidedAt = new Map();
    const deliveredBy = new Map();
    const pace = (DOCTORS * DECISIONS_MS) / PATIENTS;
    const started = Date.now();
    const deciding = Promise.all(
      doctors.map(async (doctor, i) => {
        await sleep((i * pace) / DOCTORS);
        let res = await doctor.request('POST', '/order/pick-first');
        while (res.status === 200) {
          const order = res.body;
          for (const item of order.prescriptions) await doctor.ok('POST', `/order/process-item/${item.id}`, { decision: 'approved', reasonForDecision: '' });
          res = await doctor.request('POST', '/order/mark-delivered');
          if (res.status !== 200 && res.status !== 204) throw new Error(`mark-delivered: ${res.status} ${JSON.stringify(res.body)}`);
          decidedAt.set(order.id, Date.now());
          deliveredBy.set(order.id, (deliveredBy.get(order.id) ?? 0) + 1);
          await sleep(pace);
        }
        if (res.status !== 204) throw new Error(`pick-first: ${res.status} ${JSON.stringify(res.body)}`);
      }),
    );

    await sleep(OUTAGE_AFTER_MS);
    const decidedBeforeOutage = decidedAt.size;
    redis.stop();
    const down = Date.now();
    await sleep(OUTAGE_MS);
    const decidedDuringOutage = decidedAt.size - decidedBeforeOutage;
    const port = redis.port;
    redis = await startRedis({ port });
    if (!redis) throw new Error(`redis-server did not start again on port ${port}`);
    const returned = Date.now();
    details.push(`Redis down ${((returned - down) / 1000).toFixed(1)} s from ${((down - started) / 1000).toFixed(1)} s into the decisions; decided before/during the outage: ${decidedBeforeOutage}/${decidedDuringOutage}`);
    await deciding;
    details.push(`all ${decidedAt.size} orders decided in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const deadlineOf = (screen) => Math.max(returned, decidedAt.get(screen.orderId) ?? returned) + CONVERGED_WITHIN_MS;
    const lastDeadline = Math.max(...screens.map(deadlineOf));
    while (Date.now() < lastDeadline && screens.some((s) => s.handledAt === undefined)) await sleep(200);
    const late = screens.filter((s) => s.handledAt === undefined || s.handledAt > deadlineOf(s));
    const sinceReturn = screens
      .filter((s) => s.handledAt !== undefined && decidedAt.get(s.orderId) < returned)
      .map((s) => s.handledAt - returned)
      .sort((x, y) => x - y);
    details.push(
      `patients decided before Redis returned: ${sinceReturn.length}, their status shown at most ${((sinceReturn.at(-1) ?? 0) / 1000).toFixed(1)} s after it returned (median ${((sinceReturn[Math.floor(sinceReturn.length / 2)] ?? 0) / 1000).toFixed(1)} s)`,
    );
    details.push(
      `patient sockets: ${counts.pushes} pushes, ${counts.gaps} gaps in push numbers, resyncs ${JSON.stringify(counts.resyncs)}, ${counts.refetches} refetches (${counts.failedRefetches} failed tries), ${counts.reconnects} reconnects`,
    );
    if (late.length) details.push(`not current in time: ${late.slice(0, 10).map((s) => s.email).join(', ')}${late.length > 10 ? ' …' : ''}`);

    const deliveredInDb = new Set(
      (await withClient(db.url, (client) => client.query(`SELECT id FROM orders WHERE delivery_status = 'delivered'`))).rows.map((r) => r.id),
    );
    const corrupted = screens.filter((s) => [...s.shown].some((id) => !deliveredInDb.has(id))).length;
    const duplicated = [...deliveredBy.values()].filter((n) => n > 1).length;
    return { lost: late.length, duplicated, corrupted, details };
  } finally {
    for (const step of cleanup.reverse()) await (async () => step())().catch(() => undefined);
  }
}

// The doctor's side: Historia search, pick-first at a given queue depth and the full cycle of
// 16 doctors from forked load processes against Resepti and the bare Express + pg baseline.
import { fork } from 'node:child_process';
import path from 'node:path';
import { ROOT, startNodeServer } from './infra.mjs';
import { measure, percentile, WARM_UP_CALLS } from './stats.mjs';

export const HISTORY_CASES = [
  { name: 'history: newest, first page', body: { sortOrder: 'newest', offset: 30 } },
  { name: 'history: newest, page 100 (offset 3000)', body: { sortOrder: 'newest', offset: 3000 } },
  { name: 'history: oldest, first page', body: { sortOrder: 'oldest', offset: 30 } },
  { name: 'history: name A-Ö, first page', body: { sortOrder: 'name-asc', offset: 30 } },
  { name: "history: filter 'virta' (substring)", body: { filter: 'virta', offset: 30 }, search: true },
  { name: "history: filter 'aino mäki' (two words)", body: { filter: 'aino mäki', sortOrder: 'name-desc', offset: 30 }, search: true },
  { name: "history: filter hetu '1203'", body: { filter: '1203', offset: 30 }, search: true },
  { name: "history: filter 'zzzz' (no match)", body: { filter: 'zzzz', offset: 30 }, search: true },
];

/** Every history case over HTTP; the searches' worst p95, and the 'virta' search's own statement on a pg client (explain: every case's plan). */
export async function historyFigures(doctor, pgClient, runs, explain = false) {
  const rows = [];
  let searchP95 = 0;
  for (const c of HISTORY_CASES) {
    let count = 0;
    const m = await measure(async () => {
      const r = await doctor.ok('POST', '/history', c.body);
      count = r.body.count;
      return r.ms;
    }, runs);
    if (c.search) searchP95 = Math.max(searchP95, m.p95);
    rows.push({ ...m, figure: `${c.name} [HTTP]`, note: `count ${count}` });
  }
  // The 'virta' search's statement as the service runs it (its count, page, orders and items), on a pg client: the floor.
  const { buildHistoryPage } = await import('../../apps/api/dist/orders/history-query.js');
  const virta = buildHistoryPage('virta', 'newest', 30);
  const sql = await measure(async () => {
    const t0 = performance.now();
    await pgClient.query(virta.sql, virta.params);
    return performance.now() - t0;
  }, runs);
  rows.push({ ...sql, figure: "history: filter 'virta', its SQL statement alone", note: 'baseline' });
  if (explain) {
    for (const c of HISTORY_CASES) {
      const q = buildHistoryPage(c.body.filter, c.body.sortOrder ?? 'newest', c.body.offset);
      const plan = await pgClient.query(`EXPLAIN (ANALYZE, BUFFERS) ${q.sql}`, q.params);
      console.log(`\n-- EXPLAIN ANALYZE: ${c.name} (${JSON.stringify(q.params)})\n${q.sql}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
    }
  }
  return { rows, searchP95, sqlP95: sql.p95 };
}

/** Pick-first then release, `runs` times (one doctor): latency of the pick. */
export function pickLatency(doctor, runs) {
  return measure(async () => {
    const r = await doctor.ok('POST', '/order/pick-first', undefined, [200]);
    await doctor.ok('POST', '/order/release', undefined, [204]);
    return r.ms;
  }, runs);
}

/** Pick-first and release by two doctors of two APIs (deep, shallow), alternating call by call after a warm-up of each. */
export async function pickAtTwoDepths(deepDoctor, shallowDoctor, runs) {
  const pick = async (doctor) => {
    const r = await doctor.ok('POST', '/order/pick-first', undefined, [200]);
    await doctor.ok('POST', '/order/release', undefined, [204]);
    return r.ms;
  };
  const times = { deep: [], shallow: [] };
  for (let i = -WARM_UP_CALLS; i < runs; i++) {
    const deep = await pick(deepDoctor);
    const shallow = await pick(shallowDoctor);
    if (i >= 0) {
      times.deep.push(deep);
      times.shallow.push(shallow);
    }
  }
  const sum = (t) => ({ p50: percentile(t, 50), p99: percentile(t, 99), n: t.length });
  return { deep: sum(times.deep), shallow: sum(times.shallow) };
}

function runDoctorWorker(message) {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(ROOT, 'bench/workers/doctors.mjs'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.once('message', (m) => {
      child.kill('SIGTERM');
      resolve(m);
    });
    child.once('exit', (code) => code && reject(new Error(`doctor worker exited with ${code}`)));
    child.send(message);
  });
}

/**
 * `doctors` (each {headers}) work the queue from `processes` forked load processes until
 * `orders` orders are delivered in all, or `budgetMs` has passed, approving each item with the
 * body `approval`. Orders per second, and double picks (an order id
 * handed to two doctors, or twice to one).
 */
export async function pickCycle({ baseUrl, prefix, doctors, orders, budgetMs, approval, processes = 2 }) {
  const quota = Math.ceil(orders / doctors.length);
  const groups = Array.from({ length: processes }, (_, i) => doctors.filter((_d, j) => j % processes === i));
  const t0 = performance.now();
  const results = await Promise.all(groups.map((g) => runDoctorWorker({ doctors: g, prefix, baseUrl, quota, deadline: Date.now() + budgetMs, approval })));
  const seconds = (performance.now() - t0) / 1000;
  const picked = results.flatMap((r) => r.picked);
  const delivered = results.reduce((n, r) => n + r.delivered, 0);
  return {
    ordersPerSecond: delivered / seconds,
    delivered,
    seconds,
    doublePicks: picked.length - new Set(picked).size,
    errors: results.reduce((n, r) => n + r.errors, 0),
    firstError: results.find((r) => r.firstError)?.firstError ?? '',
  };
}

/**
 * Waits until Resepti's workers have done what the deliveries started (no e-prescription waiting
 * to be recorded, no text message waiting to be sent); answers the seconds it took. Fails loudly
 * after a minute (a worker stuck is no figure).
 */
export async function outboxesDrained(db) {
  const t0 = performance.now();
  for (let round = 0; ; round++) {
    const { rows } = await db.query(
      `SELECT (SELECT count(*)::int FROM e_prescription WHERE status = 'pending') AS prescriptions, (SELECT count(*)::int FROM sms_outbox WHERE status = 'pending') AS texts`,
    );
    if (process.env.BENCH_DRAIN_LOG && round % 25 === 0) console.error(`drain ${((performance.now() - t0) / 1000).toFixed(2)} s: ${rows[0].prescriptions} prescriptions, ${rows[0].texts} texts`);
    if (rows[0].prescriptions === 0 && rows[0].texts === 0) return (performance.now() - t0) / 1000;
    if (performance.now() - t0 > 60_000) throw new Error(`Resepti's outboxes did not drain in 60 s: ${rows[0].prescriptions} prescriptions, ${rows[0].texts} texts pending`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The pick cycle's baseline; `centreUrl`: the Prescription Centre it records in (the Resepti API's stand-in in the same run). */
export function startBareExpressPg(databaseUrl, centreUrl) {
  return startNodeServer(path.join(ROOT, 'bench/baselines/express-pg.mjs'), { DATABASE_URL: databaseUrl, RESEPTI_CENTRE_URL: centreUrl }, { label: 'bare Express + pg' });
}

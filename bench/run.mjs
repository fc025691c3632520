// npm run bench: Resepti at scale against a bare baseline measured in the same run (issue 8).
//   npm run bench                   (builds first; about 10 minutes on 2 cores)
//   node bench/run.mjs [--quick] [--explain] [--only history,history-1m,pick,rest,customer-orders,pay,push,fanout,cycle,cross,deep,screens,integrator,web,growth,patients]
//   npm run bench -- --only growth [--quick] [--queue-sizes 1000,10000] [--history-sizes …] [--socket-sizes …]
// growth (= growth-history, growth-queue, growth-sockets): the growth curves, in a database of their
// own with an API of their own; they write bench/results/report.html (charts) besides the JSON.
// PostgreSQL: the server in DATABASE_URL (a fresh database is created on it and dropped
// afterwards), otherwise an embedded PostgreSQL in a temporary folder. Redis: a redis-server
// of the bench's own on a free port (cross-node figures only; skipped without redis-server).
// The built API is forked on that database (migrations + demo data); orders are seeded with
// generate_series; load comes from forked processes (socket.io-client, autocannon).
// Prints a table and writes bench/results/latest.json (--quick: latest-quick.json; --only: latest-partial.json).
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { httpLoad } from './lib/http-load.mjs';
import { freshDatabase, ROOT, startApi, startPostgres, startRedis, withClient } from './lib/infra.mjs';
import { alternate, bareNotices, bareStatusEmits, heapPerSocket, reseptiNotices, reseptiSends, screensCurrent, startBareSocketServer } from './lib/push.mjs';
import { integratorFigures } from './lib/integrator.mjs';
import { bareDoctor, historySearchAtSize, pickAtDepth, printCurve, screenshotReport, writeReport } from './lib/growth.mjs';
import { historyFigures, pickAtTwoDepths, pickCycle, pickLatency, startBareExpressPg } from './lib/queue.mjs';
import { firstProductId, loginDoctor, loginPharmacist } from './lib/resepti.mjs';
import { BENCH_WEBHOOK_SECRET, barePayCycle, createCustomers, loginCustomer, payCycles, payOutcome, reseptiPayCycle, startBareCustomerPay } from './lib/customer-pay.mjs';
import { patientsAtScale } from './lib/patients.mjs';
import { createDoctors, fillQueue, seedHistory, seedReseptilista, waitingCount } from './lib/seed.mjs';
import { SocketPool } from './lib/socket-pool.mjs';
import { printTable } from './lib/stats.mjs';
import { webFirstLoadJs } from './lib/web-size.mjs';
import pg from 'pg';

const args = process.argv.slice(2);
const QUICK = args.includes('--quick');
const argValue = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const ONLY = argValue('--only')?.split(',');
/** `--only growth` names the three growth phases at once. */
const wanted = (phase) => !ONLY || ONLY.includes(phase) || (phase.startsWith('growth-') && ONLY.includes('growth'));
const MAIN_PHASES = ['history', 'history-1m', 'pick', 'rest', 'customer-orders', 'pay', 'push', 'fanout', 'cycle', 'cross', 'deep', 'screens', 'integrator', 'web'];
const GROWTH_PHASES = ['growth-history', 'growth-queue', 'growth-sockets'];
const PATIENT_PHASES = ['patients'];
const sizesArg = (name, fallback) => argValue(name)?.split(',').map(Number) ?? fallback;

/**
 * Sizes of a full run (the issue's) and of --quick (for development, about 3 minutes). The
 * budgets (ms) keep a run under 10 minutes on a slow or shared machine: a phase that runs out
 * does fewer changes (the baseline then does the same number) and the run says so.
 */
const P = QUICK
  ? { history: 20_000, shallow: 1_000, deep: 20_000, sockets: 200, changes: 50, fanout: [200, 1_000], rounds: 5, cycle: 200, cross: 30, pickRuns: 30, historyRuns: 10, restSeconds: 3, restRounds: 3, screensRounds: 1, integratorOrders: 200, history1m: 100_000, history1mRuns: 8, customers: 8, payRounds: 2, paySeconds: 3, loadProcesses: 2, pushBudget: 30_000, crossBudget: 15_000, cycleBudget: 16_000, cycleSlices: 4, screensTimeout: 30_000 }
  : { history: 100_000, shallow: 1_000, deep: 100_000, sockets: 1_000, changes: 500, fanout: [1_000, 5_000], rounds: 20, cycle: 2_000, cross: 200, pickRuns: 1_000, historyRuns: 60, restSeconds: 10, restRounds: 5, screensRounds: 3, integratorOrders: 1_000, history1m: 1_000_000, history1mRuns: 20, customers: 20, payRounds: 4, paySeconds: 5, loadProcesses: 4, pushBudget: 60_000, crossBudget: 40_000, cycleBudget: 40_000, cycleSlices: 8, screensTimeout: 45_000 };
/**
 * Growth curves (issue 24): the sizes of each curve. A full run's history goes to 1,000,000
 * orders (seeding it takes minutes on a busy 2-core machine); --history-sizes etc. override.
 */
const G = QUICK
  ? { queue: [500, 2_000, 10_000], history: [2_000, 10_000, 50_000], sockets: [50, 200, 1_000], pickRuns: 20, historyRuns: 8, changes: 10, budget: 15_000 }
  : { queue: [1_000, 10_000, 100_000], history: [10_000, 100_000, 1_000_000], sockets: [100, 1_000, 5_000], pickRuns: 50, historyRuns: 10, changes: 30, budget: 30_000 };
G.queue = sizesArg('--queue-sizes', G.queue);
G.history = sizesArg('--history-sizes', G.history);
G.sockets = sizesArg('--socket-sizes', G.sockets);
/** Patients at scale (issue 43): pages on two processes, measured deliveries each side, deliveries during the restart. */
const PATIENTS = QUICK ? { sizes: [200, 500, 1_000], sends: 30, outage: 20, workers: 2, budget: 30_000 } : { sizes: [1_000, 5_000, 10_000], sends: 150, outage: 200, workers: 4, budget: 60_000 };
PATIENTS.count = PATIENTS.sizes.at(-1);
const BENCH_DOCTORS = 16;
/** Open cards in pharmacy 1 / office 1's Reseptilista (the list reads its newest 30). */
const RESEPTILISTA_CARDS = 200;

/** The issue's figures (issue 43's targets): key, unit, what the target applies to, and the target. */
const FIGURES = [
  { key: 'push_p50_ratio', unit: 'ms', on: 'ratio', op: '<=', target: 1.2, label: `push send → doctor socket p50 (${P.sockets} sockets)` },
  { key: 'push_p99_ratio', unit: 'ms', on: 'ratio', op: '<=', target: 1.2, label: `push send → doctor socket p99 (${P.sockets} sockets)` },
  { key: 'push_p99_5000_ratio', unit: 'ms', on: 'ratio', op: '<=', target: 1.5, label: `push send → doctor socket p99 at ${G.sockets.at(-1)} sockets (growth-sockets' largest size)` },
  { key: 'push_cross_node_p99_ms', unit: 'ms', on: 'value', op: null, target: null, label: 'push across two processes (Redis) p99' },
  { key: 'push_cross_node_p99_ratio', unit: 'ms', on: 'ratio', op: '<=', target: 1.0, label: 'push across two processes (Redis) p99 ratio' },
  { key: 'fanout_1000_last_ratio', unit: 'ms', on: 'ratio', op: '<=', target: 1.15, label: `notice → last of ${P.fanout[0]} pharmacy sockets` },
  { key: 'fanout_5000_last_ratio', unit: 'ms', on: 'ratio', op: '<=', target: 1.15, label: `notice → last of ${P.fanout[1]} pharmacy sockets` },
  { key: 'screens_current_1000_doctors_100k_ms', unit: 'ms', on: 'value', op: '<=', target: 150, label: `send → all ${P.sockets} doctor screens current (${P.deep / 1000}k waiting)` },
  { key: 'pick_cycle_ratio', unit: 'orders/s', on: 'ratio', op: '>=', target: 0.95, label: `full cycle, ${BENCH_DOCTORS} doctors, ${P.cycle} orders` },
  { key: 'double_picks', unit: 'orders', on: 'value', op: '<=', target: 0, label: 'double picks in the cycle' },
  { key: 'pick_p99_depth_ratio', unit: 'ms', on: 'ratio', op: '<=', target: 1.1, label: `pick-first p99 at ${P.deep / 1000}k ÷ at ${P.shallow / 1000}k waiting` },
  { key: 'history_search_p95_ms_100k', unit: 'ms', on: 'value', op: '<=', target: 20, label: `Historia search p95 (${P.history / 1000}k orders; baseline: its SQL)` },
  { key: 'history_search_p95_ms_1m', unit: 'ms', on: 'value', op: '<=', target: 50, label: `Historia search p95, worst of the four (${P.history1m / 1000}k orders; baseline: 'virta' SQL)` },
  { key: 'rest_ratio_system_status', unit: 'req/s', on: 'ratio', op: '>=', target: 0.95, label: 'GET /system-status rps ÷ GET /health rps' },
  { key: 'rest_ratio_pharmacy_orders', unit: 'req/s', on: 'ratio', op: '>=', target: 0.85, label: 'GET pharmacy active orders rps ÷ /health rps' },
  { key: 'rest_ratio_customer_orders', unit: 'req/s', on: 'ratio', op: '>=', target: 0.7, label: "a patient's GET /my-outstanding-orders rps ÷ /health rps (50 connections)" },
  { key: 'customer_pay_cycle_ratio', unit: 'cycles/s', on: 'ratio', op: '>=', target: 0.7, label: `cart → checkout → signed payment event → order, ${P.customers} customers at once` },
  { key: 'double_orders', unit: 'orders', on: 'value', op: '<=', target: 0, label: 'orders beyond one a paid checkout (each event delivered twice at once)' },
  { key: 'heap_per_socket_ratio', unit: 'KiB', on: 'ratio', op: '<=', target: 1.15, label: 'server heap per connected socket' },
  { key: 'integrator_orders_per_s', unit: 'orders/s', on: 'value', op: null, target: null, label: `POST /api/v1/orders throughput (${P.integratorOrders} orders, 8 at a time)` },
  { key: 'integrator_webhook_p95_ms', unit: 'ms', on: 'value', op: null, target: null, label: 'order created → signed webhook received, p95' },
  { key: 'patient_push_p99_10k_ratio', unit: 'ms', on: 'ratio', op: '<=', target: 1.5, label: `doctor's delivery → the patient's page p99 (${PATIENTS.count} pages on two processes)` },
  { key: 'patient_heap_per_socket_10k_ratio', unit: 'KiB', on: 'ratio', op: '<=', target: 1.2, label: `server heap per patient page (${PATIENTS.count} pages on two processes)` },
  { key: 'patient_reconnect_10k_s', unit: 's', on: 'value', op: '<=', target: 30, label: `one process restarts: every one of ${PATIENTS.count} pages connected again` },
  { key: 'patient_storm_lost', unit: 'pushes', on: 'value', op: '<=', target: 0, label: `deliveries that never reached their page (${PATIENTS.outage} during the restart)` },
  { key: 'web_js_gzip_kb', unit: 'KiB', on: 'value', op: '<=', target: 100, label: 'first load of / (static JS, gzip)' },
];

const results = {}; // key -> { value, baseline }
const notes = []; // what was measured how, and what failed
const details = []; // secondary rows: figure, value, note
const curves = []; // growth curves: { key, title, description, unit, sizeLabel, baselineLabel, points: [{ size, value, baseline, note }] }
const put = (key, value, baseline = null) => (results[key] = { value, baseline });
const log = (msg) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}`);

/** Runs a phase; a failure is reported and the other phases still run. */
/** Phases that failed, or whose baseline failed: the run prints no figure for them and exits 1. */
const failedPhases = [];

/** A baseline that errors measures nothing: its phase fails loudly instead of printing a ratio. */
function requireBaseline(phaseName, errors, firstError) {
  if (errors > 0) throw new Error(`the baseline of ${phaseName} failed ${errors} times (${firstError}): no figure`);
}

async function phase(name, fn) {
  if (!wanted(name)) return;
  const t0 = Date.now();
  log(`${name}…`);
  try {
    await fn();
  } catch (err) {
    failedPhases.push(name);
    notes.push(`${name}: FAILED: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
    console.error(err);
  }
  log(`${name} done in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

/** Plans of the SQL behind the two authenticated GETs (--explain). */
async function explainRest(db) {
  const queries = [
    ['system-status counts', `SELECT count(*) FILTER (WHERE delivery_status = 'waiting')::int, min(delivery_before_time) FILTER (WHERE delivery_status = 'waiting') FROM orders WHERE delivery_status IN ('waiting', 'processing')`],
    ['pharmacy active orders (office 1)', `SELECT o.id FROM orders o WHERE o.office_id = 1 AND o.pharmacy_id = 1 AND o.unchecked_items > 0 ORDER BY o.created_at DESC, o.id DESC LIMIT 31`],
  ];
  for (const [label, text] of queries) {
    const plan = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`);
    console.log(`\n-- EXPLAIN ANALYZE: ${label}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
  }
}

/** The web app's doctor queue counts apply the pushed payload (issue 8) rather than refetch? */
function webAppliesStatusPayload() {
  const src = readFileSync(path.join(ROOT, 'apps/web/src/doctor/doctor-hooks.ts'), 'utf8');
  const fn = src.match(/export function useSystemStatus\(\)[\s\S]*?\n}\n/)?.[0] ?? '';
  // Since the push rules per live query (useLiveQuery's onPush), the queue:status rule returns the
  // new data from the payload ({ data: … }) and refetches only without a cached status.
  const rule = fn.match(/\[SOCKET_EVENTS\.queueStatus\]:[^\n]*/)?.[0] ?? '';
  return /\bapply\s*:/.test(fn) || /\{\s*data\s*:/.test(rule);
}

async function main() {
  const started = Date.now();
  const pgServer = await startPostgres();
  const redis = await startRedis();
  const { url: dbUrl, drop: dropDatabase } = await freshDatabase(pgServer, 'resepti_bench');
  const db = new pg.Client({ connectionString: dbUrl });
  const stoppers = [];
  const pool = new SocketPool(P.loadProcesses); // Resepti's sockets
  const barePool = new SocketPool(P.loadProcesses); // the baselines' sockets
  try {
    log(`PostgreSQL: ${pgServer.label}; Redis: ${redis ? redis.url : 'none (redis-server not found)'}`);
    if (MAIN_PHASES.some(wanted)) await mainPhases({ pgServer, dbUrl, db, pool, barePool, redis, stoppers });
    if (GROWTH_PHASES.some(wanted)) await growthPhases(pgServer);
    if (PATIENT_PHASES.some(wanted)) await patientPhase(pgServer, redis);
  } finally {
    pool.kill();
    barePool.kill();
    for (const stop of stoppers.reverse()) await stop().catch(() => undefined);
    await db.end().catch(() => undefined);
    await dropDatabase().catch(() => undefined);
    await pgServer.stop();
    redis?.stop();
  }
  await report(pgServer.label, (Date.now() - started) / 1000);
}

/** The issue's figures at the sizes of P, in the run's database. */
async function mainPhases({ pgServer, dbUrl, db, pool, barePool, redis, stoppers }) {
  {
    // The payment events of the pay phase are signed with the webhook secret the API is given.
    const api = await startApi(dbUrl, { env: { STRIPE_WEBHOOK_SECRET: BENCH_WEBHOOK_SECRET } });
    stoppers.push(api.stop);
    await db.connect();
    let t0 = Date.now();
    await seedHistory(db, P.history);
    await seedReseptilista(db, RESEPTILISTA_CARDS);
    await fillQueue(db, P.shallow);
    const emails = await createDoctors(db, BENCH_DOCTORS);
    details.push([`seed ${P.history.toLocaleString('en')} handled + ${RESEPTILISTA_CARDS} open Reseptilista + ${P.shallow.toLocaleString('en')} waiting orders`, `${((Date.now() - t0) / 1000).toFixed(1)} s`, 'generate_series + ANALYZE']);

    // Logins one after another (password hashing is deliberately bounded); sessions are reused.
    const doctor = await loginDoctor(api.baseUrl, 'laakari@example.fi');
    const benchDoctors = [];
    for (const email of emails) benchDoctors.push(await loginDoctor(api.baseUrl, email));
    const doctorCookies = benchDoctors.map((d) => d.cookie);
    const pharmacist = await loginPharmacist(api.baseUrl, 'apteekki');
    const pharmacistCookies = [pharmacist.cookie, (await loginPharmacist(api.baseUrl, 'apteekki.admin')).cookie, (await loginPharmacist(api.baseUrl, 'kyla')).cookie];
    const productId = await firstProductId(pharmacist);
    const count = () => waitingCount(db);

    await phase('history', async () => {
      const h = await historyFigures(doctor, db, P.historyRuns, args.includes('--explain'));
      put('history_search_p95_ms_100k', h.searchP95, h.sqlP95);
      for (const r of h.rows) details.push([r.figure, `p50 ${r.p50.toFixed(1)} / p95 ${r.p95.toFixed(1)} ms`, r.note]);
    });

    await phase('history-1m', async () => {
      // A database and an API of their own with P.history1m handled orders (seeded in steps of
      // 250,000: one statement of a million outgrows a busy machine's memory).
      const big = await freshDatabase(pgServer, 'resepti_history');
      stoppers.push(big.drop);
      const bigApi = await startApi(big.url, { label: `Resepti API (${P.history1m.toLocaleString('en')} orders)` });
      stoppers.push(bigApi.stop);
      const t1 = Date.now();
      await withClient(big.url, async (c) => {
        for (let seeded = 0; seeded < P.history1m; seeded += 250_000) await seedHistory(c, Math.min(250_000, P.history1m - seeded));
        const h = await historyFigures(await loginDoctor(bigApi.baseUrl, 'laakari@example.fi'), c, P.history1mRuns, args.includes('--explain'));
        put('history_search_p95_ms_1m', h.searchP95, h.sqlP95);
        details.push([`seed ${P.history1m.toLocaleString('en')} handled orders`, `${((Date.now() - t1) / 1000).toFixed(0)} s (with the measurement)`, 'a database of its own']);
        for (const r of h.rows) details.push([`${P.history1m / 1000}k: ${r.figure}`, `p50 ${r.p50.toFixed(1)} / p95 ${r.p95.toFixed(1)} ms`, r.note]);
      });
      await bigApi.stop();
    });

    await phase('pick', async () => {
      const pick = await pickLatency(doctor, P.pickRuns);
      details.push([`pick-first at ${(await count()).toLocaleString('en')} waiting`, `p50 ${pick.p50.toFixed(1)} / p99 ${pick.p99.toFixed(1)} ms`, `${P.pickRuns} picks, each released`]);
    });

    /**
     * Alternating slices of load on each target (P.restRounds rounds), so a baseline and the GETs
     * it is compared with see the same background load; req/s = requests ÷ seconds over the slices.
     */
    const alternatingLoad = async (targets, connections) => {
      const slice = Math.max(1, Math.round(P.restSeconds / P.restRounds));
      const sums = targets.map(() => ({ requests: 0, seconds: 0, p99: 0, non2xx: 0, errors: 0 }));
      for (let round = 0; round < P.restRounds; round++) {
        for (const [i, [, url, cookie]] of targets.entries()) {
          const r = await httpLoad({ url, connections, duration: slice, headers: cookie ? { cookie } : {} });
          const s = sums[i];
          s.requests += r.total;
          s.seconds += slice;
          s.p99 = Math.max(s.p99, r.p99);
          s.non2xx += r.non2xx;
          s.errors += r.errors;
        }
      }
      return { slice, results: sums.map((s) => ({ ...s, rps: s.requests / s.seconds })) };
    };

    await phase('rest', async () => {
      // Alternating slices (health, status, orders, P.restRounds rounds), so the baseline and both GETs
      // see the same background load; req/s = requests ÷ seconds summed over the slices.
      const targets = [
        ['GET /health', `${api.baseUrl}/health`, undefined],
        ['GET /system-status (doctor)', `${api.baseUrl}/ui-api/v1/system-status`, benchDoctors[0].cookie],
        ['GET pharmacy-order-history/active', `${api.baseUrl}/ui-api/v1/pharmacy-order-history/active`, pharmacist.cookie],
      ];
      const rounds = P.restRounds;
      const { slice, results } = await alternatingLoad(targets, 10);
      const [health, status, orders] = results;
      for (const [i, r] of [health, status, orders].entries()) {
        details.push([`${targets[i][0]}, 10 connections, ${rounds} × ${slice} s alternating`, `${r.rps.toFixed(0)} req/s, p99 ${r.p99} ms`, r.non2xx || r.errors ? `${r.non2xx} non-2xx, ${r.errors} errors` : '']);
      }
      requireBaseline('rest', health.non2xx + health.errors, 'GET /health answered non-2xx or failed');
      if (status.non2xx || orders.non2xx) notes.push(`rest: authenticated requests answered non-2xx (${status.non2xx}, ${orders.non2xx}): the session may have ended`);
      if (args.includes('--explain')) await explainRest(db);
      put('rest_ratio_system_status', status.rps, health.rps);
      put('rest_ratio_pharmacy_orders', orders.rps, health.rps);
    });

    // A patient's renewal (Kestine, as the tests' customers order it).
    const customerProduct = async (customer) => {
      const products = (await customer.ok('GET', '/products')).body;
      return (products.find((p) => p.displayName.startsWith('Kestine')) ?? products.find((p) => p.renewable !== false) ?? products[0]).productId;
    };

    await phase('customer-orders', async () => {
      // A patient with three outstanding orders, placed through the pay path (what a patient's
      // page shows), read by 50 connections; /health at 50 alternating with it.
      const [reader] = await createCustomers(db, 'bench.reader', 1, 900);
      const patient = await loginCustomer(api.baseUrl, reader.email);
      const kestine = await customerProduct(patient);
      for (let i = 0; i < 3; i++) await reseptiPayCycle(patient, kestine);
      const targets = [
        ['GET /health', `${api.baseUrl}/health`, undefined],
        ["GET /my-outstanding-orders (a patient's 3 orders)", `${api.baseUrl}/ui-api/v1/my-outstanding-orders`, patient.cookie],
      ];
      const { slice, results } = await alternatingLoad(targets, 50);
      const [health, orders] = results;
      for (const [i, r] of [health, orders].entries()) {
        details.push([`${targets[i][0]}, 50 connections, ${P.restRounds} × ${slice} s alternating`, `${r.rps.toFixed(0)} req/s, p99 ${r.p99} ms`, r.non2xx || r.errors ? `${r.non2xx} non-2xx, ${r.errors} errors` : '']);
      }
      requireBaseline('customer-orders', health.non2xx + health.errors, 'GET /health answered non-2xx or failed');
      if (orders.non2xx || orders.errors) throw new Error(`GET /my-outstanding-orders answered ${orders.non2xx} non-2xx, ${orders.errors} errors: no figure`);
      put('rest_ratio_customer_orders', orders.rps, health.rps);
    });

    await phase('pay', async () => {
      // Each side has customers of its own (their carts never meet); all of a side pay at once.
      const ours = await createCustomers(db, 'bench.pay', P.customers, 0);
      const bares = await createCustomers(db, 'bench.bare', P.customers, 400);
      const sessions = [];
      for (const c of ours) sessions.push(await loginCustomer(api.baseUrl, c.email)); // one at a time: password hashing is bounded
      const kestine = await customerProduct(sessions[0]);
      const bareServer = await startBareCustomerPay(dbUrl);
      stoppers.push(bareServer.stop);
      const r = await payCycles({
        resepti: sessions.map((s) => () => reseptiPayCycle(s, kestine)),
        bare: bares.map((c) => () => barePayCycle(bareServer.baseUrl, c.id, kestine)),
        rounds: P.payRounds,
        seconds: P.paySeconds,
      });
      await bareServer.stop();
      requireBaseline('pay', r.bare.errors, r.bare.firstError);
      // Every counted cycle (warm-up included) is one order waiting for a doctor, however often its event came.
      const [res, base] = [await payOutcome(db, ours.map((c) => c.id)), await payOutcome(db, bares.map((c) => c.id))];
      if (base.doubleOrders !== 0 || base.orders !== r.bare.cycles + P.customers) throw new Error(`the baseline placed ${base.orders} orders for ${r.bare.cycles + P.customers} paid checkouts (${base.doubleOrders} double): no figure`);
      put('double_orders', res.doubleOrders, base.doubleOrders);
      details.push([`pay: cycles (cart → checkout → event twice → order)`, `${r.resepti.cycles} in ${P.payRounds * P.paySeconds} s vs ${r.bare.cycles}`, `Resepti vs bare, ${P.customers} customers each, ${P.payRounds} × ${P.paySeconds} s alternating`]);
      details.push([`pay: one customer's cycle, p50 / p99`, `${r.resepti.p50.toFixed(0)} / ${r.resepti.p99.toFixed(0)} vs ${r.bare.p50.toFixed(0)} / ${r.bare.p99.toFixed(0)} ms`, 'Resepti vs bare']);
      details.push([`pay: in the database after the run`, `${res.orders} orders (${res.not_waiting} not waiting), ${res.paid} paid checkouts`, `Resepti; bare ${base.orders} orders, ${base.paid} paid`]);
      if (r.resepti.errors) throw new Error(`${r.resepti.errors} of Resepti's pay cycles failed (${r.resepti.firstError}): no figure`);
      if (res.doubleOrders !== 0) throw new Error(`DOUBLE ORDERS: ${res.orders} orders for ${res.paid_orders} paid checkouts (${res.doubleOrders} double)`);
      if (res.orders !== r.resepti.cycles + P.customers || res.not_waiting !== 0) throw new Error(`${res.orders} orders (${res.not_waiting} not waiting) for ${r.resepti.cycles + P.customers} paid cycles: an order is missing from the queue`);
      put('customer_pay_cycle_ratio', r.resepti.rate, r.bare.rate);
    });

    let barePushLast = null;
    const doctorSockets = (url) => ({ url, cookies: doctorCookies, count: P.sockets, mode: 'listen', event: 'queue:status', keyPath: 'waitingForDoctor' });
    const bareSockets = (url, room, count, event, keyPath) => ({ url, cookies: [], room, count, mode: 'listen', event, keyPath });
    await phase('push', async () => {
      // Both sides connected at once, heap per socket measured while each opens its sockets;
      // then the pharmacy's sends and the bare broadcasts alternate.
      const bare = await startBareSocketServer();
      stoppers.push(bare.stop);
      const resHeap = await heapPerSocket(api, P.sockets, () => pool.open(doctorSockets(api.baseUrl)));
      const bareHeap = await heapPerSocket(bare, P.sockets, () => barePool.open(bareSockets(bare.baseUrl, 'doctors', P.sockets, 'queue:status', 'waitingForDoctor')));
      const [res, base] = await alternate(
        [reseptiSends(pool, { pharmacist, productId, waitingBefore: await count() }), bareStatusEmits(barePool, { emitUrl: bare.baseUrl })],
        P.changes,
        P.pushBudget,
      );
      if (res.changes < P.changes) notes.push(`push: ${res.changes} of ${P.changes} changes within the ${P.pushBudget / 1000} s budget`);
      await Promise.all([pool.close(), barePool.close()]);
      await bare.stop();
      put('push_p50_ratio', res.p50, base.p50);
      put('push_p99_ratio', res.p99, base.p99);
      put('heap_per_socket_ratio', resHeap / 1024, bareHeap / 1024);
      barePushLast = base.lastP50;
      details.push([`send request (Resepti) vs POST /emit (bare), p50`, `${res.requestP50.toFixed(1)} vs ${base.requestP50.toFixed(1)} ms`, `${res.changes} changes each`]);
      details.push([`push reached the last of ${P.sockets} sockets, p50 / max`, `${res.lastP50.toFixed(1)} / ${res.lastMax.toFixed(1)} vs ${base.lastP50.toFixed(1)} / ${base.lastMax.toFixed(1)} ms`, 'Resepti vs bare']);
      if (res.missing) notes.push(`push: ${res.missing} queue:status arrivals missing (of ${res.changes} × ${P.sockets})`);
    });

    await phase('fanout', async () => {
      const bare = await startBareSocketServer();
      stoppers.push(bare.stop);
      for (const [i, n] of P.fanout.entries()) {
        await pool.open({ url: api.baseUrl, cookies: pharmacistCookies, count: n - pool.size, mode: 'listen', event: 'notice:updated', keyPath: 'notice.header' });
        await barePool.open(bareSockets(bare.baseUrl, 'pharmacies', n - barePool.size, 'notice:updated', 'notice.header'));
        const [res, base] = await alternate([reseptiNotices(pool, { doctor, tag: `r${i}` }), bareNotices(barePool, { emitUrl: bare.baseUrl, tag: `b${i}` })], P.rounds);
        put(i === 0 ? 'fanout_1000_last_ratio' : 'fanout_5000_last_ratio', res.lastP50, base.lastP50);
        details.push([`notice → last of ${n} pharmacy sockets, p50 / max`, `${res.lastP50.toFixed(1)} / ${res.lastMax.toFixed(1)} vs ${base.lastP50.toFixed(1)} / ${base.lastMax.toFixed(1)} ms`, `Resepti vs bare, ${res.changes} rounds`]);
        if (res.missing) notes.push(`fanout: ${res.missing} notice arrivals missing at ${n} sockets`);
      }
      await Promise.all([pool.close(), barePool.close()]);
      await bare.stop();
    });

    await phase('cycle', async () => {
      // Short slices (5 s), Resepti and bare alternating (same background load: the machine's own
      // speed drifts over tens of seconds); each slice ends when its time is up or the side has
      // delivered its orders, so orders/s = delivered ÷ seconds summed over the slices.
      const ids = (await db.query(`SELECT id FROM doctor WHERE email LIKE 'bench%@example.fi' ORDER BY id`)).rows.map((r) => r.id);
      const bareServer = await startBareExpressPg(dbUrl);
      stoppers.push(bareServer.stop);
      const sides = {
        resepti: { baseUrl: api.baseUrl, prefix: '/ui-api/v1', doctors: await Promise.all(benchDoctors.map(async (d) => ({ headers: await d.changeHeaders() }))) },
        bare: { baseUrl: bareServer.baseUrl, prefix: '', doctors: ids.map((id) => ({ headers: { 'x-doctor': String(id) } })) },
      };
      // An approval names what it prescribes (a new prescription's medicine, the dosage, the packages); the bare side takes the same body.
      const approval = { decision: 'approved', dosageInstruction: '1 tabletti päivässä', productId, packages: 1 };
      const total = { resepti: { delivered: 0, seconds: 0, slices: 0, doublePicks: 0, errors: 0, firstError: '' }, bare: { delivered: 0, seconds: 0, slices: 0, doublePicks: 0, errors: 0, firstError: '' } };
      const sliceMs = P.cycleBudget / P.cycleSlices;
      for (let slice = 0; slice < P.cycleSlices; slice++) {
        for (const side of ['resepti', 'bare']) {
          await fillQueue(db, P.cycle + 500);
          const left = P.cycle - total[side].delivered;
          if (left <= 0) continue;
          const r = await pickCycle({ ...sides[side], orders: left, budgetMs: sliceMs, approval });
          const t = total[side];
          t.delivered += r.delivered;
          t.seconds += r.seconds;
          t.slices += 1;
          t.doublePicks += r.doublePicks;
          t.errors += r.errors;
          t.firstError ||= r.firstError;
        }
      }
      await bareServer.stop();
      const { resepti: res, bare: base } = total;
      requireBaseline('cycle', base.errors, base.firstError);
      put('pick_cycle_ratio', res.delivered / res.seconds, base.delivered / base.seconds);
      put('double_picks', res.doublePicks, base.doublePicks);
      details.push([`cycle: delivered / seconds`, `${res.delivered} in ${res.seconds.toFixed(1)} s vs ${base.delivered} in ${base.seconds.toFixed(1)} s`, `Resepti vs bare, alternating slices of ${(sliceMs / 1000).toFixed(0)} s: ${res.slices} vs ${base.slices}`]);
      if (res.delivered < P.cycle) notes.push(`cycle: ${res.delivered} of ${P.cycle} orders on Resepti within the ${P.cycleBudget / 1000} s budget (bare: ${base.delivered})`);
      if (res.errors || base.errors) notes.push(`cycle: ${res.errors} errors on Resepti (${res.firstError}), ${base.errors} on bare (${base.firstError})`);
    });

    await phase('cross', async () => {
      if (!redis) {
        notes.push('cross: skipped, no redis-server on PATH');
        return;
      }
      const a = await startApi(dbUrl, { redisUrl: redis.url, label: 'Resepti API (node A)' });
      stoppers.push(a.stop);
      const b = await startApi(dbUrl, { redisUrl: redis.url, label: 'Resepti API (node B)' });
      stoppers.push(b.stop);
      const bareA = await startBareSocketServer(redis.url);
      const bareB = await startBareSocketServer(redis.url);
      stoppers.push(bareA.stop, bareB.stop);
      // Sockets on node B, the pharmacy's sends on node A (sessions live in PostgreSQL).
      await pool.open(doctorSockets(b.baseUrl));
      await barePool.open(bareSockets(bareB.baseUrl, 'doctors', P.sockets, 'queue:status', 'waitingForDoctor'));
      const [res, base] = await alternate(
        [reseptiSends(pool, { pharmacist: pharmacist.onNode(a.baseUrl), productId, waitingBefore: await count() }), bareStatusEmits(barePool, { emitUrl: bareA.baseUrl })],
        P.cross,
        P.crossBudget,
      );
      if (res.changes < P.cross) notes.push(`cross: ${res.changes} of ${P.cross} changes within the ${P.crossBudget / 1000} s budget`);
      await Promise.all([pool.close(), barePool.close()]);
      await Promise.all([a.stop(), b.stop(), bareA.stop(), bareB.stop()]);
      put('push_cross_node_p99_ms', res.p99, base.p99);
      put('push_cross_node_p99_ratio', res.p99, base.p99);
      details.push([`cross-node push p50`, `${res.p50.toFixed(1)} vs ${base.p50.toFixed(1)} ms`, `Resepti vs bare, ${res.changes} changes each`]);
    });

    await phase('deep', async () => {
      // The depth ratio's two sides alternate pick by pick (the same background load): a Resepti
      // on a database of its own with P.shallow waiting, and one on this database filled to
      // P.deep. Both APIs are started for the phase: the run's own API has served every phase
      // before (thousands of sockets, the cycle), whose heap and caches are not the queue's depth.
      const shallowDb = await freshDatabase(pgServer, 'resepti_shallow');
      stoppers.push(shallowDb.drop);
      const shallowApi = await startApi(shallowDb.url, { label: `Resepti API (${P.shallow.toLocaleString('en')} waiting)` });
      stoppers.push(shallowApi.stop);
      await withClient(shallowDb.url, (c) => fillQueue(c, P.shallow));
      const shallowDoctor = await loginDoctor(shallowApi.baseUrl, 'laakari@example.fi');
      t0 = Date.now();
      await fillQueue(db, P.deep);
      details.push([`fill the queue to ${P.deep.toLocaleString('en')} waiting`, `${((Date.now() - t0) / 1000).toFixed(1)} s`, '']);
      const deepApi = await startApi(dbUrl, { label: `Resepti API (${P.deep.toLocaleString('en')} waiting)` });
      stoppers.push(deepApi.stop);
      const deepDoctor = await loginDoctor(deepApi.baseUrl, 'laakari@example.fi');
      const { deep, shallow } = await pickAtTwoDepths(deepDoctor, shallowDoctor, P.pickRuns);
      await Promise.all([shallowApi.stop(), deepApi.stop()]);
      for (const [n, r] of [[P.shallow, shallow], [await count(), deep]]) {
        details.push([`pick-first at ${n.toLocaleString('en')} waiting, alternating`, `p50 ${r.p50.toFixed(1)} / p99 ${r.p99.toFixed(1)} ms`, `${P.pickRuns} picks, each released`]);
      }
      put('pick_p99_depth_ratio', deep.p99, shallow.p99);
      const systemStatus = await doctor.ok('GET', '/system-status');
      details.push([`GET /system-status at ${P.deep.toLocaleString('en')} waiting`, `${systemStatus.ms.toFixed(1)} ms`, 'one request']);
    });

    await phase('screens', async () => {
      // Both behaviours are measured; the figure is the one the web app in this tree has.
      const applies = webAppliesStatusPayload();
      const measured = {};
      for (const mode of applies ? ['screens-payload', 'screens-refetch'] : ['screens-refetch', 'screens-payload']) {
        await pool.open({ url: api.baseUrl, apiUrl: api.baseUrl, cookies: doctorCookies, count: P.sockets, mode });
        // One round of refetch-all: at depth it takes tens of seconds (that is the finding).
        const rounds = mode === 'screens-refetch' ? 1 : P.screensRounds;
        measured[mode] = await screensCurrent(pool, { pharmacist, productId, waitingCount: count, rounds, timeoutMs: P.screensTimeout });
        await pool.close();
      }
      const web = measured[applies ? 'screens-payload' : 'screens-refetch'];
      put('screens_current_1000_doctors_100k_ms', web.ms, barePushLast);
      notes.push(
        `screens: the web app in this tree ${applies ? 'applies the queue:status payload (no refetch)' : 'refetches GET /system-status on every queue:status'}; that behaviour is the figure. ` +
          `Other behaviour: ${applies ? 'refetch-all' : 'payload-applied'} ${measured[applies ? 'screens-refetch' : 'screens-payload'].ms.toFixed(0)} ms. Baseline: bare push to the last of ${P.sockets} sockets.`,
      );
      if (web.missing) notes.push(`screens: ${web.missing} screens were still not current after ${P.screensTimeout / 1000} s: the figure is a lower bound`);
      const held = Object.values(measured).reduce((n, m) => n + m.heldEvents, 0);
      notes.push(held ? `screens: the server sends doctor:held (${held} events seen)` : 'screens: no doctor:held event (none expected: a send changes no doctor\'s held order; the pick, release and delivery push it: test/api/live-push.test.ts)');
      for (const [mode, m] of Object.entries(measured)) {
        details.push([`${mode}: send → last screen current, median / max`, `${m.ms.toFixed(0)} / ${m.max.toFixed(0)} ms`, `${m.requests} HTTP requests by the screens, ${m.heldEvents} doctor:held events${m.missing ? `, ${m.missing} never current` : ''}`]);
      }
    });

    await phase('integrator', async () => {
      const r = await integratorFigures(api.baseUrl, dbUrl, db, { orders: P.integratorOrders, concurrency: 8 });
      put('integrator_orders_per_s', r.rps, null);
      put('integrator_webhook_p95_ms', r.webhookP95, null);
      details.push([`POST /api/v1/orders, 8 at a time, ${r.created} orders`, `${r.rps.toFixed(0)} orders/s, p50 ${r.createP50.toFixed(1)} / p95 ${r.createP95.toFixed(1)} ms`, r.failures ? `${r.failures} not 201` : 'each with an Idempotency-Key']);
      details.push(['order created → its signed webhook at the receiver', `p50 ${r.webhookP50.toFixed(0)} / p95 ${r.webhookP95.toFixed(0)} ms`, `the sender is woken at commit (polls every 2 s otherwise)${r.webhooksMissing ? `; ${r.webhooksMissing} not arrived in 30 s` : ''}`]);
      details.push([`GET /api/v1/orders by cursor, 100 a page`, `p95 ${r.pageP95.toFixed(1)} ms`, `${r.pages} pages, ${r.listed} orders`]);
    });

    await phase('web', async () => {
      const w = webFirstLoadJs(path.join(ROOT, 'apps/web/dist'));
      put('web_js_gzip_kb', w.gzipKb, null);
      details.push(['first load of / (Vite manifest: entry + static imports)', `${w.rawKb.toFixed(0)} KiB raw, ${w.gzipKb.toFixed(1)} KiB gzip`, `${w.files} files; largest ${w.largest.map((f) => `${path.basename(f.file)} ${f.gzipKb.toFixed(1)}`).join(', ')}`]);
    });
  }
}

/**
 * The growth curves, in a database and an API of their own (so the main phases' sizes stay as
 * they are): the history grows first (empty queue), then the queue (with that history), then the
 * doctor sockets (with that queue). Each size's figure is measured with its baseline alternating.
 */
async function growthPhases(pgServer) {
  const { url: dbUrl, drop: dropDatabase } = await freshDatabase(pgServer, 'resepti_growth');
  const db = new pg.Client({ connectionString: dbUrl });
  const pool = new SocketPool(P.loadProcesses);
  const barePool = new SocketPool(P.loadProcesses);
  const stops = [];
  try {
    const api = await startApi(dbUrl, { label: 'Resepti API (growth)' });
    stops.push(api.stop);
    await db.connect();
    const emails = await createDoctors(db, BENCH_DOCTORS);
    const doctor = await loginDoctor(api.baseUrl, 'laakari@example.fi');
    const doctorCookies = [];
    for (const email of emails) doctorCookies.push((await loginDoctor(api.baseUrl, email)).cookie);
    const pharmacist = await loginPharmacist(api.baseUrl, 'apteekki');
    const productId = await firstProductId(pharmacist);
    const handled = async () => (await db.query(`SELECT count(*)::int AS n FROM orders WHERE delivery_status IN ('processing', 'delivered')`)).rows[0].n;

    await phase('growth-history', async () => {
      const points = [];
      for (const size of G.history) {
        const t0 = Date.now();
        await seedHistory(db, size - (await handled()));
        const seeded = ((Date.now() - t0) / 1000).toFixed(0);
        const m = await historySearchAtSize(doctor, db, G.historyRuns);
        points.push({ size, value: { p50: m.res.p50, p95: m.res.p95 }, baseline: { p50: m.base.p50, p95: m.base.p95 }, note: `${m.count} matches; seeded to this size in ${seeded} s` });
        log(`growth-history: ${size.toLocaleString('en')} orders: p95 ${m.res.p95.toFixed(1)} ms (SQL ${m.base.p95.toFixed(1)} ms)`);
      }
      curves.push({
        key: 'history_search_p95',
        title: "Historia search 'virta' by orders in the history",
        description: `POST /history {filter: 'virta'} over HTTP (${G.historyRuns} runs a size) against the same SQL statement alone (the API's buildHistoryPage) on a pg client, the floor; alternating.`,
        unit: 'ms',
        stats: ['p50', 'p95'],
        sizeLabel: 'handled orders',
        baselineLabel: 'its SQL alone',
        points,
      });
    });

    await phase('growth-queue', async () => {
      const bareServer = await startBareExpressPg(dbUrl);
      stops.push(bareServer.stop);
      const bareId = (await db.query(`SELECT id FROM doctor WHERE email = $1`, [emails[0]])).rows[0].id;
      const bare = bareDoctor(bareServer.baseUrl, bareId);
      const points = [];
      for (const size of G.queue) {
        const t0 = Date.now();
        await fillQueue(db, size);
        const filled = ((Date.now() - t0) / 1000).toFixed(0);
        const m = await pickAtDepth(doctor, bare, G.pickRuns);
        points.push({ size, value: { p50: m.res.p50, p99: m.res.p99 }, baseline: { p50: m.base.p50, p99: m.base.p99 }, note: `filled in ${filled} s` });
        log(`growth-queue: ${size.toLocaleString('en')} waiting: pick p99 ${m.res.p99.toFixed(1)} ms (bare ${m.base.p99.toFixed(1)} ms)`);
      }
      await bareServer.stop();
      curves.push({
        key: 'pick_first_p99',
        title: 'Pick-first by orders waiting',
        description: `POST /order/pick-first then release, ${G.pickRuns} picks a size, against the bare Express + pg baseline running the same statements (bench/baselines/express-pg.mjs), pick by pick.`,
        unit: 'ms',
        stats: ['p50', 'p99'],
        sizeLabel: 'orders waiting',
        baselineLabel: 'bare Express + pg',
        points,
      });
    });

    await phase('growth-sockets', async () => {
      const bare = await startBareSocketServer();
      stops.push(bare.stop);
      const latency = [];
      const heap = [];
      for (const [i, size] of G.sockets.entries()) {
        const resHeap = await heapPerSocket(api, size - pool.size, () => pool.open({ url: api.baseUrl, cookies: doctorCookies, count: size - pool.size, mode: 'listen', event: 'queue:status', keyPath: 'waitingForDoctor' }));
        const bareHeap = await heapPerSocket(bare, size - barePool.size, () =>
          barePool.open({ url: bare.baseUrl, cookies: [], room: 'doctors', count: size - barePool.size, mode: 'listen', event: 'queue:status', keyPath: 'waitingForDoctor' }),
        );
        const [res, base] = await alternate(
          [reseptiSends(pool, { pharmacist, productId, waitingBefore: await waitingCount(db) }), bareStatusEmits(barePool, { emitUrl: bare.baseUrl, offset: (i + 1) * 1_000_000 })],
          G.changes,
          G.budget,
        );
        requireBaseline('growth-sockets', base.missing, `${base.missing} bare arrivals missing at ${size} sockets`);
        latency.push({ size, value: { p50: res.p50, p99: res.p99 }, baseline: { p50: base.p50, p99: base.p99 }, note: `${res.changes} changes${res.missing ? `; ${res.missing} arrivals missing` : ''}` });
        heap.push({ size, value: { heap: resHeap / 1024 }, baseline: { heap: bareHeap / 1024 }, note: `the ${size - (G.sockets[i - 1] ?? 0)} sockets opened at this step` });
        if (i === G.sockets.length - 1) put('push_p99_5000_ratio', res.p99, base.p99);
        log(`growth-sockets: ${size} sockets: push p99 ${res.p99.toFixed(1)} ms (bare ${base.p99.toFixed(1)}), heap ${(resHeap / 1024).toFixed(1)} KiB/socket (bare ${(bareHeap / 1024).toFixed(1)})`);
      }
      await Promise.all([pool.close(), barePool.close()]);
      await bare.stop();
      curves.push({
        key: 'push_p99',
        title: 'Push send → doctor socket by connected doctor sockets',
        description: `A pharmacy's send and its queue:status at every doctor socket, against a bare Socket.IO server broadcasting the same payload to the same number of sockets, alternating (${G.changes} changes a size at most, ${G.budget / 1000} s budget).`,
        unit: 'ms',
        stats: ['p50', 'p99'],
        sizeLabel: 'doctor sockets',
        baselineLabel: 'bare Socket.IO',
        points: latency,
      });
      curves.push({
        key: 'heap_per_socket',
        title: 'Server heap per socket by connected sockets',
        description: 'Heap after GC before and after opening the sockets of each step, divided by their number.',
        unit: 'KiB',
        stats: ['heap'],
        sizeLabel: 'sockets',
        baselineLabel: 'bare Socket.IO',
        points: heap,
      });
    });
  } finally {
    pool.kill();
    barePool.kill();
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    await db.end().catch(() => undefined);
    await dropDatabase().catch(() => undefined);
  }
}

/** Patients at scale, in a database and two API processes of their own (bench/lib/patients.mjs). */
async function patientPhase(pgServer, redis) {
  await phase('patients', async () => {
    if (!redis) throw new Error('no redis-server on PATH: two processes need Redis');
    const r = await patientsAtScale({ pgServer, redis, sizes: PATIENTS.sizes, sends: PATIENTS.sends, outage: PATIENTS.outage, workers: PATIENTS.workers, budgetMs: PATIENTS.budget });
    const [p99, bareP99] = r.figures.patient_push_p99_10k_ms;
    put('patient_push_p99_10k_ratio', p99, bareP99);
    const [heap, bareHeap] = r.figures.patient_heap_per_socket_10k;
    put('patient_heap_per_socket_10k_ratio', heap, bareHeap);
    put('patient_reconnect_10k_s', r.figures.patient_reconnect_10k_s[0]);
    put('patient_storm_lost', r.figures.patient_storm_lost[0]);
    details.push(...r.details);
    notes.push(...r.notes);
    curves.push({
      key: 'patient_push_p99',
      title: "A doctor's delivery → the patient's page, by open patient pages",
      description: `Pages on two API processes sharing Redis; each delivery goes to one patient's page. Against a bare two-process Socket.IO + Redis streams adapter pair (connection state recovery on) emitting the same payload to the same room, alternating (${PATIENTS.sends} deliveries a size at most, ${PATIENTS.budget / 1000} s budget). Resepti's side includes the delivery's own request.`,
      unit: 'ms',
      stats: ['p50', 'p99'],
      sizeLabel: 'patient pages',
      baselineLabel: 'bare Socket.IO pair',
      points: r.points.map((p) => ({ size: p.size, value: p.push, baseline: p.barePush, note: '' })),
    });
    curves.push({
      key: 'patient_heap_per_socket',
      title: 'Server heap per patient page, by open patient pages',
      description: 'Both processes\' heap after GC before and after opening the pages of each step, divided by their number.',
      unit: 'KiB',
      stats: ['heap'],
      sizeLabel: 'patient pages',
      baselineLabel: 'bare Socket.IO pair',
      points: r.points.map((p) => ({ size: p.size, value: { heap: p.heap }, baseline: { heap: p.bareHeap }, note: '' })),
    });
  });
}

async function report(pgLabel, seconds) {
  const out = {};
  const rows = [];
  for (const f of FIGURES) {
    const r = results[f.key];
    if (!r) {
      rows.push([f.key, f.label, '–', '–', '–', f.op ? `${f.op} ${f.target}` : '', 'not measured']);
      continue;
    }
    const ratio = r.baseline ? r.value / r.baseline : null;
    const subject = f.on === 'ratio' ? ratio : r.value;
    const pass = f.op === null || subject === null ? '' : (f.op === '<=' ? subject <= f.target : subject >= f.target) ? 'pass' : 'FAIL';
    out[f.key] = { value: round(r.value), baseline: r.baseline === null ? null : round(r.baseline), ratio: ratio === null ? null : round(ratio), unit: f.unit };
    rows.push([f.key, f.label, `${fmt(r.value)} ${f.unit}`, r.baseline === null ? '–' : `${fmt(r.baseline)} ${f.unit}`, ratio === null ? '–' : ratio.toFixed(2), f.op ? `${f.on === 'ratio' ? 'ratio' : 'value'} ${f.op} ${f.target}` : '', pass]);
  }
  const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${pgLabel}`;
  printTable('Details', ['measurement', 'result', 'note'], details);
  printTable(`Resepti bench${QUICK ? ' (--quick: smaller sizes, not the issue\'s figures)' : ''}: ${machine}; ${seconds.toFixed(0)} s`, ['key', 'figure', 'Resepti', 'baseline', 'ratio', 'target', 'result'], rows, [2, 3, 4]);
  for (const c of curves) printCurve(c);
  for (const n of notes) console.log(`\nnote: ${n}`);
  const dir = path.join(ROOT, 'bench/results');
  await mkdir(dir, { recursive: true });
  if (curves.length) {
    const scale = QUICK ? '--quick sizes (not the issue\'s)' : 'the issue\'s sizes';
    // The growth curves' charts are report.html/png (docs/performance.md shows them); a quick run's,
    // or a run of other phases only, go beside them under their own name.
    const reportName = QUICK ? 'report-quick' : ONLY && !ONLY.includes('growth') ? `report-${ONLY.join('-')}` : 'report';
    const html = path.join(dir, `${reportName}.html`);
    await writeReport(html, { title: 'Resepti bench: growth curves', at: new Date().toISOString(), machine, scale, curves, notes });
    console.log(`written: bench/results/${reportName}.html`);
    const pictured = await screenshotReport(html, path.join(dir, `${reportName}.png`)).catch((err) => console.error(`${reportName}.png not written:`, err));
    if (pictured) console.log(`written: bench/results/${reportName}.png (the charts, for docs/performance.md)`);
  }
  // Only a full run of every phase replaces latest.json (the figures docs/performance.md quotes).
  const name = QUICK ? 'latest-quick' : ONLY ? 'latest-partial' : 'latest';
  const file = path.join(dir, `${name}.json`);
  await writeFile(file, `${JSON.stringify(out, null, 2)}\n`);
  await writeFile(path.join(dir, `${name}-run.json`), `${JSON.stringify({ at: new Date().toISOString(), machine, seconds: Math.round(seconds), sizes: P, growthSizes: G, notes, details, curves }, null, 2)}\n`);
  console.log(`\nwritten: ${path.relative(ROOT, file)}`);
}

const round = (v) => (Math.abs(v) >= 100 ? Math.round(v * 10) / 10 : Math.round(v * 1000) / 1000);
const fmt = (v) => (Math.abs(v) >= 100 ? v.toFixed(0) : v.toFixed(2));

main().then(
  () => {
    if (failedPhases.length === 0) return process.exit(0);
    console.error(`\nBENCH FAILED: ${failedPhases.join(', ')} (see the notes above); their figures are not reported.`);
    process.exit(1);
  },
  (err) => {
    console.error(err);
    process.exit(1);
  },
);

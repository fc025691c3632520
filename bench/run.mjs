// npm run bench: Resepti at scale against a bare baseline measured in the same run (issue 8).
//   npm run bench                   (builds first; about 20 minutes on 2 cores)
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
// The phases: bench/phases/ (main, growth, patients); the run's sizes and collected figures: bench/lib/run-context.mjs.
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freshDatabase, ROOT, startPostgres, startRedis } from './lib/infra.mjs';
import { printCurve, screenshotReport, writeReport } from './lib/growth.mjs';
import { SocketPool } from './lib/socket-pool.mjs';
import { printTable } from './lib/stats.mjs';
import { BENCH_DOCTORS, curves, details, failedPhases, G, GROWTH_PHASES, log, MAIN_PHASES, notes, ONLY, P, PATIENT_PHASES, PATIENTS, QUICK, results, wanted } from './lib/run-context.mjs';
import { growthPhases } from './phases/growth.mjs';
import { mainPhases } from './phases/main.mjs';
import { patientPhase } from './phases/patients.mjs';

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

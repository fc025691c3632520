// The plans of pick-first's statements at two queue depths (issue 24: "pick-first at 100k waiting
// must cost what it costs at 1k"): EXPLAIN (ANALYZE, BUFFERS) of each statement of the pick's
// transaction, run through the lifecycle's own functions (apps/api/dist), inside a transaction
// that is rolled back. Not the bench: it prints plans, no figures to keep.
//   node bench/explain-pick.mjs [depths, default 1000,100000]
import pg from 'pg';
import { heldOrPicked, lockDoctor } from '../apps/api/dist/orders/lifecycle-statements.js';
import { loadChangedOrder } from '../apps/api/dist/orders/order-loads.js';
import { queueStatusSql } from '../apps/api/dist/orders/order-queue.service.js';
import { freshDatabase, startApi, startPostgres } from './lib/infra.mjs';
import { fillQueue } from './lib/seed.mjs';

const depths = (process.argv[2] ?? '1000,100000').split(',').map(Number);
const pgServer = await startPostgres();
const fresh = await freshDatabase(pgServer, 'resepti_explain');
// The API runs the migrations and seeds the demo doctor; then it is not needed.
const api = await startApi(fresh.url);
await api.stop();
const db = new pg.Client({ connectionString: fresh.url });
try {
  await db.connect();
  const [{ id: doctorId }] = (await db.query(`SELECT id FROM doctor WHERE email = 'laakari@example.fi'`)).rows;
  for (const depth of depths) {
    await fillQueue(db, depth);
    console.log(`\n==== ${(await db.query(`SELECT count(*)::int AS n FROM orders WHERE delivery_status = 'waiting'`)).rows[0].n} waiting ====`);
    await db.query('BEGIN');
    // Stands for the transaction's EntityManager: each statement is run as EXPLAIN ANALYZE (which runs it) and its plan printed.
    const m = {
      query: async (text, values) => {
        const plan = (await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, values)).rows.map((r) => r['QUERY PLAN']);
        console.log(`\n-- ${text.replace(/\s+/g, ' ').slice(0, 110)}…\n${plan.join('\n')}`);
        return [{}];
      },
    };
    await lockDoctor(m, doctorId);
    await heldOrPicked(m, doctorId);
    // The order the pick took (EXPLAIN answers no rows): read it as the statement left it.
    const picked = (await db.query(`SELECT id FROM orders WHERE delivery_status = 'processing' AND doctor_id = $1`, [doctorId])).rows[0]?.id;
    if (picked) await loadChangedOrder(m, picked, { name: 'queue-counts', sql: queueStatusSql() });
    await db.query('ROLLBACK');
  }
} finally {
  await db.end();
  await fresh.drop();
  await pgServer.stop();
}

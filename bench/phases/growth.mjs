// The growth phases of `npm run bench` (bench/run.mjs; `--only growth`): how each cost grows with the
// history, the queue and the sockets, in a database and an API of their own.
import pg from 'pg';
import { freshDatabase, startApi } from '../lib/infra.mjs';
import { bareDoctor, historySearchAtSize, pickAtDepth } from '../lib/growth.mjs';
import { startBareExpressPg } from '../lib/queue.mjs';
import { alternate, bareStatusEmits, heapPerSocket, reseptiSends, startBareSocketServer } from '../lib/push.mjs';
import { firstProductId, loginDoctor, loginPharmacist } from '../lib/resepti.mjs';
import { createDoctors, fillQueue, seedHistory, waitingCount } from '../lib/seed.mjs';
import { SocketPool } from '../lib/socket-pool.mjs';
import { BENCH_DOCTORS, curves, G, log, P, phase, put, requireBaseline } from '../lib/run-context.mjs';

/**
 * The growth curves, in a database and an API of their own (so the main phases' sizes stay as
 * they are): the history grows first (empty queue), then the queue (with that history), then the
 * doctor sockets (with that queue). Each size's figure is measured with its baseline alternating.
 */
export async function growthPhases(pgServer) {
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
      const bareServer = await startBareExpressPg(dbUrl, `${api.baseUrl}/dev-prescription-centre/fhir`);
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

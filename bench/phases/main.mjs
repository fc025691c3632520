// The main phases of `npm run bench` (bench/run.mjs): the issue's figures at the sizes of P, in the
// run's database, each against its baseline measured in the same run.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { httpLoader } from '../lib/http-load.mjs';
import { freshDatabase, ROOT, startApi, withClient } from '../lib/infra.mjs';
import { alternate, bareNotices, bareStatusEmits, heapPerSocket, reseptiNotices, reseptiSends, screensCurrent, startBareSocketServer } from '../lib/push.mjs';
import { integratorFigures } from '../lib/integrator.mjs';
import { historyFigures, outboxesDrained, pickAtTwoDepths, pickCycle, pickLatency, startBareExpressPg } from '../lib/queue.mjs';
import { firstProductId, loginDoctor, loginPharmacist } from '../lib/resepti.mjs';
import { BENCH_WEBHOOK_SECRET, barePayCycle, createCustomers, loginCustomer, payCycles, payOutcome, reseptiPayCycle, startBareCustomerPay } from '../lib/customer-pay.mjs';
import { createDoctors, fillQueue, seedHistory, seedReseptilista, waitingCount } from '../lib/seed.mjs';
import { webFirstLoadJs } from '../lib/web-size.mjs';
import { args, BENCH_DOCTORS, details, notes, P, phase, put, requireBaseline, RESEPTILISTA_CARDS } from '../lib/run-context.mjs';

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

/** The issue's figures at the sizes of P, in the run's database. */
export async function mainPhases({ pgServer, dbUrl, db, pool, barePool, redis, stoppers }) {
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
      // One warm client for every slice of both sides.
      const loader = httpLoader();
      try {
        for (let round = 0; round < P.restRounds; round++) {
          for (const [i, [, url, cookie]] of targets.entries()) {
            const r = await loader.run({ url, connections, duration: slice, headers: cookie ? { cookie } : {} });
            const s = sums[i];
            s.requests += r.total;
            s.seconds += slice;
            s.p99 = Math.max(s.p99, r.p99);
            s.non2xx += r.non2xx;
            s.errors += r.errors;
          }
        }
      } finally {
        loader.close();
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
      // The phase's orders leave the queue with it: about 5,500 Kestine renewals of 40 patients
      // (130 each) would otherwise be what the cycle works through, each pick reading a Centre
      // history of a hundred prescriptions of one medicine, unlike the cycle's own orders and
      // unlike `--only cycle`. A phase measures its own work.
      await db.query('DELETE FROM orders WHERE customer_id = ANY($1)', [[...ours, ...bares].map((c) => c.id)]);
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
      const bareServer = await startBareExpressPg(dbUrl, `${api.baseUrl}/dev-prescription-centre/fhir`);
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
          // A slice ends when what its deliveries started is done too: every approved prescription
          // recorded in the Centre, every patient texted (both sides do it after answering the
          // doctor). Left running, Resepti's workers went on into the bare side's slice, counted
          // as the baseline's time.
          const drainSeconds = await outboxesDrained(db);
          const t = total[side];
          t.delivered += r.delivered;
          t.seconds += r.seconds + drainSeconds;
          t.drainSeconds = (t.drainSeconds ?? 0) + drainSeconds;
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
      details.push([`cycle: delivered / seconds`, `${res.delivered} in ${res.seconds.toFixed(1)} s vs ${base.delivered} in ${base.seconds.toFixed(1)} s`, `Resepti vs bare, alternating slices of ${(sliceMs / 1000).toFixed(0)} s: ${res.slices} vs ${base.slices}; including ${res.drainSeconds.toFixed(1)} vs ${base.drainSeconds.toFixed(1)} s of recording and texting after the slices`]);
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
      details.push([`cross-node push p50`, `${res.p50.toFixed(1)} vs ${base.p50.toFixed(1)} ms`, `Resepti vs bare, ${res.changes} changes each; the request itself p50 ${res.requestP50.toFixed(1)} vs ${base.requestP50.toFixed(1)} ms`]);
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

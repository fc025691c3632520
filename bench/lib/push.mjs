// Push figures: Resepti's real sends and notices against a bare Socket.IO server doing the
// same broadcast (same payload, same room size), sockets held by forked load processes.
import path from 'node:path';
import { ROOT, startNodeServer } from './infra.mjs';
import { sendPharmacyOrder } from './resepti.mjs';
import { median, now, percentile } from './stats.mjs';

const BARE = path.join(ROOT, 'bench/baselines/socketio-server.mjs');

export function startBareSocketServer(redisUrl = '', { recoveryWindowMs = 0 } = {}) {
  return startNodeServer(BARE, { REDIS_URL: redisUrl, RECOVERY_WINDOW_MS: String(recoveryWindowMs) }, { label: 'bare Socket.IO' });
}

async function bareEmit(baseUrl, room, event, payload) {
  const res = await fetch(`${baseUrl}/emit?room=${encodeURIComponent(room)}&event=${encodeURIComponent(event)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  await res.arrayBuffer();
}

/** A queue:status payload of the shape Resepti sends, with waitingForDoctor = n (the key). */
const statusPayload = (n) => ({
  waitingForDoctor: n,
  processing: 3,
  nextOrderExpiring: new Date(Date.now() + 20 * 60_000).toISOString(),
  count20min: Math.floor(n / 4),
  count12h: n - Math.floor(n / 4),
  pickedOrder: null,
});

/**
 * One side of a comparison: change i is caused by start(i, mark) (mark() at t0; resolves when
 * the request that causes it is done) and counts as arrived once every socket of `pool` has
 * the change named key(i).
 */
function series(pool, { start, key, timeoutMs = 15_000 }) {
  return { pool, start, key, timeoutMs, latencies: [], lasts: [], requests: [], missing: 0, dead: false };
}

async function step(s, i) {
  let t0 = 0;
  const r0 = now();
  await s.start(i, () => (t0 = now()));
  s.requests.push(now() - (t0 || r0));
  const got = await s.pool.arrivals(s.key(i), s.timeoutMs);
  for (const t of got.times) s.latencies.push(t - (t0 || r0));
  s.lasts.push(got.times.length ? Math.max(...got.times) - (t0 || r0) : s.timeoutMs);
  s.missing += got.missing;
  if (got.missing === s.pool.size) s.dead = true; // nothing arrives: do not wait out every change
}

const summary = (s) => ({
  p50: percentile(s.latencies, 50),
  p99: percentile(s.latencies, 99),
  lastP50: median(s.lasts),
  lastMax: Math.max(...s.lasts),
  requestP50: median(s.requests),
  changes: s.lasts.length,
  samples: s.latencies.length,
  missing: s.missing,
});

/**
 * A pause after each step (BENCH_SETTLE_MS, default 100 ms): what a side does after its measured
 * push (Resepti's order:updated to the same sockets after the queue counts, its response) must
 * not run during the other side's next step, or the baseline pays for Resepti's work.
 */
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 100);

/**
 * Runs up to `changes` changes of each series, alternating (Resepti, baseline, Resepti, …) so
 * that both sides see the same background load on a shared machine. Stops early after
 * `budgetMs` (both sides then have the same number of changes). Latencies of all arrivals, the
 * time to the last socket per change, and the request times, per series.
 */
export async function alternate(list, changes, budgetMs = Infinity) {
  const began = Date.now();
  for (let i = 1; i <= changes; i++) {
    for (const s of list) {
      await step(s, i);
      if (SETTLE_MS > 0) await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    }
    if (list.some((s) => s.dead) || Date.now() - began > budgetMs) break;
  }
  return list.map(summary);
}

/** Resepti: a pharmacy sends an order (queue:status to the doctor sockets of `pool`). */
export const reseptiSends = (pool, { pharmacist, productId, waitingBefore }) =>
  series(pool, { start: (_i, mark) => sendPharmacyOrder(pharmacist, productId, mark), key: (i) => String(waitingBefore + i) });

/** Bare: the same queue:status broadcast to the room. */
export const bareStatusEmits = (pool, { emitUrl, offset = 0 }) =>
  series(pool, {
    start: (i, mark) => {
      mark();
      return bareEmit(emitUrl, 'doctors', 'queue:status', statusPayload(offset + i));
    },
    // offset: a later series on the same sockets uses keys of its own
    key: (i) => String(offset + i),
  });

const noticeHeader = (tag, i) => `Tiedote ${tag} ${i}: huoltokatko tänään klo 22–23`;
const NOTICE_DETAILS = 'Reseptit käsitellään normaalisti.';

/** Resepti: a doctor publishes the notice; the pharmacies' sockets get notice:updated. */
export const reseptiNotices = (pool, { doctor, tag }) =>
  series(pool, {
    start: (i, mark) => {
      mark();
      return doctor.ok('POST', '/set-pharmacy-message', { header: noticeHeader(tag, i), additionalDetails: NOTICE_DETAILS, status: 'published' });
    },
    key: (i) => noticeHeader(tag, i),
    timeoutMs: 30_000,
  });

export const bareNotices = (pool, { emitUrl, tag }) =>
  series(pool, {
    start: (i, mark) => {
      mark();
      return bareEmit(emitUrl, 'pharmacies', 'notice:updated', { notice: { id: 1, header: noticeHeader(tag, i), additionalDetails: NOTICE_DETAILS, status: 'published' } });
    },
    key: (i) => noticeHeader(tag, i),
    timeoutMs: 30_000,
  });

/** Heap after GC before and after opening `count` sockets with `open`: bytes per socket. */
export async function heapPerSocket(server, count, open) {
  const before = await server.heapUsed();
  await open();
  const after = await server.heapUsed();
  return (after - before) / count;
}

/**
 * Doctor screens (pool in a screens-* mode): `rounds` sends; per round the time from the send
 * to the moment the last screen is current (payload applied or refetch answered).
 */
export async function screensCurrent(pool, { pharmacist, productId, waitingCount, rounds, timeoutMs }) {
  const results = [];
  let missing = 0;
  let requests = 0;
  let heldEvents = 0;
  for (let i = 0; i < rounds; i++) {
    const before = await waitingCount();
    let t0 = 0;
    await sendPharmacyOrder(pharmacist, productId, () => (t0 = now()));
    const got = await pool.arrivals(String(before + 1), timeoutMs);
    missing += got.missing;
    requests = got.requests;
    heldEvents = got.heldEvents;
    results.push(got.missing ? timeoutMs : Math.max(...got.times) - t0);
  }
  return { ms: median(results), max: Math.max(...results), missing, requests, heldEvents };
}

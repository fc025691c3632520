// Push figures: Resepti's real sends and notices against a bare Socket.IO server doing the
// same broadcast (same payload, same room size), sockets held by forked load processes.
import path from 'node:path';
import { ROOT, startNodeServer } from './infra.mjs';
import { sendPharmacyOrder } from './resepti.mjs';
import { median, now, percentile } from './stats.mjs';

const BARE = path.join(ROOT, 'bench/baselines/socketio-server.mjs');

export function startBareSocketServer(redisUrl = '') {
  return startNodeServer(BARE, { REDIS_URL: redisUrl }, { label: 'bare Socket.IO' });
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
 * `changes` times: start(i) at t0 (resolves when the request that causes change i is done),
 * then the arrival of change key(i) at every socket of the pool. Latencies of all arrivals,
 * the time to the last socket per change, and the request times.
 */
async function measureChanges(pool, changes, { start, key, timeoutMs = 15_000, budgetMs = Infinity }) {
  const began = Date.now();
  const latencies = [];
  const lasts = [];
  const requests = [];
  let missing = 0;
  for (let i = 1; i <= changes; i++) {
    let t0 = 0;
    const r0 = now();
    await start(i, () => (t0 = now()));
    requests.push(now() - (t0 || r0));
    const got = await pool.arrivals(key(i), timeoutMs);
    for (const t of got.times) latencies.push(t - (t0 || r0));
    lasts.push(Math.max(...got.times) - (t0 || r0));
    missing += got.missing;
    if (got.missing === pool.size) break; // nothing arrives: do not wait out every change
    if (Date.now() - began > budgetMs) break; // a slow (shared) machine: fewer changes, noted by the caller
  }
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    lastP50: median(lasts),
    lastMax: Math.max(...lasts),
    requestP50: median(requests),
    changes: lasts.length,
    samples: latencies.length,
    missing,
  };
}

/** Resepti: a pharmacy sends `changes` orders while `pool` holds doctor sockets (queue:status). */
export function reseptiSendPushes(pool, { pharmacist, productId, waitingBefore, changes, budgetMs }) {
  return measureChanges(pool, changes, {
    budgetMs,
    start: (_i, mark) => sendPharmacyOrder(pharmacist, productId, mark),
    key: (i) => String(waitingBefore + i),
  });
}

/** Bare: the same number of queue:status broadcasts to the room. */
export function bareStatusPushes(pool, { emitUrl, changes, budgetMs }) {
  return measureChanges(pool, changes, {
    budgetMs,
    start: (i, mark) => {
      mark();
      return bareEmit(emitUrl, 'doctors', 'queue:status', statusPayload(i));
    },
    key: (i) => String(i),
  });
}

const noticeHeader = (tag, i) => `Tiedote ${tag} ${i}: huoltokatko tänään klo 22–23`;

/** Resepti: a doctor publishes the notice `rounds` times; pharmacies' sockets get notice:updated. */
export function reseptiNoticeFanout(pool, { doctor, rounds, tag }) {
  return measureChanges(pool, rounds, {
    start: (i, mark) => {
      mark();
      return doctor.ok('POST', '/set-pharmacy-message', { header: noticeHeader(tag, i), additionalDetails: 'Reseptit käsitellään normaalisti.', status: 'published' });
    },
    key: (i) => noticeHeader(tag, i),
    timeoutMs: 30_000,
  });
}

export function bareNoticeFanout(pool, { emitUrl, rounds, tag }) {
  return measureChanges(pool, rounds, {
    start: (i, mark) => {
      mark();
      const notice = { id: 1, header: noticeHeader(tag, i), additionalDetails: 'Reseptit käsitellään normaalisti.', status: 'published' };
      return bareEmit(emitUrl, 'pharmacies', 'notice:updated', { notice });
    },
    key: (i) => noticeHeader(tag, i),
    timeoutMs: 30_000,
  });
}

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

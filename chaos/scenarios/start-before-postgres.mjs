// Issue 39: an API process started while its PostgreSQL is down (a deployment without a
// supervisor). It must stay up, live and not ready, while it waits, then migrate and become ready
// once PostgreSQL starts. lost = 1 when it exits or never becomes ready.
import { freshDatabase, sleep, startApi, startPostgres } from '../../bench/lib/infra.mjs';

export const name = 'start-before-postgres';

/** How long PostgreSQL stays down after the API process started. */
const DOWN_MS = 15_000;

const status = (url) => fetch(url).then((r) => r.status, () => 0);

export async function run() {
  const pgServer = await startPostgres({ own: true });
  const db = await freshDatabase(pgServer, 'chaos_late');
  const details = [];
  let api;
  let lost = 1;
  let down = false;
  try {
    await pgServer.pause();
    down = true;
    try {
      api = await startApi(db.url, { label: 'API started before PostgreSQL', readyPath: '/health/live' });
    } catch (err) {
      return { lost, duplicated: 0, corrupted: 0, details: [`the API process never answered /health/live: ${String(err.message).split('\n')[0]}`] };
    }
    const waitingStatuses = new Set();
    for (const until = Date.now() + DOWN_MS; Date.now() < until; await sleep(1_000)) {
      waitingStatuses.add(`live ${await status(`${api.baseUrl}/health/live`)} ready ${await status(`${api.baseUrl}/health/ready`)}`);
    }
    // Counted now: the output kept is the last 20 kB, which migrations and seeding fill later.
    const tries = (api.output().match(/PostgreSQL does not answer/g) ?? []).length;
    details.push(
      `PostgreSQL down for ${DOWN_MS / 1000} s after the start; the process answered: ${[...waitingStatuses].join(', ')}; still running: ${api.child.exitCode === null}; ${tries} tries logged`,
    );
    const resumedAt = Date.now();
    await pgServer.resume();
    down = false;
    let ready = 0;
    for (const deadline = Date.now() + 120_000; api.child.exitCode === null && Date.now() < deadline && ready !== 200; await sleep(200)) {
      ready = await status(`${api.baseUrl}/health/ready`);
    }
    const health = await status(`${api.baseUrl}/health`);
    details.push(`PostgreSQL started: ready ${ready} after ${((Date.now() - resumedAt) / 1000).toFixed(1)} s, GET /health ${health}`);
    if (ready === 200 && health === 200 && tries > 0 && waitingStatuses.size === 1 && waitingStatuses.has('live 200 ready 503')) lost = 0;
    return { lost, duplicated: 0, corrupted: 0, details };
  } finally {
    await api?.stop();
    if (down) await pgServer.resume();
    await db.drop().catch(() => undefined);
    await pgServer.stop();
  }
}

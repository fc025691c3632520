// A quick look at one authenticated GET against /health (not the bench: no figures to keep).
//   node bench/profile-rest.mjs [seconds] [connections]
// PROFILE_ONLY=/health,outstanding picks the targets; PROFILE_ROUNDS=5 alternates them 5 times (3); BENCH_API_CPU_PROF=dir writes the API's CPU profile;
// PROFILE_HISTORY=100000 seeds the full run's history (20,000 by default). bench/cpuprofile-summary.mjs summarises a profile.
// Starts the built API on a fresh database of DATABASE_URL's server (or embedded), seeds the
// bench's sizes, then alternates /health, /system-status, Reseptilista and a patient's outstanding
// orders (3, placed through the pay path) in short slices.
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { httpLoad } from './lib/http-load.mjs';
import { freshDatabase, startApi, startPostgres } from './lib/infra.mjs';
import { BENCH_WEBHOOK_SECRET, createCustomers, loginCustomer, reseptiPayCycle } from './lib/customer-pay.mjs';
import { loginDoctor, loginPharmacist } from './lib/resepti.mjs';
import { fillQueue, seedHistory, seedReseptilista } from './lib/seed.mjs';

const seconds = Number(process.argv[2] ?? 2);
const connections = Number(process.argv[3] ?? 10);
const pgServer = await startPostgres();
const fresh = await freshDatabase(pgServer, 'resepti_prof');
const api = await startApi(fresh.url, { env: { STRIPE_WEBHOOK_SECRET: BENCH_WEBHOOK_SECRET } });
const db = new pg.Client({ connectionString: fresh.url });
try {
  await db.connect();
  await seedHistory(db, Number(process.env.PROFILE_HISTORY ?? 20_000));
  await seedReseptilista(db, 200);
  await fillQueue(db, 1_000);
  const doctor = await loginDoctor(api.baseUrl, 'laakari@example.fi');
  const pharmacist = await loginPharmacist(api.baseUrl, 'apteekki');
  const [reader] = await createCustomers(db, 'bench.reader', 1, 900);
  const patient = await loginCustomer(api.baseUrl, reader.email);
  const kestine = (await patient.ok('GET', '/products')).body.find((p) => p.displayName.startsWith('Kestine')).productId;
  for (let i = 0; i < 3; i++) await reseptiPayCycle(patient, kestine);
  const only = process.env.PROFILE_ONLY?.split(',');
  const targets = [
    ['/health', `${api.baseUrl}/health`, undefined],
    ['/system-status', `${api.baseUrl}/ui-api/v1/system-status`, doctor.cookie],
    ['active', `${api.baseUrl}/ui-api/v1/pharmacy-order-history/active`, pharmacist.cookie],
    ['outstanding', `${api.baseUrl}/ui-api/v1/my-outstanding-orders`, patient.cookie],
  ].filter(([name]) => !only || only.includes(name));
  const sums = new Map(targets.map(([n]) => [n, { requests: 0, seconds: 0, p99: [], apiCpu: 0, pgCpu: 0 }]));
  // CPU seconds of a process (utime + stime) and of the PostgreSQL server's processes: unlike
  // req/s, CPU per request barely moves when other work shares the machine.
  const ticks = Number(execSync('getconf CLK_TCK').toString()) || 100;
  const cpuOf = (pid) => {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return (Number(f[11]) + Number(f[12])) / ticks;
    } catch {
      return 0;
    }
  };
  const pgPids = () => execSync(`pgrep -f '${fresh.database}' || true`).toString().split('\n').filter(Boolean).map(Number);
  const pgCpu = () => pgPids().reduce((n, pid) => n + cpuOf(pid), 0);
  for (let round = 0; round < Number(process.env.PROFILE_ROUNDS ?? 3); round++) {
    for (const [name, target, cookie] of targets) {
      const [api0, pg0] = [cpuOf(api.child.pid), pgCpu()];
      const r = await httpLoad({ url: target, connections, duration: seconds, headers: cookie ? { cookie } : {} });
      const s = sums.get(name);
      s.apiCpu += cpuOf(api.child.pid) - api0;
      s.pgCpu += pgCpu() - pg0;
      s.requests += r.total;
      s.seconds += seconds;
      s.p99.push(r.p99);
      if (r.non2xx || r.errors) console.log(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    }
  }
  const health = sums.has('/health') ? sums.get('/health').requests / sums.get('/health').seconds : NaN;
  for (const [name, s] of sums) {
    const rps = s.requests / s.seconds;
    const ms = (cpu) => ((1000 * cpu) / s.requests).toFixed(2);
    console.log(`${name.padEnd(16)} ${rps.toFixed(0).padStart(6)} req/s  ratio ${(rps / health).toFixed(2)}  p99 ${s.p99.join('/')} ms  CPU per request: API ${ms(s.apiCpu)} ms, PostgreSQL ${ms(s.pgCpu)} ms`);
  }
} finally {
  await db.end();
  await api.stop();
  if (process.env.KEEP_DB) console.log(`kept: ${fresh.url}`);
  else await fresh.drop();
  await pgServer.stop();
}

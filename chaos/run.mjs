// `npm run chaos`: the fault scenarios of docs/operations.md ("Chaos run"), each against its own
// processes (API nodes, PostgreSQL, Redis, slow receivers) on this machine only, each ending in
// invariant checks by SQL. Not part of `npm test`: a run takes minutes and kills processes.
//
// A scenario is a module in chaos/scenarios/ exporting `name` and `run()`, which resolves to
// { lost, duplicated, corrupted, details: string[] }. The run prints one row per scenario and
// exits non-zero when any count is not 0 or a scenario fails.
//   node chaos/run.mjs [--only name1,name2]
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../bench/lib/infra.mjs';

const onlyArg = process.argv.indexOf('--only');
const only = onlyArg >= 0 ? new Set(process.argv[onlyArg + 1].split(',')) : null;
const dir = path.join(ROOT, 'chaos/scenarios');
const files = (await readdir(dir)).filter((f) => f.endsWith('.mjs')).sort();

const rows = [];
let failed = false;
for (const file of files) {
  const scenario = await import(pathToFileURL(path.join(dir, file)).href);
  if (only && !only.has(scenario.name)) continue;
  const started = Date.now();
  console.log(`\n== ${scenario.name}`);
  try {
    const result = await scenario.run();
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    for (const line of result.details ?? []) console.log(`   ${line}`);
    const bad = result.lost + result.duplicated + result.corrupted;
    if (bad !== 0) failed = true;
    rows.push([scenario.name, result.lost, result.duplicated, result.corrupted, `${seconds} s`, bad === 0 ? 'ok' : 'FAILED']);
  } catch (err) {
    failed = true;
    console.error(err);
    rows.push([scenario.name, '-', '-', '-', `${((Date.now() - started) / 1000).toFixed(0)} s`, `ERROR: ${String(err?.message ?? err).slice(0, 80)}`]);
  }
}

const header = ['scenario', 'lost', 'duplicated', 'corrupted', 'time', 'result'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
const line = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join('  ');
console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
for (const r of rows) console.log(line(r));
const total = (k) => rows.reduce((s, r) => s + (typeof r[k] === 'number' ? r[k] : 0), 0);
console.log(`\nlost/duplicated/corrupted = ${total(1)}/${total(2)}/${total(3)}`);
if (rows.length === 0) {
  console.error('no scenario ran');
  failed = true;
}
process.exit(failed ? 1 : 0);

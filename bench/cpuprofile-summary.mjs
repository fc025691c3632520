// Where a process's CPU went, from a V8 .cpuprofile (BENCH_API_CPU_PROF=dir writes the bench's servers' ones):
//   node bench/cpuprofile-summary.mjs file.cpuprofile [top] [--callers name]
// Self time by package (node_modules/<package>, app:<folder> of apps/api/dist, node:<module>, (native) …) and by
// function; WINDOW=s keeps the samples of the profile's last s seconds (the load, without the start).
// --callers name: the stacks under which the function `name` (e.g. writev) spent its self time.
// A sample counts wall time in its frame, so a syscall's share includes the time the process waited to run again.
import { readFileSync } from 'node:fs';

const [file, ...rest] = process.argv.slice(2);
const callersOf = rest.includes('--callers') ? rest[rest.indexOf('--callers') + 1] : null;
const top = Number(rest.find((a) => /^\d+$/.test(a)) ?? 30);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);

/** Microseconds of self time per node id, within the window. */
const self = new Map();
const from = process.env.WINDOW ? profile.endTime - Number(process.env.WINDOW) * 1e6 : -Infinity;
let at = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) {
  const dt = profile.timeDeltas[i] ?? 0;
  at += dt;
  if (at >= from) self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + dt);
}
const total = [...self.values()].reduce((a, b) => a + b, 0);

const packageOf = ({ url, functionName }) => {
  if (!url) return `(native) ${functionName}`;
  const inModules = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (inModules) return inModules[1];
  if (url.includes('/apps/api/dist/')) return `app:${url.split('/apps/api/dist/')[1].split('/')[0]}`;
  return url.startsWith('node:') ? url : url.split('/').slice(-2).join('/');
};
const frameName = ({ url, functionName, lineNumber }) => `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber}`;
const add = (map, key, t) => map.set(key, (map.get(key) ?? 0) + t);
const show = (title, map) => {
  console.log(`--- ${title}`);
  for (const [key, t] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${((100 * t) / total).toFixed(1).padStart(5)}% ${(t / 1000).toFixed(0).padStart(8)} ms  ${key}`);
};

console.log(`${file}: ${(total / 1e6).toFixed(2)} s of samples`);
if (callersOf) {
  const stacks = new Map();
  for (const [id, t] of self) {
    if (nodes.get(id).callFrame.functionName !== callersOf) continue;
    const frames = [];
    for (let up = parent.get(id); up !== undefined && frames.length < 10; up = parent.get(up)) frames.push(frameName(nodes.get(up).callFrame));
    add(stacks, frames.join(' < '), t);
  }
  show(`stacks under ${callersOf}`, stacks);
} else {
  const byPackage = new Map();
  const byFunction = new Map();
  for (const [id, t] of self) {
    const frame = nodes.get(id).callFrame;
    add(byPackage, packageOf(frame), t);
    add(byFunction, frameName(frame), t);
  }
  show('self time by package', byPackage);
  show('self time by function', byFunction);
}

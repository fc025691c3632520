// Small statistics and the printed table.

export const percentile = (xs, p) => {
  if (xs.length === 0) return NaN;
  const s = Float64Array.from(xs).sort();
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

export const median = (xs) => percentile(xs, 50);

/** Wall-clock milliseconds comparable between processes on one machine (sub-millisecond). */
export const now = () => performance.timeOrigin + performance.now();

export const WARM_UP_CALLS = 5;

export async function measure(fn, runs) {
  // Warm-up, not measured: the first calls of a fresh process run before V8 has optimised its code.
  for (let i = 0; i < WARM_UP_CALLS; i++) await fn();
  const times = [];
  for (let i = 0; i < runs; i++) times.push(await fn());
  return { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), max: Math.max(...times), n: times.length };
}

const num = (v, digits = 2) => (v === null || v === undefined || Number.isNaN(v) ? '–' : Number(v).toFixed(Math.abs(v) >= 100 ? 0 : digits));

export function printTable(title, header, rows, rightAligned = []) {
  const cells = rows.map((r) => r.map((c) => (typeof c === 'number' ? num(c) : String(c ?? ''))));
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((row) => row[i].length)));
  const line = (row) => `| ${row.map((c, i) => (rightAligned.includes(i) ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' | ')} |`;
  console.log(`\n${title}\n`);
  console.log(line(header));
  console.log(`|${widths.map((w, i) => (rightAligned.includes(i) ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`);
  for (const row of cells) console.log(line(row));
}

// Growth curves (issue 24): the same figure at growing sizes, Resepti and its baseline measured
// alternately at each size, the growth between sizes printed, and bench/results/report.html with
// a chart per curve (Chart.js, its UMD build inlined from node_modules: the report loads nothing
// from other hosts and opens from the file system).
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { printTable, percentile } from './stats.mjs';

const summary = (times) => ({ p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), n: times.length });

/** A doctor of the bare Express + pg baseline (named by the x-doctor header). */
export function bareDoctor(baseUrl, doctorId) {
  return {
    async call(path, expected) {
      const t0 = performance.now();
      const res = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'x-doctor': String(doctorId), accept: 'application/json' } });
      const text = await res.text();
      if (!expected.includes(res.status)) throw new Error(`baseline POST ${path}: ${res.status} ${text.slice(0, 200)}`);
      return performance.now() - t0;
    },
  };
}

/**
 * Pick-first latency at the queue's current depth: `runs` picks (each released) on Resepti and
 * on the bare baseline, alternating pick by pick. A baseline error throws (the phase fails).
 */
export async function pickAtDepth(doctor, bare, runs) {
  const res = [];
  const base = [];
  for (let i = -1; i < runs; i++) {
    const r = await doctor.ok('POST', '/order/pick-first', undefined, [200]);
    await doctor.ok('POST', '/order/release', undefined, [204]);
    const b = await bare.call('/order/pick-first', [200]);
    await bare.call('/order/release', [204]);
    if (i >= 0) {
      // the first round warms both up
      res.push(r.ms);
      base.push(b);
    }
  }
  return { res: summary(res), base: summary(base) };
}

/** The Historia search 'virta' over HTTP against its two SQL statements alone, alternating. */
export async function historySearchAtSize(doctor, pgClient, runs) {
  const where = `o.delivery_status IN ('processing', 'delivered') AND lower(o.patient_first_name || ' ' || o.patient_last_name || ' ' || o.patient_hetu) LIKE $1`;
  const res = [];
  const base = [];
  let count = 0;
  for (let i = -1; i < runs; i++) {
    const r = await doctor.ok('POST', '/history', { filter: 'virta', offset: 30 });
    count = r.body.count;
    const t0 = performance.now();
    await pgClient.query(`SELECT count(*)::int AS count FROM orders o WHERE ${where}`, ['%virta%']);
    await pgClient.query(`SELECT o.id FROM orders o WHERE ${where} ORDER BY coalesce(o.delivery_time, o.processing_start_time) DESC, o.id DESC LIMIT 30`, ['%virta%']);
    const b = performance.now() - t0;
    if (i >= 0) {
      res.push(r.ms);
      base.push(b);
    }
  }
  return { res: summary(res), base: summary(base), count };
}

/**
 * A curve: points [{ size, value, baseline, note }] of one figure (lower is better). Prints the
 * figure at each size and its growth from the previous size, for Resepti and the baseline, with
 * the exponent k of value ∝ size^k between the two sizes (0: flat, 1: grows as fast as the size).
 */
export function printCurve(curve) {
  const rows = curve.points.map((p, i) => {
    const prev = curve.points[i - 1];
    const growth = (a, b) => (prev && a > 0 && b > 0 ? `×${(a / b).toFixed(2)}` : '');
    const exponent = (a, b) => (prev && a > 0 && b > 0 ? (Math.log(a / b) / Math.log(p.size / prev.size)).toFixed(2) : '');
    return [
      p.size.toLocaleString('en'),
      `${fmt(p.value)} ${curve.unit}`,
      growth(p.value, prev?.value),
      exponent(p.value, prev?.value),
      `${fmt(p.baseline)} ${curve.unit}`,
      growth(p.baseline, prev?.baseline),
      exponent(p.baseline, prev?.baseline),
      p.baseline > 0 ? (p.value / p.baseline).toFixed(2) : '–',
      p.note ?? '',
    ];
  });
  printTable(`Growth: ${curve.title}`, [curve.sizeLabel, 'Resepti', 'growth', 'k', 'baseline', 'growth', 'k', 'ratio', 'note'], rows, [0, 1, 2, 3, 4, 5, 6, 7]);
}

const fmt = (v) => (v === null || v === undefined || Number.isNaN(v) ? '–' : Math.abs(v) >= 100 ? v.toFixed(0) : v.toFixed(2));

function chartJsSource() {
  const require = createRequire(import.meta.url);
  const dir = path.dirname(require.resolve('chart.js/package.json'));
  return readFileSync(path.join(dir, 'dist/chart.umd.min.js'), 'utf8');
}

const escapeHtml = (s) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

/**
 * bench/results/report.html: one chart per curve (size on a logarithmic axis, Resepti and the
 * baseline), the table of each curve under it, the machine and the notes of the run.
 */
export async function writeReport(file, { title, at, machine, scale, curves, notes }) {
  const sections = curves
    .map((c, i) => {
      const rows = c.points
        .map((p, j) => {
          const prev = c.points[j - 1];
          const g = (a, b) => (prev && a > 0 && b > 0 ? `×${(a / b).toFixed(2)}` : '');
          return `<tr><td>${p.size.toLocaleString('en')}</td><td>${fmt(p.value)}</td><td>${g(p.value, prev?.value)}</td><td>${fmt(p.baseline)}</td><td>${g(p.baseline, prev?.baseline)}</td><td>${p.baseline > 0 ? (p.value / p.baseline).toFixed(2) : '–'}</td><td>${escapeHtml(p.note ?? '')}</td></tr>`;
        })
        .join('\n');
      return `<section>
<h2>${escapeHtml(c.title)}</h2>
<p>${escapeHtml(c.description)}</p>
<div class="chart"><canvas id="chart${i}" role="img" aria-label="${escapeHtml(c.title)}: Resepti and baseline by ${escapeHtml(c.sizeLabel)}"></canvas></div>
<table><thead><tr><th>${escapeHtml(c.sizeLabel)}</th><th>Resepti (${c.unit})</th><th>growth</th><th>baseline (${c.unit})</th><th>growth</th><th>ratio</th><th>note</th></tr></thead>
<tbody>${rows}</tbody></table>
</section>`;
    })
    .join('\n');
  const data = curves.map((c) => ({ title: c.title, unit: c.unit, sizeLabel: c.sizeLabel, baselineLabel: c.baselineLabel, points: c.points }));
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 960px; padding: 0 1rem; color: #222; }
.chart { position: relative; height: 320px; }
table { border-collapse: collapse; margin: 1rem 0 2rem; }
th, td { border: 1px solid #ccc; padding: 4px 10px; text-align: right; }
th:last-child, td:last-child { text-align: left; }
.meta { color: #555; }
</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p class="meta">${escapeHtml(at)} · ${escapeHtml(machine)} · ${escapeHtml(scale)}</p>
<p>Each chart: the figure at each size (logarithmic axis), Resepti and its baseline measured alternately in the same run. A curve that stays flat costs the same at every size; "growth" is the factor from the previous size.</p>
${sections}
${notes.length ? `<h2>Notes of the run</h2><ul>${notes.map((n) => `<li>${escapeHtml(n)}</li>`).join('')}</ul>` : ''}
<script>${chartJsSource()}</script>
<script>
const curves = ${JSON.stringify(data)};
curves.forEach((c, i) => {
  new Chart(document.getElementById('chart' + i), {
    type: 'line',
    data: {
      datasets: [
        { label: 'Resepti', data: c.points.map((p) => ({ x: p.size, y: p.value })), borderColor: 'hsl(212, 63%, 37%)', backgroundColor: 'hsl(212, 63%, 37%)' },
        { label: c.baselineLabel, data: c.points.map((p) => ({ x: p.size, y: p.baseline })), borderColor: 'hsl(23, 100%, 40%)', backgroundColor: 'hsl(23, 100%, 40%)', borderDash: [6, 4] },
      ],
    },
    options: {
      animation: false,
      maintainAspectRatio: false,
      scales: {
        x: { type: 'logarithmic', title: { display: true, text: c.sizeLabel } },
        y: { beginAtZero: true, title: { display: true, text: c.unit } },
      },
    },
  });
});
</script>
</body>
</html>
`;
  await writeFile(file, html);
}

// Growth curves (issue 24): the same figure at growing sizes, Resepti and its baseline measured
// alternately at each size, the growth between sizes printed, and bench/results/report.html with
// a chart per curve (Chart.js, its UMD build inlined from node_modules: the report loads nothing
// from other hosts and opens from the file system).
import { existsSync, readFileSync } from 'node:fs';
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

/**
 * The Historia search 'virta' over HTTP against the app's own statement (buildHistoryPage of the
 * built API: the count and the page with its orders and items) on a pg client, alternating.
 */
export async function historySearchAtSize(doctor, pgClient, runs) {
  const { buildHistoryPage } = await import('../../apps/api/dist/orders/history-query.js');
  const res = [];
  const base = [];
  let count = 0;
  for (let i = -1; i < runs; i++) {
    const r = await doctor.ok('POST', '/history', { filter: 'virta', sortOrder: 'newest', offset: 30 });
    count = r.body.count;
    const t0 = performance.now();
    const q = buildHistoryPage('virta', 'newest', 30);
    await pgClient.query(q.sql, q.params);
    const b = performance.now() - t0;
    if (i >= 0) {
      res.push(r.ms);
      base.push(b);
    }
  }
  return { res: summary(res), base: summary(base), count };
}

/**
 * A curve: `stats` (e.g. p50 and p99) of one figure (lower is better) at each size, points
 * [{ size, value: { [stat]: n }, baseline: { [stat]: n }, note }]. Prints each stat at each size and
 * its growth from the previous size, for Resepti and the baseline; k is the exponent of
 * value ∝ size^k between two sizes for the first stat (0: flat, 1: grows as fast as the size).
 */
export function printCurve(curve) {
  const header = [curve.sizeLabel];
  for (const [j, st] of curve.stats.entries()) header.push(`Resepti ${st}`, 'growth', ...(j === 0 ? ['k'] : []), `baseline ${st}`, 'growth', ...(j === 0 ? ['k'] : []), `ratio ${st}`);
  header.push('note');
  const rows = curve.points.map((p, i) => {
    const prev = curve.points[i - 1];
    const row = [p.size.toLocaleString('en')];
    for (const [j, st] of curve.stats.entries()) {
      const v = p.value[st];
      const b = p.baseline[st];
      row.push(`${fmt(v)} ${curve.unit}`, growth(v, prev?.value[st]), ...(j === 0 ? [exponent(v, prev?.value[st], p.size, prev?.size)] : []));
      row.push(`${fmt(b)} ${curve.unit}`, growth(b, prev?.baseline[st]), ...(j === 0 ? [exponent(b, prev?.baseline[st], p.size, prev?.size)] : []));
      row.push(b > 0 ? (v / b).toFixed(2) : '–');
    }
    row.push(p.note ?? '');
    return row;
  });
  printTable(`Growth: ${curve.title}`, header, rows, header.map((_h, i) => i).slice(0, -1));
}

const growth = (a, b) => (a > 0 && b > 0 ? `×${(a / b).toFixed(2)}` : '');
const exponent = (a, b, size, prevSize) => (a > 0 && b > 0 && prevSize ? (Math.log(a / b) / Math.log(size / prevSize)).toFixed(2) : '');
const fmt = (v) => (v === null || v === undefined || Number.isNaN(v) ? '–' : Math.abs(v) >= 100 ? v.toFixed(0) : v.toFixed(2));

function chartJsSource() {
  const require = createRequire(import.meta.url);
  // The package's main file (dist/chart.cjs) sits beside its UMD build.
  return readFileSync(path.join(path.dirname(require.resolve('chart.js')), 'chart.umd.min.js'), 'utf8');
}

const escapeHtml = (s) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

/**
 * bench/results/report.html: one chart per curve (size on a logarithmic axis, Resepti and the
 * baseline), the table of each curve under it, the machine and the notes of the run.
 */
export async function writeReport(file, { title, at, machine, scale, curves, notes }) {
  const sections = curves
    .map((c, i) => {
      const head = c.stats.map((st) => `<th>Resepti ${st}</th><th>growth</th><th>baseline ${st}</th><th>growth</th><th>ratio</th>`).join('');
      const rows = c.points
        .map((p, j) => {
          const prev = c.points[j - 1];
          const cells = c.stats
            .map((st) => {
              const v = p.value[st];
              const b = p.baseline[st];
              return `<td>${fmt(v)}</td><td>${growth(v, prev?.value[st])}</td><td>${fmt(b)}</td><td>${growth(b, prev?.baseline[st])}</td><td>${b > 0 ? (v / b).toFixed(2) : '–'}</td>`;
            })
            .join('');
          return `<tr><td>${p.size.toLocaleString('en')}</td>${cells}<td>${escapeHtml(p.note ?? '')}</td></tr>`;
        })
        .join('\n');
      return `<section>
<h2>${escapeHtml(c.title)}</h2>
<p>${escapeHtml(c.description)}</p>
<div class="chart"><canvas id="chart${i}" role="img" aria-label="${escapeHtml(c.title)}: Resepti and baseline by ${escapeHtml(c.sizeLabel)}"></canvas></div>
<div class="table"><table><thead><tr><th>${escapeHtml(c.sizeLabel)} (${c.unit})</th>${head}<th>note</th></tr></thead>
<tbody>${rows}</tbody></table></div>
</section>`;
    })
    .join('\n');
  const data = curves.map((c) => ({ title: c.title, unit: c.unit, sizeLabel: c.sizeLabel, baselineLabel: c.baselineLabel, stats: c.stats, points: c.points }));
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 960px; padding: 0 1rem; color: #222; }
.chart { position: relative; height: 320px; }
table { border-collapse: collapse; margin: 1rem 0 2rem; font-size: 14px; }
th, td { border: 1px solid #ccc; padding: 4px 10px; text-align: right; }
th:last-child, td:last-child { text-align: left; min-width: 14em; }
.meta { color: #555; }
.table { overflow-x: auto; }
</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p class="meta">${escapeHtml(at)} · ${escapeHtml(machine)} · ${escapeHtml(scale)}</p>
<p>Each chart: the figure at each size (logarithmic axis), Resepti (blue) and its baseline (orange) measured alternately in the same run; the median solid, the tail dashed. A curve that stays flat costs the same at every size; "growth" is the factor from the previous size.</p>
${sections}
${notes.length ? `<h2>Notes of the run</h2><ul>${notes.map((n) => `<li>${escapeHtml(n)}</li>`).join('')}</ul>` : ''}
<script>${chartJsSource()}</script>
<script>
const curves = ${JSON.stringify(data)};
curves.forEach((c, i) => {
  new Chart(document.getElementById('chart' + i), {
    type: 'line',
    data: {
      // Resepti blue, the baseline orange; the first stat solid, the next (the tail) dashed.
      datasets: c.stats.flatMap((st, j) => [
        { label: 'Resepti ' + st, data: c.points.map((p) => ({ x: p.size, y: p.value[st] })), borderColor: 'hsl(212, 63%, 37%)', backgroundColor: 'hsl(212, 63%, 37%)', borderDash: j ? [6, 4] : [] },
        { label: c.baselineLabel + ' ' + st, data: c.points.map((p) => ({ x: p.size, y: p.baseline[st] })), borderColor: 'hsl(23, 100%, 40%)', backgroundColor: 'hsl(23, 100%, 40%)', borderDash: j ? [6, 4] : [] },
      ]),
    },
    options: {
      animation: false,
      maintainAspectRatio: false,
      scales: {
        // Ticks at the measured sizes only.
        x: { type: 'logarithmic', title: { display: true, text: c.sizeLabel }, afterBuildTicks: (axis) => { axis.ticks = c.points.map((p) => ({ value: p.size })); }, ticks: { callback: (v) => Number(v).toLocaleString('en') } },
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

/**
 * A picture of the report (for docs/performance.md, where no script runs), taken with the
 * Chromium the browser tests use; skipped (returns false) when there is none.
 */
export async function screenshotReport(htmlFile, pngFile) {
  const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(executablePath)) return false;
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1000, height: 800 } });
    await page.goto(`file://${htmlFile}`);
    await page.screenshot({ path: pngFile, fullPage: true });
    return true;
  } finally {
    await browser.close();
  }
}

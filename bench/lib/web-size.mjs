// web_js_gzip_kb: the JavaScript a first load of / downloads before any lazy import, read from the
// Vite manifest (apps/web/dist/.vite/manifest.json, build.manifest): the entry chunk (index.html)
// and, recursively, its static `imports` (never its `dynamicImports`), each file gzipped (level 6).
// The built index.html must load exactly that set (its module script and modulepreload links), so
// a file the browser fetches at once but the manifest does not list fails the phase.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export function webFirstLoadJs(distDir) {
  const manifestFile = path.join(distDir, '.vite/manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: build the web app (npm run build:web) with build.manifest`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const entries = Object.entries(manifest).filter(([, c]) => c.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry in the Vite manifest, found ${entries.length}`);
  const seen = new Map(); // manifest key -> file
  const queue = [entries[0][0]];
  while (queue.length) {
    const key = queue.shift();
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the Vite manifest lists an import it does not describe: ${key}`);
    seen.set(key, chunk.file);
    queue.push(...(chunk.imports ?? []));
  }
  const files = [...seen.values()];
  // What index.html makes the browser fetch at once must be in the set (and the other way round).
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const fromHtml = [...html.matchAll(/<script[^>]+src="\/?([^"]+\.js)"|<link[^>]+rel="modulepreload"[^>]+href="\/?([^"]+\.js)"/g)].map((m) => m[1] ?? m[2]);
  const notInManifest = fromHtml.filter((f) => !files.includes(f));
  if (notInManifest.length) throw new Error(`index.html loads ${notInManifest.join(', ')}, which the manifest's first load does not list`);
  let raw = 0;
  let gzip = 0;
  const perFile = [];
  for (const file of files) {
    const code = readFileSync(path.join(distDir, file));
    const gz = gzipSync(code, { level: 6 }).length;
    raw += code.length;
    gzip += gz;
    perFile.push({ file, gzipKb: gz / 1024 });
  }
  perFile.sort((a, b) => b.gzipKb - a.gzipKb);
  return { files: files.length, rawKb: raw / 1024, gzipKb: gzip / 1024, largest: perFile.slice(0, 3), htmlFiles: fromHtml.length };
}

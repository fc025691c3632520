// web_js_gzip_kb: the JavaScript a first load of / downloads before any lazy import: the
// entry script of the built index.html, its modulepreload links and, recursively, every
// static import of those chunks (dynamic import() is left out), each gzipped (level 6).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export function webFirstLoadJs(distDir) {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const queue = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"|<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)].map((m) => m[1] ?? m[2]);
  const seen = new Set();
  let raw = 0;
  let gzip = 0;
  while (queue.length) {
    const url = queue.shift();
    if (seen.has(url)) continue;
    seen.add(url);
    const file = path.join(distDir, url.replace(/^\//, ''));
    if (!existsSync(file)) continue;
    const code = readFileSync(file);
    raw += code.length;
    gzip += gzipSync(code, { level: 6 }).length;
    const dir = path.posix.dirname(url);
    // Static imports only: `import … from "./x.js"` and `import "./x.js"`, never `import("./x.js")`.
    for (const m of code.toString('utf8').matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}\/[^"']+\.js)["']/g)) {
      queue.push(path.posix.join(dir, m[1]));
    }
  }
  return { files: seen.size, rawKb: raw / 1024, gzipKb: gzip / 1024 };
}

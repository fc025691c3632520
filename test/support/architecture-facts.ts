/**
 * Facts about the code's structure that the architecture tests check (test/api/architecture-rules.test.ts):
 * the import graph of a source tree's folders. It takes a root, so a test can run it on a temporary
 * copy with a violation planted (the SQL scanner is test/support/table-ownership.ts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface SourceFile {
  /** Path relative to the root, with '/' separators. */
  rel: string;
  text: string;
}

export function sourceFiles(root: string): SourceFile[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) return ['node_modules', 'dist'].includes(e.name) ? [] : walk(full);
      return /\.tsx?$/.test(e.name) && !/\.(spec|test)\.tsx?$|\.d\.ts$/.test(e.name) ? [full] : [];
    });
  return walk(root).map((full) => ({ rel: path.relative(root, full).split(path.sep).join('/'), text: readFileSync(full, 'utf8') }));
}

const folderOf = (rel: string): string => (rel.includes('/') ? rel.split('/')[0] : '.');

/** Relative imports that exist at run time (not `import type`, not all-`type` name lists). */
function runtimeImports(file: SourceFile, root: string, known: Set<string>): string[] {
  const found: string[] = [];
  const re = /(?:^|\n)\s*(?:import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"](\.[^'"]+)['"]/g;
  for (const m of file.text.matchAll(re)) {
    if (m[1]) continue;
    const names = m[2]?.trim();
    if (names && /^\{[^}]*\}$/.test(names)) {
      const list = names.slice(1, -1).split(',').map((s) => s.trim()).filter(Boolean);
      if (list.length > 0 && list.every((n) => n.startsWith('type '))) continue;
    }
    const spec = m[3] ?? m[4] ?? m[5];
    const base = path.posix.normalize(path.posix.join(path.posix.dirname(file.rel), spec.replace(/\.js$/, '')));
    const target = [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((c) => known.has(c));
    if (target) found.push(target);
    else if (!existsSync(path.join(root, spec))) continue;
  }
  return found;
}

export interface FolderGraph {
  /** Groups of folders that import each other in a cycle (each of 2 or more folders). */
  cycles: string[][];
  /** Imports that run back up: between files in one cycle of files (a file stands above what it imports). */
  backUpImports: string[];
}

/** Tarjan's strongly connected components. */
function components(nodes: string[], edges: Map<string, Set<string>>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const onStack = new Set<string>();
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      out.push(group.sort());
    }
  };
  for (const n of nodes) if (!idx.has(n)) visit(n);
  return out;
}

export function folderGraph(root: string): FolderGraph {
  const files = sourceFiles(root).filter((f) => !f.rel.includes('/migrations/'));
  const known = new Set(files.map((f) => f.rel));
  const fileEdges = new Map<string, Set<string>>();
  const folderEdges = new Map<string, Set<string>>();
  for (const file of files) {
    const targets = runtimeImports(file, root, known);
    fileEdges.set(file.rel, new Set(targets));
    for (const t of targets) {
      const [a, b] = [folderOf(file.rel), folderOf(t)];
      if (a !== b) folderEdges.set(a, (folderEdges.get(a) ?? new Set()).add(b));
    }
  }
  const cycles = components([...new Set(files.map((f) => folderOf(f.rel)))], folderEdges).filter((c) => c.length > 1);
  const componentOf = new Map<string, number>();
  components([...known], fileEdges).forEach((group, i) => group.forEach((f) => componentOf.set(f, i)));
  const backUpImports = [...fileEdges].flatMap(([from, targets]) => [...targets].filter((t) => t !== from && componentOf.get(t) === componentOf.get(from)).map((t) => `${from} -> ${t}`));
  return { cycles, backUpImports };
}


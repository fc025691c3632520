/**
 * The README's configuration table is the one `npm run admin -- config-table` prints from
 * apps/api/src/platform/config/settings.ts, and that list names every variable the API reads: an
 * operator who reads the README sees every setting there is, described as the code uses it.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { runAdmin } from '../support/cli';

const ROOT = path.resolve(__dirname, '../..');

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.spec.ts')).map((e) => path.join(e.parentPath, e.name));
}

/** Names the API reads: `process.env.X`, `env.X` and `reader(env, 'X', …)` as config.ts does. */
async function variablesRead(): Promise<string[]> {
  const names = new Set<string>();
  for (const file of await sourceFiles(path.join(ROOT, 'apps/api/src'))) {
    const text = await readFile(file, 'utf8');
    for (const m of text.matchAll(/\b(?:process\.env|env)(?:\.|\[')([A-Z][A-Z0-9_]+)|\benv, '([A-Z][A-Z0-9_]+)'/g)) names.add(m[1] ?? m[2]);
  }
  return [...names].sort();
}

describe('configuration table', () => {
  let table: string;
  beforeAll(async () => {
    const printed = await runAdmin(['config-table'], {});
    expect(printed.code).toBe(0);
    table = printed.stdout.trim();
  });

  it('is the README table, row for row', async () => {
    const readme = await readFile(path.join(ROOT, 'README.md'), 'utf8');
    const header = '| Variable | Default | Meaning |';
    const start = readme.indexOf(header);
    expect(start).toBeGreaterThanOrEqual(0);
    const rows = readme.slice(start).split('\n');
    const end = rows.findIndex((line) => !line.startsWith('|'));
    expect(rows.slice(0, end).join('\n')).toBe(table);
  });

  it('names every variable the API reads', async () => {
    const read = await variablesRead();
    expect(read.length).toBeGreaterThan(40);
    // A row of its own, or named in a related row's text (OTEL_SDK_DISABLED is told with the OTLP endpoint).
    const missing = read.filter((name) => !table.includes(`\`${name}\``) && !table.includes(name));
    expect(missing).toEqual([]);
  });
});

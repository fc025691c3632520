/**
 * Modules own their tables: an entity is written only by code in the folder that declares it
 * (orders/ alone changes orders, through its one lifecycle). Reads across modules are fine.
 * The admin CLI and the database setup (migrations, demo seed) are infrastructure and exempt.
 * A static check over the API's source, so the rule cannot rot as code is added.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const SRC = path.resolve(__dirname, '../../apps/api/src');
/** A module is a top-level folder, or a folder inside platform/. */
const moduleOf = (rel: string) => rel.split('/').slice(0, rel.startsWith('platform/') ? 2 : 1).join('/');
const EXEMPT = ['cli/', 'platform/database/', 'demo/'];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : full.endsWith('.ts') ? [full] : [];
  });
}

const all = files(SRC).map((file) => ({ rel: path.relative(SRC, file).split(path.sep).join('/'), text: readFileSync(file, 'utf8') }));

/** Entity class name → the folder of the file that declares it. */
const owners = new Map<string, string>();
for (const { rel, text } of all) {
  for (const m of text.matchAll(/@Entity\([^)]*\)[\s\S]*?export class (\w+)/g)) owners.set(m[1], moduleOf(rel));
}

const WRITE = '(?:insert|update|save|delete|upsert|increment|decrement|softDelete|remove)';

it('knows the entities and their owners', () => {
  expect(owners.get('Order')).toBe('orders');
  expect(owners.get('OrderItem')).toBe('orders');
  expect(owners.size).toBeGreaterThan(15);
});

it('writes every entity only from the module that owns it', () => {
  const violations: string[] = [];
  for (const [entity, owner] of owners) {
    const patterns = [
      new RegExp(`\\b${WRITE}\\(\\s*${entity}\\b`),
      new RegExp(`getRepository\\(\\s*${entity}\\s*\\)\\s*\\.\\s*${WRITE}\\(`),
      new RegExp(`\\.(?:into|from)\\(\\s*${entity}\\b`),
    ];
    for (const { rel, text } of all) {
      if (rel.startsWith(`${owner}/`) || EXEMPT.some((e) => rel.startsWith(e))) continue;
      if (patterns.some((p) => p.test(text))) violations.push(`${rel} writes ${entity} (owned by ${owner}/)`);
    }
  }
  expect(violations).toEqual([]);
});

/**
 * Modules own their tables, for reads too: static facts about the API's sources, shared by
 * test/api/architecture.test.ts and any test that plants a violation in a temporary copy.
 *
 * - A table's owner is the module (a top-level folder of apps/api/src, or a folder inside
 *   platform/) of the file that declares its @Entity: `@Entity('orders')`, `@Entity({ name:
 *   'orders' })`, or the snake_case of the class name (platform/database/snake-naming.strategy.ts).
 * - SQL is any string or template literal with an upper-case SQL keyword (FROM, JOIN, UPDATE,
 *   INSERT INTO, DELETE FROM); the table names after those keywords are checked against their owners.
 * - A whole-database handle is `@InjectDataSource`, an `EntityManager`, or a repository's `.manager`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export interface SourceFile {
  /** Path relative to the source folder, with forward slashes. */
  rel: string;
  text: string;
}

/**
 * SQL that still names another module's table, listed so that nothing new joins it: each entry is
 * debt to pay (a module's door or SQL fragment instead), never a place to add to.
 */
export const KNOWN_FOREIGN_SQL: readonly string[] = [
  // The patient's access log names who read: it joins the readers' and the orders' tables.
  'platform/audit/patient-access-log.service.ts: api_client (owned by api-clients/)',
  'platform/audit/patient-access-log.service.ts: customer (owned by accounts/)',
  'platform/audit/patient-access-log.service.ts: doctor (owned by accounts/)',
  'platform/audit/patient-access-log.service.ts: orders (owned by orders/)',
  'platform/audit/patient-access-log.service.ts: pharmacy (owned by accounts/)',
  'platform/audit/patient-access-log.service.ts: pharmacy_office (owned by accounts/)',
  'platform/audit/patient-access-log.service.ts: pharmacy_user (owned by accounts/)',
];

/** Setup and tooling that may reach every table: migrations, the database layer, the demo seed, the admin CLI. */
export const SQL_EXEMPT = ['platform/database/', 'demo/', 'cli/'];

export function readSources(srcDir: string): SourceFile[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? walk(full) : /\.tsx?$/.test(name) ? [full] : [];
    });
  return walk(srcDir).map((file) => ({ rel: path.relative(srcDir, file).split(path.sep).join('/'), text: readFileSync(file, 'utf8') }));
}

/** A module is a top-level folder, or a folder inside platform/. */
export const moduleOf = (rel: string): string => rel.split('/').slice(0, rel.startsWith('platform/') ? 2 : 1).join('/');

const snake = (s: string): string => s.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

/** Entity class name → the module that declares it. */
export function entityOwners(sources: SourceFile[]): Map<string, string> {
  const owners = new Map<string, string>();
  for (const { rel, text } of sources) {
    for (const m of text.matchAll(/@Entity\([^)]*\)[\s\S]*?export class (\w+)/g)) owners.set(m[1], moduleOf(rel));
  }
  return owners;
}

/** Table name → the module that declares its entity. */
export function tableOwners(sources: SourceFile[]): Map<string, string> {
  const owners = new Map<string, string>();
  for (const { rel, text } of sources) {
    for (const m of text.matchAll(/@Entity\(\s*(?:'(\w+)'|"(\w+)"|\{[^}]*\bname:\s*['"](\w+)['"][^}]*\})?\s*\)[\s\S]*?export class (\w+)/g)) {
      owners.set(m[1] ?? m[2] ?? m[3] ?? snake(m[4]), moduleOf(rel));
    }
  }
  return owners;
}

/** The string and template literals of a source (comments skipped; a template's `${…}` kept as written). */
export function stringLiterals(text: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '/' && text[i + 1] === '/') {
      i = text.indexOf('\n', i);
      if (i < 0) break;
    } else if (c === '/' && text[i + 1] === '*') {
      i = text.indexOf('*/', i + 2);
      if (i < 0) break;
      i += 2;
    } else if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      let depth = 0;
      while (j < text.length) {
        const d = text[j];
        if (d === '\\') j += 2;
        else if (c === '`' && d === '$' && text[j + 1] === '{') {
          depth++;
          j += 2;
        } else if (c === '`' && depth > 0 && d === '}') {
          depth--;
          j++;
        } else if (d === c && depth === 0) break;
        else if (c !== '`' && d === '\n') break;
        else j++;
      }
      out.push(text.slice(i + 1, j));
      i = j + 1;
    } else i++;
  }
  return out;
}

const SQL = /\b(?:SELECT|FROM|JOIN|UPDATE|INSERT INTO|DELETE FROM)\b/;

/** The table names a piece of SQL reads or writes (after FROM, JOIN, UPDATE, INTO, and a FROM list's commas). */
export function tablesNamed(sql: string): string[] {
  const names = new Set<string>();
  for (const m of sql.matchAll(/\b(?:FROM|JOIN|UPDATE|INTO)\s+(?:ONLY\s+)?"?([a-z_][a-z0-9_]*)"?/g)) names.add(m[1]);
  for (const m of sql.matchAll(/\bFROM\s+([a-z_][a-z0-9_]*(?:\s+(?:AS\s+)?[a-z_][a-z0-9_]*)?(?:\s*,\s*[a-z_][a-z0-9_]*(?:\s+(?:AS\s+)?[a-z_][a-z0-9_]*)?)+)/g)) {
    for (const part of m[1].split(',')) names.add(part.trim().split(/\s+/)[0]);
  }
  return [...names];
}

/** Every SQL literal outside the exempt folders that names a table another module owns: "file: table (owned by module/)". */
export function foreignTableSql(sources: SourceFile[]): string[] {
  const owners = tableOwners(sources);
  const violations = new Set<string>();
  for (const { rel, text } of sources) {
    if (rel.includes('/migrations/') || SQL_EXEMPT.some((e) => rel.startsWith(e))) continue;
    const mine = moduleOf(rel);
    for (const literal of stringLiterals(text)) {
      if (!SQL.test(literal)) continue;
      for (const table of tablesNamed(literal)) {
        const owner = owners.get(table);
        if (owner && owner !== mine) violations.add(`${rel}: ${table} (owned by ${owner}/)`);
      }
    }
  }
  return [...violations].sort();
}

/** Files outside platform/ (and migrations) that hold a whole-database handle. */
export function wholeDatabaseHandles(sources: SourceFile[]): string[] {
  return sources
    .filter((f) => !f.rel.startsWith('platform/') && !f.rel.includes('migrations'))
    .filter((f) => /@InjectDataSource|EntityManager|\.manager\b/.test(f.text))
    .map((f) => f.rel)
    .sort();
}

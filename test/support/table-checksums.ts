import type { TestApp } from './app';

/** Tables a refused request may still write: sessions, login counters, the audit trail, the schema's own. */
export const VOLATILE_TABLES: ReadonlySet<string> = new Set(['http_session', 'login_counter', 'audit_log', 'audit_chain_head', 'migrations', 'typeorm_metadata']);

const statements = new WeakMap<TestApp, Promise<string>>();

/**
 * One checksum per table but the volatile ones: its row count and the sum of its rows' 64-bit
 * hashes, so that "a refused request changed nothing" is one query before and one after. A sum
 * needs no sort, and the statement is prepared once per app: the md5 of each table's rows sorted
 * as text, planned again on every call, took 24 ms a call on the embedded PostgreSQL 18 (41
 * tables), 136 s of generated-input's 188.
 */
export async function tableChecksums(app: TestApp): Promise<Record<string, string>> {
  let statement = statements.get(app);
  if (!statement) {
    statement = app
      .sql<{ name: string }>(`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`)
      .then((tables) =>
        tables
          .filter((t) => !VOLATILE_TABLES.has(t.name))
          .map((t) => `SELECT '${t.name}' AS name, count(*) || ':' || coalesce(sum(hashtextextended(x::text, 0)::numeric), 0) AS sum FROM "${t.name}" x`)
          .join(' UNION ALL '),
      );
    statements.set(app, statement);
  }
  const rows = await app.sql<{ name: string; sum: string }>(await statement, [], 'test-table-checksums');
  return Object.fromEntries(rows.map((r) => [r.name, r.sum]));
}

/** The tables whose checksum differs. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys(after).filter((t) => before[t] !== after[t]);
}

import type pg from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';

/**
 * A read that every screen polls, as a named prepared statement: PostgreSQL parses and plans it
 * once per connection instead of on every call (planning a query over `orders`, with its many
 * indexes, cost several times its execution). `name` must be unique to `text` (pg keeps the
 * statement per connection by name). Outside a transaction only: it takes any pooled connection.
 */
export async function preparedQuery<T>(db: DataSource, name: string, text: string, values: unknown[] = []): Promise<T[]> {
  const pool = (db.driver as PostgresDriver).master as pg.Pool;
  const result = await pool.query<T & pg.QueryResultRow>({ name, text, values });
  return result.rows;
}

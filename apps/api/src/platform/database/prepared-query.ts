import type pg from 'pg';
import { QueryFailedError, type DataSource, type EntityManager, type QueryRunner } from 'typeorm';
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

/**
 * A statement of a transaction, prepared by `name` on the transaction's connection (pg keeps it
 * per connection): the lifecycle's steps run the same few statements on every change, and
 * sending only their parameters saves PostgreSQL the parse and plan and the API the text. Errors
 * come as the ORM's (QueryFailedError), as m.query would throw them. Without a connection of its
 * own (a manager outside a transaction) it is m.query.
 */
export async function preparedIn<T>(m: EntityManager, name: string, text: string, values: unknown[] = []): Promise<T[]> {
  const runner = m.queryRunner as (QueryRunner & { databaseConnection?: pg.PoolClient }) | undefined;
  const client = runner?.isTransactionActive && !runner.isReleased ? runner.databaseConnection : undefined;
  if (!client) return (await m.query(text, values)) as T[];
  try {
    return (await client.query<T & pg.QueryResultRow>({ name, text, values })).rows;
  } catch (err) {
    throw new QueryFailedError(text, values, err as Error);
  }
}

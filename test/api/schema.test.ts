import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../apps/api/src/platform/database/data-source-options';
import { loadEntities } from '../../apps/api/src/platform/database/entity-files';

/** The migrations must build exactly the schema the entities describe (no `synchronize`, ever). */
describe('database schema', () => {
  const name = `resepti_schema_${randomBytes(4).toString('hex')}`;
  const admin = () => new Client({ connectionString: process.env.TEST_PG_ADMIN_URL });
  let ds: DataSource;

  beforeAll(async () => {
    const c = admin();
    await c.connect();
    await c.query(`CREATE DATABASE ${name}`);
    await c.end();
    const url = new URL(process.env.TEST_PG_ADMIN_URL!);
    url.pathname = `/${name}`;
    ds = new DataSource(dataSourceOptions(url.toString(), 10, '', null, await loadEntities(path.join(__dirname, '../../apps/api/src'))));
    await ds.initialize();
  });

  afterAll(async () => {
    await ds?.destroy();
    const c = admin();
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });

  it('has migrations that match the entities', async () => {
    await ds.runMigrations();
    const pending = await ds.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });

  it('can undo every migration', async () => {
    for (let i = 0; i < ds.migrations.length; i++) await ds.undoLastMigration();
    const tables = await ds.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'migrations'`);
    expect(tables).toEqual([]);
  });
});

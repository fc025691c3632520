import { DataSource } from 'typeorm';
import { dataSourceOptions } from './data-source-options.js';
import { isEmptyDatabase, seedDemoData } from './seed/demo-data.js';

/** Any fixed number: serialises migrations and seeding when several API nodes start at once. */
const MIGRATION_LOCK = 7_245_001;

export interface PrepareResult {
  migrations: string[];
  seeded: boolean;
}

/** Runs pending migrations and, when asked and the database is empty, seeds the demo data. */
export async function prepareDatabase(url: string, options: { seedDemo: boolean }): Promise<PrepareResult> {
  const ds = new DataSource(dataSourceOptions(url));
  await ds.initialize();
  const runner = ds.createQueryRunner();
  try {
    await runner.connect();
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const ran = await ds.runMigrations({ transaction: 'each' });
    let seeded = false;
    if (options.seedDemo) {
      seeded = await ds.transaction(async (manager) => {
        if (!(await isEmptyDatabase(manager))) return false;
        await seedDemoData(manager);
        return true;
      });
    }
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    return { migrations: ran.map((m) => m.name), seeded };
  } finally {
    await runner.release();
    await ds.destroy();
  }
}

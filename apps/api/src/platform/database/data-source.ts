import { fileURLToPath } from 'node:url';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from './data-source-options.js';
import { loadEntities } from './entity-files.js';

/** For the TypeORM CLI (migration:generate / migration:run) against DATABASE_URL. */
export default new DataSource(dataSourceOptions(
    process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/resepti_dev',
    10,
    '',
    null,
    await loadEntities(fileURLToPath(new URL('../..', import.meta.url))),
  ));

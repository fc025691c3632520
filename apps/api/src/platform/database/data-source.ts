import { DataSource } from 'typeorm';
import { dataSourceOptions } from './data-source-options.js';

/** For the TypeORM CLI (migration:generate / migration:run) against DATABASE_URL. */
export default new DataSource(dataSourceOptions(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/resepti_dev'));

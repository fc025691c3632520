// Generates a TypeORM migration from the difference between the entities and the
// migrations so far: creates a scratch database, runs the existing migrations on it,
// then asks TypeORM for the remaining changes.
//   npm run migration:generate -- AddSomething
// Uses MIGRATION_PG_URL (a server URL with rights to create databases), default the local PostgreSQL.
import { execFileSync } from 'node:child_process';
import pg from 'pg';

const name = process.argv[2];
if (!name || !/^[A-Z][A-Za-z0-9]+$/.test(name)) {
  console.error('usage: npm run migration:generate -- PascalCaseName');
  process.exit(2);
}
const server = new URL(process.env.MIGRATION_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const scratch = `resepti_migration_${Date.now()}`;
const admin = new pg.Client({ connectionString: server.toString() });
await admin.connect();
await admin.query(`CREATE DATABASE ${scratch}`);
const url = new URL(server);
url.pathname = `/${scratch}`;
const env = { ...process.env, DATABASE_URL: url.toString() };
const ds = 'apps/api/dist/platform/database/data-source.js';
try {
  execFileSync('npx', ['tsc', '-p', 'libs/domain/tsconfig.build.json'], { stdio: 'inherit' });
  execFileSync('npx', ['tsc', '-p', 'apps/api/tsconfig.build.json'], { stdio: 'inherit' });
  execFileSync('npx', ['typeorm', 'migration:run', '-d', ds], { stdio: 'inherit', env });
  execFileSync('npx', ['typeorm', 'migration:generate', '-p', '-d', ds, `apps/api/src/platform/database/migrations/${name}`], { stdio: 'inherit', env });
  console.log('Now add the new class to apps/api/src/platform/database/migrations/index.ts');
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
  await admin.end();
}

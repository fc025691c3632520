/**
 * The shape of the code, checked (issue "One event door, one outbox worker, modules that own their
 * data"): static facts about the sources that keep the redesign from rotting as features are added.
 * docs/decisions.md ("How Resepti is built") explains each rule.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { entityOwners, foreignTableSql, KNOWN_FOREIGN_SQL, moduleOf, readSources, tableOwners, wholeDatabaseHandles } from '../support/table-ownership';

const ROOT = path.resolve(__dirname, '../..');
const API = path.join(ROOT, 'apps/api/src');
const WEB = path.join(ROOT, 'apps/web/src');

function files(dir: string, pattern = /\.tsx?$/): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full, pattern) : pattern.test(name) ? [full] : [];
  });
}

const rel = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');
const source = (dir: string) => files(dir).map((file) => ({ file: rel(file), text: readFileSync(file, 'utf8') }));
const api = source(API);
const apiSources = readSources(API);
/** Generated or schema history: migrations are TypeORM's output, libs/domain/src/generated/ is openapi-typescript's (npm run openapi). */
const handWritten = [...api, ...source(WEB), ...source(path.join(ROOT, 'libs/domain/src'))].filter((f) => !f.file.includes('/migrations/') && !f.file.includes('/generated/'));

it('has at most 3 @Global modules', () => {
  const globals = api.filter((f) => /@Global\(\)/.test(f.text)).map((f) => f.file);
  expect(globals.length).toBeLessThanOrEqual(3);
});

it('pushes to sockets only from realtime/ (services emit domain events)', () => {
  const importers = api.filter((f) => /\bRealtimePublisher\b/.test(f.text) && !f.file.startsWith('apps/api/src/realtime/')).map((f) => f.file);
  expect(importers).toEqual([]);
});

it('keeps the claim-with-lease logic in one file (the outbox worker)', () => {
  const claimers = api.filter((f) => /lease_until\s*=\s*now\(\)/.test(f.text)).map((f) => f.file);
  expect(claimers).toEqual(['apps/api/src/platform/outbox/outbox-worker.ts']);
});

it('has no controller with SQL or a DataSource', () => {
  const offenders = api
    .filter((f) => f.file.endsWith('.controller.ts'))
    .filter((f) => /\bDataSource\b|InjectDataSource|\.query\(|createQueryBuilder|getRepository/.test(f.text))
    .map((f) => f.file);
  expect(offenders).toEqual([]);
});

it('has at most 10 files outside platform/ that hold a whole-database handle', () => {
  // @InjectDataSource, an EntityManager, or a repository's .manager (test/support/table-ownership.ts).
  const holders = wholeDatabaseHandles(apiSources);
  expect(holders.length).toBeLessThanOrEqual(10);
});

it('knows which module owns each table', () => {
  const owners = tableOwners(apiSources);
  expect(owners.get('orders')).toBe('orders');
  expect(owners.get('order_item')).toBe('orders');
  expect(owners.get('pharmacy_office')).toBe('accounts');
  expect(owners.get('customer_cart_item')).toBe('customer');
  expect(owners.get('pharmacy_cart')).toBe('pharmacy');
  expect(owners.size).toBeGreaterThan(25);
});

it('runs no SQL that names another module\'s table (migrations, platform/database, demo/ and cli/ exempt)', () => {
  expect(foreignTableSql(apiSources).filter((v) => !KNOWN_FOREIGN_SQL.includes(v))).toEqual([]);
});

it('keeps OwnRepositories to the entities of the registering module', () => {
  const owners = entityOwners(apiSources);
  const offenders = apiSources.flatMap(({ rel, text }) =>
    [...text.matchAll(/ownRepositories\(\[([^\]]*)\]/g)].flatMap((m) =>
      m[1]
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name && owners.get(name) !== moduleOf(rel))
        .map((name) => `${rel}: ${name}`),
    ),
  );
  expect(offenders).toEqual([]);
});

it('has no hand-written source file over 400 lines', () => {
  const long = handWritten.map((f) => ({ file: f.file, lines: f.text.split('\n').length })).filter((f) => f.lines > 400);
  expect(long).toEqual([]);
});

it('gives every web role its <role>-api.ts and <role>-hooks.ts', () => {
  for (const role of ['customer', 'doctor', 'pharmacy']) {
    const names = readdirSync(path.join(WEB, role));
    expect([role, names.includes(`${role}-api.ts`), names.includes(`${role}-hooks.ts`)]).toEqual([role, true, true]);
  }
});

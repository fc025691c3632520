import { readdirSync } from 'node:fs';
import path from 'node:path';
import { getMetadataArgsStorage } from 'typeorm';

/**
 * Every entity of the app, found by its file name (`*.entity.ts`, or `.js` when built) under the
 * app's source root: for what needs the whole schema without Nest (the TypeORM CLI, the admin
 * CLI, the schema check). The app itself collects each module's entities from the module's
 * `TypeOrmModule.forFeature` (autoLoadEntities), so no list names every feature.
 */
export async function loadEntities(appRoot: string): Promise<Array<new () => object>> {
  const files = entityFiles(appRoot);
  for (const file of files) await import(file);
  return getMetadataArgsStorage()
    .tables.map((table) => table.target)
    .filter((target): target is new () => object => typeof target === 'function');
}

function entityFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' || entry.name === 'node_modules' ? [] : entityFiles(full);
    return /\.entity\.(js|ts)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

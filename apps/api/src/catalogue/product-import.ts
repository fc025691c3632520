import type { EntityManager } from 'typeorm';
import type { CatalogueRow } from './product-file.js';
import { Product } from './product.entity.js';

export interface ImportReport {
  added: number;
  changed: number;
  /** Products that were available and no longer are: marked withdrawn, or missing from the file. */
  withdrawn: number;
  unchanged: number;
}

const STORED: ReadonlyArray<keyof CatalogueRow> = ['vnr', 'name', 'strength', 'form', 'packageSize', 'atcCode', 'activeIngredient', 'available', 'renewable'];

/** A product from before the catalogue had package numbers is known by name, strength and form. */
const legacyKey = (p: Pick<Product, 'name' | 'strength' | 'form'>) => `${p.name}\u0000${p.strength}\u0000${p.form}`;

/**
 * Brings the catalogue to the file, in the caller's transaction. Packages are matched by VNR
 * number; new ones are added, others updated where the file differs. Products missing from the
 * file become unavailable and are never deleted: orders and carts keep pointing at them. Importing
 * the same file again changes nothing. A table lock makes concurrent imports run one after another.
 */
export async function importCatalogue(m: EntityManager, rows: readonly CatalogueRow[]): Promise<ImportReport> {
  await m.query('LOCK TABLE product IN SHARE ROW EXCLUSIVE MODE');
  const existing = await m.find(Product, { order: { id: 'ASC' } });
  const byVnr = new Map(existing.filter((p) => p.vnr !== null).map((p) => [p.vnr!, p]));
  const legacy = new Map<string, Product>();
  for (const p of existing) if (p.vnr === null && !legacy.has(legacyKey(p))) legacy.set(legacyKey(p), p);

  const report: ImportReport = { added: 0, changed: 0, withdrawn: 0, unchanged: 0 };
  const inFile = new Set<number>();
  const added: Array<Partial<Product>> = [];
  for (const row of rows) {
    const current = byVnr.get(row.vnr) ?? legacy.get(legacyKey(row));
    if (!current) {
      added.push({ ...row });
      continue;
    }
    legacy.delete(legacyKey(current));
    inFile.add(current.id);
    const differs = STORED.some((field) => current[field] !== row[field]);
    if (!differs) report.unchanged++;
    else if (current.available && !row.available) report.withdrawn++;
    else report.changed++;
    if (differs) await m.update(Product, { id: current.id }, { ...row });
  }
  for (let i = 0; i < added.length; i += 500) await m.insert(Product, added.slice(i, i + 500));
  report.added = added.length;

  const gone = existing.filter((p) => !inFile.has(p.id) && p.available).map((p) => p.id);
  if (gone.length) await m.createQueryBuilder().update(Product).set({ available: false }).whereInIds(gone).execute();
  report.withdrawn += gone.length;
  return report;
}

export function formatImportReport(r: ImportReport): string {
  return `products imported: ${r.added} added, ${r.changed} changed, ${r.withdrawn} withdrawn, ${r.unchanged} unchanged`;
}

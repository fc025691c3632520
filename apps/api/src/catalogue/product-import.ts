import type { Repository } from 'typeorm';
import type { CatalogueRow } from './product-file.js';
import type { Product } from './product.entity.js';
import { syncSearchTerms } from './product-search.js';

export interface ImportReport {
  added: number;
  changed: number;
  /** Products that were available and no longer are: marked withdrawn, or missing from the file. */
  withdrawn: number;
  unchanged: number;
}

const STORED: ReadonlyArray<keyof CatalogueRow> = ['vnr', 'name', 'strength', 'form', 'formCode', 'packageSize', 'atcCode', 'activeIngredient', 'available', 'renewable'];

/** A product from before the catalogue had package numbers is known by name, strength and form. */
const legacyKey = (p: Pick<Product, 'name' | 'strength' | 'form'>) => `${p.name}\u0000${p.strength}\u0000${p.form}`;

/**
 * Brings the catalogue to the file, in the caller's transaction. Packages are matched by VNR
 * number; new ones are added, others updated where the file differs. Products missing from the
 * file become unavailable and are never deleted: orders and carts keep pointing at them. Importing
 * the same file again changes nothing, and the search terms follow (product-search.ts). A table
 * lock makes concurrent imports run one after another (`products`: the repository of the import's
 * transaction).
 */
export async function importCatalogue(products: Repository<Product>, rows: readonly CatalogueRow[]): Promise<ImportReport> {
  await products.query('LOCK TABLE product IN SHARE ROW EXCLUSIVE MODE');
  const existing = await products.find({ order: { id: 'ASC' } });
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
    if (differs) await products.update({ id: current.id }, { ...row });
  }
  for (let i = 0; i < added.length; i += 500) await products.insert(added.slice(i, i + 500));
  report.added = added.length;

  const gone = existing.filter((p) => !inFile.has(p.id) && p.available).map((p) => p.id);
  if (gone.length) await products.update(gone, { available: false });
  report.withdrawn += gone.length;
  await syncSearchTerms(products);
  return report;
}

export function formatImportReport(r: ImportReport): string {
  return `products imported: ${r.added} added, ${r.changed} changed, ${r.withdrawn} withdrawn, ${r.unchanged} unchanged`;
}

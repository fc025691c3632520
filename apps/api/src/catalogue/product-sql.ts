import type { PrescribedMedication } from '@resepti/domain';

// The catalogue's table as other modules' statements may name it (catalogue/ owns product).

/** `LEFT JOIN` of the product `alias` whose id is the SQL expression `id`. */
export const joinProduct = (alias: string, id: string): string => `LEFT JOIN product ${alias} ON ${alias}.id = ${id}`;

/** `LEFT JOIN` of the product `alias` whose id is the SQL expression `id`, only while it is available (orderable). */
export const joinAvailableProduct = (alias: string, id: string): string => `LEFT JOIN product ${alias} ON ${alias}.id = ${id} AND ${alias}.available`;

/** What a prescription names of the product `alias` (a joined product), as JSON {id, name, strength, form, packageSize, vnr, atcCode, available, renewable}, or NULL for none. */
export const prescribedProductJson = (alias: string): string =>
  `CASE WHEN ${alias}.id IS NULL THEN NULL ELSE json_build_object('id', ${alias}.id, 'name', ${alias}.name, 'strength', ${alias}.strength, 'form', ${alias}.form, 'packageSize', ${alias}.package_size, 'vnr', ${alias}.vnr, 'atcCode', ${alias}.atc_code, 'available', ${alias}.available, 'renewable', ${alias}.renewable) END`;

/** A product as prescribedProductJson gives it: what a prescription names of it, and whether it may be prescribed. */
export interface PrescribedProductRow extends PrescribedMedication {
  id: number;
  available: boolean;
  renewable: boolean;
}

/**
 * The catalogue's search terms (docs/catalogue.md, "Search"): every name a patient may type for a
 * package, each followed by its strength, as one key: the brand ('losec 20 mg'), the register's
 * Finnish substance name ('omepratsoli 20 mg') and the Swedish and English INN names of its ATC code
 * (inn-names.ts: 'omeprazol 20 mg', 'omeprazole 20 mg'). A search text is a prefix of a key, so
 * 'omeprazole', 'Losec' and 'atorvastatin 20' each find their packages with one range of the
 * table's primary key (term COLLATE "C", so LIKE 'key%' is an index range).
 *
 * The terms are derived data: the import brings them to the catalogue in its transaction, and the
 * start does the same (a new release's INN names reach an existing catalogue); both only write the
 * terms that differ.
 */
import type { Repository } from 'typeorm';
import { innNames } from './inn-names.js';
import { type Product } from './product.entity.js';

/**
 * A text as the search compares it: lower case, without accents ('Ä' is 'a', 'ø' is 'o'), one
 * space between words, a number apart from its unit ('20mg' is '20 mg') and a decimal point as
 * the Finnish comma ('12.5' is '12,5').
 */
export function searchKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ø/g, 'o')
    .replace(/æ/g, 'ae')
    .replace(/ß/g, 'ss')
    .replace(/(\d)\.(?=\d)/g, '$1,')
    .replace(/(\d)(?=\p{L})/gu, '$1 ')
    .replace(/\s+/g, ' ')
    .trim();
}

type Named = Pick<Product, 'name' | 'strength' | 'atcCode' | 'activeIngredient'>;

/** The search keys of a package: each of its names with its strength, once each. */
export function productSearchTerms(product: Named): string[] {
  const names = [product.name, product.activeIngredient, ...innNames(product.atcCode)].filter((n) => n.trim() !== '');
  return [...new Set(names.map((name) => searchKey(`${name} ${product.strength}`)))];
}

/**
 * Brings product_search_term to the catalogue, in the caller's transaction: adds the missing terms
 * and deletes those no product has any more, in one statement. The table lock makes a start and
 * an import run one after another.
 */
export async function syncSearchTerms(products: Repository<Product>): Promise<void> {
  await products.query('LOCK TABLE product_search_term IN SHARE ROW EXCLUSIVE MODE');
  const catalogue = await products.find({ select: { id: true, name: true, strength: true, atcCode: true, activeIngredient: true } });
  const ids: number[] = [];
  const terms: string[] = [];
  for (const product of catalogue) {
    for (const term of productSearchTerms(product)) {
      ids.push(product.id);
      terms.push(term);
    }
  }
  await products.query(
    `WITH wanted AS (SELECT w.product_id, w.term COLLATE "C" AS term FROM unnest($1::int[], $2::text[]) AS w(product_id, term)),
     stale AS (
       DELETE FROM product_search_term t
       WHERE NOT EXISTS (SELECT 1 FROM wanted w WHERE w.product_id = t.product_id AND w.term = t.term)
     )
     INSERT INTO product_search_term (term, product_id) SELECT term, product_id FROM wanted ON CONFLICT DO NOTHING`,
    [ids, terms],
  );
}

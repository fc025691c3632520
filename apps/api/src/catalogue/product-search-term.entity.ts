import { Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One name a patient may type for a package, with its strength, as the search compares it
 * ('omeprazole 20 mg' for Losec 20 mg): derived from the product and the INN names by
 * product-search.ts, never edited. The primary key (term, product) in the "C" collation makes
 * LIKE 'prefix%' an index range.
 */
@Entity()
@Index('idx_product_search_term_product', ['productId'])
export class ProductSearchTerm {
  @PrimaryColumn({ type: 'text', collation: 'C' })
  term!: string;

  @PrimaryColumn({ type: 'integer' })
  productId!: number;
}

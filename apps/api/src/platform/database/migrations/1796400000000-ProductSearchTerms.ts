import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The search by every name a patient may type (issue 45, docs/catalogue.md "Search"): one row per
 * name of a package with its strength (brand, Finnish, Swedish and English substance names),
 * written by the catalogue's import and start (catalogue/product-search.ts), so the table starts
 * empty and the API's start fills it. The primary key (term, product_id) in the "C" collation
 * serves LIKE 'prefix%' as an index range; it replaces the two prefix indexes of ProductCatalogue.
 * The ATC code's index finds the alternatives of a package not on sale.
 */
export class ProductSearchTerms1796400000000 implements MigrationInterface {
  name = 'ProductSearchTerms1796400000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "product_search_term" ("term" text COLLATE "C" NOT NULL, "product_id" integer NOT NULL, CONSTRAINT "PK_product_search_term" PRIMARY KEY ("term", "product_id"))`);
    await queryRunner.query(`CREATE INDEX "idx_product_search_term_product" ON "product_search_term" ("product_id") `);
    await queryRunner.query(`CREATE INDEX "idx_product_atc_code" ON "product" ("atc_code") `);
    await queryRunner.query(`DROP INDEX "public"."idx_product_search_name"`);
    await queryRunner.query(`DROP INDEX "public"."idx_product_search_ingredient"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "idx_product_search_ingredient" ON "product" (product_search_key(active_ingredient) text_pattern_ops)`);
    await queryRunner.query(`CREATE INDEX "idx_product_search_name" ON "product" (product_search_key(name || ' ' || strength) text_pattern_ops)`);
    await queryRunner.query(`DROP INDEX "public"."idx_product_atc_code"`);
    await queryRunner.query(`DROP TABLE "product_search_term"`);
  }
}

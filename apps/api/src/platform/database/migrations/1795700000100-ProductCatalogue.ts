import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The imported medicine catalogue (docs/catalogue.md): the package's VNR number (unique when
 * known), package size, ATC code and active ingredient; and the search by brand and by active
 * ingredient, case- and accent-insensitive.
 *
 * product_search_key() lower-cases and strips accents with translate(): IMMUTABLE, so it can be
 * indexed (unaccent() is only STABLE and would need a wrapper that pretends otherwise). Upper-case
 * letters are mapped too, so the key is the same under any collation. A query's key comes from the
 * same function (catalogue.service.ts), and LIKE 'key%' is a range of the text_pattern_ops index.
 */
export class ProductCatalogue1795700000100 implements MigrationInterface {
  name = 'ProductCatalogue1795700000100';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "product" ADD "vnr" text`);
    await queryRunner.query(`ALTER TABLE "product" ADD "package_size" text NOT NULL DEFAULT ''`);
    await queryRunner.query(`ALTER TABLE "product" ADD "atc_code" text NOT NULL DEFAULT ''`);
    await queryRunner.query(`ALTER TABLE "product" ADD "active_ingredient" text NOT NULL DEFAULT ''`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_product_vnr" ON "product" ("vnr") WHERE "vnr" IS NOT NULL`);
    await queryRunner.query(`
      CREATE FUNCTION product_search_key(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
        SELECT translate(lower($1),
          'ÅÄÖÁÀÂÃÉÈÊËÍÌÎÏÓÒÔÕØÚÙÛÜÝŸÇÑŠŽåäöáàâãéèêëíìîïóòôõøúùûüýÿçñšž',
          'aaoaaaaeeeeiiiiooooouuuuyycnszaaoaaaaeeeeiiiiooooouuuuyycnsz')
      $$`);
    await queryRunner.query(`CREATE INDEX "idx_product_search_name" ON "product" (product_search_key(name || ' ' || strength) text_pattern_ops)`);
    await queryRunner.query(`CREATE INDEX "idx_product_search_ingredient" ON "product" (product_search_key(active_ingredient) text_pattern_ops)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."idx_product_search_ingredient"`);
    await queryRunner.query(`DROP INDEX "public"."idx_product_search_name"`);
    await queryRunner.query(`DROP FUNCTION product_search_key(text)`);
    await queryRunner.query(`DROP INDEX "public"."uq_product_vnr"`);
    await queryRunner.query(`ALTER TABLE "product" DROP COLUMN "active_ingredient"`);
    await queryRunner.query(`ALTER TABLE "product" DROP COLUMN "atc_code"`);
    await queryRunner.query(`ALTER TABLE "product" DROP COLUMN "package_size"`);
    await queryRunner.query(`ALTER TABLE "product" DROP COLUMN "vnr"`);
  }
}

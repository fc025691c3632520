import type { MigrationInterface, QueryRunner } from 'typeorm';

/** An order in the doctors' history (HANDLED_PREDICATE of orders/history-query.ts), of row `r`. */
const handled = (r: string) => `(${r}.delivery_status IN ('processing', 'delivered') AND NOT ${r}.sandbox)`;
/** The searchable text of row `r`'s patient (PATIENT_SEARCH_EXPR of orders/history-query.ts). */
const searchText = (r: string) => `lower(${r}.patient_first_name || ' ' || ${r}.patient_last_name || ' ' || ${r}.patient_hetu)`;

/**
 * The doctors' history search counts its matches in a narrow table of its own: the handled
 * orders' patient text (order_patient_search, a row an order, kept by triggers on orders). The
 * count of a common word read every matching order's row of `orders` through the trigram index
 * (~2,500 of the table's ~2,600 pages at 100k orders for 'virta'); the same rows here fill ~800
 * pages, and the unfiltered count is a scan of this table instead of 100k index entries with
 * their visibility checks. The trigram index moves here: it was only the search's, and an index
 * on orders is written on every change of an order's status.
 */
export class OrderPatientSearch1795900003000 implements MigrationInterface {
  name = 'OrderPatientSearch1795900003000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "order_patient_search" ("order_id" integer PRIMARY KEY REFERENCES "orders" ("id") ON DELETE CASCADE, "search" text NOT NULL)`,
    );
    await queryRunner.query(`
      CREATE FUNCTION order_patient_search_track() RETURNS trigger AS $$
      BEGIN
          IF ${handled('NEW')} THEN
              INSERT INTO order_patient_search (order_id, search) VALUES (NEW.id, ${searchText('NEW')})
              ON CONFLICT (order_id) DO UPDATE SET search = EXCLUDED.search;
          ELSE
              DELETE FROM order_patient_search WHERE order_id = NEW.id;
          END IF;
          RETURN NULL;
      END $$ LANGUAGE plpgsql`);
    // Only the changes that move an order in or out of the history, or change its patient's text, call the function.
    await queryRunner.query(
      `CREATE TRIGGER orders_patient_search_insert AFTER INSERT ON orders FOR EACH ROW WHEN ${handled('NEW')} EXECUTE FUNCTION order_patient_search_track()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER orders_patient_search_update AFTER UPDATE OF delivery_status, sandbox, patient_first_name, patient_last_name, patient_hetu ON orders
       FOR EACH ROW WHEN (${handled('OLD')} IS DISTINCT FROM ${handled('NEW')} OR ${searchText('OLD')} IS DISTINCT FROM ${searchText('NEW')})
       EXECUTE FUNCTION order_patient_search_track()`,
    );
    await queryRunner.query(`INSERT INTO order_patient_search (order_id, search) SELECT o.id, ${searchText('o')} FROM orders o WHERE ${handled('o')}`);
    await queryRunner.query(`CREATE INDEX "idx_order_patient_search" ON "order_patient_search" USING gin ("search" gin_trgm_ops)`);
    await queryRunner.query(`DROP INDEX "idx_orders_patient_search"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "idx_orders_patient_search" ON "orders" USING gin ((${searchText('orders')}) gin_trgm_ops)`);
    await queryRunner.query(`DROP TRIGGER orders_patient_search_update ON orders`);
    await queryRunner.query(`DROP TRIGGER orders_patient_search_insert ON orders`);
    await queryRunner.query(`DROP FUNCTION order_patient_search_track()`);
    await queryRunner.query(`DROP TABLE "order_patient_search"`);
  }
}

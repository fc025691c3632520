import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Reseptilista from an index: each order counts its prescriptions not yet checked at the pharmacy
 * (kept by a trigger on order_item in the same transaction, like order_queue_count), and a partial
 * index holds the orders with any, per office and pharmacy, newest first. The newest 30 cards of
 * an office are then an index-only range, whatever the size of the office's history or of the
 * doctors' queue (the EXISTS over order_item it replaces scanned every order of the office).
 */
export class ReseptilistaIndex1795600000500 implements MigrationInterface {
  name = 'ReseptilistaIndex1795600000500';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "orders" ADD "unchecked_items" integer NOT NULL DEFAULT 0`);
    await queryRunner.query(`
      UPDATE orders o SET unchecked_items = c.n
      FROM (SELECT order_id, count(*)::int AS n FROM order_item WHERE pharmacy_checked = false GROUP BY order_id) c
      WHERE c.order_id = o.id`);
    await queryRunner.query(`
      CREATE FUNCTION order_unchecked_items() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') AND NOT OLD.pharmacy_checked THEN
          UPDATE orders SET unchecked_items = unchecked_items - 1 WHERE id = OLD.order_id;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') AND NOT NEW.pharmacy_checked THEN
          UPDATE orders SET unchecked_items = unchecked_items + 1 WHERE id = NEW.order_id;
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER order_unchecked_items AFTER INSERT OR DELETE OR UPDATE OF pharmacy_checked, order_id ON order_item
      FOR EACH ROW EXECUTE FUNCTION order_unchecked_items()`);
    await queryRunner.query(`
      CREATE INDEX "idx_orders_reseptilista" ON "orders" ("office_id", "pharmacy_id", "created_at" DESC, "id" DESC)
      WHERE "unchecked_items" > 0`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."idx_orders_reseptilista"`);
    await queryRunner.query(`DROP TRIGGER order_unchecked_items ON order_item`);
    await queryRunner.query(`DROP FUNCTION order_unchecked_items()`);
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "unchecked_items"`);
  }
}

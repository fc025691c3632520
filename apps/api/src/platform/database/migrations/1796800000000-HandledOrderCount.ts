import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Rows of the count: enough that the doctors handling orders at once rarely share one (as order_queue_count's stripes). */
const STRIPES = 16;

/**
 * Historia's unfiltered count at a million orders (issue 43, docs/history-query.md "The
 * unfiltered count kept, not counted"): counting every row of order_patient_search took ~30 ms of the 40 ms page.
 * The number of handled orders is now kept in stripes beside it, by a trigger on that table (a row
 * in or out is one order in or out of the history): each transaction adds its ±1 to the stripe of
 * its database connection (backend pid), so doctors handling orders at once touch different rows,
 * and the page sums the stripes, in the page's own statement (one snapshot: the count and the page
 * agree). A row's trigger updates its stripe once per order: a bulk fill of many handled orders in
 * one statement piles up versions of that row (the bench's seed turns the trigger off while it
 * fills, and counts after, see bench/lib/seed.mjs).
 */
export class HandledOrderCount1796800000000 implements MigrationInterface {
  name = 'HandledOrderCount1796800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "order_patient_search_count" ("stripe" smallint PRIMARY KEY, "handled" bigint NOT NULL)`);
    await queryRunner.query(`
      CREATE FUNCTION order_patient_search_count_track() RETURNS trigger AS $$
      BEGIN
          INSERT INTO order_patient_search_count (stripe, handled)
          VALUES (pg_backend_pid() % ${STRIPES}, CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END)
          ON CONFLICT (stripe) DO UPDATE SET handled = order_patient_search_count.handled + EXCLUDED.handled;
          RETURN NULL;
      END $$ LANGUAGE plpgsql`);
    // Locks order_patient_search against writes, so no row goes in or out between the count and the trigger.
    await queryRunner.query(`LOCK TABLE "order_patient_search" IN SHARE MODE`);
    await queryRunner.query(
      `CREATE TRIGGER order_patient_search_count AFTER INSERT OR DELETE ON order_patient_search FOR EACH ROW EXECUTE FUNCTION order_patient_search_count_track()`,
    );
    await queryRunner.query(`INSERT INTO order_patient_search_count (stripe, handled) SELECT 0, count(*) FROM order_patient_search`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER order_patient_search_count ON order_patient_search`);
    await queryRunner.query(`DROP FUNCTION order_patient_search_count_track()`);
    await queryRunner.query(`DROP TABLE "order_patient_search_count"`);
  }
}

import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** Rows per handling option: enough that the doctors working at once rarely share one. */
const STRIPES = 16;

/**
 * The queue counts in stripes. One row per handling option was a lock every change of an
 * order's status took until its commit: sixteen doctors picking and delivering at once queued
 * behind each other on it (the UPDATE of the order waited ~170 ms in the pick cycle's bench).
 * Now each option has up to STRIPES rows; a transaction adds its delta to the stripe of its
 * database connection (backend pid), so concurrent changes touch different rows, and the readers
 * sum the stripes (they already summed per option). One transaction always uses one stripe, so
 * its own changes of two options lock rows in the order it makes them, as before.
 */
export class StripedQueueCounts1795900002000 implements MigrationInterface {
  name = 'StripedQueueCounts1795900002000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "order_queue_count" ADD "stripe" smallint NOT NULL DEFAULT 0`);
    await queryRunner.query(`ALTER TABLE "order_queue_count" DROP CONSTRAINT "PK_431d3e475801aaa43aafc6d796e"`);
    await queryRunner.query(`ALTER TABLE "order_queue_count" ADD CONSTRAINT "PK_order_queue_count_stripe" PRIMARY KEY ("delivery_option_id", "stripe")`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION order_queue_count_add(option text, waiting_delta int, processing_delta int) RETURNS void AS $$
      BEGIN
          IF waiting_delta = 0 AND processing_delta = 0 THEN RETURN; END IF;
          INSERT INTO order_queue_count (delivery_option_id, stripe, waiting, processing)
          VALUES (option, pg_backend_pid() % ${STRIPES}, waiting_delta, processing_delta)
          ON CONFLICT (delivery_option_id, stripe) DO UPDATE
          SET waiting = order_queue_count.waiting + EXCLUDED.waiting,
              processing = order_queue_count.processing + EXCLUDED.processing;
      END $$ LANGUAGE plpgsql`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION order_queue_count_add(option text, waiting_delta int, processing_delta int) RETURNS void AS $$
      BEGIN
          IF waiting_delta = 0 AND processing_delta = 0 THEN RETURN; END IF;
          INSERT INTO order_queue_count (delivery_option_id, waiting, processing)
          VALUES (option, waiting_delta, processing_delta)
          ON CONFLICT (delivery_option_id) DO UPDATE
          SET waiting = order_queue_count.waiting + EXCLUDED.waiting,
              processing = order_queue_count.processing + EXCLUDED.processing;
      END $$ LANGUAGE plpgsql`);
    // Back to one row per option: the stripes summed.
    await queryRunner.query(`
      CREATE TEMP TABLE queue_count_sums AS
      SELECT delivery_option_id, sum(waiting)::int AS waiting, sum(processing)::int AS processing FROM order_queue_count GROUP BY delivery_option_id`);
    await queryRunner.query(`DELETE FROM order_queue_count`);
    await queryRunner.query(`ALTER TABLE "order_queue_count" DROP CONSTRAINT "PK_order_queue_count_stripe"`);
    await queryRunner.query(`ALTER TABLE "order_queue_count" DROP COLUMN "stripe"`);
    await queryRunner.query(`ALTER TABLE "order_queue_count" ADD CONSTRAINT "PK_431d3e475801aaa43aafc6d796e" PRIMARY KEY ("delivery_option_id")`);
    await queryRunner.query(`INSERT INTO order_queue_count (delivery_option_id, waiting, processing) SELECT * FROM queue_count_sums`);
    await queryRunner.query(`DROP TABLE queue_count_sums`);
  }
}

import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The integrators' sandbox: a client marked `sandbox` places orders marked `sandbox`, which the
 * simulated doctor decides (SandboxDoctor) and which no real queue, count, history or list shows.
 * Their events are marked too, so only sandbox clients list them. The queue counts' trigger leaves
 * sandbox orders out (the doctors' counts are of real orders only), and a partial index holds the
 * few undecided sandbox orders the simulated doctor polls for.
 */
export class IntegratorSandbox1795800000200 implements MigrationInterface {
  name = 'IntegratorSandbox1795800000200';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "api_client" ADD "sandbox" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "orders" ADD "sandbox" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "api_event" ADD "sandbox" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`CREATE INDEX "idx_orders_sandbox_undecided" ON "orders" ("created_at", "id") WHERE "sandbox" AND "delivery_status" <> 'delivered'`);
    await queryRunner.query(queueCountTrack(true));
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(queueCountTrack(false));
    await queryRunner.query(`DROP INDEX "public"."idx_orders_sandbox_undecided"`);
    await queryRunner.query(`ALTER TABLE "api_event" DROP COLUMN "sandbox"`);
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "sandbox"`);
    await queryRunner.query(`ALTER TABLE "api_client" DROP COLUMN "sandbox"`);
  }
}

/** order_queue_count_track (migration QueueCounts), counting only real orders when `withoutSandbox`. */
function queueCountTrack(withoutSandbox: boolean): string {
  const counts = (row: 'NEW' | 'OLD', status: 'waiting' | 'processing') =>
    withoutSandbox ? `(NOT ${row}.sandbox AND ${row}.delivery_status = '${status}')::int` : `(${row}.delivery_status = '${status}')::int`;
  return `
    CREATE OR REPLACE FUNCTION order_queue_count_track() RETURNS trigger AS $$
    BEGIN
        IF TG_OP = 'UPDATE' AND OLD.delivery_option_id = NEW.delivery_option_id THEN
            PERFORM order_queue_count_add(NEW.delivery_option_id,
                ${counts('NEW', 'waiting')} - ${counts('OLD', 'waiting')},
                ${counts('NEW', 'processing')} - ${counts('OLD', 'processing')});
            RETURN NULL;
        END IF;
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
            PERFORM order_queue_count_add(OLD.delivery_option_id, -${counts('OLD', 'waiting')}, -${counts('OLD', 'processing')});
        END IF;
        IF TG_OP IN ('UPDATE', 'INSERT') THEN
            PERFORM order_queue_count_add(NEW.delivery_option_id, ${counts('NEW', 'waiting')}, ${counts('NEW', 'processing')});
        END IF;
        RETURN NULL;
    END $$ LANGUAGE plpgsql`;
}

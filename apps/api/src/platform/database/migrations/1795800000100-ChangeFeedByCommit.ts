import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The integrators' change feeds (GET /api/v1/orders, GET /api/v1/events) by commit, not by clock:
 * each order change and each event records its transaction's id (`pg_current_xact_id()`, as a
 * bigint) in `change_xid`, set by a trigger so that no writer can forget it. The feeds serve only
 * rows below the oldest transaction still running (integrator/change-feed.ts): a transaction
 * that commits late can no longer be passed by a cursor. An event also takes at least the largest
 * `change_xid` already written, so an event caused by an earlier one (an order picked after it
 * was placed) never lists before it. Rows that exist now take this migration's transaction id.
 */
export class ChangeFeedByCommit1795800000100 implements MigrationInterface {
  name = 'ChangeFeedByCommit1795800000100';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "orders" ADD "change_xid" bigint`);
    await queryRunner.query(`UPDATE "orders" SET "change_xid" = pg_current_xact_id()::text::bigint`);
    await queryRunner.query(`ALTER TABLE "orders" ALTER COLUMN "change_xid" SET NOT NULL`);
    await queryRunner.query(`
      CREATE FUNCTION orders_change_xid() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.change_xid := pg_current_xact_id()::text::bigint;
        RETURN NEW;
      END $$`);
    await queryRunner.query(`CREATE TRIGGER orders_change_xid BEFORE INSERT OR UPDATE ON orders FOR EACH ROW EXECUTE FUNCTION orders_change_xid()`);
    await queryRunner.query(`CREATE INDEX "idx_orders_change" ON "orders" ("pharmacy_id", "change_xid", "id")`);

    await queryRunner.query(`ALTER TABLE "api_event" ADD "change_xid" bigint`);
    await queryRunner.query(`UPDATE "api_event" SET "change_xid" = pg_current_xact_id()::text::bigint`);
    await queryRunner.query(`ALTER TABLE "api_event" ALTER COLUMN "change_xid" SET NOT NULL`);
    await queryRunner.query(`
      CREATE FUNCTION api_event_change_xid() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.change_xid := GREATEST(pg_current_xact_id()::text::bigint, (SELECT max(change_xid) FROM api_event));
        RETURN NEW;
      END $$`);
    await queryRunner.query(`CREATE TRIGGER api_event_change_xid BEFORE INSERT ON api_event FOR EACH ROW EXECUTE FUNCTION api_event_change_xid()`);
    await queryRunner.query(`CREATE INDEX "idx_api_event_change" ON "api_event" ("change_xid", "id")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."idx_api_event_change"`);
    await queryRunner.query(`DROP TRIGGER api_event_change_xid ON api_event`);
    await queryRunner.query(`DROP FUNCTION api_event_change_xid()`);
    await queryRunner.query(`ALTER TABLE "api_event" DROP COLUMN "change_xid"`);
    await queryRunner.query(`DROP INDEX "public"."idx_orders_change"`);
    await queryRunner.query(`DROP TRIGGER orders_change_xid ON orders`);
    await queryRunner.query(`DROP FUNCTION orders_change_xid()`);
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "change_xid"`);
  }
}

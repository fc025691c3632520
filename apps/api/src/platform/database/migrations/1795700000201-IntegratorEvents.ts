import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** The integrators' events log (GET /api/v1/events, 30 days), written with each event whether or not an endpoint subscribed. */
export class IntegratorEvents1795700000201 implements MigrationInterface {
  name = 'IntegratorEvents1795700000201';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "api_event" (
        "id" SERIAL NOT NULL,
        "event_id" text NOT NULL,
        "type" text NOT NULL,
        "pharmacy_id" integer,
        "office_id" integer,
        "payload" jsonb NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_31c2f59397027550aa2d69b4036" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE INDEX "idx_api_event_pharmacy" ON "api_event" ("pharmacy_id", "id")`);
    await queryRunner.query(`CREATE INDEX "idx_api_event_created" ON "api_event" ("created_at")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_api_event_event_id" ON "api_event" ("event_id")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."uq_api_event_event_id"`);
    await queryRunner.query(`DROP INDEX "public"."idx_api_event_created"`);
    await queryRunner.query(`DROP INDEX "public"."idx_api_event_pharmacy"`);
    await queryRunner.query(`DROP TABLE "api_event"`);
  }
}

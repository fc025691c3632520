import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * E-prescriptions (issue 41): each approved item of a delivered real order is recorded once in
 * Kanta's Prescription Centre. One row per item (unique), written with the delivery; the outbox
 * columns (attempts, next_attempt_at, claimed_by, lease_until) are the one worker's, as sms_outbox's.
 */
export class EPrescription1796200000000 implements MigrationInterface {
  name = 'EPrescription1796200000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "e_prescription" ("id" SERIAL NOT NULL, "order_item_id" integer NOT NULL, "order_id" integer NOT NULL, "status" text NOT NULL DEFAULT 'pending', "centre_id" text, "recorded_at" TIMESTAMP WITH TIME ZONE, "valid_until" date, "attempts" integer NOT NULL DEFAULT '0', "next_attempt_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_error" text, "claimed_by" text, "lease_until" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_e_prescription" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_e_prescription_order_item" ON "e_prescription" ("order_item_id") `);
    await queryRunner.query(`CREATE INDEX "idx_e_prescription_due" ON "e_prescription" ("status", "next_attempt_at") `);
    await queryRunner.query(`CREATE INDEX "idx_e_prescription_order" ON "e_prescription" ("order_id") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."idx_e_prescription_order"`);
    await queryRunner.query(`DROP INDEX "public"."idx_e_prescription_due"`);
    await queryRunner.query(`DROP INDEX "public"."uq_e_prescription_order_item"`);
    await queryRunner.query(`DROP TABLE "e_prescription"`);
  }
}

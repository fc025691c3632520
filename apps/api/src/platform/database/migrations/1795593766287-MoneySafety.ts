import { type MigrationInterface, type QueryRunner } from "typeorm";

export class MoneySafety1795593766287 implements MigrationInterface {
    name = 'MoneySafety1795593766287'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            CREATE TABLE "payment_anomaly" (
                "id" SERIAL NOT NULL,
                "session_id" text,
                "event_id" text,
                "kind" text NOT NULL,
                "payment_ref" text,
                "amount_cents" integer,
                "currency" text,
                "details" jsonb,
                "refund" text NOT NULL,
                "refund_ref" text,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "refunded_at" TIMESTAMP WITH TIME ZONE,
                CONSTRAINT "PK_fcef80735faae6e743af1f64775" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE INDEX "IDX_a179cc6347e36d3a0dd3d6dcab" ON "payment_anomaly" ("session_id")
        `);
        await queryRunner.query(`
            CREATE UNIQUE INDEX "IDX_c05db7a0f3aa31ecfa6c21fe04" ON "payment_anomaly" ("payment_ref")
            WHERE "payment_ref" IS NOT NULL
        `);
        await queryRunner.query(`
            ALTER TABLE "customer"
            ADD "cart_version" integer NOT NULL DEFAULT '0'
        `);
        await queryRunner.query(`
            ALTER TABLE "payment_session"
            ADD "cart_version" integer NOT NULL DEFAULT '0'
        `);
        await queryRunner.query(`
            ALTER TABLE "payment_session"
            ADD "checkout_url" text
        `);
        await queryRunner.query(`
            ALTER TABLE "payment_session"
            ADD "claimed_at" TIMESTAMP WITH TIME ZONE
        `);
        await queryRunner.query(`
            ALTER TABLE "payment_session"
            ADD "pay_attempts" integer NOT NULL DEFAULT '0'
        `);
        await queryRunner.query(`
            ALTER TABLE "payment_session"
            ADD "payment_ref" text
        `);
        await queryRunner.query(`
            ALTER TABLE "payment_session"
            ADD "end_reason" text
        `);
        // Before the one-open-checkout rule: of a customer's open checkouts only the newest stays open.
        await queryRunner.query(`
            UPDATE "payment_session" s SET "status" = 'expired', "end_reason" = 'replaced'
            WHERE "status" = 'open' AND EXISTS (
                SELECT 1 FROM "payment_session" n
                WHERE n."customer_id" = s."customer_id" AND n."status" = 'open'
                  AND (n."created_at", n."id") > (s."created_at", s."id"))
        `);
        await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_payment_session_open_per_customer" ON "payment_session" ("customer_id")
            WHERE status IN ('open', 'paying')
        `);
        // Codes already used past their cap (the race this migration closes) stay used up: the cap
        // becomes the uses counted, so no use is lost from the record and none more is possible.
        await queryRunner.query(`
            UPDATE "coupon" SET "max_uses" = "uses" WHERE "max_uses" IS NOT NULL AND "uses" > "max_uses"
        `);
        await queryRunner.query(`
            ALTER TABLE "coupon"
            ADD CONSTRAINT "chk_coupon_uses_within_max" CHECK (
                    "max_uses" IS NULL
                    OR "uses" <= "max_uses"
                )
        `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            ALTER TABLE "coupon" DROP CONSTRAINT "chk_coupon_uses_within_max"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."uq_payment_session_open_per_customer"
        `);
        await queryRunner.query(`
            ALTER TABLE "payment_session" DROP COLUMN "end_reason"
        `);
        await queryRunner.query(`
            ALTER TABLE "payment_session" DROP COLUMN "payment_ref"
        `);
        await queryRunner.query(`
            ALTER TABLE "payment_session" DROP COLUMN "pay_attempts"
        `);
        await queryRunner.query(`
            ALTER TABLE "payment_session" DROP COLUMN "claimed_at"
        `);
        await queryRunner.query(`
            ALTER TABLE "payment_session" DROP COLUMN "checkout_url"
        `);
        await queryRunner.query(`
            ALTER TABLE "payment_session" DROP COLUMN "cart_version"
        `);
        await queryRunner.query(`
            ALTER TABLE "customer" DROP COLUMN "cart_version"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."IDX_c05db7a0f3aa31ecfa6c21fe04"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."IDX_a179cc6347e36d3a0dd3d6dcab"
        `);
        await queryRunner.query(`
            DROP TABLE "payment_anomaly"
        `);
    }

}

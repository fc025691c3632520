import { type MigrationInterface, type QueryRunner } from "typeorm";

export class Payments1795535568480 implements MigrationInterface {
    name = 'Payments1795535568480'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            CREATE TABLE "payment_session" (
                "id" text NOT NULL,
                "provider_ref" text,
                "customer_id" integer NOT NULL,
                "provider" text NOT NULL,
                "status" text NOT NULL DEFAULT 'open',
                "amount_cents" integer NOT NULL,
                "coupon_id" integer,
                "items" jsonb NOT NULL,
                "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                "order_id" integer,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "completed_at" TIMESTAMP WITH TIME ZONE,
                CONSTRAINT "PK_a1a91b20f7f3b1e5afb5485cbcd" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE UNIQUE INDEX "IDX_be523453b96a688a3d40a8e4d4" ON "payment_session" ("provider_ref")
            WHERE "provider_ref" IS NOT NULL
        `);
        await queryRunner.query(`
            CREATE INDEX "IDX_5d06e44334a1aa999b82f6d3a2" ON "payment_session" ("customer_id")
        `);
        await queryRunner.query(`
            CREATE UNIQUE INDEX "IDX_91bcb27abaf03a20fb4163f2df" ON "payment_session" ("order_id")
            WHERE "order_id" IS NOT NULL
        `);
        await queryRunner.query(`
            CREATE TABLE "payment_event" (
                "id" text NOT NULL,
                "type" text NOT NULL,
                "session_id" text,
                "received_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_7e4a9d66fdf160a9fb9d236150f" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            ALTER TABLE "order_item"
            ADD "chat_verified" boolean
        `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            ALTER TABLE "order_item" DROP COLUMN "chat_verified"
        `);
        await queryRunner.query(`
            DROP TABLE "payment_event"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."IDX_91bcb27abaf03a20fb4163f2df"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."IDX_5d06e44334a1aa999b82f6d3a2"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."IDX_be523453b96a688a3d40a8e4d4"
        `);
        await queryRunner.query(`
            DROP TABLE "payment_session"
        `);
    }

}

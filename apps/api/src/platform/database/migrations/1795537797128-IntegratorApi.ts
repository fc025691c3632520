import { type MigrationInterface, type QueryRunner } from "typeorm";

export class IntegratorApi1795537797128 implements MigrationInterface {
    name = 'IntegratorApi1795537797128'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            CREATE TABLE "api_client" (
                "id" SERIAL NOT NULL,
                "client_id" text NOT NULL,
                "secret_hash" text NOT NULL,
                "pharmacy_id" integer NOT NULL,
                "name" text NOT NULL,
                "office_ids" integer array NOT NULL DEFAULT '{}',
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "revoked_at" TIMESTAMP WITH TIME ZONE,
                CONSTRAINT "PK_82a5ec6981d2be903a9eb1d9b9a" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE UNIQUE INDEX "IDX_a0ad7eb2aef50308b512c483ad" ON "api_client" ("client_id")
        `);
        await queryRunner.query(`
            CREATE INDEX "IDX_0cd5ee694697823785c209ff1d" ON "api_client" ("pharmacy_id")
        `);
        await queryRunner.query(`
            CREATE TABLE "api_idempotency_key" (
                "id" SERIAL NOT NULL,
                "api_client_id" integer NOT NULL,
                "key" text NOT NULL,
                "request_hash" text NOT NULL,
                "status" integer NOT NULL,
                "body" jsonb NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_9fdd552d8fe92aab64b91584b4e" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_api_idempotency_key" ON "api_idempotency_key" ("api_client_id", "key")
        `);
        await queryRunner.query(`
            CREATE TABLE "webhook_endpoint" (
                "id" SERIAL NOT NULL,
                "api_client_id" integer NOT NULL,
                "url" text NOT NULL,
                "events" text array NOT NULL,
                "secret" text NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "deleted_at" TIMESTAMP WITH TIME ZONE,
                CONSTRAINT "PK_6c98112122b2b8a4f3984d2efa8" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE INDEX "IDX_7d7c296f1794e977c480f8ab16" ON "webhook_endpoint" ("api_client_id")
        `);
        await queryRunner.query(`
            CREATE TABLE "webhook_delivery" (
                "id" SERIAL NOT NULL,
                "endpoint_id" integer NOT NULL,
                "event_id" text NOT NULL,
                "event_type" text NOT NULL,
                "order_id" integer,
                "payload" jsonb NOT NULL,
                "status" text NOT NULL DEFAULT 'pending',
                "attempts" integer NOT NULL DEFAULT '0',
                "next_attempt_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "last_status" integer,
                "last_error" text,
                "claimed_by" text,
                "lease_until" TIMESTAMP WITH TIME ZONE,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "delivered_at" TIMESTAMP WITH TIME ZONE,
                CONSTRAINT "PK_b1ae290239a778f12399db91354" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE INDEX "idx_webhook_delivery_order" ON "webhook_delivery" ("endpoint_id", "order_id", "id")
        `);
        await queryRunner.query(`
            CREATE INDEX "idx_webhook_delivery_due" ON "webhook_delivery" ("status", "next_attempt_at")
        `);
        await queryRunner.query(`
            ALTER TABLE "orders"
            ADD "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()
        `);
        // Existing orders: their last known change, to the millisecond (the integrators' cursor).
        await queryRunner.query(`
            UPDATE "orders" SET "updated_at" = date_trunc('milliseconds', greatest("created_at", coalesce("delivery_time", "created_at"), coalesce("processing_start_time", "created_at")))
        `);
        await queryRunner.query(`
            CREATE INDEX "idx_orders_updated" ON "orders" ("pharmacy_id", "updated_at", "id")
        `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            DROP INDEX "public"."idx_orders_updated"
        `);
        await queryRunner.query(`
            ALTER TABLE "orders" DROP COLUMN "updated_at"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."idx_webhook_delivery_due"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."idx_webhook_delivery_order"
        `);
        await queryRunner.query(`
            DROP TABLE "webhook_delivery"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."IDX_7d7c296f1794e977c480f8ab16"
        `);
        await queryRunner.query(`
            DROP TABLE "webhook_endpoint"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."uq_api_idempotency_key"
        `);
        await queryRunner.query(`
            DROP TABLE "api_idempotency_key"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."IDX_0cd5ee694697823785c209ff1d"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."IDX_a0ad7eb2aef50308b512c483ad"
        `);
        await queryRunner.query(`
            DROP TABLE "api_client"
        `);
    }

}

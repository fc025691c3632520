import { type MigrationInterface, type QueryRunner } from "typeorm";

export class CustomerCart1795495595385 implements MigrationInterface {
    name = 'CustomerCart1795495595385'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            CREATE TABLE "customer_cart_item" (
                "id" SERIAL NOT NULL,
                "customer_id" integer NOT NULL,
                "type" text NOT NULL,
                "product_id" integer,
                "medical_problem" text,
                "reason" text NOT NULL DEFAULT '',
                "chat" jsonb,
                "chat_verified" boolean NOT NULL DEFAULT false,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_ca54646db78f434daec82a9706b" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE INDEX "IDX_c12bc3ed0ff31928f46fab5022" ON "customer_cart_item" ("customer_id")
        `);
        await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_customer_cart_item_product" ON "customer_cart_item" ("customer_id", "product_id")
            WHERE "product_id" IS NOT NULL
        `);
        await queryRunner.query(`
            ALTER TABLE "customer_cart_item"
            ADD CONSTRAINT "FK_c12bc3ed0ff31928f46fab50222" FOREIGN KEY ("customer_id") REFERENCES "customer"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "customer_cart_item"
            ADD CONSTRAINT "FK_c2c0241a710420b2f1bbb33c3cd" FOREIGN KEY ("product_id") REFERENCES "product"("id") ON DELETE NO ACTION ON UPDATE NO ACTION
        `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            ALTER TABLE "customer_cart_item" DROP CONSTRAINT "FK_c2c0241a710420b2f1bbb33c3cd"
        `);
        await queryRunner.query(`
            ALTER TABLE "customer_cart_item" DROP CONSTRAINT "FK_c12bc3ed0ff31928f46fab50222"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."uq_customer_cart_item_product"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."IDX_c12bc3ed0ff31928f46fab5022"
        `);
        await queryRunner.query(`
            DROP TABLE "customer_cart_item"
        `);
    }

}

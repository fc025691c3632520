import { type MigrationInterface, type QueryRunner } from "typeorm";

export class CustomerFeedback1795497575439 implements MigrationInterface {
    name = 'CustomerFeedback1795497575439'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            CREATE TABLE "customer_feedback" (
                "id" SERIAL NOT NULL,
                "customer_id" integer NOT NULL,
                "order_id" integer,
                "score" integer NOT NULL,
                "feedback_text" text NOT NULL DEFAULT '',
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_bf049c5e29858227f202a0aeea4" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_customer_feedback_order" ON "customer_feedback" ("customer_id", "order_id")
            WHERE "order_id" IS NOT NULL
        `);
        await queryRunner.query(`
            ALTER TABLE "customer_feedback"
            ADD CONSTRAINT "FK_3133dc2a4d313163bdc1c735af4" FOREIGN KEY ("customer_id") REFERENCES "customer"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            ALTER TABLE "customer_feedback" DROP CONSTRAINT "FK_3133dc2a4d313163bdc1c735af4"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."uq_customer_feedback_order"
        `);
        await queryRunner.query(`
            DROP TABLE "customer_feedback"
        `);
    }

}

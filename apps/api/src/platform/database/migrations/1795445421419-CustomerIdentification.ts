import { type MigrationInterface, type QueryRunner } from "typeorm";

export class CustomerIdentification1795445421419 implements MigrationInterface {
    name = 'CustomerIdentification1795445421419'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            CREATE TABLE "identification" (
                "id" text NOT NULL,
                "hetu" text NOT NULL,
                "first_name" text NOT NULL,
                "last_name" text NOT NULL,
                "purpose" text NOT NULL,
                "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_fd49f15a74f96c6d17645c8810a" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE INDEX "idx_identification_expires_at" ON "identification" ("expires_at")
        `);
        await queryRunner.query(`
            ALTER TABLE "customer"
            ADD "eula_accepted_at" TIMESTAMP WITH TIME ZONE
        `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            ALTER TABLE "customer" DROP COLUMN "eula_accepted_at"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."idx_identification_expires_at"
        `);
        await queryRunner.query(`
            DROP TABLE "identification"
        `);
    }

}

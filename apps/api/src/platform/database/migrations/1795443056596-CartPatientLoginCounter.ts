import { type MigrationInterface, type QueryRunner } from "typeorm";

export class CartPatientLoginCounter1795443056596 implements MigrationInterface {
    name = 'CartPatientLoginCounter1795443056596'

    public async up(queryRunner: QueryRunner): Promise<void> {
        // Failed logins were counted after hashing (a race); the counters replace them.
        await queryRunner.query(`DROP TABLE "login_failure"`);
        await queryRunner.query(`
            CREATE TABLE "login_counter" (
                "key" text NOT NULL,
                "window_start" TIMESTAMP WITH TIME ZONE NOT NULL,
                "count" integer NOT NULL,
                CONSTRAINT "PK_78b9b639f391445489d7dbeb75d" PRIMARY KEY ("key")
            )
        `);
        await queryRunner.query(`
            ALTER TABLE "pharmacy_cart"
            ADD "patient_hetu" text
        `);
        await queryRunner.query(`
            ALTER TABLE "pharmacy_cart"
            ADD "patient_first_name" text
        `);
        await queryRunner.query(`
            ALTER TABLE "pharmacy_cart"
            ADD "patient_last_name" text
        `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            ALTER TABLE "pharmacy_cart" DROP COLUMN "patient_last_name"
        `);
        await queryRunner.query(`
            ALTER TABLE "pharmacy_cart" DROP COLUMN "patient_first_name"
        `);
        await queryRunner.query(`
            ALTER TABLE "pharmacy_cart" DROP COLUMN "patient_hetu"
        `);
        await queryRunner.query(`
            DROP TABLE "login_counter"
        `);
        await queryRunner.query(`
            CREATE TABLE "login_failure" (
                "id" BIGSERIAL NOT NULL,
                "role" text NOT NULL,
                "login" text NOT NULL,
                "at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_5df78140d5d3f4afc249d879cdf" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`CREATE INDEX "idx_login_failure_login" ON "login_failure" ("role", "login", "at")`);
    }

}

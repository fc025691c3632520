import { type MigrationInterface, type QueryRunner } from "typeorm";

export class LoginThrottle1795315412976 implements MigrationInterface {
    name = 'LoginThrottle1795315412976'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            CREATE TABLE "login_failure" (
                "id" BIGSERIAL NOT NULL,
                "role" text NOT NULL,
                "login" text NOT NULL,
                "at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_5df78140d5d3f4afc249d879cdf" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE INDEX "idx_login_failure_login" ON "login_failure" ("role", "login", "at")
        `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            DROP INDEX "public"."idx_login_failure_login"
        `);
        await queryRunner.query(`
            DROP TABLE "login_failure"
        `);
    }

}

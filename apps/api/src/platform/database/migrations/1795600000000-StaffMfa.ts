import { type MigrationInterface, type QueryRunner } from "typeorm";

export class StaffMfa1795600000000 implements MigrationInterface {
    name = 'StaffMfa1795600000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            CREATE TABLE "staff_totp" (
                "role" text NOT NULL,
                "user_id" integer NOT NULL,
                "secret" text,
                "pending_secret" text,
                "enabled_at" TIMESTAMP WITH TIME ZONE,
                "last_step" integer,
                CONSTRAINT "pk_staff_totp" PRIMARY KEY ("role", "user_id")
            )
        `);
        await queryRunner.query(`
            CREATE TABLE "staff_recovery_code" (
                "id" SERIAL NOT NULL,
                "role" text NOT NULL,
                "user_id" integer NOT NULL,
                "code_hash" text NOT NULL,
                "used_at" TIMESTAMP WITH TIME ZONE,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "pk_staff_recovery_code" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE INDEX "idx_staff_recovery_code_user" ON "staff_recovery_code" ("role", "user_id")
        `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            DROP INDEX "public"."idx_staff_recovery_code_user"
        `);
        await queryRunner.query(`
            DROP TABLE "staff_recovery_code"
        `);
        await queryRunner.query(`
            DROP TABLE "staff_totp"
        `);
    }

}

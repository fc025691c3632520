import { type MigrationInterface, type QueryRunner } from "typeorm";

export class IdentificationAttempts1795595385682 implements MigrationInterface {
    name = 'IdentificationAttempts1795595385682'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            ALTER TABLE "identification"
            ADD "attempts" integer NOT NULL DEFAULT '0'
        `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            ALTER TABLE "identification" DROP COLUMN "attempts"
        `);
    }

}

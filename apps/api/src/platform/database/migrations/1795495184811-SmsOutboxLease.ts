import { type MigrationInterface, type QueryRunner } from "typeorm";

export class SmsOutboxLease1795495184811 implements MigrationInterface {
    name = 'SmsOutboxLease1795495184811'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            ALTER TABLE "sms_outbox"
            ADD "idempotency_key" uuid
        `);
        await queryRunner.query(`UPDATE "sms_outbox" SET "idempotency_key" = gen_random_uuid()`);
        await queryRunner.query(`ALTER TABLE "sms_outbox" ALTER COLUMN "idempotency_key" SET NOT NULL`);
        await queryRunner.query(`
            ALTER TABLE "sms_outbox"
            ADD "claimed_by" text
        `);
        await queryRunner.query(`
            ALTER TABLE "sms_outbox"
            ADD "lease_until" TIMESTAMP WITH TIME ZONE
        `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            ALTER TABLE "sms_outbox" DROP COLUMN "lease_until"
        `);
        await queryRunner.query(`
            ALTER TABLE "sms_outbox" DROP COLUMN "claimed_by"
        `);
        await queryRunner.query(`
            ALTER TABLE "sms_outbox" DROP COLUMN "idempotency_key"
        `);
    }

}

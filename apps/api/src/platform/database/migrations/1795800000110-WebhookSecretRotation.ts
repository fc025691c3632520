import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** A webhook endpoint's secret rotation: the old secret keeps signing (beside the new) until its overlap ends. */
export class WebhookSecretRotation1795800000110 implements MigrationInterface {
  name = 'WebhookSecretRotation1795800000110';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "webhook_endpoint" ADD "previous_secret" text`);
    await queryRunner.query(`ALTER TABLE "webhook_endpoint" ADD "previous_secret_until" TIMESTAMP WITH TIME ZONE`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "webhook_endpoint" DROP COLUMN "previous_secret_until"`);
    await queryRunner.query(`ALTER TABLE "webhook_endpoint" DROP COLUMN "previous_secret"`);
  }
}

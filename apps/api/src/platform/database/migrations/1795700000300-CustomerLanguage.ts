import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The customer's language (issue 27): 'fi', 'sv' or 'en', chosen in the web's language switch and
 * used for what reaches the customer outside the web (the text message when a doctor has handled
 * the order). Existing customers keep Finnish, the default.
 */
export class CustomerLanguage1795700000300 implements MigrationInterface {
  name = 'CustomerLanguage1795700000300';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "customer" ADD "language" text NOT NULL DEFAULT 'fi'`);
    await queryRunner.query(`ALTER TABLE "customer" ADD CONSTRAINT "CHK_customer_language" CHECK ("language" IN ('fi', 'sv', 'en'))`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "customer" DROP CONSTRAINT "CHK_customer_language"`);
    await queryRunner.query(`ALTER TABLE "customer" DROP COLUMN "language"`);
  }
}

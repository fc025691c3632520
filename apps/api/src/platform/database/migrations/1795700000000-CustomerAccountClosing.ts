import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * A customer can close their account (POST /my-user/delete): the row stays, since orders and the
 * audit trail point at it and health records are kept as the law requires, but its credentials,
 * e-mail, phone and marketing consent go, and it is marked closed. The hetu is unique among open
 * accounts only, so a later strong identification can register the same person again.
 */
export class CustomerAccountClosing1795700000000 implements MigrationInterface {
  name = 'CustomerAccountClosing1795700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "customer" ADD "closed_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "customer" ALTER COLUMN "email" DROP NOT NULL`);
    await queryRunner.query(`ALTER TABLE "customer" ALTER COLUMN "phone" DROP NOT NULL`);
    await queryRunner.query(`ALTER TABLE "customer" ALTER COLUMN "password_hash" DROP NOT NULL`);
    await queryRunner.query(`DROP INDEX "public"."IDX_c836ba3fba61e926d55a9a823c"`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_customer_hetu_open" ON "customer" ("hetu") WHERE "closed_at" IS NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    // Closed accounts cannot go back under NOT NULL credentials: they are removed first.
    await queryRunner.query(`DELETE FROM "customer" WHERE "closed_at" IS NOT NULL`);
    await queryRunner.query(`DROP INDEX "public"."uq_customer_hetu_open"`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_c836ba3fba61e926d55a9a823c" ON "customer" ("hetu")`);
    await queryRunner.query(`ALTER TABLE "customer" ALTER COLUMN "password_hash" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "customer" ALTER COLUMN "phone" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "customer" ALTER COLUMN "email" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "customer" DROP COLUMN "closed_at"`);
  }
}

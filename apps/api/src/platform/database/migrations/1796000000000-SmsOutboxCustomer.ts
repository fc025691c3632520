import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Every text message carries the account it was queued for (issue 38): the customer's data export
 * lists their messages by it, never by the phone number, which another account may take. Existing
 * messages of an order get the order's customer (the only one they were ever sent to). Order-less
 * ones (password, e-mail, account closed) stay without: a number alone cannot tell whose they were,
 * so they are in no one's export.
 */
export class SmsOutboxCustomer1796000000000 implements MigrationInterface {
  name = 'SmsOutboxCustomer1796000000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "sms_outbox" ADD "customer_id" integer`);
    await queryRunner.query(`UPDATE "sms_outbox" s SET "customer_id" = o."customer_id" FROM "orders" o WHERE o."id" = s."order_id" AND o."customer_id" IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX "idx_sms_outbox_customer" ON "sms_outbox" ("customer_id") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."idx_sms_outbox_customer"`);
    await queryRunner.query(`ALTER TABLE "sms_outbox" DROP COLUMN "customer_id"`);
  }
}

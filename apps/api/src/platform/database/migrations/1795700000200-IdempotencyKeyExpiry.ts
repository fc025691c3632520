import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Idempotency keys are kept 24 hours: each keyed order deletes every client's older keys, found by
 * this index on their age (not by reading the whole table).
 */
export class IdempotencyKeyExpiry1795700000200 implements MigrationInterface {
  name = 'IdempotencyKeyExpiry1795700000200';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "idx_api_idempotency_key_created" ON "api_idempotency_key" ("created_at")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."idx_api_idempotency_key_created"`);
  }
}

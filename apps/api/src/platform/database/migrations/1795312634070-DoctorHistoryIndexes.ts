import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes of the doctors' history (POST /history), see docs/history-query.md:
 *  - a trigram GIN index on the patient's searchable text (first name, last name, hetu),
 *    so "contains, case-insensitive" stays fast at 100,000+ orders;
 *  - partial B-tree indexes on the handled orders for the two sort orders (time, name).
 * The expressions must stay identical to the ones in doctor/doctor-history.service.ts.
 */
export class DoctorHistoryIndexes1795312634070 implements MigrationInterface {
  name = 'DoctorHistoryIndexes1795312634070';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(
      `CREATE INDEX "idx_orders_patient_search" ON "orders" USING gin ((lower(patient_first_name || ' ' || patient_last_name || ' ' || patient_hetu)) gin_trgm_ops)`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_orders_history_handled" ON "orders" ((coalesce(delivery_time, processing_start_time)), id) WHERE delivery_status IN ('processing', 'delivered')`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_orders_history_name" ON "orders" ((patient_first_name COLLATE "fi-x-icu"), (patient_last_name COLLATE "fi-x-icu"), id) WHERE delivery_status IN ('processing', 'delivered')`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_orders_history_name"`);
    await queryRunner.query(`DROP INDEX "idx_orders_history_handled"`);
    await queryRunner.query(`DROP INDEX "idx_orders_patient_search"`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The doctor's order view lists the patient's earlier orders (issue 44: OrderReads
 * earlierItemsOfPatient): an index by patient and creation, so the read is a range of the
 * patient's own orders at any size of the table.
 */
export class OrdersByPatient1796500000000 implements MigrationInterface {
  name = 'OrdersByPatient1796500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "idx_orders_patient" ON "orders" ("patient_hetu", "created_at")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."idx_orders_patient"`);
  }
}

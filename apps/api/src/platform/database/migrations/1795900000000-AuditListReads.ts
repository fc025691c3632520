import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * A list read (Reseptilista, Historia) is one audit row listing every order it showed and the
 * order's patient (parallel arrays: the i-th order is the i-th patient's) instead of a row per
 * order, which made the audit insert most of the read's database time. Existing rows keep null
 * there and hash exactly as before (audit-chain.ts canonicalAuditRow). The GIN index lets a
 * patient's access log find the reads that showed them.
 */
export class AuditListReads1795900000000 implements MigrationInterface {
  name = 'AuditListReads1795900000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "audit_log" ADD "order_ids" integer array`);
    await queryRunner.query(`ALTER TABLE "audit_log" ADD "patient_hetus" text array`);
    await queryRunner.query(`CREATE INDEX "idx_audit_log_patient_hetus" ON "audit_log" USING gin ("patient_hetus")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."idx_audit_log_patient_hetus"`);
    await queryRunner.query(`ALTER TABLE "audit_log" DROP COLUMN "patient_hetus"`);
    await queryRunner.query(`ALTER TABLE "audit_log" DROP COLUMN "order_ids"`);
  }
}

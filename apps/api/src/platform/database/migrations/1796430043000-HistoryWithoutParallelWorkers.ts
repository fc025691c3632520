import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Historia at a million orders (issue 43, docs/history-query.md "A million orders"): no parallel
 * workers for scans of orders and order_patient_search. Past a few hundred thousand orders the
 * planner put a Gather into the Historia statement, also into the branch its one-time filter
 * skips: the workers were launched either way (~230 ms on the loaded 2-core machine, more than the
 * whole search), and where they ran they cost more than they saved. The statements on these tables
 * are a request's own, one core each; the storage parameter leaves every other table as it was.
 */
export class HistoryWithoutParallelWorkers1796430043000 implements MigrationInterface {
  name = 'HistoryWithoutParallelWorkers1796430043000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "orders" SET (parallel_workers = 0)`);
    await queryRunner.query(`ALTER TABLE "order_patient_search" SET (parallel_workers = 0)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "order_patient_search" RESET (parallel_workers)`);
    await queryRunner.query(`ALTER TABLE "orders" RESET (parallel_workers)`);
  }
}

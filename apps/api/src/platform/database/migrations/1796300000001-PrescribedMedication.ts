import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * What the doctor prescribed, as the catalogue named it at the approval (issue 45): name, strength,
 * form, package size, VNR and ATC code of the prescribed product. A prescription is a record of that
 * moment: a later catalogue import (a renamed package, one taken off the market) does not change it,
 * and every view of the order reads it from the item's own row.
 */
export class PrescribedMedication1796300000001 implements MigrationInterface {
  name = 'PrescribedMedication1796300000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "order_item" ADD "prescribed_medication" jsonb`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "order_item" DROP COLUMN "prescribed_medication"`);
  }
}

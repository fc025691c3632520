import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * E-prescriptions (issues 41 and 45): an approval names what was prescribed (the product, the dosage
 * text, the packages, the Centre's prescription it renews), and a doctor has a Valvira register
 * number, the prescriber's identifier in the Prescription Centre.
 */
export class PrescriptionFields1796050000000 implements MigrationInterface {
  name = 'PrescriptionFields1796050000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "order_item" ADD "prescribed_product_id" integer`);
    await queryRunner.query(`ALTER TABLE "order_item" ADD "dosage_instruction" text`);
    await queryRunner.query(`ALTER TABLE "order_item" ADD "packages" integer`);
    await queryRunner.query(`ALTER TABLE "order_item" ADD "prior_prescription_id" text`);
    await queryRunner.query(`ALTER TABLE "doctor" ADD "register_number" text`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "doctor" DROP COLUMN "register_number"`);
    await queryRunner.query(`ALTER TABLE "order_item" DROP COLUMN "prior_prescription_id"`);
    await queryRunner.query(`ALTER TABLE "order_item" DROP COLUMN "packages"`);
    await queryRunner.query(`ALTER TABLE "order_item" DROP COLUMN "dosage_instruction"`);
    await queryRunner.query(`ALTER TABLE "order_item" DROP COLUMN "prescribed_product_id"`);
  }
}

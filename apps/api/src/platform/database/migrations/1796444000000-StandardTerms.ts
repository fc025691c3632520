import type { MigrationInterface, QueryRunner } from 'typeorm';
import { DOSAGE_FORMS, STANDARD_REASONS } from '@resepti/domain';

/**
 * Standard texts as keys (issue 44, docs/i18n.md "Standard texts"): a decision keeps the code of
 * the doctor's standard reason (order_item.reason_code; null: the doctor's own text), a product
 * its form's EDQM Standard Term (product.form_code). Existing rows get theirs from their Finnish
 * text: a reason word for word a standard one, a form one of DOSAGE_FORMS' Finnish terms.
 */
export class StandardTerms1796444000000 implements MigrationInterface {
  name = 'StandardTerms1796444000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "order_item" ADD "reason_code" text`);
    await queryRunner.query(`ALTER TABLE "product" ADD "form_code" text`);
    for (const [code, text] of Object.entries(STANDARD_REASONS)) {
      await queryRunner.query(`UPDATE "order_item" SET "reason_code" = $1 WHERE btrim("reason_for_decision") = $2 AND "decision" <> 'undecided'`, [code, text]);
    }
    for (const form of DOSAGE_FORMS) {
      await queryRunner.query(`UPDATE "product" SET "form_code" = $1 WHERE lower(regexp_replace(btrim("form"), '\\s+', ' ', 'g')) = $2`, [form.code, form.fi]);
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "product" DROP COLUMN "form_code"`);
    await queryRunner.query(`ALTER TABLE "order_item" DROP COLUMN "reason_code"`);
  }
}

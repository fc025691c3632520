import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Customers' phones in E.164 (+358401234567), as libs/domain/src/phone.ts now stores them:
 * whitespace dropped, then 00358 / +358 (with a kept trunk 0) / 0 in front of the number become
 * +358. A number that is no Finnish number by that rule is left as it was (the customer is asked
 * for a valid one when they next change it). Not undone: the old spellings are not kept.
 */
export class CustomerPhonesE1641795700000110 implements MigrationInterface {
  name = 'CustomerPhonesE1641795700000110';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      UPDATE customer c SET phone = '+358' || n.national
      FROM (
        SELECT id, CASE WHEN compact ~ '^(\\+358|00358)' THEN regexp_replace(compact, '^(\\+358|00358)0?', '') ELSE regexp_replace(compact, '^0', '') END AS national
        FROM (SELECT id, regexp_replace(phone, '\\s', '', 'g') AS compact FROM customer) compacted
        WHERE compact ~ '^(\\+358|00358|0)?[0-9]{4,12}$'
      ) n
      WHERE n.id = c.id AND n.national ~ '^[1-9][0-9]{3,10}$' AND c.phone <> '+358' || n.national`);
  }

  public async down(): Promise<void> {
    // The E.164 form is a valid spelling of the same number: nothing to undo.
  }
}

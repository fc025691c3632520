import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An event only one API client may see (issue 42: a sandbox client's triggered `notice.published`
 * goes to that client's endpoints and events list alone, not to every pharmacy): the client's id
 * on the events-log row; null for every other event, seen by whoever its scope lets see it.
 */
export class ClientOnlyEvents1796600000000 implements MigrationInterface {
  name = 'ClientOnlyEvents1796600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "api_event" ADD "api_client_id" integer`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "api_event" DROP COLUMN "api_client_id"`);
  }
}

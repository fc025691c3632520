import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Login sessions (express-session + connect-pg-simple): they survive restarts and work across API nodes. */
export class SessionStore1795311958400 implements MigrationInterface {
  name = 'SessionStore1795311958400';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "http_session" ("sid" varchar NOT NULL, "sess" json NOT NULL, "expire" timestamp(6) with time zone NOT NULL, CONSTRAINT "http_session_pkey" PRIMARY KEY ("sid"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_http_session_expire" ON "http_session" ("expire")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "http_session"`);
  }
}

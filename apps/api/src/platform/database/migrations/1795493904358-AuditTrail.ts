import { type MigrationInterface, type QueryRunner } from 'typeorm';
import { LEGACY_GENESIS_HASH as GENESIS_HASH, legacyAuditRowHash as auditRowHash } from './legacy-audit-hash.js';

/** The role the application runs as (config DATABASE_ROLE): it may not rewrite the audit trail. */
export const APP_DATABASE_ROLE = 'resepti_app';

/**
 * The tamper-evident audit trail: who/where columns, a hash chain over all rows (existing rows
 * are chained here, in id order), its head, and the application's database role, which may
 * INSERT and SELECT audit rows but not UPDATE, DELETE or TRUNCATE them. Roles are cluster-wide
 * and several databases may migrate at once (tests), so creating it tolerates a concurrent twin.
 */
export class AuditTrail1795493904358 implements MigrationInterface {
  name = 'AuditTrail1795493904358';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "audit_chain_head" (
                "id" smallint NOT NULL,
                "last_id" bigint NOT NULL,
                "last_hash" text NOT NULL,
                CONSTRAINT "PK_9211408bf584034de409b1bbec5" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`ALTER TABLE "audit_log" ADD "subject" text`);
    await queryRunner.query(`ALTER TABLE "audit_log" ADD "details" text`);
    await queryRunner.query(`ALTER TABLE "audit_log" ADD "client_address" text`);
    await queryRunner.query(`ALTER TABLE "audit_log" ADD "session_hash" text`);
    await queryRunner.query(`ALTER TABLE "audit_log" ADD "prev_hash" text`);
    await queryRunner.query(`ALTER TABLE "audit_log" ADD "hash" text`);
    await queryRunner.query(`ALTER TABLE "audit_log" ALTER COLUMN "actor_id" DROP NOT NULL`);

    // Chain the rows written before the chain existed, oldest first.
    let prevHash = GENESIS_HASH;
    let lastId = '0';
    for (;;) {
      const rows = (await queryRunner.query(
        `SELECT id::text AS id, at, actor_role, actor_id, action, order_id, patient_hetu FROM audit_log WHERE id > $1::bigint ORDER BY id LIMIT 5000`,
        [lastId],
      )) as Array<{ id: string; at: Date; actor_role: string; actor_id: number | null; action: string; order_id: number | null; patient_hetu: string | null }>;
      if (rows.length === 0) break;
      for (const r of rows) {
        const hash = auditRowHash({
          id: r.id,
          at: r.at,
          actorRole: r.actor_role,
          actorId: r.actor_id,
          action: r.action,
          orderId: r.order_id,
          patientHetu: r.patient_hetu,
          subject: null,
          details: null,
          clientAddress: null,
          sessionHash: null,
          prevHash,
        });
        await queryRunner.query(`UPDATE audit_log SET prev_hash = $1, hash = $2 WHERE id = $3::bigint`, [prevHash, hash, r.id]);
        prevHash = hash;
        lastId = r.id;
      }
    }
    await queryRunner.query(`ALTER TABLE "audit_log" ALTER COLUMN "prev_hash" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "audit_log" ALTER COLUMN "hash" SET NOT NULL`);
    await queryRunner.query(`INSERT INTO audit_chain_head (id, last_id, last_hash) VALUES (1, $1::bigint, $2)`, [lastId, prevHash]);

    const role = APP_DATABASE_ROLE;
    await queryRunner.query(`
      DO $$ BEGIN
        IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${role}') THEN
          BEGIN
            CREATE ROLE ${role} NOLOGIN;
          EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
          END;
        END IF;
      END $$`);
    await queryRunner.query(`GRANT USAGE ON SCHEMA public TO ${role}`);
    await queryRunner.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${role}`);
    await queryRunner.query(`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${role}`);
    await queryRunner.query(`REVOKE UPDATE, DELETE, TRUNCATE ON audit_log FROM ${role}`);
    await queryRunner.query(`ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${role}`);
    await queryRunner.query(`ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO ${role}`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    const role = APP_DATABASE_ROLE;
    await queryRunner.query(`ALTER DEFAULT PRIVILEGES IN SCHEMA public REVOKE ALL ON SEQUENCES FROM ${role}`);
    await queryRunner.query(`ALTER DEFAULT PRIVILEGES IN SCHEMA public REVOKE ALL ON TABLES FROM ${role}`);
    await queryRunner.query(`REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM ${role}`);
    await queryRunner.query(`REVOKE ALL ON ALL TABLES IN SCHEMA public FROM ${role}`);
    await queryRunner.query(`REVOKE USAGE ON SCHEMA public FROM ${role}`);
    await queryRunner.query(`ALTER TABLE "audit_log" ALTER COLUMN "actor_id" SET NOT NULL`);
    for (const column of ['hash', 'prev_hash', 'session_hash', 'client_address', 'details', 'subject']) {
      await queryRunner.query(`ALTER TABLE "audit_log" DROP COLUMN "${column}"`);
    }
    await queryRunner.query(`DROP TABLE "audit_chain_head"`);
  }
}

import { type MigrationInterface, type QueryRunner } from 'typeorm';
import { auditChainKeyOf, auditKeyCheck, auditRowHash, type ChainedFields, GENESIS_HASH } from '../../audit/audit-chain.js';
import { APP_DATABASE_ROLE } from './1795493904358-AuditTrail.js';
import { LEGACY_GENESIS_HASH, legacyAuditRowHash } from './legacy-audit-hash.js';

interface StoredRow {
  id: string;
  at: Date;
  actor_role: string;
  actor_id: number | null;
  action: string;
  order_id: number | null;
  patient_hetu: string | null;
  subject: string | null;
  details: string | null;
  client_address: string | null;
  session_hash: string | null;
  prev_hash: string;
  hash: string;
}

const fields = (r: StoredRow, prevHash: string) => ({
  id: r.id,
  at: r.at,
  actorRole: r.actor_role,
  actorId: r.actor_id,
  action: r.action,
  orderId: r.order_id,
  patientHetu: r.patient_hetu,
  subject: r.subject,
  details: r.details,
  clientAddress: r.client_address,
  sessionHash: r.session_hash,
  prevHash,
});

/**
 * The audit chain keyed and out of the app's reach (issue 21, finding 4):
 * - rows are HMACed with AUDIT_CHAIN_KEY, which is not in the database. The existing chain is
 *   checked with its old plain hash first (a broken one stops the migration: re-keying it would
 *   hide the edit) and then re-chained with the key of the data source that migrates;
 * - the app's role loses every right on audit_chain_head and UPDATE (setval) on the audit_log
 *   sequence. It reads and locks the head through two SECURITY DEFINER functions, and a trigger
 *   (SECURITY DEFINER too) accepts only a row that continues the head (the next id, the head's
 *   hash as prev_hash) and moves the head to it.
 */
export class AuditChainKey1795593830635 implements MigrationInterface {
  name = 'AuditChainKey1795593830635';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "audit_chain_head" ADD "key_check" text`);

    const [{ n }] = (await queryRunner.query('SELECT count(*)::int AS n FROM audit_log')) as Array<{ n: number }>;
    if (n > 0) {
      const key = auditChainKeyOf(queryRunner.connection);
      if (!key) throw new Error('AuditChainKey: the audit log has rows to re-chain; run the migrations through the app or `npm run admin` with AUDIT_CHAIN_KEY set');
      let legacyPrev = LEGACY_GENESIS_HASH;
      let prevHash = GENESIS_HASH;
      let lastId = '0';
      for (;;) {
        const rows = (await queryRunner.query(`SELECT id::text AS id, at, actor_role, actor_id, action, order_id, patient_hetu, subject, details, client_address, session_hash, prev_hash, hash
             FROM audit_log WHERE id > $1::bigint ORDER BY id LIMIT 5000`, [lastId])) as StoredRow[];
        if (rows.length === 0) break;
        for (const r of rows) {
          if (r.prev_hash !== legacyPrev || legacyAuditRowHash(fields(r, legacyPrev)) !== r.hash) {
            throw new Error(`AuditChainKey: the audit chain is broken at row ${r.id} (npm run admin -- verify-audit on the previous version); it is not re-keyed over an edit`);
          }
          legacyPrev = r.hash;
          const hash = auditRowHash(fields(r, prevHash) as ChainedFields, key);
          await queryRunner.query(`UPDATE audit_log SET prev_hash = $1, hash = $2 WHERE id = $3::bigint`, [prevHash, hash, r.id]);
          prevHash = hash;
          lastId = r.id;
        }
      }
      await queryRunner.query(`UPDATE audit_chain_head SET last_id = $1::bigint, last_hash = $2, key_check = $3 WHERE id = 1`, [lastId, prevHash, auditKeyCheck(key)]);
    }

    const role = APP_DATABASE_ROLE;
    // Functions that run with their owner's rights: a fixed search_path, so no one can slip in a table of their own.
    await queryRunner.query(`
      CREATE FUNCTION audit_chain_tip() RETURNS TABLE (last_id bigint, last_hash text, key_check text)
        LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public
        AS $$ SELECT last_id, last_hash, key_check FROM audit_chain_head WHERE id = 1 $$`);
    await queryRunner.query(`
      CREATE FUNCTION audit_chain_lock() RETURNS TABLE (last_id bigint, last_hash text)
        LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public
        AS $$ SELECT last_id, last_hash FROM audit_chain_head WHERE id = 1 FOR UPDATE $$`);
    await queryRunner.query(`
      CREATE FUNCTION audit_chain_advance() RETURNS trigger
        LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public
        AS $$
        DECLARE
          head audit_chain_head%ROWTYPE;
        BEGIN
          SELECT * INTO head FROM audit_chain_head WHERE id = 1 FOR UPDATE;
          IF NEW.id IS DISTINCT FROM head.last_id + 1 OR NEW.prev_hash IS DISTINCT FROM head.last_hash OR NEW.hash !~ '^[0-9a-f]{64}$' THEN
            RAISE EXCEPTION 'audit row % does not continue the audit chain (head: row %)', NEW.id, head.last_id USING ERRCODE = 'integrity_constraint_violation';
          END IF;
          UPDATE audit_chain_head SET last_id = NEW.id, last_hash = NEW.hash WHERE id = 1;
          RETURN NEW;
        END $$`);
    await queryRunner.query(`CREATE TRIGGER audit_chain_advance BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_chain_advance()`);
    for (const fn of ['audit_chain_tip()', 'audit_chain_lock()', 'audit_chain_advance()']) {
      await queryRunner.query(`REVOKE ALL ON FUNCTION ${fn} FROM PUBLIC`);
    }
    await queryRunner.query(`GRANT EXECUTE ON FUNCTION audit_chain_tip(), audit_chain_lock() TO ${role}`);
    await queryRunner.query(`REVOKE ALL ON audit_chain_head FROM ${role}`);
    await queryRunner.query(`REVOKE ALL ON SEQUENCE audit_log_id_seq FROM ${role}`);
    await queryRunner.query(`GRANT USAGE, SELECT ON SEQUENCE audit_log_id_seq TO ${role}`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    const role = APP_DATABASE_ROLE;
    await queryRunner.query(`GRANT USAGE, SELECT, UPDATE ON SEQUENCE audit_log_id_seq TO ${role}`);
    await queryRunner.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON audit_chain_head TO ${role}`);
    await queryRunner.query(`DROP TRIGGER audit_chain_advance ON audit_log`);
    await queryRunner.query(`DROP FUNCTION audit_chain_advance()`);
    await queryRunner.query(`DROP FUNCTION audit_chain_lock()`);
    await queryRunner.query(`DROP FUNCTION audit_chain_tip()`);
    // The rows keep their keyed hashes: going back leaves a chain the old verify-audit reports as edited.
    await queryRunner.query(`ALTER TABLE "audit_chain_head" DROP COLUMN "key_check"`);
  }
}

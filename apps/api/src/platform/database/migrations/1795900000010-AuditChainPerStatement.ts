import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The audit chain's trigger once per INSERT statement instead of once per row: the row trigger of
 * AuditChainKey locked and updated the chain's head for every row (a new version of the head row
 * each time). This one runs after the statement, over its rows (a transition table): they must
 * continue the head as one line (ids from the head's + 1 up, one after the other; each prev_hash
 * the hash of the row before it, the first the head's; a 64-hex hash), or the statement is
 * refused with integrity_constraint_violation; then the head moves once, to the last row. Same
 * rights as before: SECURITY DEFINER with a fixed search_path, nobody may call it directly.
 */
export class AuditChainPerStatement1795900000010 implements MigrationInterface {
  name = 'AuditChainPerStatement1795900000010';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER audit_chain_advance ON audit_log`);
    await queryRunner.query(`DROP FUNCTION audit_chain_advance()`);
    await queryRunner.query(`
      CREATE FUNCTION audit_chain_advance_statement() RETURNS trigger
        LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public
        AS $$
        DECLARE
          head audit_chain_head%ROWTYPE;
          next_id bigint;
          prev text;
          r record;
        BEGIN
          SELECT * INTO head FROM audit_chain_head WHERE id = 1 FOR UPDATE;
          next_id := head.last_id + 1;
          prev := head.last_hash;
          FOR r IN SELECT id, prev_hash, hash FROM appended ORDER BY id LOOP
            IF r.id IS DISTINCT FROM next_id OR r.prev_hash IS DISTINCT FROM prev OR r.hash !~ '^[0-9a-f]{64}$' THEN
              RAISE EXCEPTION 'audit row % does not continue the audit chain (head: row %)', r.id, head.last_id USING ERRCODE = 'integrity_constraint_violation';
            END IF;
            next_id := r.id + 1;
            prev := r.hash;
          END LOOP;
          IF next_id > head.last_id + 1 THEN
            UPDATE audit_chain_head SET last_id = next_id - 1, last_hash = prev WHERE id = 1;
          END IF;
          RETURN NULL;
        END $$`);
    await queryRunner.query(
      `CREATE TRIGGER audit_chain_advance AFTER INSERT ON audit_log REFERENCING NEW TABLE AS appended FOR EACH STATEMENT EXECUTE FUNCTION audit_chain_advance_statement()`,
    );
    await queryRunner.query(`REVOKE ALL ON FUNCTION audit_chain_advance_statement() FROM PUBLIC`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER audit_chain_advance ON audit_log`);
    await queryRunner.query(`DROP FUNCTION audit_chain_advance_statement()`);
    // The row trigger of AuditChainKey, as it was.
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
    await queryRunner.query(`REVOKE ALL ON FUNCTION audit_chain_advance() FROM PUBLIC`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/** An order in the doctors' history (HANDLED_PREDICATE of orders/history-query.ts), of row `r`. */
const handled = (r: string) => `(${r}.delivery_status IN ('processing', 'delivered') AND NOT ${r}.sandbox)`;
/** The searchable text of row `r`'s patient (PATIENT_SEARCH_EXPR of orders/history-query.ts). */
const searchText = (r: string) => `lower(${r}.patient_first_name || ' ' || ${r}.patient_last_name || ' ' || ${r}.patient_hetu)`;
/** The sort keys of row `r` as order_patient_search keeps them: when it was handled, and the names as written. */
const sortKeys = (r: string) => `coalesce(${r}.delivery_time, ${r}.processing_start_time), ${r}.patient_first_name, ${r}.patient_last_name`;
/** The words of a search text `text` (split at its spaces, as a filter word never holds one), as an array. */
const wordsOf = (text: string) => `string_to_array(${text}, ' ')`;

/**
 * Historia at a million orders (issue 43, docs/history-query.md "Words and sort keys"):
 *  - order_patient_search keeps each order's sort keys (when it was handled, the patient's names as
 *    written), so a filtered page sorts its matches from the rows the trigram index found, without
 *    reading `orders` (a match a random page of the largest table: 'aino mäki' read 4,544 of them);
 *  - the words of the search texts (patient_search_word, each once) and which orders have each
 *    (order_patient_search_word), so a one-word search counts its matches from a B-tree of
 *    (word, order) entries, index only, instead of visiting every match's row to recheck its text
 *    ('virta' at 1M: 45,452 rows on all ~7,700 pages of the table). A filter word holds no space,
 *    so it occurs in a text exactly when it occurs in one of the text's words.
 * The words follow order_patient_search by a trigger of its own; a word stays in the dictionary
 * when its last order leaves the history (it matches nothing then), so adding an order never
 * races with removing a word.
 */
export class HistorySearchWords1796700043000 implements MigrationInterface {
  name = 'HistorySearchWords1796700043000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // The table is derived from orders: filled again with the keys, its trigram index built once after.
    await queryRunner.query(`DROP INDEX "idx_order_patient_search"`);
    await queryRunner.query(`TRUNCATE "order_patient_search"`);
    await queryRunner.query(
      `ALTER TABLE "order_patient_search" ADD "handled_at" TIMESTAMP WITH TIME ZONE, ADD "first_name" text NOT NULL, ADD "last_name" text NOT NULL`,
    );
    await queryRunner.query(
      `INSERT INTO order_patient_search (order_id, search, handled_at, first_name, last_name) SELECT o.id, ${searchText('o')}, ${sortKeys('o')} FROM orders o WHERE ${handled('o')}`,
    );
    await queryRunner.query(`CREATE INDEX "idx_order_patient_search" ON "order_patient_search" USING gin ("search" gin_trgm_ops)`);
    await queryRunner.query(trackFunction(true));
    // A change of when it was handled (picked, delivered) or of a name's case now changes the row too.
    await queryRunner.query(`DROP TRIGGER orders_patient_search_update ON orders`);
    await queryRunner.query(
      `CREATE TRIGGER orders_patient_search_update AFTER UPDATE OF delivery_status, sandbox, patient_first_name, patient_last_name, patient_hetu, delivery_time, processing_start_time ON orders
       FOR EACH ROW WHEN (${handled('OLD')} IS DISTINCT FROM ${handled('NEW')} OR (${searchText('OLD')}, ${sortKeys('OLD')}) IS DISTINCT FROM (${searchText('NEW')}, ${sortKeys('NEW')}))
       EXECUTE FUNCTION order_patient_search_track()`,
    );

    await queryRunner.query(`CREATE TABLE "patient_search_word" ("id" SERIAL PRIMARY KEY, "word" text NOT NULL UNIQUE)`);
    await queryRunner.query(`CREATE TABLE "order_patient_search_word" ("word_id" integer NOT NULL, "order_id" integer NOT NULL, PRIMARY KEY ("word_id", "order_id"))`);
    await queryRunner.query(`INSERT INTO patient_search_word (word) SELECT DISTINCT w FROM order_patient_search s, string_to_table(s.search, ' ') w WHERE w <> '' ORDER BY w`);
    await queryRunner.query(
      `INSERT INTO order_patient_search_word (word_id, order_id)
       SELECT DISTINCT pw.id, s.order_id FROM order_patient_search s, string_to_table(s.search, ' ') w JOIN patient_search_word pw ON pw.word = w`,
    );
    await queryRunner.query(`CREATE INDEX "idx_patient_search_word" ON "patient_search_word" USING gin ("word" gin_trgm_ops)`);
    // Words are added before the order's entries and never removed (see above): an entry's word is always there.
    // Each statement finds the text's few words by the dictionary's unique index (word = ANY: a
    // plan that stays an index scan when the function's plans are cached, as the table grows).
    await queryRunner.query(`
      CREATE FUNCTION order_patient_search_words_track() RETURNS trigger AS $$
      BEGIN
          IF TG_OP <> 'INSERT' THEN
              DELETE FROM order_patient_search_word
               WHERE order_id = OLD.order_id AND word_id IN (SELECT id FROM patient_search_word WHERE word = ANY (${wordsOf('OLD.search')}));
          END IF;
          IF TG_OP <> 'DELETE' THEN
              INSERT INTO patient_search_word (word) SELECT DISTINCT w FROM unnest(${wordsOf('NEW.search')}) w WHERE w <> '' ORDER BY w
              ON CONFLICT (word) DO NOTHING;
              INSERT INTO order_patient_search_word (word_id, order_id)
              SELECT id, NEW.order_id FROM patient_search_word WHERE word = ANY (${wordsOf('NEW.search')});
          END IF;
          RETURN NULL;
      END $$ LANGUAGE plpgsql`);
    await queryRunner.query(
      `CREATE TRIGGER order_patient_search_words AFTER INSERT OR DELETE ON order_patient_search FOR EACH ROW EXECUTE FUNCTION order_patient_search_words_track()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER order_patient_search_words_update AFTER UPDATE OF search ON order_patient_search
       FOR EACH ROW WHEN (OLD.search IS DISTINCT FROM NEW.search) EXECUTE FUNCTION order_patient_search_words_track()`,
    );
    // As orders and order_patient_search (migration HistoryWithoutParallelWorkers): a request's statements, one core each.
    await queryRunner.query(`ALTER TABLE "patient_search_word" SET (parallel_workers = 0)`);
    await queryRunner.query(`ALTER TABLE "order_patient_search_word" SET (parallel_workers = 0)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER order_patient_search_words_update ON order_patient_search`);
    await queryRunner.query(`DROP TRIGGER order_patient_search_words ON order_patient_search`);
    await queryRunner.query(`DROP FUNCTION order_patient_search_words_track()`);
    await queryRunner.query(`DROP TABLE "order_patient_search_word"`);
    await queryRunner.query(`DROP TABLE "patient_search_word"`);
    await queryRunner.query(`DROP TRIGGER orders_patient_search_update ON orders`);
    await queryRunner.query(
      `CREATE TRIGGER orders_patient_search_update AFTER UPDATE OF delivery_status, sandbox, patient_first_name, patient_last_name, patient_hetu ON orders
       FOR EACH ROW WHEN (${handled('OLD')} IS DISTINCT FROM ${handled('NEW')} OR ${searchText('OLD')} IS DISTINCT FROM ${searchText('NEW')})
       EXECUTE FUNCTION order_patient_search_track()`,
    );
    await queryRunner.query(trackFunction(false));
    await queryRunner.query(`ALTER TABLE "order_patient_search" DROP COLUMN "handled_at", DROP COLUMN "first_name", DROP COLUMN "last_name"`);
  }
}

/** The function of the triggers on orders that keep order_patient_search (migration OrderPatientSearch), with the sort keys or without. */
function trackFunction(withKeys: boolean): string {
  const columns = withKeys ? 'order_id, search, handled_at, first_name, last_name' : 'order_id, search';
  const values = withKeys ? `NEW.id, ${searchText('NEW')}, ${sortKeys('NEW')}` : `NEW.id, ${searchText('NEW')}`;
  const set = withKeys
    ? 'search = EXCLUDED.search, handled_at = EXCLUDED.handled_at, first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name'
    : 'search = EXCLUDED.search';
  return `
      CREATE OR REPLACE FUNCTION order_patient_search_track() RETURNS trigger AS $$
      BEGIN
          IF ${handled('NEW')} THEN
              INSERT INTO order_patient_search (${columns}) VALUES (${values})
              ON CONFLICT (order_id) DO UPDATE SET ${set};
          ELSE
              DELETE FROM order_patient_search WHERE order_id = NEW.id;
          END IF;
          RETURN NULL;
      END $$ LANGUAGE plpgsql`;
}

// Orders and doctors straight into PostgreSQL with generate_series (seconds for 100,000 rows).

const NAMES = `
  WITH names AS (
    SELECT ARRAY['Aino','Eino','Helmi','Väinö','Ella','Leo','Aada','Oliver','Sofia','Eetu','Lilja','Onni','Ööpi','Åsa','Matti','Maija','Juha','Liisa','Pekka','Sanna'] AS f,
           ARRAY['Virtanen','Korhonen','Mäkinen','Nieminen','Mäkelä','Hämäläinen','Laine','Heikkinen','Koskinen','Järvinen','Lehtonen','Lehtinen','Saarinen','Salminen','Heinonen','Niemi','Heikkilä','Kinnunen','Salonen','Turunen','Åberg','Öhman'] AS l
  )`;
const FIRST = `names.f[1 + (g * 7) % array_length(names.f, 1)] || CASE WHEN g % 5 = 0 THEN '-' || (g % 97)::text ELSE '' END`;
const LAST = `names.l[1 + (g * 13) % array_length(names.l, 1)] || CASE WHEN g % 4 = 0 THEN (g % 89)::text ELSE '' END`;
const HETU = `lpad((1 + g % 28)::text, 2, '0') || lpad((1 + g % 12)::text, 2, '0') || lpad((g % 100)::text, 2, '0') || '-' || lpad((g % 900 + 2)::text, 3, '0') || substr('0123456789ABCDEFHJKLMNPRSTUVWXY', 1 + g % 31, 1)`;

/**
 * Items for the orders with id > afterId: one renewal each, a second prescription on even ids;
 * decided when `delivered`, and checked at the pharmacy when `checked` (by default as delivered).
 */
async function addItems(c, afterId, delivered, checked = delivered) {
  await c.query(
    `INSERT INTO order_item (order_id, type, display_name, format, reason, decision, reason_for_decision, price_cents, pharmacy_checked)
     SELECT o.id, 'renewal', 'Burana 400 mg', 'tabletti', 'Säryn hoitoon', CASE WHEN $2 THEN 'approved' ELSE 'undecided' END, '', 990, $2
     FROM orders o WHERE o.id > $1
     UNION ALL
     SELECT o.id, 'prescription', 'Allergia', '', '', CASE WHEN $2 THEN 'rejected' ELSE 'undecided' END,
            CASE WHEN $2 THEN 'Lääkettä ei voida myöntää annettujen tietojen perusteella.' ELSE '' END, 1990, $2
     FROM orders o WHERE o.id > $1 AND o.id % 2 = 0`,
    [afterId, delivered],
  );
  if (checked !== delivered) await c.query('UPDATE order_item SET pharmacy_checked = $2 WHERE order_id > $1', [afterId, checked]);
}

/**
 * n decided orders of pharmacy 1 / office 1 not yet cleared from its Reseptilista (the cards a
 * busy office has open), older than the history's newest: the list is a page of real cards.
 */
export async function seedReseptilista(c, n) {
  const after = await maxId(c);
  await insertHandled(
    c,
    `${NAMES}
     INSERT INTO orders (source, pharmacy_id, office_id, patient_first_name, patient_last_name, patient_hetu,
                         delivery_option_id, delivery_before_time, delivery_status, processing_start_time, doctor_id, delivery_time, price_cents, created_at)
     SELECT 'pharmacy', 1, 1, ${FIRST}, ${LAST}, ${HETU}, 'delivery-12-h', t.created + interval '12 hours', 'delivered',
            t.created + interval '20 minutes', 1, t.created + interval '30 minutes', 990, t.created
     FROM generate_series(1, $1) AS g
     CROSS JOIN names
     CROSS JOIN LATERAL (SELECT now() - interval '2 days' - (g::double precision / $1) * interval '5 days' AS created) t`,
    [n],
  );
  await addItems(c, after, true, false);
  await c.query('ANALYZE orders');
}


/**
 * Inserts many handled orders in one statement (`sql`) with the Historia count's trigger off, and
 * counts them after as the trigger keeps them (migration HandledOrderCount): the trigger adds each
 * order to its stripe's row, and within one statement every update of that row walks the versions
 * the statement left before it (30,000 orders took 4.7 s, a million would not end). One
 * transaction, holding the table's lock from the trigger's switch to the count.
 */
async function insertHandled(c, sql, params) {
  await c.query('BEGIN');
  try {
    await c.query('ALTER TABLE order_patient_search DISABLE TRIGGER order_patient_search_count');
    await c.query(sql, params);
    await c.query('ALTER TABLE order_patient_search ENABLE TRIGGER order_patient_search_count');
    await c.query('DELETE FROM order_patient_search_count');
    await c.query('INSERT INTO order_patient_search_count (stripe, handled) SELECT 0, count(*) FROM order_patient_search');
    await c.query('COMMIT');
  } catch (err) {
    await c.query('ROLLBACK');
    throw err;
  }
}

const maxId = async (c) => (await c.query('SELECT coalesce(max(id), 0)::int AS id FROM orders')).rows[0].id;

/**
 * n handled orders over the last two years (a third from pharmacy 1 / office 1, already
 * checked there so they do not fill its Reseptilista; the rest from customer 1), for Historia.
 */
export async function seedHistory(c, n) {
  const after = await maxId(c);
  await insertHandled(
    c,
    `${NAMES}
     INSERT INTO orders (source, customer_id, pharmacy_id, office_id, patient_first_name, patient_last_name, patient_hetu,
                         delivery_option_id, delivery_before_time, delivery_status, processing_start_time, doctor_id, delivery_time, price_cents, created_at)
     SELECT CASE WHEN g % 3 = 0 THEN 'pharmacy' ELSE 'customer' END,
            CASE WHEN g % 3 = 0 THEN NULL ELSE 1 END,
            CASE WHEN g % 3 = 0 THEN 1 ELSE NULL END,
            CASE WHEN g % 3 = 0 THEN 1 ELSE NULL END,
            ${FIRST}, ${LAST}, ${HETU},
            CASE WHEN g % 4 = 0 THEN 'delivery-20-min' ELSE 'delivery-12-h' END,
            t.created + interval '12 hours', 'delivered', t.created + interval '20 minutes', 1 + g % 2, t.created + interval '30 minutes', 990, t.created
     FROM generate_series(1, $1) AS g
     CROSS JOIN names
     CROSS JOIN LATERAL (SELECT now() - (g::double precision / $1) * interval '730 days' AS created) t`,
    [n],
  );
  await addItems(c, after, true);
  await c.query('ANALYZE');
  await settle(c);
}

/**
 * After a bulk fill, the tables as a running service has them (vacuumed, analysed) and the fill's
 * writes flushed: otherwise the measurement that follows pays for autovacuum and a checkpoint of
 * the fill (a deep queue's p99 was one pick during that flush), and a smaller fill pays less.
 */
async function settle(c) {
  // order_patient_search: the Historia search's rows, filled by a trigger on orders (its trigram
  // index's pending list merged, as autovacuum would do during the measurement otherwise), and
  // the words of their texts (a trigger on it; visible to index-only scans once vacuumed).
  await c.query('VACUUM (ANALYZE) orders, order_item, order_patient_search, order_patient_search_word, patient_search_word');
  // The fill's trigger updated one stripe row of order_queue_count once per order, in one
  // statement: as many dead versions of it as orders added, hundreds of pages for a few rows
  // (orders placed one at a time, with autovacuum pruning as they come, never pile them up so).
  // VACUUM would leave the pages, and every change's count read would scan them: rewrite it.
  await c.query('VACUUM (FULL, ANALYZE) order_queue_count');
  await c.query('CHECKPOINT');
}

/** Adds customer orders to the queue until `target` orders are waiting (deadlines spread over 12 h). */
export async function fillQueue(c, target) {
  const { rows } = await c.query(`SELECT count(*)::int AS n FROM orders WHERE delivery_status = 'waiting'`);
  const add = target - rows[0].n;
  if (add <= 0) return 0;
  const after = await maxId(c);
  await c.query(
    `${NAMES}
     INSERT INTO orders (source, customer_id, patient_first_name, patient_last_name, patient_hetu, delivery_option_id,
                         delivery_before_time, delivery_status, price_cents, created_at)
     SELECT 'customer', 1, ${FIRST}, ${LAST}, ${HETU},
            CASE WHEN g % 4 = 0 THEN 'delivery-20-min' ELSE 'delivery-12-h' END,
            now() + (g::double precision / $1) * interval '12 hours', 'waiting', 990, now()
     FROM generate_series(1, $1) AS g CROSS JOIN names`,
    [add],
  );
  await addItems(c, after, false);
  await settle(c);
  return add;
}

export async function waitingCount(c) {
  return (await c.query(`SELECT count(*)::int AS n FROM orders WHERE delivery_status = 'waiting'`)).rows[0].n;
}

/** n more doctors (bench1@example.fi …) with the demo doctor's password and a register number (an approval needs one); returns their e-mails. */
export async function createDoctors(c, n) {
  await c.query(
    `INSERT INTO doctor (email, password_hash, first_name, last_name, register_number)
     SELECT 'bench' || g || '@example.fi', d.password_hash, 'Bench', 'Lääkäri ' || g, '30' || lpad(g::text, 7, '0')
     FROM generate_series(1, $1) g CROSS JOIN (SELECT password_hash FROM doctor WHERE email = 'laakari@example.fi') d
     ON CONFLICT DO NOTHING`,
    [n],
  );
  return Array.from({ length: n }, (_, i) => `bench${i + 1}@example.fi`);
}

/**
 * The doctors' completed-orders list (POST /history: filter, sort, paging with SPEC's
 * end-offset) and the notice to pharmacies, over HTTP against a real PostgreSQL.
 */
import type { HistoryResponse, PharmacyNotice } from '@resepti/domain';
import { Client } from 'pg';
import { buildHistoryPage } from '../../apps/api/src/orders/history-query';
import { startApp, type TestApp } from '../support/app';
import { loginAs, type ApiClient } from '../support/http';
import { clearOrders, demoIds, insertOrder, makeHetu } from '../support/order-fixtures';
import { connectSocket, nextEvent } from '../support/socket';

let app: TestApp;
let doctor: ApiClient;

beforeAll(async () => {
  app = await startApp();
  doctor = await loginAs(app, 'doctor');
});
afterAll(async () => {
  await app?.stop();
});

const history = async (body: Record<string, unknown>) => {
  const res = await doctor.post<HistoryResponse>('/history', body);
  expect(res.status).toBe(200);
  return res.body;
};
const names = (r: HistoryResponse) => r.data.map((o) => `${o.patient.firstName} ${o.patient.lastName}`);

describe('POST /history: filter and sort', () => {
  const base = Date.UTC(2026, 0, 10, 10, 0, 0);
  const at = (minutes: number) => new Date(base + minutes * 60_000);

  beforeAll(async () => {
    await clearOrders(app);
    const ids = await demoIds(app);
    const people: Array<[string, string, string, 'delivered' | 'processing' | 'waiting', number]> = [
      ['Matti', 'Meikäläinen', makeHetu(1, 2, 70, 11), 'delivered', 10],
      ['Öljy', 'Ökynen', makeHetu(2, 3, 71, 12), 'delivered', 20],
      ['Åke', 'Åberg', makeHetu(3, 4, 72, 13), 'delivered', 30],
      ['Ärrä', 'Äijälä', makeHetu(4, 5, 73, 14), 'processing', 40],
      ['Zorro', 'Zetterberg', makeHetu(5, 6, 74, 15), 'delivered', 50],
      ['aino', 'asiakas', '010190-998V', 'delivered', 60],
      ['Maija', 'Mehiläinen', makeHetu(6, 7, 75, 16), 'waiting', 70],
    ];
    for (const [firstName, lastName, hetu, status, minutes] of people) {
      await insertOrder(app, {
        status,
        doctorId: status === 'processing' ? ids.doctor2Id : ids.doctorId,
        patient: { firstName, lastName, hetu },
        processingStartTime: at(minutes - 5),
        deliveryTime: status === 'delivered' ? at(minutes) : undefined,
      });
    }
  });

  it('lists delivered and processing orders (not waiting ones), newest first by default', async () => {
    const r = await history({});
    expect(r.count).toBe(6);
    expect(names(r)).toEqual(['aino asiakas', 'Zorro Zetterberg', 'Ärrä Äijälä', 'Åke Åberg', 'Öljy Ökynen', 'Matti Meikäläinen']);
    expect(await history({ filter: '', sortOrder: 'newest', offset: 30 })).toEqual(r);
    const processing = r.data.find((o) => o.patient.firstName === 'Ärrä')!;
    expect(processing.deliveryStatus).toBe('processing');
    expect(processing.deliveryTime).toBeNull();
    expect(processing.doctor).toEqual({ firstName: 'Lauri', lastName: 'Lääkäri' });
    const delivered = r.data.find((o) => o.patient.firstName === 'Zorro')!;
    expect(delivered.deliveryStatus).toBe('delivered');
    expect(delivered.deliveryTime).toBe(at(50).toISOString());
    expect(delivered.prescriptions).toHaveLength(2);
    expect(delivered.doctor).toEqual({ firstName: 'Liisa', lastName: 'Lääkäri' });
  });

  it('sorts oldest first', async () => {
    expect(names(await history({ sortOrder: 'oldest' }))).toEqual([
      'Matti Meikäläinen',
      'Öljy Ökynen',
      'Åke Åberg',
      'Ärrä Äijälä',
      'Zorro Zetterberg',
      'aino asiakas',
    ]);
  });

  it('sorts by name A-Ö and Ö-A in Finnish alphabetical order, ignoring case', async () => {
    const asc = ['aino asiakas', 'Matti Meikäläinen', 'Zorro Zetterberg', 'Åke Åberg', 'Ärrä Äijälä', 'Öljy Ökynen'];
    expect(names(await history({ sortOrder: 'name-asc' }))).toEqual(asc);
    expect(names(await history({ sortOrder: 'name-desc' }))).toEqual([...asc].reverse());
  });

  it('filters by first name, last name or hetu, case-insensitively, also by part of a word', async () => {
    expect(names(await history({ filter: 'MATTI' }))).toEqual(['Matti Meikäläinen']);
    expect(names(await history({ filter: 'äijä' }))).toEqual(['Ärrä Äijälä']);
    expect(names(await history({ filter: 'Asiakas' }))).toEqual(['aino asiakas']);
    expect(names(await history({ filter: '010190-998v' }))).toEqual(['aino asiakas']);
    expect(names(await history({ filter: makeHetu(5, 6, 74, 15).slice(0, 6) }))).toEqual(['Zorro Zetterberg']);
    expect(names(await history({ filter: '  Aino   ASIAKAS ' }))).toEqual(['aino asiakas']);
    expect(names(await history({ filter: 'asiakas aino' }))).toEqual(['aino asiakas']);
    const r = await history({ filter: 'ä', sortOrder: 'name-asc' });
    expect(names(r)).toEqual(['Matti Meikäläinen', 'Ärrä Äijälä']);
    expect(r.count).toBe(2);
    // The waiting order is not history, even when its name matches.
    expect(await history({ filter: 'Maija' })).toEqual({ data: [], count: 0 });
    // LIKE wildcards are plain characters.
    expect(await history({ filter: '%' })).toEqual({ data: [], count: 0 });
    expect(await history({ filter: '_' })).toEqual({ data: [], count: 0 });
  });

  it('writes every returned order, with its patient, to the audit log: one row for the page', async () => {
    const before = (await app.sql<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'history:read'`))[0].n;
    const r = await history({ filter: 'Matti' });
    const rows = await app.sql<{ order_id: number | null; actor_role: string; patient_hetu: string | null; order_ids: number[]; patient_hetus: string[] }>(
      `SELECT order_id, actor_role, patient_hetu, order_ids, patient_hetus FROM audit_log WHERE action = 'history:read' ORDER BY id DESC LIMIT 1`,
    );
    expect(rows).toEqual([{ order_id: null, actor_role: 'doctor', patient_hetu: null, order_ids: [r.data[0].id], patient_hetus: [makeHetu(1, 2, 70, 11)] }]);
    const after = (await app.sql<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'history:read'`))[0].n;
    expect(after - before).toBe(1);

    // A page of several orders is still one row, listing them in the page's order.
    const page = await history({});
    expect(page.data.length).toBeGreaterThan(1);
    const [last] = await app.sql<{ order_ids: number[]; patient_hetus: string[] }>(`SELECT order_ids, patient_hetus FROM audit_log WHERE action = 'history:read' ORDER BY id DESC LIMIT 1`);
    expect(last).toEqual({ order_ids: page.data.map((o) => o.id), patient_hetus: page.data.map((o) => o.patient.hetu) });
    expect((await app.sql<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'history:read'`))[0].n).toBe(after + 1);
  });

  it('refuses bad input with 400', async () => {
    for (const body of [
      { sortOrder: 'random' },
      { offset: 0 },
      { offset: -30 },
      { offset: 'abc' },
      { offset: 1.5 },
      { filter: 'x'.repeat(101) },
      { filter: 42 },
      { page: 2 },
    ]) {
      const res = await doctor.post('/history', body);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
    }
  });
});

describe('POST /history: paging (offset is the end of the page, page size 30)', () => {
  beforeAll(async () => {
    await clearOrders(app);
    const base = Date.UTC(2026, 1, 1, 8, 0, 0);
    for (let i = 0; i < 65; i++) {
      await insertOrder(app, {
        status: 'delivered',
        patient: { firstName: `Potilas${String(i).padStart(2, '0')}`, lastName: 'Sivutus', hetu: makeHetu(1 + (i % 28), 1 + (i % 12), 60 + (i % 30), 100 + i) },
        processingStartTime: new Date(base + i * 60_000 - 30_000),
        deliveryTime: new Date(base + i * 60_000),
        items: [{ type: 'renewal', displayName: 'Burana 400 mg' }],
      });
    }
  });

  const label = (n: number) => `Potilas${String(n).padStart(2, '0')} Sivutus`;

  it('offset 30 gives rows 0–29, 60 rows 30–59, 90 the last 5; count is the total', async () => {
    const p1 = await history({ offset: 30, sortOrder: 'oldest' });
    const p2 = await history({ offset: 60, sortOrder: 'oldest' });
    const p3 = await history({ offset: 90, sortOrder: 'oldest' });
    expect([p1.count, p2.count, p3.count]).toEqual([65, 65, 65]);
    expect(names(p1)).toEqual(Array.from({ length: 30 }, (_, i) => label(i)));
    expect(names(p2)).toEqual(Array.from({ length: 30 }, (_, i) => label(30 + i)));
    expect(names(p3)).toEqual(Array.from({ length: 5 }, (_, i) => label(60 + i)));
    expect(await history({ offset: 120, sortOrder: 'oldest' })).toEqual({ data: [], count: 65 });
  });

  it('without an offset (or below 30) it gives the first page; newest first by default', async () => {
    const r = await history({});
    expect(r.data).toHaveLength(30);
    expect(names(r)[0]).toBe(label(64));
    expect(names(await history({ offset: 5 }))).toEqual(names(r));
  });

  it('pages through a filtered list', async () => {
    const r = await history({ filter: 'potilas1', sortOrder: 'name-asc', offset: 30 });
    expect(r.count).toBe(10);
    expect(names(r)).toEqual(Array.from({ length: 10 }, (_, i) => label(10 + i)));
  });
});

describe('POST /history: a filter with many matches', () => {
  // Past SORT_MATCHES_LIMIT (3,000) matches the page walks the sort index instead of sorting
  // the matches: both ways must give the same page, in the same order, with the same count.
  const handled = 3_050;
  beforeAll(async () => {
    await clearOrders(app);
    const { doctorId } = await demoIds(app);
    await app.sql(
      `INSERT INTO orders (source, patient_first_name, patient_last_name, patient_hetu, delivery_option_id, delivery_before_time,
                           delivery_status, doctor_id, processing_start_time, delivery_time)
       SELECT 'pharmacy', 'Massa' || lpad(n::text, 4, '0'), 'Hakutulos', '010101-0' || lpad((n % 100)::text, 2, '0') || 'A', 'delivery-12-h',
              now() + interval '12 hours', 'delivered', $1, timestamp '2026-01-01' + n * interval '1 minute', timestamp '2026-01-01' + (n % 997) * interval '1 hour'
         FROM generate_series(1, $2) n`,
      [doctorId, handled],
    );
  });

  const expected = async (where: string, order: string, offset: number) =>
    (await app.sql<{ name: string }>(`SELECT patient_first_name AS name FROM orders WHERE ${where} ORDER BY ${order} LIMIT 30 OFFSET ${offset}`)).map((r) => `${r.name} Hakutulos`);

  it('walks the index for a common word and sorts a rare one, with the same answers as SQL', async () => {
    const common = await history({ filter: 'hakutulos', sortOrder: 'newest', offset: 90 });
    expect(common.count).toBe(handled);
    expect(names(common)).toEqual(await expected('true', 'delivery_time DESC, id DESC', 60));
    const oldest = await history({ filter: 'HAKUTULOS', sortOrder: 'oldest', offset: 30 });
    expect(names(oldest)).toEqual(await expected('true', 'delivery_time ASC, id ASC', 0));
    // 'massa1' matches Massa1000–Massa1999: under the limit, sorted from the matches.
    const rare = await history({ filter: 'massa1 hakutulos', sortOrder: 'name-desc', offset: 60 });
    expect(rare.count).toBe(1_000);
    expect(names(rare)).toEqual(await expected(`patient_first_name LIKE 'Massa1%'`, 'patient_first_name DESC, id DESC', 30));
    expect(rare.data.every((o) => o.prescriptions.length === 0 && o.deliveryStatus === 'delivered')).toBe(true);
    expect(await history({ filter: 'hakutulos zzz', offset: 30 })).toEqual({ data: [], count: 0 });
  });

  it('keeps the generic plan of a prepared page from its sixth call on, with the same rows', async () => {
    // Planning each call cost more than most searches (history-query.ts, unseen): a one-word
    // search (counted from the words) and a hetu's part (counted from its matches), as the app prepares them.
    const client = new Client({ connectionString: app.databaseUrl });
    await client.connect();
    try {
      for (const [filter, sortOrder] of [['hakutulos', 'newest'], ['0101', 'name-asc']] as const) {
        const q = buildHistoryPage(filter, sortOrder, 30);
        const runs: unknown[] = [];
        for (let i = 0; i < 7; i++) runs.push((await client.query({ name: q.name ?? undefined, text: q.sql, values: q.params })).rows);
        expect(runs.slice(1)).toEqual(Array(6).fill(runs[0]));
        const [plans] = (await client.query('SELECT generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements WHERE name = $1', [q.name])).rows;
        expect({ filter, plans }).toEqual({ filter, plans: { generic: 2, custom: 5 } });
      }
    } finally {
      await client.end();
    }
  });
});

describe('POST /history: the search follows every change of an order', () => {
  const found = async (filter: string) => (await history({ filter, offset: 30 })).data.map((o) => o.id);

  it('finds an order once a doctor holds it, not after a release, by its new name after a change, never a sandbox order', async () => {
    await clearOrders(app);
    const waiting = await insertOrder(app, { patient: { firstName: 'Uniikki', lastName: 'Etsittävä', hetu: makeHetu(9, 9, 79, 19) } });
    expect(await found('uniikki')).toEqual([]);
    expect((await doctor.post<{ id: number }>('/order/pick-first')).body.id).toBe(waiting.id);
    expect(await found('uniikki')).toEqual([waiting.id]);
    expect((await doctor.post('/order/release')).status).toBe(204);
    expect(await found('uniikki')).toEqual([]);
    const delivered = await insertOrder(app, { status: 'delivered', patient: { firstName: 'Vanha', lastName: 'Nimi', hetu: makeHetu(8, 8, 78, 18) } });
    expect(await found('vanha nimi')).toEqual([delivered.id]);
    await app.sql(`UPDATE orders SET patient_first_name = 'Uusi' WHERE id = $1`, [delivered.id]);
    expect([await found('vanha'), await found('uusi nimi')]).toEqual([[], [delivered.id]]);
    await app.sql(`UPDATE orders SET sandbox = true WHERE id = $1`, [delivered.id]);
    expect(await found('uusi')).toEqual([]);
    await app.sql(`UPDATE orders SET sandbox = false WHERE id = $1`, [delivered.id]);
    expect(await found('uusi')).toEqual([delivered.id]);
    await app.sql(`DELETE FROM orders WHERE id = $1`, [delivered.id]);
    expect(await app.sql(`SELECT order_id FROM order_patient_search`)).toEqual([]);
    expect(await app.sql(`SELECT order_id FROM order_patient_search_word`)).toEqual([]);
  });

  // Unfiltered, the count is the handled orders' number kept in stripes (migration HandledOrderCount),
  // not a count of rows: it must follow every way in and out of the history, also with doctors at once.
  it('counts every handled order without a filter, after each change and with many changes at once', async () => {
    const counted = async () => (await history({ offset: 30 })).count;
    const inSql = async () => (await app.sql<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE delivery_status IN ('processing', 'delivered') AND NOT sandbox`))[0].n;
    await clearOrders(app);
    expect(await counted()).toBe(0);
    const waiting = await insertOrder(app, {});
    const delivered = await insertOrder(app, { status: 'delivered' });
    expect(await counted()).toBe(1);
    expect((await doctor.post<{ id: number }>('/order/pick-first')).body.id).toBe(waiting.id);
    expect(await counted()).toBe(2);
    expect((await doctor.post('/order/release')).status).toBe(204);
    expect(await counted()).toBe(1);
    await app.sql(`UPDATE orders SET sandbox = true WHERE id = $1`, [delivered.id]);
    expect(await counted()).toBe(0);
    await app.sql(`UPDATE orders SET sandbox = false WHERE id = $1`, [delivered.id]);
    expect(await counted()).toBe(1);

    // Forty orders delivered by eight connections at once (each its own stripe or a shared one), then half deleted at once.
    const ids = (await app.sql<{ id: number }>(
      `INSERT INTO orders (source, patient_first_name, patient_last_name, patient_hetu, delivery_option_id, delivery_before_time, delivery_status)
       SELECT 'pharmacy', 'Laskettava', 'Nro ' || n, '010101-0' || lpad(n::text, 2, '0') || 'A', 'delivery-12-h', now() + interval '12 hours', 'waiting'
         FROM generate_series(1, 40) n RETURNING id`,
    )).map((r) => r.id);
    const connections = await Promise.all(Array.from({ length: 8 }, async () => {
      const c = new Client({ connectionString: app.databaseUrl });
      await c.connect();
      return c;
    }));
    try {
      const together = (statement: string, each: number[][]) =>
        Promise.all(connections.map(async (c, k) => {
          await c.query('BEGIN');
          for (const id of each[k]) await c.query(statement, [id]);
          await c.query('COMMIT');
        }));
      const shares = (list: number[]) => connections.map((_, k) => list.filter((_, i) => i % connections.length === k));
      await together(`UPDATE orders SET delivery_status = 'delivered', delivery_time = now() WHERE id = $1`, shares(ids));
      expect(await counted()).toBe(41);
      await together(`DELETE FROM orders WHERE id = $1`, shares(ids.filter((_, i) => i % 2 === 0)));
    } finally {
      await Promise.all(connections.map((c) => c.end()));
    }
    expect([await counted(), await inSql()]).toEqual([21, 21]);
  });

  // A one-word search is counted from the words of the texts, a sorted page from the sort keys kept
  // beside each text (migration HistorySearchWords): both must follow the orders as they change.
  it('counts an order once when the word is in two of its words', async () => {
    await clearOrders(app);
    for (const [firstName, lastName, status] of [
      ['Aino', 'Ainola', 'delivered'],
      ['Aino', 'Virtanen', 'processing'],
      ['Matti', 'Kainulainen', 'delivered'],
      ['Ainikki', 'Odottava', 'waiting'],
    ] as const) {
      await insertOrder(app, { status, patient: { firstName, lastName, hetu: makeHetu(3, 3, 73, 33) } });
    }
    const r = await history({ filter: 'AIN', sortOrder: 'name-asc' });
    expect([r.count, names(r)]).toEqual([3, ['Aino Ainola', 'Aino Virtanen', 'Matti Kainulainen']]);
    expect((await history({ filter: 'ainola' })).count).toBe(1);
    expect((await history({ filter: makeHetu(3, 3, 73, 33).slice(2, 10) })).count).toBe(3);
  });

  it('sorts the matches by when each order was handled and by its names as written, after either changes', async () => {
    await clearOrders(app);
    const at = (minutes: number) => new Date(Date.UTC(2026, 2, 1, 8, minutes));
    const picked = await insertOrder(app, { status: 'processing', processingStartTime: at(10), patient: { firstName: 'kari', lastName: 'Avain', hetu: makeHetu(4, 4, 74, 44) } });
    const delivered = await insertOrder(app, {
      status: 'delivered',
      processingStartTime: at(5),
      deliveryTime: at(20),
      patient: { firstName: 'Kari', lastName: 'Avain', hetu: makeHetu(5, 5, 75, 55) },
    });
    const ids = async (sortOrder: string) => (await history({ filter: 'avain', sortOrder })).data.map((o) => o.id);
    expect(await ids('newest')).toEqual([delivered.id, picked.id]);
    await app.sql(`UPDATE orders SET delivery_status = 'delivered', delivery_time = $2 WHERE id = $1`, [picked.id, at(30)]);
    expect(await ids('newest')).toEqual([picked.id, delivered.id]);
    expect(await ids('oldest')).toEqual([delivered.id, picked.id]);

    // Only the case of a name changes (the searched text stays): Finnish order still tells them apart.
    const byName = async () =>
      (await app.sql<{ id: number }>(`SELECT id FROM orders ORDER BY patient_first_name COLLATE "fi-x-icu", patient_last_name COLLATE "fi-x-icu", id`)).map((o) => o.id);
    const before = await byName();
    expect(await ids('name-asc')).toEqual(before);
    await app.sql(`UPDATE orders SET patient_first_name = 'KARI' WHERE id = $1`, [picked.id]);
    const after = await byName();
    expect(after).toEqual([...before].reverse());
    expect([await ids('name-asc'), await ids('name-desc')]).toEqual([after, [...after].reverse()]);
  });
});

describe('notice to pharmacies', () => {
  it('GET /pharmacy-message gives an empty unpublished notice before the first save', async () => {
    const res = await doctor.get<PharmacyNotice>('/pharmacy-message');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: 1, header: '', additionalDetails: '', status: 'unpublished' });
  });

  it('POST /set-pharmacy-message publishes, pushes notice:updated to pharmacies, and unpublishes', async () => {
    const pharmacist = await loginAs(app, 'kyla');
    const socket = await connectSocket(app.baseUrl, pharmacist);
    try {
      const pushed = nextEvent(socket, 'notice:updated');
      const res = await doctor.post<PharmacyNotice>('/set-pharmacy-message', {
        id: 1,
        header: 'Huoltokatko',
        additionalDetails: 'Palvelu on suljettu sunnuntaina klo 2–4.',
        status: 'published',
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ id: 1, header: 'Huoltokatko', additionalDetails: 'Palvelu on suljettu sunnuntaina klo 2–4.', status: 'published' });
      expect(await pushed).toEqual({ notice: res.body });
      expect((await doctor.get('/pharmacy-message')).body).toEqual(res.body);

      const off = nextEvent(socket, 'notice:updated');
      const unpublished = await doctor.post<PharmacyNotice>('/set-pharmacy-message', { header: 'Huoltokatko', additionalDetails: '', status: 'unpublished' });
      expect(unpublished.body.status).toBe('unpublished');
      expect(await off).toEqual({ notice: null });
    } finally {
      socket.close();
    }
  });

  it('refuses invalid notices with 400 and keeps the saved one', async () => {
    await doctor.post('/set-pharmacy-message', { header: 'Voimassa', additionalDetails: 'Teksti', status: 'published' });
    for (const body of [
      { header: 'x'.repeat(201), additionalDetails: '', status: 'published' },
      { header: 'Otsikko', additionalDetails: 'x'.repeat(2001), status: 'published' },
      { header: 'Otsikko', additionalDetails: '', status: 'visible' },
      { header: '   ', additionalDetails: 'Ilman otsikkoa', status: 'published' },
      { additionalDetails: '', status: 'published' },
      { header: 'Otsikko', additionalDetails: '', status: 'published', color: 'red' },
    ]) {
      const res = await doctor.post('/set-pharmacy-message', body);
      expect([JSON.stringify(body).slice(0, 60), res.status]).toEqual([JSON.stringify(body).slice(0, 60), 400]);
      expect(res.body.message).toBeDefined();
    }
    expect((await doctor.get<PharmacyNotice>('/pharmacy-message')).body).toMatchObject({ header: 'Voimassa', additionalDetails: 'Teksti', status: 'published' });
  });
});

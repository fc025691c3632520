/**
 * The audit trail (issue "Trust", ASVS V16 level 3): every sign-in, refusal, account and notice
 * change and patient search leaves a row with who, what, when, the client address and a hash of
 * the session; the application's database role cannot rewrite rows; the hash chain shows an
 * edit made with more rights; a patient's access log can be exported.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { accessActionText, type MyAccessLog, type PatientAccessLog, type PharmacyOrder, type PharmacyUserListEntry } from '@resepti/domain';
import { appendToChain } from '../../apps/api/src/platform/audit/audit-chain';
import { DEVELOPMENT_AUDIT_CHAIN_KEY } from '../../apps/api/src/platform/config/config';
import { legacyAuditRowHash } from '../../apps/api/src/platform/database/migrations/legacy-audit-hash';
import { PRODUCTION_ENV, startApp, type TestApp } from '../support/app';
import { runAdmin } from '../support/cli';
import { ApiClient, DEMO, loginAs } from '../support/http';
import { PHARMACY_PATIENT, pharmacistAtOffice, sendPharmacyOrder } from '../support/pharmacy-flow';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.stop();
});

interface AuditRow {
  id: string;
  actor_role: string;
  actor_id: number | null;
  action: string;
  order_id: number | null;
  patient_hetu: string | null;
  subject: string | null;
  details: string | null;
  client_address: string | null;
  session_hash: string | null;
  order_ids: number[] | null;
  patient_hetus: string[] | null;
}

/** The rows written since `afterId`, oldest first. */
async function rowsAfter(afterId: string): Promise<AuditRow[]> {
  return app.sql<AuditRow>('SELECT * FROM audit_log WHERE id > $1::bigint ORDER BY id', [afterId]);
}
async function lastId(): Promise<string> {
  return (await app.sql<{ id: string }>('SELECT coalesce(max(id), 0)::text AS id FROM audit_log'))[0].id;
}
const LOCAL_ADDRESS = /^(::ffff:)?127\.0\.0\.1$|^::1$/;
const SHA256 = /^[0-9a-f]{64}$/;

/** Tests that start the admin CLI several times (a Node process each, seconds on a busy machine). */
const CLI_BUDGET_MS = 180_000;

describe('what is audited', () => {
  it('a login, a failed login and a logout, with the client address and the session hash', async () => {
    const from = await lastId();
    const doctor = await loginAs(app, 'doctor');
    expect((await new ApiClient(app.apiUrl).post('/doctor-login', { email: DEMO.doctor.email, password: 'Väärä-salasana-1' })).status).toBe(401);
    expect((await doctor.post('/logout')).status).toBe(204);
    const rows = await rowsAfter(from);
    const [login, failed, logout] = ['auth.login', 'auth.login-failed', 'auth.logout'].map((a) => rows.find((r) => r.action === a));
    expect(login).toMatchObject({ actor_role: 'doctor', actor_id: expect.any(Number) });
    expect(login!.client_address).toMatch(LOCAL_ADDRESS);
    expect(login!.session_hash).toMatch(SHA256);
    // The logout is of the same session as the login.
    expect(logout).toMatchObject({ actor_id: login!.actor_id, session_hash: login!.session_hash });
    expect(failed).toMatchObject({ actor_role: 'doctor', actor_id: null, session_hash: null });
    expect(JSON.parse(failed!.details!)).toEqual({ login: DEMO.doctor.email });
  });

  it("a refused request: another role's endpoint, another pharmacy's user", async () => {
    const from = await lastId();
    const customer = await loginAs(app, 'customer');
    expect((await customer.get('/list-users')).status).toBe(403);
    const rows = await rowsAfter(from);
    expect(rows.find((r) => r.action === 'access.refused')).toMatchObject({ actor_role: 'customer', subject: 'GET /ui-api/v1/list-users' });
  });

  it("a pharmacy user's creation, password reset and deletion by the admin", async () => {
    const admin = await loginAs(app, 'pharmacyAdmin');
    const from = await lastId();
    const created = (await admin.post<PharmacyUserListEntry>('/create-pharmacy-user', { firstName: 'Aada', lastName: 'Audit', username: 'aada.audit', password: 'Pilvi-Laiva-42' })).body;
    expect(
      (await admin.post('/update-pharmacy-user', { id: created.id, firstName: 'Aada', lastName: 'Audit', username: 'aada.audit', password: 'Pilvi-Laiva-43' })).status,
    ).toBe(200);
    expect((await admin.delete('/delete-pharmacy-user', { username: 'aada.audit' })).status).toBeLessThan(300);
    const rows = (await rowsAfter(from)).filter((r) => r.action.startsWith('pharmacy-user.'));
    expect(rows.map((r) => [r.action, r.subject])).toEqual([
      ['pharmacy-user.create', `pharmacy_user:${created.id}`],
      ['pharmacy-user.update', `pharmacy_user:${created.id}`],
      ['pharmacy-user.password-reset', `pharmacy_user:${created.id}`],
      ['pharmacy-user.delete', `pharmacy_user:${created.id}`],
    ]);
    expect(rows.every((r) => r.actor_role === 'pharmacy' && LOCAL_ADDRESS.test(r.client_address ?? '') && SHA256.test(r.session_hash ?? ''))).toBe(true);
  });

  it("the doctors' notice to pharmacies", async () => {
    const doctor = await loginAs(app, 'doctor');
    const from = await lastId();
    await doctor.post('/set-pharmacy-message', { id: 1, header: 'Huoltokatko', additionalDetails: 'Sunnuntaina', status: 'published' });
    expect((await rowsAfter(from)).find((r) => r.action === 'notice.save')).toMatchObject({ subject: 'notice:1' });
  });

  it('a history search, with its filter, even when the page holds no rows (a count alone tells who is a patient)', async () => {
    const doctor = await loginAs(app, 'doctor');
    const from = await lastId();
    const res = await doctor.post('/history', { filter: '010170-123F', offset: 600 });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
    const search = (await rowsAfter(from)).find((r) => r.action === 'history.search');
    expect(search).toMatchObject({ actor_role: 'doctor', patient_hetu: '010170-123F' });
    expect(JSON.parse(search!.details!)).toMatchObject({ filter: '010170-123F', offset: 600 });
  });
});

describe('the append-only rule and the hash chain', () => {
  it("lets the application's role add and read rows but not change, delete or truncate them, nor touch the head or the sequence", async () => {
    const asApp = new Client({ connectionString: app.databaseUrl, options: '-c role=resepti_app' });
    await asApp.connect();
    try {
      expect((await asApp.query('SELECT count(*)::int AS n FROM audit_log')).rows[0].n).toBeGreaterThan(0);
      for (const sql of [
        "UPDATE audit_log SET action = 'order:read'",
        'DELETE FROM audit_log',
        'TRUNCATE audit_log',
        "UPDATE audit_chain_head SET last_hash = repeat('0', 64)",
        'DELETE FROM audit_chain_head',
        'SELECT * FROM audit_chain_head',
        "SELECT setval(pg_get_serial_sequence('audit_log', 'id'), 1)",
      ]) {
        expect({ sql, error: await asApp.query(sql).then(() => null, (e: { code: string }) => e.code) }).toEqual({ sql, error: '42501' });
      }
      // The head only through its functions, and only forward: a row that does not continue it is refused.
      const [tip] = (await asApp.query('SELECT last_id::text AS last_id, last_hash FROM audit_chain_tip()')).rows as Array<{ last_id: string; last_hash: string }>;
      const forged = `INSERT INTO audit_log (id, actor_role, action, prev_hash, hash) VALUES ($1::bigint, 'doctor', 'order:read', $2, $3)`;
      // A stored row's id again: the primary key refuses it (unique_violation) before the chain's trigger, which runs after the statement.
      await expect(asApp.query(forged, [tip.last_id, tip.last_hash, 'a'.repeat(64)])).rejects.toMatchObject({ code: '23505' });
      await expect(asApp.query(forged, [String(BigInt(tip.last_id) + 1n), 'b'.repeat(64), 'a'.repeat(64)])).rejects.toMatchObject({ code: '23000' });
      // In one statement: the first row continues the head, the second does not link to it; neither goes in.
      const next = BigInt(tip.last_id) + 1n;
      const pair = `INSERT INTO audit_log (id, actor_role, action, prev_hash, hash) VALUES ($1::bigint, 'doctor', 'order:read', $2, $3), ($4::bigint, 'doctor', 'order:read', $5, $6)`;
      await expect(asApp.query(pair, [String(next), tip.last_hash, 'c'.repeat(64), String(next + 1n), 'd'.repeat(64), 'e'.repeat(64)])).rejects.toMatchObject({ code: '23000' });
      // A gap in the ids.
      await expect(asApp.query(pair, [String(next), tip.last_hash, 'c'.repeat(64), String(next + 2n), 'c'.repeat(64), 'e'.repeat(64)])).rejects.toMatchObject({ code: '23000' });
      expect((await asApp.query('SELECT last_id::text AS last_id FROM audit_chain_tip()')).rows[0].last_id).toBe(tip.last_id);
    } finally {
      await asApp.end();
    }
  });

  it('verify-audit says OK for an intact chain, names the first edited row, and OK again once it is put back', async () => {
    const env = { DATABASE_URL: app.databaseUrl };
    const intact = await runAdmin(['verify-audit'], env);
    expect(intact.code).toBe(0);
    expect(intact.stdout).toMatch(/audit chain OK: \d+ rows/);

    const [victim] = await app.sql<{ id: string; action: string }>("SELECT id::text AS id, action FROM audit_log WHERE action = 'auth.login' ORDER BY id LIMIT 1");
    await app.sql("UPDATE audit_log SET action = 'auth.logout' WHERE id = $1::bigint", [victim.id]);
    const broken = await runAdmin(['verify-audit'], env);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain(`BROKEN at row ${victim.id}`);

    await app.sql('UPDATE audit_log SET action = $2 WHERE id = $1::bigint', [victim.id, victim.action]);
    expect((await runAdmin(['verify-audit'], env)).code).toBe(0);

    // A row removed from the middle breaks the link of the row after it.
    const [middle] = await app.sql<{ id: string }>('SELECT id::text AS id FROM audit_log ORDER BY id OFFSET 2 LIMIT 1');
    const [next] = await app.sql<{ id: string }>('SELECT id::text AS id FROM audit_log WHERE id > $1::bigint ORDER BY id LIMIT 1', [middle.id]);
    const [saved] = await app.sql('SELECT * FROM audit_log WHERE id = $1::bigint', [middle.id]);
    await app.sql('DELETE FROM audit_log WHERE id = $1::bigint', [middle.id]);
    const gap = await runAdmin(['verify-audit'], env);
    expect(gap.code).toBe(1);
    expect(gap.stderr).toContain(`BROKEN at row ${next.id}`);
    // Putting it back takes the owner switching the chain's trigger off: only the head's next row goes in otherwise.
    const columns = Object.keys(saved);
    await app.sql('BEGIN');
    await app.sql('SET LOCAL session_replication_role = replica');
    await app.sql(`INSERT INTO audit_log (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})`, Object.values(saved));
    await app.sql('COMMIT');
    expect((await runAdmin(['verify-audit'], env)).code).toBe(0);
  }, CLI_BUDGET_MS);

  it('stays one unbroken line under concurrent writers', async () => {
    const doctors = [await loginAs(app, 'doctor'), await loginAs(app, 'doctor2')];
    const searches = await Promise.all(Array.from({ length: 30 }, (_, i) => doctors[i % 2].post('/history', { filter: `haku ${i}`, offset: 30 })));
    expect(searches.map((r) => `${r.status} ${JSON.stringify(r.body).slice(0, 120)}`).filter((s) => !s.startsWith("200"))).toEqual([]);
    const check = await runAdmin(['verify-audit'], { DATABASE_URL: app.databaseUrl });
    expect(check.code).toBe(0);
    const [{ n, distinct }] = await app.sql<{ n: number; distinct: number }>('SELECT count(*)::int AS n, count(DISTINCT prev_hash)::int AS distinct FROM audit_log');
    expect(distinct).toBe(n);
  });

  it('continues after another process appended, and while both write at once, losing no row nor keeping a rolled-back one', async () => {
    // A second writer with its own guess of the head, as another API node has.
    const otherNode = {};
    const client = new Client({ connectionString: app.databaseUrl });
    await client.connect();
    const sql = { query: async (text: string, values?: unknown[]) => (await client.query(text, values)).rows };
    const row = (n: number) => ({ actorRole: 'operator' as const, actorId: null, action: 'mfa.totp-reset' as const, orderId: null, patientHetu: null, subject: `writer ${n}`, details: null, clientAddress: null, sessionHash: null });
    const appendAs = async (n: number, commit: 'COMMIT' | 'ROLLBACK', c = client, q = sql) => {
      await c.query('BEGIN');
      await appendToChain(q, [row(n)], DEVELOPMENT_AUDIT_CHAIN_KEY, otherNode);
      await c.query(commit);
    };
    try {
      const doctor = await loginAs(app, 'doctor');
      const from = await lastId();
      expect((await doctor.post('/history', { filter: 'ennen' })).status).toBe(200);
      await appendAs(1, 'COMMIT');
      // The API's guess of the head (for a read's rows, appended on their own) is now wrong: it finds the head and appends after it.
      expect((await doctor.post('/history', { filter: 'jälkeen' })).status).toBe(200);
      await appendAs(2, 'ROLLBACK');
      await appendAs(3, 'COMMIT');
      // Both at once: ten searches and five appends of the other writer, each on its own connection.
      const others = await Promise.all(Array.from({ length: 5 }, async () => {
        const c = new Client({ connectionString: app.databaseUrl });
        await c.connect();
        return c;
      }));
      const [searches] = await Promise.all([
        Promise.all(Array.from({ length: 10 }, (_, i) => doctor.post('/history', { filter: `yhtä aikaa ${i}` }))),
        Promise.all(others.map((c, i) => appendAs(10 + i, 'COMMIT', c, { query: async (text, values) => (await c.query(text, values)).rows }))),
      ]);
      await Promise.all(others.map((c) => c.end()));
      expect(searches.map((r) => r.status)).toEqual(Array(10).fill(200));

      const rows = await rowsAfter(from);
      expect(rows.filter((r) => r.action === 'history.search')).toHaveLength(12);
      expect(rows.filter((r) => r.subject?.startsWith('writer')).map((r) => r.subject).sort()).toEqual(['writer 1', 'writer 3', ...[10, 11, 12, 13, 14].map((n) => `writer ${n}`)].sort());
      const check = await runAdmin(['verify-audit'], { DATABASE_URL: app.databaseUrl });
      expect([check.code, check.stdout]).toEqual([0, expect.stringMatching(/audit chain OK/)]);
    } finally {
      await client.end();
    }
  }, CLI_BUDGET_MS);
});

describe("a patient's access log", () => {
  it('a list read is one row naming each order it showed and its patient; each patient\'s log lists the read with their order', async () => {
    const { client: pharmacist } = await pharmacistAtOffice(app, 'pharmacy');
    const other = { firstName: 'Outi', lastName: 'Toinen', hetu: '010190-998V' };
    const mine = await sendPharmacyOrder(pharmacist, ['Kestine']);
    const theirs = await sendPharmacyOrder(pharmacist, ['Kestine'], { patient: other });
    const from = await lastId();
    const cards = (await pharmacist.get<PharmacyOrder[]>('/pharmacy-order-history/active')).body;
    expect(cards.slice(0, 2).map((c) => c.orderId)).toEqual([theirs, mine]);
    const reads = (await rowsAfter(from)).filter((r) => r.action === 'pharmacy.orders.active');
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatchObject({
      actor_role: 'pharmacy',
      order_id: null,
      patient_hetu: null,
      order_ids: cards.map((c) => c.orderId),
      patient_hetus: cards.map((c) => c.patient.hetu),
    });

    const doctor = await loginAs(app, 'doctor');
    for (const [hetu, orderId] of [[PHARMACY_PATIENT.hetu, mine], [other.hetu, theirs]] as const) {
      const log = (await doctor.post<PatientAccessLog>('/patient-access-log', { hetu })).body.entries;
      const listed = log.filter((e) => e.action === 'pharmacy.orders.active').map((e) => e.orderId);
      expect(listed).toContain(orderId);
      // Only their own orders of the list.
      expect(listed.every((id) => cards.find((c) => c.orderId === id)?.patient.hetu === hetu)).toBe(true);
    }
    // The hash covers the lists; the rows without them verify as before.
    const check = await runAdmin(['verify-audit'], { DATABASE_URL: app.databaseUrl });
    expect([check.code, check.stdout]).toEqual([0, expect.stringMatching(/audit chain OK/)]);
    await app.sql('UPDATE audit_log SET patient_hetus = $2 WHERE id = $1::bigint', [reads[0].id, [...reads[0].patient_hetus!].reverse()]);
    const edited = await runAdmin(['verify-audit'], { DATABASE_URL: app.databaseUrl });
    expect([edited.code, edited.stderr]).toEqual([1, expect.stringContaining(`BROKEN at row ${reads[0].id}`)]);
    await app.sql('UPDATE audit_log SET patient_hetus = $2 WHERE id = $1::bigint', [reads[0].id, reads[0].patient_hetus]);
  }, CLI_BUDGET_MS);


  it('lists who read or changed the patient\'s data; a pharmacy admin sees only their own pharmacy\'s users', async () => {
    const { client: pharmacist } = await pharmacistAtOffice(app, 'pharmacy');
    await sendPharmacyOrder(pharmacist, ['Kestine']);
    const doctor = await loginAs(app, 'doctor');
    expect((await doctor.post('/order/pick-first')).status).toBe(200);

    const byDoctor = await doctor.post<PatientAccessLog>('/patient-access-log', { hetu: PHARMACY_PATIENT.hetu });
    expect(byDoctor.status).toBe(200);
    const who = new Set(byDoctor.body.entries.map((e) => `${e.actorName}: ${e.action}`));
    expect(who).toContain('Pekka Farmaseutti (Keskusapteekki): pharmacy.patient.set');
    expect(who).toContain('Pekka Farmaseutti (Keskusapteekki): pharmacy.order.send');
    expect(who).toContain('Liisa Lääkäri: order:pick');

    const byAdmin = await (await loginAs(app, 'pharmacyAdmin')).post<PatientAccessLog>('/patient-access-log', { hetu: PHARMACY_PATIENT.hetu });
    expect(byAdmin.body.entries.length).toBeGreaterThan(0);
    expect(byAdmin.body.entries.every((e) => e.actorRole === 'pharmacy')).toBe(true);

    // The export is itself in the log.
    const [exported] = await app.sql<AuditRow>("SELECT * FROM audit_log WHERE action = 'patient-access-log.export' ORDER BY id DESC LIMIT 1");
    expect(exported).toMatchObject({ actor_role: 'pharmacy', patient_hetu: PHARMACY_PATIENT.hetu });
    expect((await doctor.post('/patient-access-log', { hetu: '010190-998X' })).status).toBe(400);
  });
});

/**
 * Issue 21, finding 4: someone with the owner's rights (a restored dump, a stolen superuser
 * password) rewrites or cuts the chain; an audit row that cannot be written. On a database of its
 * own, since these tests break it on purpose.
 */
describe('a keyed chain, checkpoints and a failed audit write', () => {
  let victim: TestApp;
  let env: Record<string, string>;
  let dir: string;
  beforeAll(async () => {
    victim = await startApp();
    env = { DATABASE_URL: victim.databaseUrl };
    dir = await mkdtemp(path.join(tmpdir(), 'resepti-audit-'));
    for (const who of ['doctor', 'pharmacyAdmin', 'customer'] as const) await loginAs(victim, who);
  });
  afterAll(async () => {
    await victim?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  /** As the owner: the chain's end moved to the row with this id (what an attacker does after cutting rows). */
  async function moveHeadTo(id: string): Promise<void> {
    await victim.sql('UPDATE audit_chain_head SET last_id = a.id, last_hash = a.hash FROM audit_log a WHERE a.id = $1::bigint', [id]);
  }
  const lastRowId = async () => (await victim.sql<{ id: string }>('SELECT max(id)::text AS id FROM audit_log'))[0].id;

  it('a row written outside the chain (its trigger off) fails verify-audit, with or without a checkpoint, and no access log shows it', async () => {
    const file = path.join(dir, 'before-forgery.json');
    expect((await runAdmin(['audit-checkpoint', '--out', file], env)).code).toBe(0);
    const aino = await loginAs(victim, 'customer');
    const ownLog = async () => (await aino.get<MyAccessLog>('/my-access-log?limit=100')).body.entries.filter((e) => e.action === accessActionText('order:read'));
    const doctor = await loginAs(victim, 'doctor');
    const doctorsExport = async () => (await doctor.post<PatientAccessLog>('/patient-access-log', { hetu: DEMO.customer.hetu })).body.entries.filter((e) => e.action === 'order:read');
    expect(await ownLog()).toEqual([]);
    expect(await doctorsExport()).toEqual([]);

    // As the owner, with the chain's trigger off: a copy of the last row, as a doctor's read of Aino's order.
    const [last] = await victim.sql<Record<string, unknown> & { id: string }>('SELECT *, id::text AS id FROM audit_log ORDER BY audit_log.id DESC LIMIT 1');
    const [{ id: doctorId }] = await victim.sql<{ id: number }>('SELECT id FROM doctor WHERE email = $1', [DEMO.doctor.email]);
    const owner = new Client({ connectionString: victim.databaseUrl });
    await owner.connect();
    const forge = async (id: string) => {
      const row = { ...last, id, actor_role: 'doctor', actor_id: doctorId, action: 'order:read', patient_hetu: DEMO.customer.hetu };
      const columns = Object.keys(row);
      await owner.query(`INSERT INTO audit_log (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})`, Object.values(row));
    };
    try {
      await owner.query('SET session_replication_role = replica');
      for (const [id, where] of [
        [String(BigInt(last.id) + 1000n), `it lies beyond the chain’s head, row ${last.id}`],
        ['-1', 'it lies before the chain’s first row'],
      ]) {
        await forge(id);
        const alone = await runAdmin(['verify-audit'], env);
        expect([alone.code, alone.stderr]).toEqual([1, expect.stringContaining(`BROKEN at row ${id}: ${where}`)]);
        expect((await runAdmin(['verify-audit', '--checkpoint', file], env)).code).toBe(1);
        expect(await ownLog()).toEqual([]);
        expect(await doctorsExport()).toEqual([]);
        await owner.query('DELETE FROM audit_log WHERE id = $1::bigint', [id]);
      }
    } finally {
      await owner.end();
    }
    expect((await runAdmin(['verify-audit', '--checkpoint', file], env)).stdout).toMatch(/audit chain OK: \d+ rows, the checkpoint is still in it/);
  }, CLI_BUDGET_MS);

  it('a checkpoint shows the chain cut back after it, which verify-audit alone cannot see', async () => {
    const printed = await runAdmin(['audit-checkpoint'], env);
    expect(printed.code).toBe(0);
    const checkpoint = JSON.parse(printed.stdout) as { lastId: string; lastHash: string; at: string; signature: string };
    expect(checkpoint).toMatchObject({ lastId: await lastRowId(), lastHash: SHA256, signature: SHA256 });
    const file = path.join(dir, 'checkpoint.json');
    expect((await runAdmin(['audit-checkpoint', '--out', file], env)).code).toBe(0);
    const saved = JSON.parse(await readFile(file, 'utf8')) as typeof checkpoint;

    await loginAs(victim, 'doctor2');
    expect((await runAdmin(['verify-audit', '--checkpoint', file], env)).stdout).toMatch(/audit chain OK: \d+ rows, the checkpoint is still in it/);

    // The last rows up to and including the checkpoint's are deleted and the head moved back.
    const keep = String(BigInt(saved.lastId) - 2n);
    await victim.sql('DELETE FROM audit_log WHERE id > $1::bigint', [keep]);
    await moveHeadTo(keep);
    expect((await runAdmin(['verify-audit'], env)).code).toBe(0);
    const cut = await runAdmin(['verify-audit', '--checkpoint', file], env);
    expect(cut.code).toBe(1);
    expect(cut.stderr).toContain(`BROKEN at row ${keep}: the chain ends at row ${keep}, before row ${saved.lastId} of the checkpoint of ${saved.at}`);

    // A checkpoint edited to match is refused by its signature; no file is a usage error.
    const edited = path.join(dir, 'edited.json');
    await writeFile(edited, JSON.stringify({ ...saved, lastId: keep }));
    const forged = await runAdmin(['verify-audit', '--checkpoint', edited], env);
    expect([forged.code, forged.stderr]).toEqual([1, expect.stringContaining('its signature does not hold')]);
    expect((await runAdmin(['verify-audit', '--checkpoint', path.join(dir, 'missing.json')], env)).code).toBe(2);
  }, CLI_BUDGET_MS);

  it('an action whose audit row cannot be written is 503 and leaves nothing; a reset sequence no longer matters', async () => {
    // The id sequence set back (which made every audited action 500): rows take their ids from the head.
    await victim.sql("ALTER SEQUENCE audit_log_id_seq RESTART WITH 1");
    const admin = await loginAs(victim, 'pharmacyAdmin');
    expect((await runAdmin(['verify-audit'], env)).code).toBe(0);

    // The head moved back a row by the owner: the next row's id is taken, so no audit row can be written.
    const last = await lastRowId();
    const [previous] = await victim.sql<{ id: string }>('SELECT max(id)::text AS id FROM audit_log WHERE id < $1::bigint', [last]);
    await moveHeadTo(previous.id);
    const users = async () => (await victim.sql<{ n: number }>('SELECT count(*)::int AS n FROM pharmacy_user'))[0].n;
    const before = await users();
    const created = await admin.post('/create-pharmacy-user', { firstName: 'Aada', lastName: 'Audit', username: 'aada.audit', password: 'Pilvi-Laiva-42' });
    expect([created.status, created.headers.get('retry-after')]).toEqual([503, expect.any(String)]);
    expect(await users()).toBe(before);
    const doctor = new ApiClient(victim.apiUrl);
    expect((await doctor.post('/doctor-login', { email: DEMO.doctor.email, password: DEMO.doctor.password })).status).toBe(503);
    expect((await doctor.get('/my-doctor-info')).status).toBe(401);
    expect(await lastRowId()).toBe(last);

    await moveHeadTo(last);
    expect((await runAdmin(['verify-audit'], env)).code).toBe(0);
    expect((await admin.post('/create-pharmacy-user', { firstName: 'Aada', lastName: 'Audit', username: 'aada.audit', password: 'Pilvi-Laiva-42' })).status).toBeLessThan(300);
  }, CLI_BUDGET_MS);

  it('finds an edit whose later hashes were recomputed (plain sha256) with the last row deleted', async () => {
    const [edited] = await victim.sql<{ id: string }>("SELECT id::text AS id FROM audit_log WHERE action = 'auth.login' ORDER BY id LIMIT 1");
    const rows = await victim.sql<Record<string, any>>('SELECT *, id::text AS id FROM audit_log a WHERE a.id >= $1::bigint ORDER BY a.id', [edited.id]);
    rows.pop();
    let prevHash = rows[0].prev_hash as string;
    for (const r of rows) {
      const action = r.id === edited.id ? 'auth.logout' : r.action;
      const hash = legacyAuditRowHash({
        id: r.id, at: r.at, actorRole: r.actor_role, actorId: r.actor_id, action, orderId: r.order_id, patientHetu: r.patient_hetu,
        subject: r.subject, details: r.details, clientAddress: r.client_address, sessionHash: r.session_hash, prevHash,
      });
      await victim.sql('UPDATE audit_log SET action = $2, prev_hash = $3, hash = $4 WHERE id = $1::bigint', [r.id, action, prevHash, hash]);
      prevHash = hash;
    }
    await victim.sql('DELETE FROM audit_log WHERE id > $1::bigint', [rows.at(-1)!.id]);
    await moveHeadTo(rows.at(-1)!.id);
    const check = await runAdmin(['verify-audit'], env);
    expect(check.code).toBe(1);
    expect(check.stderr).toContain(`BROKEN at row ${edited.id}: its content does not match its hash`);
  }, CLI_BUDGET_MS);

  it('does not start, nor verify, with another AUDIT_CHAIN_KEY; production does not start without one', async () => {
    const other = { AUDIT_CHAIN_KEY: 'another-audit-chain-key-0123456789abcdef' };
    await expect(startApp({ databaseUrl: victim.databaseUrl, env: other })).rejects.toThrow(/AUDIT_CHAIN_KEY is not the key this database's audit chain was written with/);
    const verify = await runAdmin(['verify-audit'], { ...env, ...other });
    expect([verify.code, verify.stderr]).toEqual([1, expect.stringContaining('AUDIT_CHAIN_KEY is not the key')]);
    await expect(startApp({ env: { ...PRODUCTION_ENV, AUDIT_CHAIN_KEY: '' } })).rejects.toThrow(/AUDIT_CHAIN_KEY is required when NODE_ENV=production/);
  }, CLI_BUDGET_MS);
});

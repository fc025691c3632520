import { helsinkiParts, type MyAccessLog, type PharmacyOrder } from '@resepti/domain';
import { startApp, type TestApp } from '../support/app';
import { signInOtherCustomer } from '../support/customer-flow';
import { ApiClient, DEMO, loginAs } from '../support/http';
import { clearOrders, insertOrder, makeHetu } from '../support/order-fixtures';
import { pharmacistAtOffice } from '../support/pharmacy-flow';
import { APPROVAL } from '../support/prescribing';

let app: TestApp;
let customer: ApiClient;
let ownOrderId: number;
let officeName: string;
/** Today in Helsinki, as the log's `day`. */
function helsinkiToday(): string {
  const { year, month, day } = helsinkiParts(new Date());
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
const OTHER_PATIENT = { firstName: 'Olli', lastName: 'Muukalainen', hetu: makeHetu(3, 4, 1975, 123) };

beforeAll(async () => {
  app = await startApp();
  await clearOrders(app);
  customer = await loginAs(app, 'customer');

  // A pharmacy looks the customer up by hetu.
  const { client: pharmacy, office } = await pharmacistAtOffice(app, 'pharmacy');
  officeName = office.name;
  const lookup = await pharmacy.post('/patient-info', { firstName: 'Aino', lastName: 'Asiakas', hetu: DEMO.customer.hetu });
  expect(lookup.status).toBe(200);

  // A doctor handles the customer's order; another patient's order exists beside it.
  ownOrderId = (await insertOrder(app, { minutesToDeadline: 30 })).id;
  await insertOrder(app, { source: 'pharmacy', patient: OTHER_PATIENT, minutesToDeadline: 600, items: [{ type: 'renewal', displayName: 'Vieras lääke 10 mg', reason: 'Toisen potilaan syy' }] });
  const doctor = await loginAs(app, 'doctor');
  const picked = await doctor.post<{ id: number; prescriptions: Array<{ id: number }> }>('/order/pick-first');
  expect(picked.body.id).toBe(ownOrderId);
  expect((await doctor.get('/order/current')).body.id).toBe(ownOrderId);
  for (const item of picked.body.prescriptions) expect((await doctor.post(`/order/process-item/${item.id}`, { ...APPROVAL, reasonForDecision: '' })).status).toBe(200);
  expect((await doctor.post('/order/mark-delivered')).status).toBeLessThan(300);
  // The approvals are then recorded in the (stand-in) Prescription Centre, audited as it happens:
  // the log is read once that has settled, so that paging compares a log that stands still.
  for (let waited = 0; ; waited += 100) {
    const [{ pending }] = await app.sql<{ pending: number }>(`SELECT count(*)::int AS pending FROM e_prescription WHERE order_id = $1 AND status = 'pending'`, [ownOrderId]);
    if (pending === 0) break;
    if (waited > 30_000) throw new Error(`${pending} e-prescriptions still pending after 30 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}, 180_000);
afterAll(async () => {
  await app?.stop();
});

describe("the patient's access log", () => {
  it('shows the pharmacy (and its office) that looked them up and the doctor who handled their order, newest first, in Finnish', async () => {
    const res = await customer.get<MyAccessLog>('/my-access-log');
    expect(res.status).toBe(200);
    const { entries } = res.body;
    expect(entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ actorRole: 'pharmacy', actor: `${DEMO.pharmacy.pharmacy}, ${officeName}`, action: 'Haki henkilötunnuksella' }),
        expect.objectContaining({ actorRole: 'doctor', actor: DEMO.doctor.name, action: 'Otti tilauksen käsittelyyn' }),
        expect.objectContaining({ actorRole: 'doctor', actor: DEMO.doctor.name, action: 'Katsoi tilauksen' }),
        expect.objectContaining({ actorRole: 'doctor', actor: DEMO.doctor.name, action: 'Käsitteli reseptin' }),
      ]),
    );
    const times = entries.map((e) => Date.parse(e.time));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // Their own actions (the login, this read) are not in it.
    expect(entries.every((e) => e.actorRole !== ('customer' as string))).toBe(true);
  });

  it('pages, and refuses a bad page with a Finnish message', async () => {
    const first = await customer.get<MyAccessLog>('/my-access-log?limit=1');
    expect(first.body.entries).toHaveLength(1);
    expect(first.body.hasMore).toBe(true);
    const second = await customer.get<MyAccessLog>('/my-access-log?limit=1&offset=1');
    expect(second.body.entries[0]).not.toEqual(first.body.entries[0]);
    const bad = await customer.get('/my-access-log?limit=0');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toEqual(['limit on vähintään 1']);
  });

  it('is for customers only', async () => {
    expect((await new ApiClient(app.apiUrl).get('/my-access-log')).status).toBe(401);
    expect((await (await loginAs(app, 'doctor')).get('/my-access-log')).status).toBe(403);
  });
});

describe("the patient's data export", () => {
  it('is a dated JSON attachment with their profile, consents, orders and decisions, payments, feedback, SMS and access log, nothing of another patient, audited', async () => {
    const res = await customer.get('/my-data');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename=resepti-omat-tiedot-\d{4}-\d{2}-\d{2}\.json$/);
    const data = res.body;
    expect(data.profile).toMatchObject({ email: DEMO.customer.email, hetu: DEMO.customer.hetu });
    expect(data.consents).toEqual(expect.objectContaining({ marketingAllowed: expect.any(Boolean) }));
    expect(data.consents).toHaveProperty('termsVersion');
    expect(data.orders.map((o: { id: number }) => o.id)).toEqual([ownOrderId]);
    expect(data.orders[0]).toMatchObject({ deliveryStatus: 'delivered', doctor: DEMO.doctor.name });
    expect(data.orders[0].items.length).toBeGreaterThan(0);
    for (const item of data.orders[0].items) expect(item).toMatchObject({ decision: 'approved', reasonForDecision: '' });
    for (const key of ['payments', 'feedback', 'smsMessages', 'accessLog']) expect(Array.isArray(data[key])).toBe(true);
    expect(data.smsMessages.length).toBeGreaterThan(0);
    expect(data.accessLog.length).toBeGreaterThan(0);
    const text = JSON.stringify(data);
    expect(text).not.toContain(OTHER_PATIENT.hetu);
    expect(text).not.toContain('Vieras lääke');
    expect(text).not.toMatch(/password|argon/i);
    const audit = await app.sql("SELECT * FROM audit_log WHERE action = 'customer.data-export' AND actor_role = 'customer'");
    expect(audit).toHaveLength(1);
  });

  it('is for customers only', async () => {
    expect((await new ApiClient(app.apiUrl).get('/my-data')).status).toBe(401);
    expect((await (await loginAs(app, 'pharmacy')).get('/my-data')).status).toBe(403);
  });
});

describe("a list read in the patient's access log", () => {
  /** The log's row of the pharmacy's list reads today, as the patient reads it (in `language`). */
  async function listReadRow(language = 'fi') {
    const action = { fi: 'Katsoi apteekin tilauksia', sv: 'Visade apotekets beställningar' }[language];
    const { entries } = (await customer.get<MyAccessLog>('/my-access-log?limit=50', { 'accept-language': language })).body;
    const rows = entries.filter((e) => e.action === action && e.day === helsinkiToday());
    expect(rows.length).toBeLessThanOrEqual(1);
    return rows[0];
  }
  const rawListReads = async () =>
    (await app.sql<{ n: number }>("SELECT count(*)::int AS n FROM audit_log WHERE action = 'pharmacy.orders.active' AND patient_hetus @> ARRAY[$1]::text[]", [DEMO.customer.hetu]))[0].n;

  it("Reseptilista showing the customer's order counts in a row naming the pharmacy and the order's office; another patient's read of the same list is not theirs", async () => {
    const { client: pharmacy } = await pharmacistAtOffice(app, 'pharmacy');
    await insertOrder(app, { source: 'pharmacy', minutesToDeadline: 60 });
    await insertOrder(app, { source: 'pharmacy', patient: OTHER_PATIENT, minutesToDeadline: 60 });
    const before = (await listReadRow())?.count ?? 0;
    const cards = (await pharmacy.get<PharmacyOrder[]>('/pharmacy-order-history/active')).body;
    expect(new Set(cards.map((c) => c.patient.hetu))).toEqual(new Set([DEMO.customer.hetu, OTHER_PATIENT.hetu]));
    const after = await listReadRow();
    expect(after.count - before).toBe(cards.filter((c) => c.patient.hetu === DEMO.customer.hetu).length);
    expect(after).toMatchObject({ actorRole: 'pharmacy', actor: `${DEMO.pharmacy.pharmacy}, ${officeName}` });
  });

  it('five list reads of one order by one user on one day are one row with the count 5 (in the asker\'s language); the raw audit keeps all five', async () => {
    const { client: pharmacy } = await pharmacistAtOffice(app, 'pharmacy');
    const cards = (await pharmacy.get<PharmacyOrder[]>('/pharmacy-order-history/active')).body;
    const ordersOfHers = cards.filter((c) => c.patient.hetu === DEMO.customer.hetu).length;
    expect(ordersOfHers).toBeGreaterThan(0);
    const rowsBefore = (await customer.get<MyAccessLog>('/my-access-log?limit=500')).body.entries.length;
    const before = await listReadRow();
    const rawBefore = await rawListReads();
    for (let i = 0; i < 5; i++) expect((await pharmacy.get('/pharmacy-order-history/active')).status).toBe(200);
    const after = await listReadRow();
    expect(after.count - before.count).toBe(5 * ordersOfHers);
    expect((await customer.get<MyAccessLog>('/my-access-log?limit=500')).body.entries).toHaveLength(rowsBefore);
    expect(await rawListReads()).toBe(rawBefore + 5);
    expect(await listReadRow('sv')).toMatchObject({ count: after.count, actor: `${DEMO.pharmacy.pharmacy}, ${officeName}` });
  });
});

describe('the data export as a readable page', () => {
  it("answers text/html with the patient's data in the account's language, printable, audited", async () => {
    const res = await customer.get<string>('/my-data/page');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html; charset=utf-8/);
    const html = res.body;
    expect(html).toMatch(/^<!doctype html><html lang="fi">/);
    for (const text of ['<h1>Omat tietoni</h1>', DEMO.customer.hetu, DEMO.customer.email, `Tilaus ${ownOrderId}`, DEMO.doctor.name, 'Hyväksytty', 'Kuka on katsonut tietojani', 'Haki henkilötunnuksella', '@media print']) {
      expect(html).toContain(text);
    }
    expect(html).not.toContain(OTHER_PATIENT.hetu);
    expect(html).not.toContain('Vieras lääke');
    expect(html).not.toMatch(/<script/i);
    const audit = await app.sql<{ details: string }>("SELECT details FROM audit_log WHERE action = 'customer.data-export' AND details::jsonb ->> 'format' = 'html'");
    expect(audit).toHaveLength(1);

    // In Swedish and English when the account's language is.
    try {
      for (const [language, heading, approved] of [
        ['sv', 'Mina uppgifter', 'Godkänd'],
        ['en', 'My data', 'Approved'],
      ]) {
        expect((await customer.put('/my-user/language', { language })).status).toBe(200);
        const page = (await customer.get<string>('/my-data/page')).body;
        expect(page).toContain(`<html lang="${language}">`);
        expect(page).toContain(`<h1>${heading}</h1>`);
        expect(page).toContain(approved);
        expect(page).toContain(DEMO.customer.hetu);
      }
    } finally {
      expect((await customer.put('/my-user/language', { language: 'fi' })).status).toBe(200);
    }
    expect((await new ApiClient(app.apiUrl).get('/my-data/page')).status).toBe(401);
  });
});

describe("the text messages in the patient's data export (issue 38)", () => {
  it("are those queued for the account, never another account's sent to the number it now has", async () => {
    // Matti changes his password and e-mail address: both are texted to his phone.
    const matti = await signInOtherCustomer(app);
    const mattiPhone = '+358402222222';
    expect((await matti.post('/my-user/change-password', { currentPassword: DEMO.customer.password, newPassword: 'Uusi-Salasana-77' })).status).toBe(204);
    expect((await matti.patch('/my-user', { email: 'matti.uusi@example.fi', password: 'Uusi-Salasana-77' })).status).toBe(200);
    const textedToMatti = await app.sql<{ body: string }>('SELECT body FROM sms_outbox WHERE phone = $1 ORDER BY id', [mattiPhone]);
    expect(textedToMatti).toHaveLength(2);
    const ainoBefore = (await customer.get('/my-data')).body.smsMessages as Array<{ body: string }>;
    expect(ainoBefore.length).toBeGreaterThan(0);

    // Aino takes Matti's number (accepted: a number proves nothing) and downloads her data.
    const ainoPhone = (await customer.get<{ phone: string }>('/my-user')).body.phone;
    expect((await customer.patch('/my-user', { phone: mattiPhone })).status).toBe(200);
    try {
      const after = (await customer.get('/my-data')).body;
      expect(after.profile.phone).toBe(mattiPhone);
      expect(after.smsMessages).toEqual(ainoBefore);
    } finally {
      expect((await customer.patch('/my-user', { phone: ainoPhone })).status).toBe(200);
    }

    // Matti's own export has his messages, also after he moved to another number.
    expect((await matti.patch('/my-user', { phone: '+358405555555' })).status).toBe(200);
    const mattis = (await matti.get('/my-data')).body.smsMessages as Array<{ body: string; orderId: number | null }>;
    expect(mattis.map((m) => m.body)).toEqual(textedToMatti.map((m) => m.body));
    expect(mattis.every((m) => m.orderId === null)).toBe(true);
  });
});

import type { MyAccessLog, PharmacyOrder } from '@resepti/domain';
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
  it("Reseptilista showing the customer's order is an entry naming the pharmacy and the order's office; another patient's read of the same list is not theirs", async () => {
    const { client: pharmacy } = await pharmacistAtOffice(app, 'pharmacy');
    await insertOrder(app, { source: 'pharmacy', minutesToDeadline: 60 });
    await insertOrder(app, { source: 'pharmacy', patient: OTHER_PATIENT, minutesToDeadline: 60 });
    const listReads = async () => (await customer.get<MyAccessLog>('/my-access-log?limit=50')).body.entries.filter((e) => e.action === 'Katsoi apteekin tilauksia');
    const before = (await listReads()).length;
    const cards = (await pharmacy.get<PharmacyOrder[]>('/pharmacy-order-history/active')).body;
    expect(new Set(cards.map((c) => c.patient.hetu))).toEqual(new Set([DEMO.customer.hetu, OTHER_PATIENT.hetu]));
    const after = await listReads();
    expect(after.length - before).toBe(cards.filter((c) => c.patient.hetu === DEMO.customer.hetu).length);
    expect(after[0]).toMatchObject({ actorRole: 'pharmacy', actor: `${DEMO.pharmacy.pharmacy}, ${officeName}` });
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

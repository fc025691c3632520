/**
 * GET /order/patient-context (issue 44) over HTTP against a real PostgreSQL: for the doctor's held
 * order, the patient's age and sex from the hetu, how many earlier delivered orders the patient
 * has, and item by item the earlier decisions on the same medicine (a request: the same topic),
 * newest first, with date, decision, reason and doctor; for a renewal the days since the last
 * approval. Other patients' and later orders are not listed. Doctors only; one audited read.
 */
import { helsinkiIsoDate, type PatientContext } from '@resepti/domain';
import { startApp, type TestApp } from '../support/app';
import { ApiClient, DEMO, loginAs } from '../support/http';
import { clearOrders, demoIds, insertOrder, makeHetu } from '../support/order-fixtures';

let app: TestApp;
let doctor: ApiClient;

beforeAll(async () => {
  app = await startApp();
  doctor = await loginAs(app, 'doctor');
});
afterAll(async () => {
  await app?.stop();
});
beforeEach(async () => {
  await clearOrders(app);
});

const DAY = 86_400_000;
/** Noon in Helsinki `days` before today (the same Helsinki date at any hour of the test). */
const daysAgo = (days: number) => new Date(Date.parse(`${helsinkiIsoDate(new Date())}T10:00:00Z`) - days * DAY);
const contextReads = async () =>
  (await app.sql<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'order:read' AND details LIKE '%patient-context%'`))[0].n;

describe('GET /order/patient-context', () => {
  it("lists the patient's earlier decisions on the same medicine, the days since the last approval, age and sex; audited once", async () => {
    const ids = await demoIds(app);
    const [{ id: productId }] = await app.sql<{ id: number }>(`SELECT id FROM product ORDER BY id LIMIT 1`);
    const patient = { firstName: 'Aino', lastName: 'Asiakas', hetu: DEMO.customer.hetu };
    const renewal = { type: 'renewal' as const, productId, displayName: 'Burana 400 mg' };
    const allergy = { type: 'prescription' as const, displayName: 'Allergia', medicalProblem: 'allergy' };
    // Earlier: an approval 40 days ago (doctor 2), a rejection 10 days ago with its reason.
    const approved = await insertOrder(app, { patient, status: 'delivered', doctorId: ids.doctor2Id, createdAt: daysAgo(41), deliveryTime: daysAgo(40), items: [{ ...renewal, decision: 'approved' }] });
    const rejected = await insertOrder(app, {
      patient,
      status: 'delivered',
      createdAt: daysAgo(11),
      deliveryTime: daysAgo(10),
      items: [
        { ...renewal, decision: 'rejected', reasonForDecision: 'Liian aikainen uusinta' },
        { ...allergy, decision: 'rejected', reasonForDecision: 'Tämä vaatii vastaanottokäynnin.' },
        { type: 'renewal', displayName: 'Muu lääke', decision: 'approved' },
      ],
    });
    // Not listed: another patient's order of the medicine, and this patient's order still waiting.
    await insertOrder(app, { patient: { firstName: 'Olli', lastName: 'Muu', hetu: makeHetu(2, 3, 1950, 123) }, status: 'delivered', createdAt: daysAgo(5), items: [{ ...renewal, decision: 'approved' }] });
    const current = await insertOrder(app, { patient, createdAt: new Date(Date.now() - 60_000), minutesToDeadline: 30, items: [renewal, allergy] });
    await insertOrder(app, { patient, minutesToDeadline: 600, items: [renewal] });

    expect((await doctor.post('/order/pick-first')).body.id).toBe(current.id);
    const before = await contextReads();
    const res = await doctor.get<PatientContext>('/order/patient-context');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      orderId: current.id,
      age: Number(helsinkiIsoDate(new Date()).slice(0, 4)) - 1990, // born 1.1.1990
      sex: 'f',
      earlierOrders: 2,
      items: [
        {
          itemId: current.itemIds[0],
          daysSinceLastApproval: 40,
          earlier: [
            {
              orderId: rejected.id,
              itemId: rejected.itemIds[0],
              date: helsinkiIsoDate(daysAgo(10)),
              displayName: 'Burana 400 mg',
              decision: 'rejected',
              reasonForDecision: 'Liian aikainen uusinta',
              doctor: { firstName: 'Liisa', lastName: 'Lääkäri' },
            },
            {
              orderId: approved.id,
              itemId: approved.itemIds[0],
              date: helsinkiIsoDate(daysAgo(40)),
              displayName: 'Burana 400 mg',
              decision: 'approved',
              reasonForDecision: '',
              doctor: { firstName: 'Lauri', lastName: 'Lääkäri' },
            },
          ],
        },
        {
          itemId: current.itemIds[1],
          daysSinceLastApproval: null,
          earlier: [
            {
              orderId: rejected.id,
              itemId: rejected.itemIds[1],
              date: helsinkiIsoDate(daysAgo(10)),
              displayName: 'Allergia',
              decision: 'rejected',
              reasonForDecision: 'Tämä vaatii vastaanottokäynnin.',
              doctor: { firstName: 'Liisa', lastName: 'Lääkäri' },
            },
          ],
        },
      ],
    });
    // One read, one audit row with the patient.
    expect(await contextReads()).toBe(before + 1);
    expect(
      await app.sql(`SELECT actor_role, actor_id, order_id, patient_hetu FROM audit_log WHERE action = 'order:read' AND details LIKE '%patient-context%'`),
    ).toEqual([{ actor_role: 'doctor', actor_id: ids.doctorId, order_id: current.id, patient_hetu: DEMO.customer.hetu }]);
  });

  it('is empty of earlier decisions for a first order, and 204 (nothing audited) without a held order', async () => {
    const first = await insertOrder(app, { patient: { firstName: 'Uusi', lastName: 'Potilas', hetu: makeHetu(15, 6, 1952, 124) }, items: [{ type: 'renewal', displayName: 'Burana 400 mg' }] });
    const before = await contextReads();
    expect((await doctor.get('/order/patient-context')).status).toBe(204);
    expect(await contextReads()).toBe(before);
    await doctor.post('/order/pick-first');
    const res = await doctor.get<PatientContext>('/order/patient-context');
    expect(res.body).toMatchObject({ orderId: first.id, sex: 'f', earlierOrders: 0, items: [{ itemId: first.itemIds[0], earlier: [], daysSinceLastApproval: null }] });
    expect(res.body.age).toBe(Number(helsinkiIsoDate(new Date()).slice(0, 4)) - 1952 - (helsinkiIsoDate(new Date()).slice(5) < '06-15' ? 1 : 0));
  });

  it('answers 401 without a session and 403 to pharmacy users and customers, auditing no read', async () => {
    await insertOrder(app, { status: 'processing' });
    const before = await contextReads();
    expect((await new ApiClient(app.apiUrl).get('/order/patient-context')).status).toBe(401);
    for (const who of ['pharmacy', 'pharmacyAdmin', 'customer'] as const) {
      expect([who, (await (await loginAs(app, who)).get('/order/patient-context')).status]).toEqual([who, 403]);
    }
    expect(await contextReads()).toBe(before);
  });
});

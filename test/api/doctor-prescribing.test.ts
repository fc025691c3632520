/**
 * The doctor prescribes with the Prescription Centre's facts (issues 41 and 45), over HTTP against
 * a real PostgreSQL and the embedded Centre stand-in with the demo patient's history (Atorvastatin
 * and Simvastatin renewable or past 28 months, Losartan never dispensed, a Pivmecillinam course,
 * Montelukast 'ne repete'): the Centre's prescriptions item by item with the rules' flags, a
 * renewal's dosage from the previous prescription, a new prescription's medicine, dosage and
 * packages, the register number, and what was prescribed in every view.
 */
import type { CentrePrescriptions, CustomerOrder, DoctorOrder, DoctorPrescription, IntegratorOrder, PharmacyOrder } from '@resepti/domain';
import { startApp, type TestApp } from '../support/app';
import { DEMO, loginAs, type ApiClient } from '../support/http';
import { createApiClient, IntegratorClient } from '../support/integrator';
import { clearOrders, demoIds, insertOrder } from '../support/order-fixtures';

let app: TestApp;
let doctor: ApiClient;
const product: Record<string, number> = {};

beforeAll(async () => {
  app = await startApp();
  doctor = await loginAs(app, 'doctor');
  const rows = await app.sql<{ id: number; vnr: string }>(`SELECT id, vnr FROM product WHERE vnr IS NOT NULL`);
  for (const r of rows) product[r.vnr] = r.id;
});
afterAll(async () => {
  await app?.stop();
});
beforeEach(async () => {
  await clearOrders(app);
});

const renewal = (vnr: string, displayName: string) => ({ type: 'renewal' as const, productId: product[vnr], displayName, format: 'tabletti' });
const ALLERGY = {
  type: 'prescription' as const,
  displayName: 'Allergia',
  medicalProblem: 'allergy',
  chat: [
    { text: 'Onko oireita nenässä, silmissä vai molemmissa?', type: 'question' as const },
    { text: 'Molemmissa', type: 'answer' as const },
  ],
  priceCents: 1990,
};

/** The demo customer's order (Aino: her Centre history is the demo's), picked by the first doctor. */
async function pickedOrder(source: 'customer' | 'pharmacy' = 'customer') {
  const o = await insertOrder(app, {
    source,
    items: [
      renewal('990003', 'Atorvastatin Krka 20 mg'),
      renewal('990035', 'Simvastatin ratiopharm 20 mg'),
      renewal('990018', 'Losartan Krka 50 mg'),
      renewal('990028', 'Pivmecillinam Orion 200 mg'),
      renewal('990024', 'Montelukast Actavis 10 mg'),
      renewal('990010', 'Enalapril Orion 10 mg'),
      ALLERGY,
    ],
  });
  expect((await doctor.post<DoctorOrder>('/order/pick-first')).body.id).toBe(o.id);
  return o;
}

const process = (id: number, body: object) => doctor.post<DoctorPrescription & { message?: string }>(`/order/process-item/${id}`, body);
const itemColumns = async (id: number) =>
  (
    await app.sql<{ prescribed_product_id: number | null; dosage_instruction: string | null; packages: number | null; prior_prescription_id: string | null }>(
      `SELECT prescribed_product_id, dosage_instruction, packages, prior_prescription_id FROM order_item WHERE id = $1`,
      [id],
    )
  )[0];

describe('GET /order/centre-prescriptions', () => {
  it("answers the patient's Centre prescriptions item by item with the rules' flags, audited with the patient", async () => {
    const o = await pickedOrder();
    const res = await doctor.get<CentrePrescriptions>('/order/centre-prescriptions');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ orderId: o.id, centreAvailable: true });
    const [atorva, simva, losartan, pivme, montelukast, enalapril, allergy] = res.body.items;
    expect(atorva.itemId).toBe(o.itemIds[0]);
    expect(atorva.prescriptions).toHaveLength(1);
    expect(atorva.prescriptions[0]).toMatchObject({ prescriber: 'Kaisa Korhonen', dispensed: true, renewable: true, reasons: [], dosageInstruction: '1 tabletti illalla' });
    expect(atorva.previousDosage).toBe('1 tabletti illalla');
    expect(atorva.renewsPrescriptionId).toBe(atorva.prescriptions[0].id);
    // The four flags of the rules.
    expect(simva.prescriptions[0].reasons).toEqual(['window-passed']);
    expect(simva.renewsPrescriptionId).toBeNull();
    expect(losartan.prescriptions[0]).toMatchObject({ dispensed: false, renewable: false, reasons: ['never-dispensed'] });
    expect(pivme.prescriptions[0].reasons).toContain('curative');
    expect(montelukast.prescriptions[0].reasons).toEqual(['ne-repete']);
    expect(enalapril).toMatchObject({ prescriptions: [], previousDosage: null, renewsPrescriptionId: null });
    // A new-prescription request: the topic's usual choices, never a narcotic or PKV medicine.
    expect(allergy.usualProducts.map((p) => p.displayName)).toEqual(expect.arrayContaining(['Cetirizin Sandoz 10 mg', 'Desloratadin Teva 5 mg']));
    expect(allergy.usualProducts.every((p) => p.renewable)).toBe(true);

    const audited = await app.sql<{ n: string }>(`SELECT count(*) AS n FROM audit_log WHERE action = 'prescription-centre.read' AND patient_hetu = $1 AND order_id = $2`, [
      DEMO.customer.hetu,
      o.id,
    ]);
    expect(Number(audited[0].n)).toBe(1);
  });

  it('is 204 without a current order', async () => {
    expect((await doctor.get('/order/centre-prescriptions')).status).toBe(204);
  });
});

describe('POST /order/process-item/{id}: what an approval prescribes', () => {
  it('a new-prescription request needs a prescribable medicine, a dosage and the packages', async () => {
    const o = await pickedOrder();
    const allergy = o.itemIds[6];
    const noProduct = await process(allergy, { decision: 'approved', dosageInstruction: '1 x 1', packages: 1 });
    expect(noProduct.status).toBe(400);
    expect(noProduct.body.message).toBe('Valitse määrättävä lääke.');
    const narcotic = await process(allergy, { decision: 'approved', productId: product['990049'], dosageInstruction: '1 x 1', packages: 1 });
    expect(narcotic.status).toBe(400);
    expect(narcotic.body.message).toMatch(/ei voi määrätä/);
    const unknown = await process(allergy, { decision: 'approved', productId: 2_000_000_000, dosageInstruction: '1 x 1', packages: 1 });
    expect({ status: unknown.status, message: unknown.body.message }).toEqual({ status: 400, message: narcotic.body.message });
    expect((await process(allergy, { decision: 'approved', productId: product['990008'], packages: 1 })).body.message).toBe('Kirjoita annosteluohje.');
    expect((await process(allergy, { decision: 'approved', productId: product['990008'], dosageInstruction: '1 x 1' })).status).toBe(400);
    expect((await process(allergy, { decision: 'approved', productId: product['990008'], dosageInstruction: '1 x 1', packages: 11 })).status).toBe(400);
    expect((await itemColumns(allergy)).prescribed_product_id).toBeNull();

    const approved = await process(allergy, { decision: 'approved', productId: product['990008'], dosageInstruction: '1 tabletti illalla', packages: 2 });
    expect(approved.status).toBe(200);
    expect(approved.body.prescribed).toEqual({
      productId: product['990008'],
      name: 'Cetirizin Sandoz',
      strength: '10 mg',
      form: 'tabletti, kalvopäällysteinen',
      dosageInstruction: '1 tabletti illalla',
      packages: 2,
    });
    // Undoing the decision clears what it prescribed.
    expect((await process(allergy, { decision: 'undecided' })).body.prescribed).toBeNull();
    expect(await itemColumns(allergy)).toEqual({ prescribed_product_id: null, dosage_instruction: null, packages: null, prior_prescription_id: null });
  });

  it("a renewal's dosage defaults to the Centre's previous prescription, renewing it when the rules allow; none at all is a 400", async () => {
    const o = await pickedOrder();
    const facts = (await doctor.get<CentrePrescriptions>('/order/centre-prescriptions')).body;
    const atorva = await process(o.itemIds[0], { decision: 'approved' });
    expect(atorva.status).toBe(200);
    expect(atorva.body.prescribed).toMatchObject({ productId: product['990003'], name: 'Atorvastatin Krka', dosageInstruction: '1 tabletti illalla', packages: 1 });
    expect((await itemColumns(o.itemIds[0])).prior_prescription_id).toBe(facts.items[0].renewsPrescriptionId);
    // Past its 28 months: the dosage still comes from it, the approval is a new prescription.
    const simva = await process(o.itemIds[1], { decision: 'approved', packages: 3 });
    expect(simva.body.prescribed).toMatchObject({ dosageInstruction: '1 tabletti illalla', packages: 3 });
    expect((await itemColumns(o.itemIds[1])).prior_prescription_id).toBeNull();
    // A typed dosage wins.
    expect((await process(o.itemIds[2], { decision: 'approved', dosageInstruction: '½ tablettia päivässä' })).body.prescribed?.dosageInstruction).toBe('½ tablettia päivässä');
    // Nothing in the Centre and nothing typed.
    const enalapril = await process(o.itemIds[5], { decision: 'approved' });
    expect(enalapril.status).toBe(400);
    expect(enalapril.body.message).toMatch(/^Kirjoita annosteluohje: Reseptikeskuksessa ei ole/);
    expect((await process(o.itemIds[5], { decision: 'approved', dosageInstruction: '   ' })).status).toBe(400);
    expect((await process(o.itemIds[5], { decision: 'approved', dosageInstruction: '1 tabletti aamulla' })).status).toBe(200);
  });

  it('refuses approval for a doctor without a register number (rejection still works)', async () => {
    const o = await pickedOrder();
    const { doctorId } = await demoIds(app);
    await app.sql(`UPDATE doctor SET register_number = NULL WHERE id = $1`, [doctorId]);
    try {
      const refused = await process(o.itemIds[0], { decision: 'approved', dosageInstruction: '1 x 1' });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toMatch(/rekisteröintinumero/);
      expect((await itemColumns(o.itemIds[0])).prescribed_product_id).toBeNull();
      expect((await process(o.itemIds[0], { decision: 'rejected', reasonForDecision: 'Ei.' })).status).toBe(200);
    } finally {
      await app.sql(`UPDATE doctor SET register_number = '99100000001' WHERE id = $1`, [doctorId]);
    }
  });
});

describe('what was prescribed, in every view once delivered', () => {
  /** Approves the allergy request with Cetirizin and every other item (renewals from the Centre, or typed), then delivers. */
  async function decideAndDeliver(itemIds: number[]): Promise<void> {
    for (const id of itemIds.slice(0, 6)) expect((await process(id, { decision: 'approved', dosageInstruction: '1 tabletti päivässä' })).status).toBe(200);
    expect((await process(itemIds[6], { decision: 'approved', productId: product['990008'], dosageInstruction: '1 tabletti illalla', packages: 2 })).status).toBe(200);
    expect([200, 204]).toContain((await doctor.post('/order/mark-delivered')).status);
  }
  const cetirizin = () => ({ productId: product['990008'], name: 'Cetirizin Sandoz', strength: '10 mg', form: 'tabletti, kalvopäällysteinen', dosageInstruction: '1 tabletti illalla', packages: 2 });

  it("the patient's order names the medicine, dosage and amount", async () => {
    const o = await pickedOrder('customer');
    const customer = await loginAs(app, 'customer');
    const before = (await customer.get<CustomerOrder[]>('/my-outstanding-orders')).body.find((x) => x.orderId === o.id)!;
    expect(before.prescriptions.every((p) => p.prescribed === null)).toBe(true);
    await decideAndDeliver(o.itemIds);
    const order = (await customer.get<CustomerOrder[]>('/my-order-history')).body.find((x) => x.orderId === o.id)!;
    expect(order.prescriptions[6].prescribed).toEqual(cetirizin());
    expect(order.prescriptions[0].prescribed).toMatchObject({ name: 'Atorvastatin Krka', dosageInstruction: '1 tabletti päivässä', packages: 1 });
  });

  it("the pharmacy's and the integrator's views name it too", async () => {
    const o = await pickedOrder('pharmacy');
    await decideAndDeliver(o.itemIds);
    const pharmacy = await loginAs(app, 'pharmacy');
    const page = (await pharmacy.get<{ data: PharmacyOrder[] }>('/pharmacy-order-history/history')).body;
    expect(page.data.find((x) => x.orderId === o.id)!.prescriptions[6].prescribed).toEqual(cetirizin());
    const integrator = await IntegratorClient.signIn(app, await createApiClient(app, 'Keskusapteekki', 'Reseptit'));
    const order = await integrator.call<IntegratorOrder>('GET', `/orders/${o.id}`);
    expect(order.status).toBe(200);
    expect(order.body.prescriptions[6].prescribed).toEqual(cetirizin());
  });
});

import {
  PHARMACY_MESSAGES,
  pharmacyDeadline,
  type PharmacyCart,
  type PharmacyOffice,
  type PharmacyOrder,
  type PharmacyOrderPage,
  type Product,
} from '@resepti/domain';
import { MESSAGES } from '../support/finnish-messages';
import { startApp, type TestApp } from '../support/app';
import { loginAs, type ApiClient } from '../support/http';
import { PHARMACY_PATIENT, pharmacistAtOffice as signInAtOffice, sendPharmacyOrder } from '../support/pharmacy-flow';
import { APPROVAL, decisionBody } from '../support/prescribing';

let app: TestApp;
let products: Product[];

beforeAll(async () => {
  app = await startApp();
  const pharmacist = await loginAs(app, 'pharmacy');
  products = (await pharmacist.get<Product[]>('/products')).body;
});
afterAll(async () => {
  await app?.stop();
});

function product(prefix: string): Product {
  const found = products.find((p) => p.displayName.startsWith(prefix));
  if (!found) throw new Error(`no product ${prefix}`);
  return found;
}

async function productIdByName(name: string): Promise<number> {
  const [row] = await app.sql<{ id: number }>('SELECT id FROM product WHERE name = $1', [name]);
  return row.id;
}

const pharmacistAtOffice = (who: 'pharmacy' | 'pharmacyAdmin' | 'kyla') => signInAtOffice(app, who);
const PATIENT = PHARMACY_PATIENT;

/** Builds and sends an order; returns its id. */
function sendOrder(client: ApiClient, names: string[], option: 'delivery-12-h' | 'delivery-20-min' = 'delivery-20-min', patient = PATIENT): Promise<number> {
  return sendPharmacyOrder(client, names, { option, patient });
}

/** A doctor picks the order, decides every item and delivers it. */
async function doctorDecides(orderId: number, decision: 'approved' | 'rejected', reason: string): Promise<void> {
  const doctor = await loginAs(app, 'doctor');
  const picked = await doctor.post<{ id: number; prescriptions: { id: number }[] }>('/order/pick-first');
  expect(picked.status).toBe(200);
  expect(picked.body.id).toBe(orderId);
  for (const item of picked.body.prescriptions) {
    expect((await doctor.post(`/order/process-item/${item.id}`, decisionBody(decision, reason))).status).toBe(200);
  }
  expect([200, 204]).toContain((await doctor.post('/order/mark-delivered')).status);
}

async function waitingOrderCount(): Promise<number> {
  const [row] = await app.sql<{ n: number }>("SELECT count(*)::int AS n FROM orders WHERE delivery_status <> 'delivered'");
  return row.n;
}

describe('offices', () => {
  it("lists only the user's own offices with the pharmacy's name and phone", async () => {
    const admin = await loginAs(app, 'pharmacyAdmin');
    const offices = (await admin.get<PharmacyOffice[]>('/users-offices')).body;
    expect(offices.map((o) => o.name)).toEqual(['Keskusapteekki Kauppatori', 'Keskusapteekki Asema']);
    expect(offices[1]).toEqual({ id: expect.any(Number), name: 'Keskusapteekki Asema', level: 'Sivuapteekki', pharmacyName: 'Keskusapteekki', phone: '+358 9 123 4567' });

    const user = await loginAs(app, 'pharmacy');
    expect((await user.get<PharmacyOffice[]>('/users-offices')).body.map((o) => o.name)).toEqual(['Keskusapteekki Kauppatori']);
  });

  it('selects an own office for the session and refuses any other office (403, nothing changes)', async () => {
    const admin = await loginAs(app, 'pharmacyAdmin');
    const [main, branch] = (await admin.get<PharmacyOffice[]>('/users-offices')).body;
    const before = await admin.get('/users-session-office');
    expect(before.status).toBe(200);
    expect(before.body ?? null).toBeNull();

    expect((await admin.patch(`/selected-office/${branch.id}`)).body).toMatchObject({ id: branch.id, name: 'Keskusapteekki Asema' });
    expect((await admin.get<PharmacyOffice>('/users-session-office')).body.id).toBe(branch.id);

    const kyla = await loginAs(app, 'kyla');
    const kylaOffice = (await kyla.get<PharmacyOffice[]>('/users-offices')).body[0];
    const refused = await admin.patch(`/selected-office/${kylaOffice.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(PHARMACY_MESSAGES.officeNotYours);
    expect((await admin.get<PharmacyOffice>('/users-session-office')).body.id).toBe(branch.id);

    // a plain user cannot select the branch office they do not work at
    const user = await loginAs(app, 'pharmacy');
    expect((await user.patch(`/selected-office/${branch.id}`)).status).toBe(403);
    expect((await user.get('/users-session-office')).body ?? null).toBeNull();
    expect((await user.patch(`/selected-office/${main.id}`)).status).toBe(200);
    expect((await user.patch('/selected-office/abc')).status).toBe(400);
    expect((await user.patch('/selected-office/999999')).status).toBe(403);
  });

  it('is for pharmacy users only', async () => {
    const doctor = await loginAs(app, 'doctor');
    expect((await doctor.get('/users-offices')).status).toBe(403);
    const customer = await loginAs(app, 'customer');
    expect((await customer.post('/pharmacy-shopping-cart/send')).status).toBe(403);
  });
});

describe('patient info', () => {
  it('stores a valid patient as the session’s current patient and audits it', async () => {
    const { client } = await pharmacistAtOffice('pharmacy');
    const res = await client.post('/patient-info', { firstName: ' Matti ', lastName: 'Meikäläinen', hetu: '121212-913y' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ firstName: 'Matti', lastName: 'Meikäläinen', hetu: '121212-913Y' });
    expect((await client.get<PharmacyCart>('/pharmacy-user-shopping-cart')).body.patient).toEqual(res.body);
    const audit = await app.sql("SELECT * FROM audit_log WHERE action = 'pharmacy.patient.set' AND patient_hetu = '121212-913Y'");
    expect(audit.length).toBeGreaterThan(0);
    await client.post('/pharmacy-user-shopping-cart/clear');
  });

  it('refuses a hetu with a wrong check character (400) and stores nothing', async () => {
    const { client } = await pharmacistAtOffice('pharmacy');
    const auditBefore = await app.sql('SELECT count(*)::int AS n FROM audit_log');
    const res = await client.post('/patient-info', { firstName: 'Matti', lastName: 'Meikäläinen', hetu: '121212-913X' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGES.hetuInvalid);
    expect((await client.get<PharmacyCart>('/pharmacy-user-shopping-cart')).body.patient).toBeNull();
    expect(await app.sql('SELECT count(*)::int AS n FROM audit_log')).toEqual(auditBefore);
  });

  it('refuses blank names, a short hetu and unknown fields', async () => {
    const { client } = await pharmacistAtOffice('pharmacy');
    const blank = await client.post('/patient-info', { firstName: '  ', lastName: 'Meikäläinen', hetu: '121212-913Y' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toContain('Etunimi on pakollinen');
    expect((await client.post('/patient-info', { firstName: 'A', lastName: '', hetu: '121212-913Y' })).body.message).toContain('Sukunimi on pakollinen');
    expect((await client.post('/patient-info', { firstName: 'A', lastName: 'B', hetu: '121212' })).body.message).toBe(MESSAGES.hetuInvalid);
    expect((await client.post('/patient-info', { firstName: 'A', lastName: 'B', hetu: 12 })).status).toBe(400);
    expect((await client.post('/patient-info', { firstName: 'A', lastName: 'B', hetu: '121212-913Y', extra: 1 })).status).toBe(400);
    expect((await client.get<PharmacyCart>('/pharmacy-user-shopping-cart')).body.patient).toBeNull();
  });
});

describe('cart', () => {
  it('offers the two handling options with their Finnish labels and prices', async () => {
    const { client } = await pharmacistAtOffice('pharmacy');
    const options = (await client.get('/delivery-options')).body;
    expect(options).toEqual([
      expect.objectContaining({ id: 'delivery-12-h', label: 'Seuraavana arkiaamuna', firstItemCents: 200, nextItemCents: 200 }),
      expect.objectContaining({ id: 'delivery-20-min', label: 'Pikakäsittely 15 min', firstItemCents: 1490, nextItemCents: 490 }),
    ]);
    expect((await client.post('/pharmacy-shopping-cart/delivery-option', { id: 'delivery-2-h' })).status).toBe(400);
  });

  it('refuses narcotic/PKV, unavailable, unknown and duplicate medicines with clear messages', async () => {
    const { client } = await pharmacistAtOffice('pharmacy');
    const noPatient = await client.post('/pharmacy-shopping-cart/item', { type: 'renewal', productId: product('Kestine').productId });
    expect(noPatient.status).toBe(400);
    expect(noPatient.body.message).toBe(PHARMACY_MESSAGES.patientMissing);
    await client.post('/patient-info', PATIENT);
    const narcotic = await client.post('/pharmacy-shopping-cart/item', { type: 'renewal', productId: await productIdByName('Diapam'), reason: '' });
    expect(narcotic.status).toBe(400);
    expect(narcotic.body.message).toBe(PHARMACY_MESSAGES.productNotRenewable);
    const unavailable = await client.post('/pharmacy-shopping-cart/item', { type: 'renewal', productId: await productIdByName('Losec'), reason: '' });
    expect(unavailable.status).toBe(400);
    expect(unavailable.body.message).toBe(PHARMACY_MESSAGES.productNotFound);
    expect((await client.post('/pharmacy-shopping-cart/item', { type: 'renewal', productId: 999999 })).status).toBe(400);
    expect((await client.post('/pharmacy-shopping-cart/item', { type: 'prescription', productId: product('Kestine').productId })).status).toBe(400);

    const first = await client.post<PharmacyCart>('/pharmacy-shopping-cart/item', {
      type: 'renewal',
      productId: product('Kestine').productId,
      reason: 'Allergiakausi',
      pharmacyData: { pharmacy: 'Väärennetty apteekki' },
    });
    expect(first.status).toBe(200);
    expect(first.body.items).toEqual([expect.objectContaining({ displayName: 'Kestine 10 mg', format: 'tabletti, kalvopäällysteinen', reason: 'Allergiakausi' })]);
    const again = await client.post('/pharmacy-shopping-cart/item', { type: 'renewal', productId: product('Kestine').productId });
    expect(again.status).toBe(409);
    expect((await client.get<PharmacyCart>('/pharmacy-user-shopping-cart')).body.items).toHaveLength(1);

    expect((await client.post('/pharmacy-user-shopping-cart/clear')).status).toBe(204);
    expect((await client.get<PharmacyCart>('/pharmacy-user-shopping-cart')).body).toEqual({ items: [], deliveryOptionId: null, patient: null, totalPriceCents: 0 });
  });

  it('keeps the patient and medicines in the database, not in the session: a re-login finds them intact', async () => {
    const { client } = await pharmacistAtOffice('pharmacy');
    await client.post('/patient-info', PATIENT);
    await client.post('/pharmacy-shopping-cart/item', { type: 'renewal', productId: product('Kestine').productId });
    const sessions = await app.sql<{ sess: string }>("SELECT sess::text FROM http_session WHERE sess::text LIKE '%apteekki%' OR sess::text LIKE '%passport%'");
    expect(sessions.map((s) => s.sess).join('')).not.toContain(PATIENT.hetu);
    await client.post('/logout');
    const { client: again } = await pharmacistAtOffice('pharmacy');
    const cart = (await again.get<PharmacyCart>('/pharmacy-user-shopping-cart')).body;
    expect(cart.patient).toEqual(PATIENT);
    expect(cart.items.map((i) => i.displayName)).toEqual(['Kestine 10 mg']);
    await again.post('/pharmacy-user-shopping-cart/clear');
  });

  it('refuses to send without a patient, without medicines or without an option (400 each, nothing created)', async () => {
    const { client } = await pharmacistAtOffice('pharmacy');
    const orders = await waitingOrderCount();
    const kestine = product('Kestine').productId;

    // no patient
    await client.post('/pharmacy-shopping-cart/item', { type: 'renewal', productId: kestine });
    await client.post('/pharmacy-shopping-cart/delivery-option', { id: 'delivery-12-h' });
    let res = await client.post('/pharmacy-shopping-cart/send');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(PHARMACY_MESSAGES.patientMissing);
    await client.post('/pharmacy-user-shopping-cart/clear');

    // no medicines
    await client.post('/patient-info', PATIENT);
    await client.post('/pharmacy-shopping-cart/delivery-option', { id: 'delivery-12-h' });
    res = await client.post('/pharmacy-shopping-cart/send');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(PHARMACY_MESSAGES.cartEmpty);
    await client.post('/pharmacy-user-shopping-cart/clear');

    // no handling option
    await client.post('/patient-info', PATIENT);
    await client.post('/pharmacy-shopping-cart/item', { type: 'renewal', productId: kestine });
    res = await client.post('/pharmacy-shopping-cart/send');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(PHARMACY_MESSAGES.deliveryOptionMissing);
    const cart = (await client.get<PharmacyCart>('/pharmacy-user-shopping-cart')).body;
    expect(cart.items).toHaveLength(1);
    expect(cart.patient).toEqual(PATIENT);
    await client.post('/pharmacy-user-shopping-cart/clear');

    // no office selected
    const fresh = await loginAs(app, 'pharmacy');
    await fresh.post('/patient-info', PATIENT);
    await fresh.post('/pharmacy-shopping-cart/item', { type: 'renewal', productId: kestine });
    await fresh.post('/pharmacy-shopping-cart/delivery-option', { id: 'delivery-12-h' });
    res = await fresh.post('/pharmacy-shopping-cart/send');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(PHARMACY_MESSAGES.officeNotSelected);
    await fresh.post('/pharmacy-user-shopping-cart/clear');

    expect(await waitingOrderCount()).toBe(orders);
  });
  it('starts an empty order for another patient: medicines left from an earlier session are never sent under the next hetu', async () => {
    const { client } = await pharmacistAtOffice('pharmacy');
    expect((await client.post('/patient-info', PATIENT)).status).toBe(200);
    await client.post('/pharmacy-shopping-cart/item', { type: 'renewal', productId: product('Kestine').productId });
    await client.post('/pharmacy-shopping-cart/delivery-option', { id: 'delivery-12-h' });
    // the same patient again (a corrected name) keeps the order in the making
    await client.post('/patient-info', { ...PATIENT, firstName: 'Matias' });
    let cart = (await client.get<PharmacyCart>('/pharmacy-user-shopping-cart')).body;
    expect(cart.items.map((i) => i.displayName)).toEqual(['Kestine 10 mg']);

    // the counter is left and the session ends; the next login serves another patient
    await client.post('/logout');
    const { client: next } = await pharmacistAtOffice('pharmacy');
    expect((await next.get<PharmacyCart>('/pharmacy-user-shopping-cart')).body.items).toHaveLength(1);
    const other = { firstName: 'Maija', lastName: 'Mehiläinen', hetu: '010190-998V' };
    expect((await next.post('/patient-info', other)).status).toBe(200);
    cart = (await next.get<PharmacyCart>('/pharmacy-user-shopping-cart')).body;
    expect(cart.items).toEqual([]);
    expect(cart.deliveryOptionId).toBeNull();
    expect(cart.patient).toEqual(other);
    await next.post('/pharmacy-user-shopping-cart/clear');
  });
});

describe('send flow', () => {
  it('creates one waiting order with the deadline, price and pharmacy data; empties the cart; lists it', async () => {
    const { client, office } = await pharmacistAtOffice('pharmacy');
    expect((await client.post('/patient-info', PATIENT)).status).toBe(200);
    await client.post('/pharmacy-shopping-cart/item', { type: 'renewal', productId: product('Kestine').productId, reason: 'Kevään allergiat' });
    await client.post('/pharmacy-shopping-cart/item', { type: 'renewal', productId: product('Amlodipin Orion 5 mg').productId });
    const withOption = await client.post<PharmacyCart>('/pharmacy-shopping-cart/delivery-option', { id: 'delivery-20-min' });
    expect(withOption.body.totalPriceCents).toBe(1490 + 490);

    const before = new Date();
    const sent = await client.post<{ orderId: number; priceCents: number }>('/pharmacy-shopping-cart/send');
    const after = new Date();
    expect(sent.status).toBe(200);
    expect(sent.body.priceCents).toBe(1980);

    const [order] = await app.sql<any>('SELECT * FROM orders WHERE id = $1', [sent.body.orderId]);
    expect(order).toMatchObject({
      source: 'pharmacy',
      delivery_status: 'waiting',
      delivery_option_id: 'delivery-20-min',
      price_cents: 1980,
      office_id: office.id,
      patient_first_name: 'Matti',
      patient_last_name: 'Meikäläinen',
      patient_hetu: '121212-913Y',
      pharmacy_data: { pharmacy: 'Keskusapteekki', pharmacyPhone: '+358 9 123 4567', pharmacist: 'Pekka Farmaseutti' },
    });
    const deadline = new Date(order.delivery_before_time).getTime();
    expect(deadline).toBeGreaterThanOrEqual(pharmacyDeadline('delivery-20-min', before).getTime() - 1000);
    expect(deadline).toBeLessThanOrEqual(pharmacyDeadline('delivery-20-min', after).getTime() + 1000);
    const items = await app.sql<any>('SELECT display_name, reason, decision, type FROM order_item WHERE order_id = $1 ORDER BY id', [sent.body.orderId]);
    expect(items).toEqual([
      { display_name: 'Kestine 10 mg', reason: 'Kevään allergiat', decision: 'undecided', type: 'renewal' },
      { display_name: 'Amlodipin Orion 5 mg', reason: '', decision: 'undecided', type: 'renewal' },
    ]);
    const audit = await app.sql("SELECT * FROM audit_log WHERE action = 'pharmacy.order.send' AND order_id = $1", [sent.body.orderId]);
    expect(audit).toHaveLength(1);

    // the cart is empty and the patient forgotten
    expect((await client.get<PharmacyCart>('/pharmacy-user-shopping-cart')).body).toEqual({ items: [], deliveryOptionId: null, patient: null, totalPriceCents: 0 });
    expect((await client.post('/pharmacy-shopping-cart/send')).status).toBe(400);

    // it is in Reseptilista and Historia, undecided
    const active = (await client.get<PharmacyOrder[]>('/pharmacy-order-history/active')).body;
    expect(active[0]).toMatchObject({
      orderId: sent.body.orderId,
      patient: PATIENT,
      deliveryStatus: 'waiting',
      deliveryTime: null,
      deliveryOptionId: 'delivery-20-min',
      prescriptions: [
        expect.objectContaining({ displayName: 'Kestine 10 mg', decision: 'undecided', reasonForDecision: '', pharmacyChecked: false }),
        expect.objectContaining({ displayName: 'Amlodipin Orion 5 mg', decision: 'undecided' }),
      ],
    });
    const history = (await client.get<PharmacyOrderPage>('/pharmacy-order-history/history')).body;
    expect(history.data[0].orderId).toBe(sent.body.orderId);
    expect(history.count).toBeGreaterThanOrEqual(1);
    const listAudit = await app.sql("SELECT * FROM audit_log WHERE action = 'pharmacy.orders.active' AND $1 = ANY(order_ids)", [sent.body.orderId]);
    expect(listAudit.length).toBeGreaterThan(0);

    // the next-weekday-morning option: deadline by the domain rule, 2 € per medicine
    const before12 = new Date();
    const second = await sendOrder(client, ['Kestine', 'Cetirizin', 'Enalapril'], 'delivery-12-h', { firstName: 'Maija', lastName: 'Mehiläinen', hetu: '010190-998V' });
    const after12 = new Date();
    const [o2] = await app.sql<any>('SELECT * FROM orders WHERE id = $1', [second]);
    expect(o2.price_cents).toBe(600);
    expect([pharmacyDeadline('delivery-12-h', before12).getTime(), pharmacyDeadline('delivery-12-h', after12).getTime()]).toContain(
      new Date(o2.delivery_before_time).getTime(),
    );
    // newest first
    expect((await client.get<PharmacyOrder[]>('/pharmacy-order-history/active')).body.slice(0, 2).map((o) => o.orderId)).toEqual([second, sent.body.orderId]);
    // a page at a time: ?limit=1 is the newest card only, audited as one read of one order
    const auditedBefore = (await app.sql("SELECT id FROM audit_log WHERE action = 'pharmacy.orders.active'")).length;
    expect((await client.get<PharmacyOrder[]>('/pharmacy-order-history/active?limit=1')).body.map((o) => o.orderId)).toEqual([second]);
    expect((await app.sql("SELECT id FROM audit_log WHERE action = 'pharmacy.orders.active'")).length).toBe(auditedBefore + 1);
    const [oneRead] = await app.sql("SELECT order_ids, patient_hetus FROM audit_log WHERE action = 'pharmacy.orders.active' ORDER BY id DESC LIMIT 1");
    expect(oneRead).toEqual({ order_ids: [second], patient_hetus: ['010190-998V'] });
    for (const bad of ['0', 'abc', '1001', '-1']) expect((await client.get(`/pharmacy-order-history/active?limit=${bad}`)).status).toBe(400);
  });

  it('shows decisions only once the doctor has delivered the order', async () => {
    // empty the queue first so the doctor picks exactly this order
    await app.sql("UPDATE orders SET delivery_status = 'delivered', delivery_time = now() WHERE delivery_status <> 'delivered'");
    const { client } = await pharmacistAtOffice('pharmacy');
    const orderId = await sendOrder(client, ['Kestine']);
    const doctor = await loginAs(app, 'doctor');
    const picked = await doctor.post<{ id: number; prescriptions: { id: number }[] }>('/order/pick-first');
    expect(picked.body.id).toBe(orderId);
    await doctor.post(`/order/process-item/${picked.body.prescriptions[0].id}`, { ...APPROVAL, reasonForDecision: 'Jatketaan' });

    let card = (await client.get<PharmacyOrder[]>('/pharmacy-order-history/active')).body.find((o) => o.orderId === orderId)!;
    expect(card.deliveryStatus).toBe('processing');
    expect(card.prescriptions[0]).toMatchObject({ decision: 'undecided', reasonForDecision: '' });

    await doctor.post('/order/mark-delivered');
    card = (await client.get<PharmacyOrder[]>('/pharmacy-order-history/active')).body.find((o) => o.orderId === orderId)!;
    expect(card.deliveryStatus).toBe('delivered');
    expect(card.deliveryTime).not.toBeNull();
    expect(card.prescriptions[0]).toMatchObject({ decision: 'approved', reasonForDecision: 'Jatketaan' });
  });

  it('pages the history newest first with ?offset and ?limit', async () => {
    const { client } = await pharmacistAtOffice('pharmacy');
    const all = (await client.get<PharmacyOrderPage>('/pharmacy-order-history/history')).body;
    expect(all.count).toBeGreaterThanOrEqual(3);
    expect(all.offset).toBe(0);
    expect(all.limit).toBe(30);
    const page = (await client.get<PharmacyOrderPage>('/pharmacy-order-history/history?offset=1&limit=1')).body;
    expect(page.data.map((o) => o.orderId)).toEqual([all.data[1].orderId]);
    expect(page.count).toBe(all.count);
    expect((await client.get('/pharmacy-order-history/history?limit=0')).status).toBe(400);
    expect((await client.get('/pharmacy-order-history/history?offset=-1')).status).toBe(400);
    expect((await client.get('/pharmacy-order-history/history?limit=abc')).status).toBe(400);
  });
});

describe('check-order-item (the trash on a decided card)', () => {
  it('removes a decided prescription from Reseptilista only, and refuses undecided and already-checked ones', async () => {
    await app.sql("UPDATE orders SET delivery_status = 'delivered', delivery_time = now() WHERE delivery_status <> 'delivered'");
    const { client } = await pharmacistAtOffice('pharmacy');
    const orderId = await sendOrder(client, ['Kestine', 'Cetirizin']);
    const [first, second] = (await client.get<PharmacyOrder[]>('/pharmacy-order-history/active')).body.find((o) => o.orderId === orderId)!.prescriptions;

    const undecided = await client.post(`/check-order-item/${first.id}`);
    expect(undecided.status).toBe(409);
    expect(undecided.body.message).toBe(PHARMACY_MESSAGES.prescriptionUndecided);

    await doctorDecides(orderId, 'rejected', 'Ei perusteita');
    const checked = await client.post<PharmacyOrder>(`/check-order-item/${first.id}`);
    expect(checked.status).toBe(200);
    const card = (await client.get<PharmacyOrder[]>('/pharmacy-order-history/active')).body.find((o) => o.orderId === orderId)!;
    expect(card.prescriptions.map((p) => p.id)).toEqual([second.id]);
    expect(card.prescriptions[0]).toMatchObject({ decision: 'rejected', reasonForDecision: 'Ei perusteita' });

    const again = await client.post(`/check-order-item/${first.id}`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(PHARMACY_MESSAGES.prescriptionAlreadyChecked);

    // the last one: the whole order leaves Reseptilista but stays in Historia and the database
    expect((await client.post(`/check-order-item/${second.id}`)).status).toBe(200);
    expect((await client.get<PharmacyOrder[]>('/pharmacy-order-history/active')).body.some((o) => o.orderId === orderId)).toBe(false);
    const inHistory = (await client.get<PharmacyOrderPage>('/pharmacy-order-history/history')).body.data.find((o) => o.orderId === orderId)!;
    expect(inHistory.prescriptions.map((p) => p.pharmacyChecked)).toEqual([true, true]);
    expect(await app.sql('SELECT id FROM order_item WHERE order_id = $1', [orderId])).toHaveLength(2);

    expect((await client.post('/check-order-item/999999')).status).toBe(404);
    expect((await client.post('/check-order-item/abc')).status).toBe(400);
  });
});

describe('another pharmacy ("Kylän apteekki")', () => {
  it("sees none of Keskusapteekki's orders and cannot check their items or select their offices", async () => {
    await app.sql("UPDATE orders SET delivery_status = 'delivered', delivery_time = now() WHERE delivery_status <> 'delivered'");
    const { client: keskus } = await pharmacistAtOffice('pharmacy');
    const orderId = await sendOrder(keskus, ['Kestine']);
    await doctorDecides(orderId, 'approved', '');
    const keskusItem = (await keskus.get<PharmacyOrder[]>('/pharmacy-order-history/active')).body.find((o) => o.orderId === orderId)!.prescriptions[0];

    const { client: kyla } = await pharmacistAtOffice('kyla');
    expect((await kyla.get<PharmacyOrder[]>('/pharmacy-order-history/active')).body).toEqual([]);
    const history = (await kyla.get<PharmacyOrderPage>('/pharmacy-order-history/history')).body;
    expect(history).toEqual({ data: [], count: 0, offset: 0, limit: 30 });

    const refused = await kyla.post(`/check-order-item/${keskusItem.id}`);
    expect(refused.status).toBe(404);
    const [row] = await app.sql<{ pharmacy_checked: boolean }>('SELECT pharmacy_checked FROM order_item WHERE id = $1', [keskusItem.id]);
    expect(row.pharmacy_checked).toBe(false);

    const keskusOffices = (await (await loginAs(app, 'pharmacyAdmin')).get<PharmacyOffice[]>('/users-offices')).body;
    for (const office of keskusOffices) expect((await kyla.patch(`/selected-office/${office.id}`)).status).toBe(403);

    // its own orders stay its own
    const kylaOrder = await sendOrder(kyla, ['Cetirizin'], 'delivery-12-h');
    expect((await kyla.get<PharmacyOrder[]>('/pharmacy-order-history/active')).body.map((o) => o.orderId)).toEqual([kylaOrder]);
    expect((await keskus.get<PharmacyOrderPage>('/pharmacy-order-history/history')).body.data.some((o) => o.orderId === kylaOrder)).toBe(false);
    const [stored] = await app.sql<any>('SELECT pharmacy_data FROM orders WHERE id = $1', [kylaOrder]);
    expect(stored.pharmacy_data).toEqual({ pharmacy: 'Kylän apteekki', pharmacyPhone: '+358 17 765 4321', pharmacist: 'Kaisa Kylä' });
  });

  it("Reseptilista shows only the selected office's orders", async () => {
    const admin = await loginAs(app, 'pharmacyAdmin');
    const [, branch] = (await admin.get<PharmacyOffice[]>('/users-offices')).body;
    await admin.patch(`/selected-office/${branch.id}`);
    const orderId = await sendOrder(admin, ['Kestine']);
    expect((await admin.get<PharmacyOrder[]>('/pharmacy-order-history/active')).body.map((o) => o.orderId)).toEqual([orderId]);
    const { client: mainOffice } = await pharmacistAtOffice('pharmacy');
    expect((await mainOffice.get<PharmacyOrder[]>('/pharmacy-order-history/active')).body.some((o) => o.orderId === orderId)).toBe(false);
    // but Historia is the whole pharmacy's
    expect((await mainOffice.get<PharmacyOrderPage>('/pharmacy-order-history/history')).body.data.some((o) => o.orderId === orderId)).toBe(true);
    expect((await (await loginAs(app, 'pharmacy')).get('/pharmacy-order-history/active')).status).toBe(400);
  });
});

/**
 * One pharmacist, two sessions (two tabs or two workstations): the patient and the medicines are
 * one record, so an order can never pair one patient's hetu with another patient's medicines.
 */
import { PHARMACY_MESSAGES, type CartUpdatedEvent, type PharmacyCart, type Product } from '@resepti/domain';
import { startApp, type TestApp } from '../support/app';
import { PHARMACY_PATIENT, pharmacistAtOffice } from '../support/pharmacy-flow';
import { connectSocket, nextEvent } from '../support/socket';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.stop();
});

const X = { firstName: 'Xenia', lastName: 'Ensimmäinen', hetu: '111180-1116' };
const Y = PHARMACY_PATIENT;

it('two sessions of one pharmacist cannot send one patient’s hetu with another patient’s medicines', async () => {
  const a = (await pharmacistAtOffice(app, 'kyla')).client;
  const b = (await pharmacistAtOffice(app, 'kyla')).client;
  const products = (await a.get<Product[]>('/products')).body;
  const kestine = products.find((p) => p.displayName.startsWith('Kestine'))!.productId;
  const amlodipin = products.find((p) => p.displayName.startsWith('Amlodipin'))!.productId;
  const socketA = await connectSocket(app.baseUrl, a);
  try {
    expect((await a.post('/patient-info', X)).status).toBe(200);

    // B serves patient Y and adds a renewal for Y; A's screen learns it at once from the push.
    const pushedToA = nextEvent(socketA, 'cart:updated');
    expect((await b.post('/patient-info', Y)).status).toBe(200);
    expect((await b.post('/pharmacy-shopping-cart/item', { type: 'renewal', productId: kestine, patientHetu: Y.hetu })).status).toBe(200);
    expect(((await pushedToA) as CartUpdatedEvent).cart.patient).toEqual(Y);

    // A's cart is Y's record, whole: Y with Y's medicine (never X with Y's medicine).
    const seenByA = (await a.get<PharmacyCart>('/pharmacy-user-shopping-cart')).body;
    expect(seenByA.patient).toEqual(Y);
    expect(seenByA.items.map((i) => i.productId)).toEqual([kestine]);

    // A still believes the patient is X: every step that names X is refused and changes nothing.
    const add = await a.post('/pharmacy-shopping-cart/item', { type: 'renewal', productId: amlodipin, patientHetu: X.hetu });
    expect(add.status).toBe(409);
    expect(add.body.message).toBe(PHARMACY_MESSAGES.patientChanged);
    expect((await a.post('/pharmacy-shopping-cart/delivery-option', { id: 'delivery-12-h', patientHetu: X.hetu })).status).toBe(409);
    const ordersBefore = await app.sql<{ n: number }>('SELECT count(*)::int AS n FROM orders');
    const send = await a.post('/pharmacy-shopping-cart/send', { patientHetu: X.hetu });
    expect(send.status).toBe(409);
    expect(send.body.message).toBe(PHARMACY_MESSAGES.patientChanged);
    expect(await app.sql('SELECT count(*)::int AS n FROM orders')).toEqual(ordersBefore);
    expect((await b.get<PharmacyCart>('/pharmacy-user-shopping-cart')).body.items.map((i) => i.productId)).toEqual([kestine]);

    // B sends Y's order: it holds Y's hetu and only Y's medicine; nothing was ever ordered for X.
    expect((await b.post('/pharmacy-shopping-cart/delivery-option', { id: 'delivery-12-h', patientHetu: Y.hetu })).status).toBe(200);
    const emptied = nextEvent(socketA, 'cart:updated');
    const sent = await b.post<{ orderId: number }>('/pharmacy-shopping-cart/send', { patientHetu: Y.hetu });
    expect(sent.status).toBe(200);
    expect(((await emptied) as CartUpdatedEvent).cart).toEqual({ items: [], deliveryOptionId: null, patient: null, totalPriceCents: 0 });
    const rows = await app.sql<{ hetu: string; product_id: number }>(
      'SELECT o.patient_hetu AS hetu, i.product_id FROM orders o JOIN order_item i ON i.order_id = o.id WHERE o.id = $1',
      [sent.body.orderId],
    );
    expect(rows).toEqual([{ hetu: Y.hetu, product_id: kestine }]);
    expect(await app.sql('SELECT id FROM orders WHERE patient_hetu = $1', [X.hetu])).toEqual([]);
  } finally {
    socketA.close();
  }
});

it('a send without a body (the SPEC contract) sends the cart’s own patient', async () => {
  const { client } = await pharmacistAtOffice(app, 'kyla');
  const products = (await client.get<Product[]>('/products')).body;
  await client.post('/patient-info', X);
  await client.post('/pharmacy-shopping-cart/item', { type: 'renewal', productId: products.find((p) => p.displayName.startsWith('Kestine'))!.productId });
  await client.post('/pharmacy-shopping-cart/delivery-option', { id: 'delivery-12-h' });
  const sent = await client.post<{ orderId: number }>('/pharmacy-shopping-cart/send');
  expect(sent.status).toBe(200);
  expect(await app.sql('SELECT patient_hetu FROM orders WHERE id = $1', [sent.body.orderId])).toEqual([{ patient_hetu: X.hetu }]);
});

it('a send from an office the user no longer works at is refused and places nothing; the cart stays', async () => {
  const { client, office } = await pharmacistAtOffice(app, 'kyla');
  const products = (await client.get<Product[]>('/products')).body;
  await client.post('/patient-info', X);
  await client.post('/pharmacy-shopping-cart/item', { type: 'renewal', productId: products.find((p) => p.displayName.startsWith('Kestine'))!.productId });
  await client.post('/pharmacy-shopping-cart/delivery-option', { id: 'delivery-12-h' });
  const [{ id: userId }] = await app.sql<{ id: number }>(`SELECT id FROM pharmacy_user WHERE username = 'kyla'`);
  const [{ count: before }] = await app.sql<{ count: number }>('SELECT count(*)::int AS count FROM orders');
  await app.sql('DELETE FROM pharmacy_user_office WHERE pharmacy_user_id = $1 AND pharmacy_office_id = $2', [userId, office.id]);
  try {
    const refused = await client.post<{ message: string }>('/pharmacy-shopping-cart/send');
    expect([refused.status, refused.body.message]).toEqual([400, PHARMACY_MESSAGES.officeNotSelected]);
    expect(await app.sql('SELECT count(*)::int AS count FROM orders')).toEqual([{ count: before }]);
  } finally {
    await app.sql('INSERT INTO pharmacy_user_office (pharmacy_user_id, pharmacy_office_id) VALUES ($1, $2)', [userId, office.id]);
  }
  const sent = await client.post<{ orderId: number }>('/pharmacy-shopping-cart/send');
  expect(sent.status).toBe(200);
  expect(await app.sql('SELECT office_id FROM orders WHERE id = $1', [sent.body.orderId])).toEqual([{ office_id: office.id }]);
});

it('one cart sent from two tabs at once, ten times over, places one order; the other sends change nothing', async () => {
  const a = (await pharmacistAtOffice(app, 'kyla')).client;
  const b = (await pharmacistAtOffice(app, 'kyla')).client;
  const products = (await a.get<Product[]>('/products')).body;
  await a.post('/patient-info', Y);
  await a.post('/pharmacy-shopping-cart/item', { type: 'renewal', productId: products.find((p) => p.displayName.startsWith('Kestine'))!.productId });
  await a.post('/pharmacy-shopping-cart/delivery-option', { id: 'delivery-12-h' });
  const before = await app.sql<{ orders: number; audited: number }>(
    `SELECT (SELECT count(*)::int FROM orders) AS orders, (SELECT count(*)::int FROM audit_log WHERE action = 'pharmacy.order.send') AS audited`,
  );

  const sends = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? b : a).post<{ orderId: number; message?: string }>('/pharmacy-shopping-cart/send', { patientHetu: Y.hetu })));

  const placed = sends.filter((s) => s.status === 200);
  expect(placed).toHaveLength(1);
  expect(sends.filter((s) => s.status !== 200).map((s) => [s.status, s.body.message])).toEqual(Array(9).fill([400, PHARMACY_MESSAGES.patientMissing]));
  expect(
    await app.sql(`SELECT (SELECT count(*)::int FROM orders) AS orders, (SELECT count(*)::int FROM audit_log WHERE action = 'pharmacy.order.send') AS audited`),
  ).toEqual([{ orders: before[0].orders + 1, audited: before[0].audited + 1 }]);
  expect(await app.sql('SELECT count(*)::int AS n FROM order_item WHERE order_id = $1', [placed[0].body.orderId])).toEqual([{ n: 1 }]);
  expect((await b.get<PharmacyCart>('/pharmacy-user-shopping-cart')).body).toEqual({ items: [], deliveryOptionId: null, patient: null, totalPriceCents: 0 });
});

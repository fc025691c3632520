import { type MessageStatus, type OrderUpdatedEvent, type PharmacyOffice, type PharmacyOrder } from '@resepti/domain';
import { Client } from 'pg';
import { startApp, type TestApp } from '../support/app';
import { loginAs, type ApiClient } from '../support/http';
import { pharmacistAtOffice, sendPharmacyOrder } from '../support/pharmacy-flow';
import { connectSocket, nextEvent, type TestSocket } from '../support/socket';
import { APPROVAL } from '../support/prescribing';
import { until as waitUntil } from '../support/waiting';

let app: TestApp;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await app?.stop();
});

async function open(client: ApiClient): Promise<TestSocket> {
  const socket = await connectSocket(app.baseUrl, client);
  sockets.push(socket);
  return socket;
}

describe('pharmacy live updates', () => {
  it("selects only the user's own office: another pharmacy's office is 403", async () => {
    const admin = await loginAs(app, 'pharmacyAdmin');
    const [main] = (await admin.get<PharmacyOffice[]>('/users-offices')).body;
    expect((await admin.patch(`/selected-office/${main.id}`)).status).toBe(200);
    const kylaOffice = (await (await loginAs(app, 'kyla')).get<PharmacyOffice[]>('/users-offices')).body[0];
    expect((await admin.patch(`/selected-office/${kylaOffice.id}`)).status).toBe(403);
  });

  it("sending puts the order in the doctors' queue at once (queue:status)", async () => {
    const doctor = await loginAs(app, 'doctor');
    const doctorSocket = await open(doctor);
    const pharmacist = await loginAs(app, 'pharmacy');
    const [office] = (await pharmacist.get<PharmacyOffice[]>('/users-offices')).body;
    await pharmacist.patch(`/selected-office/${office.id}`);
    const status = nextEvent(doctorSocket, 'queue:status');
    await sendPharmacyOrder(pharmacist, ['Kestine']);
    expect((await status).count20min).toBe(1);
  });

  it("a pharmacy socket receives order:updated when a doctor picks, decides and delivers its order; another pharmacy's does not", async () => {
    const pharmacist = await loginAs(app, 'pharmacy');
    const [office] = (await pharmacist.get<PharmacyOffice[]>('/users-offices')).body;
    await pharmacist.patch(`/selected-office/${office.id}`);
    const socket = await open(pharmacist);
    // the same pharmacy's other office: its Historia lists the whole pharmacy, so it hears too
    const admin = await loginAs(app, 'pharmacyAdmin');
    const otherOffice = (await admin.get<PharmacyOffice[]>('/users-offices')).body.find((o) => o.id !== office.id)!;
    await admin.patch(`/selected-office/${otherOffice.id}`);
    const otherOfficeSocket = await open(admin);
    const kyla = await loginAs(app, 'kyla');
    await kyla.patch(`/selected-office/${(await kyla.get<PharmacyOffice[]>('/users-offices')).body[0].id}`);
    const kylaSocket = await open(kyla);
    const kylaEvents: unknown[] = [];
    kylaSocket.on('order:updated', (e) => kylaEvents.push(e));

    await app.sql("UPDATE orders SET delivery_status = 'delivered', delivery_time = now() WHERE delivery_status <> 'delivered'");
    const orderId = await sendPharmacyOrder(pharmacist, ['Kestine', 'Cetirizin']);
    const doctor = await loginAs(app, 'doctor');

    const picked = nextEvent(socket, 'order:updated');
    const pickedElsewhere = nextEvent(otherOfficeSocket, 'order:updated');
    const order = (await doctor.post<{ id: number; prescriptions: { id: number }[] }>('/order/pick-first')).body;
    expect(order.id).toBe(orderId);
    expect(await picked).toMatchObject({ orderId, deliveryStatus: 'processing' });
    expect(await pickedElsewhere).toMatchObject({ orderId, deliveryStatus: 'processing' });

    // a decision is news, but its content stays with the doctors until the order is delivered
    const decided = nextEvent(socket, 'order:updated');
    await doctor.post(`/order/process-item/${order.prescriptions[0].id}`, { ...APPROVAL, reasonForDecision: '' });
    const decidedEvent = await decided;
    expect(decidedEvent).toMatchObject({ orderId, itemId: order.prescriptions[0].id, deliveryStatus: 'processing' });
    expect(decidedEvent).not.toHaveProperty('decision');
    await doctor.post(`/order/process-item/${order.prescriptions[1].id}`, { decision: 'rejected', reasonForDecision: 'Ei perusteita' });

    const delivered = new Promise<void>((resolve) => {
      const handler = (e: { orderId: number; deliveryStatus: string }) => {
        if (e.orderId === orderId && e.deliveryStatus === 'delivered') {
          socket.off('order:updated', handler);
          resolve();
        }
      };
      socket.on('order:updated', handler);
    });
    await doctor.post('/order/mark-delivered');
    await delivered;

    // after the push, the list shows the decisions
    const card = (await pharmacist.get<PharmacyOrder[]>('/pharmacy-order-history/active')).body.find((o) => o.orderId === orderId)!;
    expect(card.prescriptions.map((p) => p.decision)).toEqual(['approved', 'rejected']);
    expect(kylaEvents).toEqual([]);
  });

  it('every pharmacy socket receives notice:updated when the notice is published; it starts unchecked', async () => {
    const keskus = await loginAs(app, 'pharmacy');
    const kyla = await loginAs(app, 'kyla');
    const keskusSocket = await open(keskus);
    const kylaSocket = await open(kyla);
    expect((await keskus.get('/get-pharmacy-message/1')).body ?? null).toBeNull();
    expect((await keskus.get<MessageStatus>('/get-pharmacy-user-message-status')).body).toEqual({ checked: false, published: false });

    const doctor = await loginAs(app, 'doctor');
    const a = nextEvent(keskusSocket, 'notice:updated');
    const b = nextEvent(kylaSocket, 'notice:updated');
    const saved = await doctor.post('/set-pharmacy-message', { header: 'Huoltokatko', additionalDetails: 'Palvelu on kiinni su 2-4.', status: 'published' });
    expect(saved.status).toBe(200);
    expect((await a).notice).toMatchObject({ header: 'Huoltokatko', status: 'published' });
    expect((await b).notice).toMatchObject({ header: 'Huoltokatko' });

    expect((await keskus.get('/get-pharmacy-message/1')).body).toMatchObject({ id: 1, header: 'Huoltokatko', additionalDetails: 'Palvelu on kiinni su 2-4.', status: 'published' });
    expect((await keskus.get('/get-pharmacy-message/2')).status).toBe(404);
    expect((await keskus.get<MessageStatus>('/get-pharmacy-user-message-status')).body).toEqual({ checked: false, published: true });

    // checked / unchecked per pharmacist
    expect((await keskus.post<MessageStatus>('/set-pharmacy-message-checked')).body).toEqual({ checked: true, published: true });
    expect((await kyla.get<MessageStatus>('/get-pharmacy-user-message-status')).body.checked).toBe(false);
    expect((await keskus.post<MessageStatus>('/set-pharmacy-message-unchecked')).body.checked).toBe(false);
    await keskus.post('/set-pharmacy-message-checked');

    // a newly published notice starts unchecked again
    const again = nextEvent(keskusSocket, 'notice:updated');
    await doctor.post('/set-pharmacy-message', { header: 'Uusi viesti', additionalDetails: '', status: 'published' });
    await again;
    expect((await keskus.get<MessageStatus>('/get-pharmacy-user-message-status')).body).toEqual({ checked: false, published: true });

    // saved again unchanged: still the same notice, still read
    await keskus.post('/set-pharmacy-message-checked');
    const same = nextEvent(keskusSocket, 'notice:updated');
    await doctor.post('/set-pharmacy-message', { header: 'Uusi viesti', additionalDetails: '', status: 'published' });
    await same;
    expect((await keskus.get<MessageStatus>('/get-pharmacy-user-message-status')).body).toEqual({ checked: true, published: true });

    // unpublishing hides it
    const hidden = nextEvent(kylaSocket, 'notice:updated');
    await doctor.post('/set-pharmacy-message', { header: 'Uusi viesti', additionalDetails: '', status: 'unpublished' });
    expect((await hidden).notice).toBeNull();
    expect((await kyla.get('/get-pharmacy-message/1')).body ?? null).toBeNull();

    // published again with the same text: it is news again, unread
    const back = nextEvent(keskusSocket, 'notice:updated');
    await doctor.post('/set-pharmacy-message', { header: 'Uusi viesti', additionalDetails: '', status: 'published' });
    await back;
    expect((await keskus.get<MessageStatus>('/get-pharmacy-user-message-status')).body).toEqual({ checked: false, published: true });

    // pharmacies cannot set the notice
    expect((await keskus.post('/set-pharmacy-message', { header: 'x', additionalDetails: '', status: 'published' })).status).toBe(403);
  });
});

/**
 * Two changes of one delivered order race: the pharmacy's check of one prescription and another
 * change (a prescription recorded in the Centre, a doctor's retry). The one that waits for the
 * other's lock must publish the card as the other left it: the pharmacy's list applies the last
 * card it hears, so a stale one would bring a checked prescription back until the next reload.
 * The test holds the other change open in a transaction of its own, as the lifecycle writes it
 * (the item, then the order's updated_at), and commits it once the API's change waits for it.
 */
describe('racing changes of one order publish the card as both left it', () => {
  let pharmacist: ApiClient;
  let socket: TestSocket;
  let orderId: number;
  let items: number[];
  let other: Client;

  beforeAll(async () => {
    ({ client: pharmacist } = await pharmacistAtOffice(app, 'pharmacy'));
    socket = await open(pharmacist);
    await app.sql("UPDATE orders SET delivery_status = 'delivered', delivery_time = now() WHERE delivery_status <> 'delivered'");
    orderId = await sendPharmacyOrder(pharmacist, ['Kestine', 'Cetirizin']);
    const doctor = await loginAs(app, 'doctor');
    const picked = (await doctor.post<{ prescriptions: { id: number }[] }>('/order/pick-first')).body;
    items = picked.prescriptions.map((p) => p.id);
    for (const id of items) await doctor.post(`/order/process-item/${id}`, { ...APPROVAL, reasonForDecision: 'Jatkuu' });
    expect((await doctor.post('/order/mark-delivered')).status).toBe(204);
    // the Centre's own pushes for these prescriptions are over before the race starts
    await until(async () => (await app.sql(`SELECT 1 FROM e_prescription WHERE order_id = $1 AND status = 'pending'`, [orderId])).length === 0);
    other = new Client({ connectionString: app.databaseUrl });
    await other.connect();
  });
  afterAll(async () => {
    await other?.end();
  });

  /** Runs `change` through the API while `other` holds `write` uncommitted; commits it once the API's change waits for its lock. */
  async function raceWith(write: string, params: unknown[], change: () => Promise<{ status: number }>): Promise<OrderUpdatedEvent[]> {
    const heard: OrderUpdatedEvent[] = [];
    const listen = (e: OrderUpdatedEvent) => e.orderId === orderId && heard.push(e);
    socket.on('order:updated', listen);
    try {
      await other.query('BEGIN');
      await other.query(write, params);
      await other.query(`UPDATE orders SET updated_at = clock_timestamp() WHERE id = $1`, [orderId]);
      const answer = change();
      await until(async () => (await app.sql(`SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)).length > 0);
      await other.query('COMMIT');
      expect([200, 204]).toContain((await answer).status);
      await until(async () => heard.length > 0);
      return heard;
    } finally {
      socket.off('order:updated', listen);
    }
  }

  it("the pharmacy's check, waiting for another change, publishes that change too", async () => {
    const heard = await raceWith(`UPDATE order_item SET reason_for_decision = 'Muutettu samaan aikaan' WHERE id = $1`, [items[1]], () =>
      pharmacist.post(`/check-order-item/${items[0]}`),
    );
    const card = heard.at(-1)!.card!;
    expect(card.prescriptions.find((p) => p.id === items[0])?.pharmacyChecked).toBe(true);
    expect(card.prescriptions.find((p) => p.id === items[1])?.reasonForDecision).toBe('Muutettu samaan aikaan');
  });

  it("an e-prescription's change, waiting for the pharmacy's check, publishes the check too", async () => {
    await app.sql(`UPDATE e_prescription SET status = 'failed', last_error = 'testi' WHERE order_item_id = $1`, [items[1]]);
    const colleague = await loginAs(app, 'doctor');
    const heard = await raceWith(`UPDATE order_item SET pharmacy_checked = true WHERE id = $1`, [items[1]], () => colleague.post(`/order/e-prescriptions/${items[1]}/retry`));
    // Reseptilista's card no longer lists a checked prescription; Historia's shows it checked
    const card = heard.at(-1)!.card!;
    expect(card.prescriptions.find((p) => p.id === items[1])?.pharmacyChecked).toBe(true);
  });
});

const until = (done: () => Promise<boolean>) => waitUntil('a condition', done);

/**
 * Decisions on the doctor's current order and delivering it, over HTTP against a real
 * PostgreSQL: the four decisions, the mandatory rejection reason, coupons, undo, ownership,
 * mark-delivered (409 while undecided, renewable-till, SMS outbox, next order) and pushes.
 */
import { DEFAULT_REJECTION_REASON, type DoctorOrder, type DoctorPrescription, type SystemStatus } from '@resepti/domain';
import { startApp, type TestApp } from '../support/app';
import { loginAs, type ApiClient } from '../support/http';
import { clearOrders, demoIds, insertOrder, insertWaitingOrders } from '../support/order-fixtures';
import { connectSocket, nextEvent } from '../support/socket';
import { APPROVAL } from '../support/prescribing';

let app: TestApp;
let doctor: ApiClient;
let doctor2: ApiClient;

beforeAll(async () => {
  app = await startApp();
  doctor = await loginAs(app, 'doctor');
  doctor2 = await loginAs(app, 'doctor2');
});
afterAll(async () => {
  await app?.stop();
});
beforeEach(async () => {
  await clearOrders(app);
});

interface ItemRow {
  decision: string;
  reason_for_decision: string;
  decision_time: Date | null;
  renewable_till: string | null;
}
const itemRow = async (id: number): Promise<ItemRow> =>
  (await app.sql<ItemRow>(`SELECT decision, reason_for_decision, decision_time, to_char(renewable_till, 'YYYY-MM-DD') AS renewable_till FROM order_item WHERE id = $1`, [id]))[0];
const coupons = (itemId: number) => app.sql<{ code: string; customer_id: number; amount_cents: number; used_at: Date | null }>(
  `SELECT code, customer_id, amount_cents, used_at FROM coupon WHERE order_item_id = $1`,
  [itemId],
);

/** A customer order picked by the first doctor: [renewal 9,90 €, new prescription 19,90 €]. */
async function pickedCustomerOrder() {
  const o = await insertOrder(app, { source: 'customer' });
  const res = await doctor.post<DoctorOrder>('/order/pick-first');
  expect(res.body.id).toBe(o.id);
  return o;
}

describe('POST /order/process-item/{id}', () => {
  it('approves with an optional reason and rejects with a reason', async () => {
    const o = await pickedCustomerOrder();
    const approved = await doctor.post<DoctorPrescription>(`/order/process-item/${o.itemIds[0]}`, APPROVAL);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ id: o.itemIds[0], decision: 'approved', reasonForDecision: '', couponCode: null });
    expect(approved.body.decisionTime).not.toBeNull();

    const rejected = await doctor.post<DoctorPrescription>(`/order/process-item/${o.itemIds[1]}`, {
      decision: 'rejected',
      reasonForDecision: `  ${DEFAULT_REJECTION_REASON}  `,
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ decision: 'rejected', reasonForDecision: DEFAULT_REJECTION_REASON });
    expect(await itemRow(o.itemIds[1])).toMatchObject({ decision: 'rejected', reason_for_decision: DEFAULT_REJECTION_REASON });

    const withNote = await doctor.post<DoctorPrescription>(`/order/process-item/${o.itemIds[0]}`, { ...APPROVAL, reasonForDecision: 'Jatka kuten ennen.' });
    expect(withNote.body.reasonForDecision).toBe('Jatka kuten ennen.');
  });

  it.each([
    ['rejected', undefined],
    ['rejected', ''],
    ['rejected', '   \n '],
    ['rejected-with-coupon', ''],
    ['rejected-with-coupon', undefined],
  ])('rejecting (%s) with reason %j is 400 with the mandatory-reason message and changes nothing', async (decision, reason) => {
    const o = await pickedCustomerOrder();
    await doctor.post(`/order/process-item/${o.itemIds[0]}`, { ...APPROVAL, reasonForDecision: 'ok' });
    const before = await itemRow(o.itemIds[0]);
    const res = await doctor.post(`/order/process-item/${o.itemIds[0]}`, reason === undefined ? { decision } : { decision, reasonForDecision: reason });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Reason is mandatory when rejecting prescriptions.');
    expect(await itemRow(o.itemIds[0])).toEqual(before);
    expect(await coupons(o.itemIds[0])).toEqual([]);
  });

  it('refuses a decision that is not one of the four (400) and unknown fields, changing nothing', async () => {
    const o = await pickedCustomerOrder();
    for (const body of [{ decision: 'maybe' }, {}, { decision: 'approved', extra: 1 }, { decision: 'approved', reasonForDecision: 5 }, { decision: 'approved', reasonForDecision: 'x'.repeat(2001) }]) {
      const res = await doctor.post(`/order/process-item/${o.itemIds[0]}`, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBeDefined();
    }
    const bad = await doctor.post(`/order/process-item/${o.itemIds[0]}`, { decision: 'maybe' });
    expect(bad.body.message).toEqual(['Päätöksen pitää olla yksi seuraavista: approved, rejected, rejected-with-coupon, undecided.']);
    expect((await doctor.post('/order/process-item/abc', APPROVAL)).status).toBe(400);
    expect((await itemRow(o.itemIds[0])).decision).toBe('undecided');
  });

  it("refuses items outside the doctor's current order: another doctor's (403), a waiting order's (403), an unknown id (404)", async () => {
    const mine = await pickedCustomerOrder();
    const waiting = await insertOrder(app);
    const other = await doctor2.post(`/order/process-item/${mine.itemIds[0]}`, APPROVAL);
    expect(other.status).toBe(403);
    expect(other.body.message).toBe('Resepti ei kuulu käsittelemääsi tilaukseen.');
    expect((await doctor.post(`/order/process-item/${waiting.itemIds[0]}`, APPROVAL)).status).toBe(403);
    const unknown = await doctor.post('/order/process-item/999999', APPROVAL);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Reseptiä ei löydy.');
    expect((await itemRow(mine.itemIds[0])).decision).toBe('undecided');
    expect((await itemRow(waiting.itemIds[0])).decision).toBe('undecided');
  });

  it('rejected-with-coupon creates one single-use coupon worth the item price; rejected or undo removes it', async () => {
    const o = await pickedCustomerOrder();
    const ids = await demoIds(app);
    const res = await doctor.post<DoctorPrescription>(`/order/process-item/${o.itemIds[1]}`, { decision: 'rejected-with-coupon', reasonForDecision: 'Ei perusteita.' });
    expect(res.status).toBe(200);
    expect(res.body.decision).toBe('rejected-with-coupon');
    expect(res.body.couponCode).toMatch(/^[A-Z0-9]{10}$/);
    const stored = await coupons(o.itemIds[1]);
    expect(stored).toEqual([{ code: res.body.couponCode, customer_id: ids.customerId, amount_cents: 1990, used_at: null }]);

    // Saying it again keeps the same coupon.
    const again = await doctor.post<DoctorPrescription>(`/order/process-item/${o.itemIds[1]}`, { decision: 'rejected-with-coupon', reasonForDecision: 'Ei perusteita.' });
    expect(again.body.couponCode).toBe(res.body.couponCode);
    expect(await coupons(o.itemIds[1])).toHaveLength(1);
    // The current order shows the code.
    const current = (await doctor.get<DoctorOrder>('/order/current')).body;
    expect(current.prescriptions[1].couponCode).toBe(res.body.couponCode);

    // Toggling the checkbox off (plain rejected) removes the coupon.
    await doctor.post(`/order/process-item/${o.itemIds[1]}`, { decision: 'rejected', reasonForDecision: 'Ei perusteita.' });
    expect(await coupons(o.itemIds[1])).toEqual([]);

    // Undo: decision reset, reason emptied, coupon removed.
    await doctor.post(`/order/process-item/${o.itemIds[1]}`, { decision: 'rejected-with-coupon', reasonForDecision: 'Ei perusteita.' });
    const undo = await doctor.post<DoctorPrescription>(`/order/process-item/${o.itemIds[1]}`, { decision: 'undecided', reasonForDecision: 'ignored' });
    expect(undo.status).toBe(200);
    expect(undo.body).toMatchObject({ decision: 'undecided', reasonForDecision: '', decisionTime: null, couponCode: null });
    expect(await itemRow(o.itemIds[1])).toEqual({ decision: 'undecided', reason_for_decision: '', decision_time: null, renewable_till: null });
    expect(await coupons(o.itemIds[1])).toEqual([]);
  });

  it('refuses a coupon on a pharmacy order (400) and changes nothing', async () => {
    const o = await insertOrder(app, { source: 'pharmacy' });
    await doctor.post('/order/pick-first');
    const res = await doctor.post(`/order/process-item/${o.itemIds[0]}`, { decision: 'rejected-with-coupon', reasonForDecision: 'Ei.' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Kupongin voi antaa vain asiakkaan omalle tilaukselle, ei apteekin tilaukselle.');
    expect((await itemRow(o.itemIds[0])).decision).toBe('undecided');
    expect(await app.sql(`SELECT count(*)::int AS n FROM coupon`)).toEqual([{ n: 0 }]);
  });

  it("pushes order:updated to the customer's room, with the decision itself only to the doctors until delivery", async () => {
    const o = await pickedCustomerOrder();
    const customer = await loginAs(app, 'customer');
    const socket = await connectSocket(app.baseUrl, customer);
    const doctorSocket = await connectSocket(app.baseUrl, await loginAs(app, 'doctor2'));
    try {
      const event = nextEvent(socket, 'order:updated');
      const doctorEvent = nextEvent(doctorSocket, 'order:updated');
      await doctor.post(`/order/process-item/${o.itemIds[0]}`, APPROVAL);
      expect(await event).toEqual({ orderId: o.id, deliveryStatus: 'processing', itemId: o.itemIds[0] });
      expect(await doctorEvent).toEqual({ orderId: o.id, deliveryStatus: 'processing', itemId: o.itemIds[0], decision: 'approved' });
    } finally {
      socket.close();
      doctorSocket.close();
    }
  });
});

describe('POST /order/mark-delivered', () => {
  it('is 409 with a clear message while an item is undecided, and changes nothing', async () => {
    const o = await pickedCustomerOrder();
    await doctor.post(`/order/process-item/${o.itemIds[0]}`, APPROVAL);
    const res = await doctor.post('/order/mark-delivered');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Tilausta ei voi lähettää: kaikista resepteistä ei ole vielä tehty päätöstä.');
    expect(await app.sql(`SELECT delivery_status, delivery_time FROM orders WHERE id = $1`, [o.id])).toEqual([{ delivery_status: 'processing', delivery_time: null }]);
    expect(await app.sql(`SELECT count(*)::int AS n FROM sms_outbox`)).toEqual([{ n: 0 }]);
  });

  it('is 409 without a current order', async () => {
    const res = await doctor.post('/order/mark-delivered');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Sinulla ei ole käsittelyssä olevaa tilausta.');
  });

  it('delivers: deliveryTime set, approved renewals renewable for 2 years, SMS queued for the customer, 204 when nothing else waits', async () => {
    const o = await insertOrder(app, {
      items: [
        { type: 'renewal', displayName: 'Burana 400 mg', priceCents: 990 },
        { type: 'renewal', displayName: 'Panadol 500 mg', priceCents: 990 },
        { type: 'prescription', displayName: 'Allergia', medicalProblem: 'allergy', priceCents: 1990 },
      ],
    });
    await doctor.post('/order/pick-first');
    await doctor.post(`/order/process-item/${o.itemIds[0]}`, APPROVAL);
    await doctor.post(`/order/process-item/${o.itemIds[1]}`, { decision: 'rejected', reasonForDecision: DEFAULT_REJECTION_REASON });
    await doctor.post(`/order/process-item/${o.itemIds[2]}`, APPROVAL);
    const before = Date.now();
    const res = await doctor.post('/order/mark-delivered');
    expect(res.status).toBe(204);

    const [order] = await app.sql<{ delivery_status: string; delivery_time: Date; doctor_id: number }>(
      `SELECT delivery_status, delivery_time, doctor_id FROM orders WHERE id = $1`,
      [o.id],
    );
    expect(order.delivery_status).toBe('delivered');
    expect(new Date(order.delivery_time).getTime()).toBeGreaterThanOrEqual(before - 5000);
    const [{ expected }] = await app.sql<{ expected: string }>(
      `SELECT to_char((delivery_time AT TIME ZONE 'Europe/Helsinki') + interval '2 years', 'YYYY-MM-DD') AS expected FROM orders WHERE id = $1`,
      [o.id],
    );
    expect((await itemRow(o.itemIds[0])).renewable_till).toBe(expected);
    expect((await itemRow(o.itemIds[1])).renewable_till).toBeNull(); // rejected
    expect((await itemRow(o.itemIds[2])).renewable_till).toBeNull(); // a new prescription, not a renewal

    const ids = await demoIds(app);
    const sms = await app.sql<{ phone: string; body: string; order_id: number }>(`SELECT phone, body, order_id FROM sms_outbox`);
    expect(sms).toEqual([{ phone: ids.customerPhone, body: expect.stringContaining('käsitellyt') as string, order_id: o.id }]);

    const s = (await doctor.get<SystemStatus>('/system-status')).body;
    expect(s).toMatchObject({ waitingForDoctor: 0, processing: 0, pickedOrder: null });
    expect((await doctor.get('/order/current')).status).toBe(204);
    const audit = await app.sql(`SELECT action FROM audit_log WHERE order_id = $1 AND action = 'order:deliver'`, [o.id]);
    expect(audit).toHaveLength(1);
  });

  it('the SMS sender delivers the queued message (logging provider) and marks it sent', async () => {
    const o = await pickedCustomerOrder();
    for (const id of o.itemIds) await doctor.post(`/order/process-item/${id}`, APPROVAL);
    await doctor.post('/order/mark-delivered');
    let row: { status: string; attempts: number; sent_at: Date | null } | undefined;
    for (let i = 0; i < 100; i++) {
      [row] = await app.sql<{ status: string; attempts: number; sent_at: Date | null }>(`SELECT status, attempts, sent_at FROM sms_outbox WHERE order_id = $1`, [o.id]);
      if (row?.status === 'sent') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    expect(row!.sent_at).not.toBeNull();
    expect(app.output()).toContain('[SMS]');
  });

  it('does not queue an SMS for a pharmacy order', async () => {
    const o = await insertOrder(app, { source: 'pharmacy' });
    await doctor.post('/order/pick-first');
    for (const id of o.itemIds) await doctor.post(`/order/process-item/${id}`, APPROVAL);
    expect((await doctor.post('/order/mark-delivered')).status).toBe(204);
    expect(await app.sql(`SELECT delivery_status FROM orders WHERE id = $1`, [o.id])).toEqual([{ delivery_status: 'delivered' }]);
    expect(await app.sql(`SELECT count(*)::int AS n FROM sms_outbox`)).toEqual([{ n: 0 }]);
  });

  it('then picks the next waiting order (earliest deadline) for the doctor and returns it', async () => {
    const [first, second] = await insertWaitingOrders(app, 3);
    await doctor.post('/order/pick-first');
    for (const id of first.itemIds) await doctor.post(`/order/process-item/${id}`, APPROVAL);
    const res = await doctor.post<DoctorOrder>('/order/mark-delivered');
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(second.id);
    expect(res.body.deliveryStatus).toBe('processing');
    const s = (await doctor.get<SystemStatus>('/system-status')).body;
    expect(s).toMatchObject({ waitingForDoctor: 1, processing: 1, pickedOrder: second.id });
  });

  it('a delivered order can no longer be changed', async () => {
    const o = await pickedCustomerOrder();
    for (const id of o.itemIds) await doctor.post(`/order/process-item/${id}`, APPROVAL);
    await doctor.post('/order/mark-delivered');
    const res = await doctor.post(`/order/process-item/${o.itemIds[0]}`, { decision: 'undecided' });
    expect(res.status).toBe(403);
    expect((await itemRow(o.itemIds[0])).decision).toBe('approved');
  });

  it('delivers once, with one text message and one audit row, when two tabs and parallel requests press deliver at once', async () => {
    const tab2 = await loginAs(app, 'doctor');
    const o = await pickedCustomerOrder();
    const next = await insertOrder(app, { source: 'customer', minutesToDeadline: 900 });
    for (const id of o.itemIds) await doctor.post(`/order/process-item/${id}`, APPROVAL);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? tab2 : doctor).post<DoctorOrder>('/order/mark-delivered')));
    // One delivered and answered with the next order; the others found the next order undecided.
    expect(results.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(results.find((r) => r.status === 200)!.body.id).toBe(next.id);
    expect(await app.sql(`SELECT count(*)::int AS n FROM sms_outbox WHERE order_id = $1`, [o.id])).toEqual([{ n: 1 }]);
    expect(await app.sql(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'order:deliver' AND order_id = $1`, [o.id])).toEqual([{ n: 1 }]);
    expect(await app.sql(`SELECT delivery_status, doctor_id FROM orders WHERE id = $1`, [next.id])).toEqual([{ delivery_status: 'processing', doctor_id: (await demoIds(app)).doctorId }]);
  });

  it('never delivers an undecided item when an undo in one tab races the delivery in another', async () => {
    // Two sessions of the same doctor: one undoes a decision while the other delivers.
    const tab2 = await loginAs(app, 'doctor');
    for (let round = 0; round < 8; round++) {
      await clearOrders(app);
      const o = await pickedCustomerOrder();
      for (const id of o.itemIds) await doctor.post(`/order/process-item/${id}`, APPROVAL);
      const [undo, delivered] = await Promise.all([
        doctor.post<DoctorPrescription>(`/order/process-item/${o.itemIds[1]}`, { decision: 'undecided' }),
        tab2.post('/order/mark-delivered'),
      ]);
      const [row] = await app.sql<{ delivery_status: string; undecided: number }>(
        `SELECT delivery_status, (SELECT count(*)::int FROM order_item WHERE order_id = o.id AND decision = 'undecided') AS undecided FROM orders o WHERE id = $1`,
        [o.id],
      );
      if (row.delivery_status === 'delivered') {
        // The delivery came first: the undo found no current order and changed nothing.
        expect([delivered.status, undo.status, row.undecided]).toEqual([204, 403, 0]);
      } else {
        // The undo came first: the delivery was refused, the order is still the doctor's.
        expect([undo.status, delivered.status, row.delivery_status, row.undecided]).toEqual([200, 409, 'processing', 1]);
      }
    }
  });

  it('pushes order:updated (delivered) to the customer and queue:status to doctors', async () => {
    const o = await pickedCustomerOrder();
    for (const id of o.itemIds) await doctor.post(`/order/process-item/${id}`, APPROVAL);
    const customer = await loginAs(app, 'customer');
    const customerSocket = await connectSocket(app.baseUrl, customer);
    const doctorSocket = await connectSocket(app.baseUrl, doctor2);
    try {
      const delivered = new Promise((resolve) => {
        customerSocket.on('order:updated', (e) => {
          if (e.deliveryStatus === 'delivered') resolve(e);
        });
      });
      const queue = nextEvent(doctorSocket, 'queue:status');
      await doctor.post('/order/mark-delivered');
      expect(await delivered).toEqual({ orderId: o.id, deliveryStatus: 'delivered' });
      expect(await queue).toMatchObject({ waitingForDoctor: 0, processing: 0 });
    } finally {
      customerSocket.close();
      doctorSocket.close();
    }
  });
});

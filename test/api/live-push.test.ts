/**
 * The order lifecycle publishes one event per change, and each audience's push carries what its
 * screen shows: the queue counts to every doctor, the held order id to that doctor alone, the
 * pharmacy's card and the customer's status with decisions hidden until the order is delivered.
 */
import { ROOMS, type DoctorHeldEvent, type OrderUpdatedEvent, type PushMeta, type QueueStatus, type SystemStatus } from '@resepti/domain';
import { startApp, type TestApp } from '../support/app';
import { loginAs, type ApiClient } from '../support/http';
import { clearOrders, insertOrder } from '../support/order-fixtures';
import { pharmacistAtOffice, sendPharmacyOrder } from '../support/pharmacy-flow';
import { connectSocket, type TestSocket } from '../support/socket';
import { APPROVAL } from '../support/prescribing';

let app: TestApp;
let doctor: ApiClient;
let doctor2: ApiClient;
beforeAll(async () => {
  app = await startApp();
  [doctor, doctor2] = await Promise.all([loginAs(app, 'doctor'), loginAs(app, 'doctor2')]);
});
afterAll(async () => {
  await app?.stop();
});
beforeEach(() => clearOrders(app));

/** Records every event a socket receives, by name. */
function recorder(socket: TestSocket) {
  const seen: Array<{ event: string; payload: unknown }> = [];
  socket.onAny((event: string, payload: unknown) => seen.push({ event, payload }));
  return {
    of: <T>(event: string) => seen.filter((e) => e.event === event).map((e) => e.payload as T),
    /** Resolves once `count` events of this name have arrived, then waits a moment for any extra one. */
    async settle(event: string, count: number, ms = 5000): Promise<void> {
      const until = Date.now() + ms;
      while (seen.filter((e) => e.event === event).length < count) {
        if (Date.now() > until) throw new Error(`only ${seen.filter((e) => e.event === event).length} of ${count} ${event}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      await new Promise((r) => setTimeout(r, 300));
    },
  };
}

async function withSockets<T>(clients: ApiClient[], run: (sockets: TestSocket[]) => Promise<T>): Promise<T> {
  const sockets = await Promise.all(clients.map((c) => connectSocket(app.baseUrl, c)));
  try {
    return await run(sockets);
  } finally {
    sockets.forEach((s) => s.close());
  }
}

it('a pharmacy send publishes one queue:status carrying the counts, and one order:updated', async () => {
  const { client: pharmacist } = await pharmacistAtOffice(app, 'pharmacy');
  await withSockets([doctor], async ([socket]) => {
    const events = recorder(socket);
    await sendPharmacyOrder(pharmacist, ['Kestine']);
    await events.settle('queue:status', 1);
    expect(events.of('queue:status')).toHaveLength(1);
    expect(events.of('order:updated')).toHaveLength(1);
    // The push is the state itself: what GET /system-status answers, but pickedOrder.
    const { pickedOrder, ...counts } = (await doctor.get<SystemStatus>('/system-status')).body;
    expect(pickedOrder).toBeNull();
    expect(events.of<QueueStatus>('queue:status')[0]).toEqual(counts);
    expect(counts).toMatchObject({ waitingForDoctor: 1, processing: 0, count20min: 1, count12h: 0 });
  });
});

it("the queue counts reach the doctors first, then the order's update, numbered one after the other", async () => {
  const { client: pharmacist } = await pharmacistAtOffice(app, 'pharmacy');
  await withSockets([doctor], async ([socket]) => {
    const arrived: Array<{ event: string; meta: PushMeta }> = [];
    socket.onAny((event: string, _payload: unknown, meta: PushMeta) => arrived.push({ event, meta }));
    const events = recorder(socket);
    await sendPharmacyOrder(pharmacist, ['Kestine']);
    await events.settle('order:updated', 1);
    // The change's two pushes are the last of their kinds (a push of an earlier test may arrive first).
    const counts = arrived.filter((x) => x.event === 'queue:status').at(-1)!;
    const update = arrived.filter((x) => x.event === 'order:updated').at(-1)!;
    expect(arrived.indexOf(counts)).toBeLessThan(arrived.indexOf(update));
    expect(update.meta.epoch).toBe(counts.meta.epoch);
    expect(update.meta.ids[ROOMS.doctors]).toBe(counts.meta.ids[ROOMS.doctors] + 1);
  });
});

it("a doctor's held order goes to that doctor alone; delivering and picking the next is one queue:status", async () => {
  const first = await insertOrder(app, { minutesToDeadline: 10 });
  const second = await insertOrder(app, { minutesToDeadline: 20 });
  await withSockets([doctor, doctor2], async ([mine, other]) => {
    const me = recorder(mine);
    const them = recorder(other);
    const picked = await doctor.post<{ id: number; prescriptions: { id: number }[] }>('/order/pick-first');
    expect(picked.body.id).toBe(first.id);
    await me.settle('doctor:held', 1);
    expect(me.of<DoctorHeldEvent>('doctor:held')).toEqual([{ pickedOrder: first.id }]);
    expect(them.of('doctor:held')).toEqual([]);
    expect(them.of<QueueStatus>('queue:status').at(-1)).toMatchObject({ waitingForDoctor: 1, processing: 1 });
    expect(them.of<object>('queue:status').every((s) => !('pickedOrder' in s))).toBe(true);

    for (const item of picked.body.prescriptions) await doctor.post(`/order/process-item/${item.id}`, { ...APPROVAL, reasonForDecision: '' });
    const queueBefore = them.of('queue:status').length;
    expect((await doctor.post<{ id: number }>('/order/mark-delivered')).body.id).toBe(second.id);
    await me.settle('doctor:held', 3);
    expect(me.of<DoctorHeldEvent>('doctor:held').slice(1)).toEqual([{ pickedOrder: null }, { pickedOrder: second.id }]);
    // Two changes in a burst: the counts are read and pushed once, after the responses.
    expect(them.of('queue:status').length - queueBefore).toBe(1);
    expect(them.of<QueueStatus>('queue:status').at(-1)).toMatchObject({ waitingForDoctor: 0, processing: 1 });
    expect(them.of('doctor:held')).toEqual([]);
  });
});

it('another doctor releasing my order tells me at once', async () => {
  const order = await insertOrder(app);
  await doctor.post('/order/pick-first');
  await withSockets([doctor], async ([mine]) => {
    const me = recorder(mine);
    expect((await doctor2.post(`/order/release-one/${order.id}`)).status).toBe(204);
    await me.settle('doctor:held', 1);
    expect(me.of('doctor:held')).toEqual([{ pickedOrder: null }]);
  });
});

it('pharmacies and customers see a decision only once the order is delivered; doctors at once', async () => {
  const { client: pharmacist } = await pharmacistAtOffice(app, 'pharmacy');
  const customer = await loginAs(app, 'customer');
  const pharmacyOrder = await sendPharmacyOrder(pharmacist, ['Kestine']);
  const customerOrder = await insertOrder(app, { source: 'customer', minutesToDeadline: 600 });
  await withSockets([doctor2, pharmacist, customer], async ([doctorSocket, pharmacySocket, customerSocket]) => {
    const doctors = recorder(doctorSocket);
    const pharmacy = recorder(pharmacySocket);
    const patient = recorder(customerSocket);
    for (const expected of [pharmacyOrder, customerOrder.id]) {
      const picked = await doctor.post<{ id: number; prescriptions: { id: number }[] }>('/order/pick-first');
      expect(picked.body.id).toBe(expected);
      for (const item of picked.body.prescriptions) {
        await doctor.post(`/order/process-item/${item.id}`, { decision: 'rejected', reasonForDecision: 'Ei perusteita' });
      }
      // Delivering also picks the next waiting order (the customer's), which the loop then decides.
      await doctor.post('/order/mark-delivered');
    }
    // pick, decide, deliver the pharmacy's order; pick, decide two items, deliver the customer's
    await doctors.settle('order:updated', 7);
    const decided = doctors.of<OrderUpdatedEvent>('order:updated').filter((e) => e.itemId !== undefined);
    expect(decided.length).toBeGreaterThanOrEqual(2);
    expect(decided.every((e) => e.decision === 'rejected')).toBe(true);

    const cards = pharmacy.of<OrderUpdatedEvent>('order:updated').filter((e) => e.orderId === pharmacyOrder);
    const beforeDelivery = cards.filter((e) => e.deliveryStatus !== 'delivered');
    expect(beforeDelivery.length).toBeGreaterThan(0);
    for (const e of beforeDelivery) {
      expect(e.decision).toBeUndefined();
      expect(e.card!.prescriptions.every((p) => p.decision === 'undecided' && p.reasonForDecision === '')).toBe(true);
    }
    const delivered = cards.find((e) => e.deliveryStatus === 'delivered')!;
    expect(delivered.card!.prescriptions).toEqual([expect.objectContaining({ decision: 'rejected', reasonForDecision: 'Ei perusteita' })]);
    // Another pharmacy's order never reaches this pharmacy; the customer's never reaches it either.
    expect(pharmacy.of<OrderUpdatedEvent>('order:updated').some((e) => e.orderId === customerOrder.id)).toBe(false);

    const mine = patient.of<OrderUpdatedEvent>('order:updated');
    expect(mine.every((e) => e.orderId === customerOrder.id)).toBe(true);
    expect(mine.filter((e) => e.deliveryStatus !== 'delivered').every((e) => e.decision === undefined && e.card === undefined)).toBe(true);
    expect(mine.some((e) => e.deliveryStatus === 'delivered')).toBe(true);
  });
});

it('keeps the queue counts right through every kind of change, whoever writes the orders', async () => {
  await Promise.all([insertOrder(app, { minutesToDeadline: 5 }), insertOrder(app, { deliveryOptionId: 'delivery-12-h' }), insertOrder(app, { status: 'processing' })]);
  const picked = await doctor2.post<{ id: number }>('/order/pick-first');
  await doctor2.post(`/order/release-one/${picked.body.id}`);
  await doctor.post('/order/pick-first');
  const [real] = await app.sql<{ waiting: number; processing: number }>(
    `SELECT count(*) FILTER (WHERE delivery_status = 'waiting')::int AS waiting, count(*) FILTER (WHERE delivery_status = 'processing')::int AS processing FROM orders`,
  );
  const status = (await doctor.get<SystemStatus>('/system-status')).body;
  expect({ waiting: status.waitingForDoctor, processing: status.processing }).toEqual(real);
  expect(status.count20min + status.count12h).toBe(real.waiting);
});

/**
 * The doctors' queue over HTTP against a real PostgreSQL: system status, picking (earliest
 * deadline first, one held order per doctor, 204 on an empty queue, never the same order to
 * two doctors under concurrency), the queue listing, releasing, access rules and live pushes.
 */
import type { DoctorOrder, QueueOrder, SystemStatus } from '@resepti/domain';
import { startApp, type TestApp } from '../support/app';
import { ApiClient, loginAs } from '../support/http';
import { clearOrders, demoIds, insertOrder, insertWaitingOrders, makeHetu } from '../support/order-fixtures';
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

const status = async (c: ApiClient) => (await c.get<SystemStatus>('/system-status')).body;

describe('access', () => {
  const calls: Array<[string, string]> = [
    ['GET', '/system-status'],
    ['POST', '/order/pick-first'],
    ['GET', '/order/current'],
    ['GET', '/order/queue'],
    ['POST', '/order/release'],
    ['POST', '/order/release-one/1'],
    ['POST', '/order/process-item/1'],
    ['POST', '/order/mark-delivered'],
    ['POST', '/history'],
    ['GET', '/pharmacy-message'],
    ['POST', '/set-pharmacy-message'],
  ];

  it('answers 401 without a session', async () => {
    const anonymous = new ApiClient(app.apiUrl);
    for (const [method, path] of calls) {
      const res = await anonymous.request(method, path, method === 'POST' ? {} : undefined);
      expect([method, path, res.status]).toEqual([method, path, 401]);
    }
  });

  it('answers 403 to pharmacy users and customers, and changes nothing', async () => {
    await insertWaitingOrders(app, 1);
    for (const who of ['pharmacy', 'pharmacyAdmin', 'customer'] as const) {
      const other = await loginAs(app, who);
      for (const [method, path] of calls) {
        const res = await other.request(method, path, method === 'POST' ? {} : undefined);
        expect([who, method, path, res.status]).toEqual([who, method, path, 403]);
      }
    }
    expect(await app.sql(`SELECT delivery_status FROM orders`)).toEqual([{ delivery_status: 'waiting' }]);
  });
});

describe('GET /system-status', () => {
  it('counts waiting and processing orders per option, gives the earliest waiting deadline and my current order', async () => {
    const empty = await status(doctor);
    expect(empty).toEqual({ waitingForDoctor: 0, processing: 0, nextOrderExpiring: null, count20min: 0, count12h: 0, pickedOrder: null });

    const soon = new Date(Date.now() + 10 * 60_000);
    await insertOrder(app, { deliveryOptionId: 'delivery-20-min', deliveryBeforeTime: soon });
    await insertOrder(app, { deliveryOptionId: 'delivery-12-h', minutesToDeadline: 600 });
    await insertOrder(app, { deliveryOptionId: 'delivery-12-h', minutesToDeadline: 700 });
    const ids = await demoIds(app);
    await insertOrder(app, { status: 'processing', doctorId: ids.doctor2Id });
    await insertOrder(app, { status: 'delivered' });

    const s = await status(doctor);
    expect(s).toEqual({
      waitingForDoctor: 3,
      processing: 1,
      nextOrderExpiring: soon.toISOString(),
      count20min: 1,
      count12h: 2,
      pickedOrder: null,
    });
    const picked = (await doctor.post<DoctorOrder>('/order/pick-first')).body;
    expect((await status(doctor)).pickedOrder).toBe(picked.id);
    expect((await status(doctor2)).pickedOrder).not.toBe(picked.id);
  });

  it("answers many doctors' reads at once each with their own order, and no read made after a pick misses it", async () => {
    await insertWaitingOrders(app, 6);
    const [mine, theirs] = [(await doctor.post<DoctorOrder>('/order/pick-first')).body, (await doctor2.post<DoctorOrder>('/order/pick-first')).body];
    const together = await Promise.all(Array.from({ length: 40 }, (_, i) => status(i % 2 ? doctor2 : doctor)));
    expect(together.map((s) => s.pickedOrder)).toEqual(Array.from({ length: 40 }, (_, i) => (i % 2 ? theirs.id : mine.id)));
    expect(new Set(together.map((s) => s.processing))).toEqual(new Set([2]));
    // Reads keep arriving while the doctor delivers and so picks the next order: every read sent
    // after the delivery answered shows the new order (coalesced-reads.test pins why: a read never
    // shares a statement begun before it arrived).
    for (let round = 0; round < 3; round++) {
      const { prescriptions } = (await doctor.get<DoctorOrder>('/order/current')).body;
      await Promise.all(prescriptions.map((p) => doctor.post(`/order/process-item/${p.id}`, APPROVAL)));
      let delivering = true;
      const background = (async () => {
        while (delivering) await Promise.all(Array.from({ length: 8 }, () => status(doctor)));
      })();
      await new Promise((r) => setTimeout(r, 20));
      const next = (await doctor.post<DoctorOrder>('/order/mark-delivered')).body;
      const after = await Promise.all(Array.from({ length: 8 }, () => status(doctor)));
      delivering = false;
      await background;
      expect(after.map((s) => s.pickedOrder)).toEqual(Array(8).fill(next.id));
    }
  });
});

describe('POST /order/pick-first', () => {
  it('answers 204 when nothing is waiting', async () => {
    await insertOrder(app, { status: 'delivered' });
    const res = await doctor.post('/order/pick-first');
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();
    expect((await doctor.get('/order/current')).status).toBe(204);
  });

  it('takes the waiting order with the earliest deadline, whatever the insertion order', async () => {
    await insertOrder(app, { minutesToDeadline: 300, patient: { firstName: 'Late', lastName: 'Order', hetu: makeHetu(1, 1, 80, 2) } });
    const first = await insertOrder(app, {
      source: 'pharmacy',
      deliveryOptionId: 'delivery-20-min',
      minutesToDeadline: 5,
      patient: { firstName: 'Early', lastName: 'Order', hetu: makeHetu(2, 2, 82, 20) },
    });
    await insertOrder(app, { minutesToDeadline: 60 });

    const res = await doctor.post<DoctorOrder>('/order/pick-first');
    expect(res.status).toBe(200);
    const order = res.body;
    expect(order.id).toBe(first.id);
    expect(order.orderId).toBe(first.id);
    expect(order.deliveryStatus).toBe('processing');
    expect(order.source).toBe('pharmacy');
    expect(order.patient).toEqual({ firstName: 'Early', lastName: 'Order', hetu: makeHetu(2, 2, 82, 20) });
    expect(order.doctor).toEqual({ firstName: 'Liisa', lastName: 'Lääkäri' });
    expect(order.deliveryOptionId).toBe('delivery-20-min');
    expect(new Date(order.processingStartTime!).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(order.deliveryTime).toBeNull();
    expect(order.pharmacyData).toEqual({ pharmacy: 'Keskusapteekki', pharmacyPhone: '+358 9 123 4567', pharmacist: 'Pekka Farmaseutti' });
    expect(order.prescriptions.map((p) => [p.id, p.type, p.displayName, p.decision])).toEqual([
      [first.itemIds[0], 'renewal', 'Burana 400 mg', 'undecided'],
      [first.itemIds[1], 'prescription', 'Allergia', 'undecided'],
    ]);
    expect(order.prescriptions[1].chat).toEqual([
      { text: 'Onko oireita nenässä, silmissä vai molemmissa?', type: 'question' },
      { text: 'Molemmissa', type: 'answer' },
    ]);
    const [stored] = await app.sql<{ delivery_status: string; doctor_id: number; processing_start_time: Date | null }>(
      `SELECT delivery_status, doctor_id, processing_start_time FROM orders WHERE id = $1`,
      [first.id],
    );
    expect(stored.delivery_status).toBe('processing');
    expect(stored.doctor_id).toBe((await demoIds(app)).doctorId);
    expect(stored.processing_start_time).not.toBeNull();
  });

  it('returns the held order when the doctor already has one, and GET /order/current shows it', async () => {
    await insertWaitingOrders(app, 3);
    const a = (await doctor.post<DoctorOrder>('/order/pick-first')).body;
    const again = await doctor.post<DoctorOrder>('/order/pick-first');
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(a.id);
    expect((await doctor.get<DoctorOrder>('/order/current')).body.id).toBe(a.id);
    expect(await app.sql(`SELECT count(*)::int AS n FROM orders WHERE delivery_status = 'processing'`)).toEqual([{ n: 1 }]);
    expect((await status(doctor)).waitingForDoctor).toBe(2);
  });

  it('never gives two doctors the same order when they pick at the same moment (repeated)', async () => {
    const doctorIds = await demoIds(app);
    for (let round = 0; round < 10; round++) {
      await clearOrders(app);
      await insertWaitingOrders(app, 20);
      const taken = new Map<number, number>();
      // Both doctors pick in parallel, release and pick again until the queue is empty.
      for (let step = 0; step < 12; step++) {
        const [r1, r2] = await Promise.all([doctor.post<DoctorOrder>('/order/pick-first'), doctor2.post<DoctorOrder>('/order/pick-first')]);
        if (r1.status === 200 && r2.status === 200) expect(r1.body.id).not.toBe(r2.body.id);
        for (const [res, who] of [[r1, doctorIds.doctorId], [r2, doctorIds.doctor2Id]] as const) {
          if (res.status !== 200) continue;
          expect(taken.has(res.body.id)).toBe(false);
          taken.set(res.body.id, who);
        }
        // Deliver both by SQL so the next pick takes a new order.
        await app.sql(`UPDATE orders SET delivery_status = 'delivered', delivery_time = now() WHERE delivery_status = 'processing'`);
      }
      expect(taken.size).toBe(20);
      const rows = await app.sql<{ id: number; doctor_id: number }>(`SELECT id, doctor_id FROM orders ORDER BY id`);
      for (const row of rows) expect(row.doctor_id).toBe(taken.get(row.id));
    }
  });

  it('gives each of many concurrent picks a different order, and a doctor picking twice at once still holds one', async () => {
    await insertWaitingOrders(app, 20);
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => doctor.post<DoctorOrder>('/order/pick-first')),
      ...Array.from({ length: 5 }, () => doctor2.post<DoctorOrder>('/order/pick-first')),
    ]);
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(new Set(results.slice(0, 5).map((r) => r.body.id)).size).toBe(1);
    expect(new Set(results.slice(5).map((r) => r.body.id)).size).toBe(1);
    expect(results[0].body.id).not.toBe(results[5].body.id);
    expect(await app.sql(`SELECT count(*)::int AS n FROM orders WHERE delivery_status = 'processing'`)).toEqual([{ n: 2 }]);
  });

  it('keeps the counts exact while two doctors pick, decide and deliver at once (the counts are summed over stripes)', async () => {
    await insertWaitingOrders(app, 12);
    const work = async (c: ApiClient) => {
      for (let n = 0; n < 3; n++) {
        const order = (await c.post<DoctorOrder>('/order/pick-first')).body;
        await Promise.all(order.prescriptions.map((p) => c.post(`/order/process-item/${p.id}`, APPROVAL)));
        expect((await c.post('/order/mark-delivered')).status).toBe(200);
      }
    };
    await Promise.all([work(doctor), work(doctor2), doctor.get('/system-status'), doctor2.get('/system-status')]);
    const [real] = await app.sql<{ waiting: number; processing: number }>(
      `SELECT count(*) FILTER (WHERE delivery_status = 'waiting')::int AS waiting, count(*) FILTER (WHERE delivery_status = 'processing')::int AS processing FROM orders WHERE NOT sandbox`,
    );
    const shown = await status(doctor);
    expect({ waiting: shown.waitingForDoctor, processing: shown.processing }).toEqual(real);
    // mark-delivered picks the next order: each doctor holds one more
    expect(real.processing).toBe(2);
  });
});

describe('GET /order/queue', () => {
  it('lists the waiting orders earliest deadline first, without patient data', async () => {
    const later = await insertOrder(app, { minutesToDeadline: 500 });
    const sooner = await insertOrder(app, { source: 'pharmacy', minutesToDeadline: 10 });
    await insertOrder(app, { status: 'delivered' });
    const res = await doctor.get<QueueOrder[]>('/order/queue');
    expect(res.status).toBe(200);
    expect(res.body.map((o) => [o.id, o.source, o.itemCount])).toEqual([
      [sooner.id, 'pharmacy', 2],
      [later.id, 'customer', 2],
    ]);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain('Asiakas');
    expect(text).not.toContain('010190');
  });
});

describe('releasing', () => {
  it('POST /order/release puts the current order back in the queue, keeping its decisions', async () => {
    const [o] = await insertWaitingOrders(app, 1);
    await doctor.post('/order/pick-first');
    await doctor.post(`/order/process-item/${o.itemIds[0]}`, APPROVAL);
    const res = await doctor.post('/order/release');
    expect(res.status).toBe(204);
    expect(await app.sql(`SELECT delivery_status, doctor_id, processing_start_time FROM orders WHERE id = $1`, [o.id])).toEqual([
      { delivery_status: 'waiting', doctor_id: null, processing_start_time: null },
    ]);
    expect((await status(doctor)).pickedOrder).toBeNull();
    expect((await doctor.get('/order/current')).status).toBe(204);
    // Another doctor can take it now.
    const taken = await doctor2.post<DoctorOrder>('/order/pick-first');
    expect(taken.body.id).toBe(o.id);
    expect(taken.body.prescriptions[0].decision).toBe('approved');
  });

  it('POST /order/release without a current order is 409 with a message', async () => {
    const res = await doctor.post('/order/release');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Sinulla ei ole käsittelyssä olevaa tilausta.');
  });

  it("POST /order/release-one/{id}: any doctor releases another doctor's processing order", async () => {
    await insertWaitingOrders(app, 2);
    const held = (await doctor2.post<DoctorOrder>('/order/pick-first')).body;
    const res = await doctor.post(`/order/release-one/${held.id}`);
    expect(res.status).toBe(204);
    expect(await app.sql(`SELECT delivery_status, doctor_id FROM orders WHERE id = $1`, [held.id])).toEqual([{ delivery_status: 'waiting', doctor_id: null }]);
    expect((await status(doctor2)).pickedOrder).toBeNull();
  });

  it('POST /order/release-one refuses a waiting or delivered order (409), an unknown one (404) and a bad id (400)', async () => {
    const waiting = await insertOrder(app);
    const delivered = await insertOrder(app, { status: 'delivered' });
    const r1 = await doctor.post(`/order/release-one/${waiting.id}`);
    expect(r1.status).toBe(409);
    expect(r1.body.message).toBe('Tilaus ei ole käsittelyssä, joten sitä ei voi palauttaa jonoon.');
    expect((await doctor.post(`/order/release-one/${delivered.id}`)).status).toBe(409);
    expect(await app.sql(`SELECT delivery_status FROM orders WHERE id = $1`, [delivered.id])).toEqual([{ delivery_status: 'delivered' }]);
    const r404 = await doctor.post('/order/release-one/999999');
    expect(r404.status).toBe(404);
    expect(r404.body.message).toBe('Tilausta ei löydy.');
    expect((await doctor.post('/order/release-one/abc')).status).toBe(400);
  });
});

describe('audit log', () => {
  it('records who read which order when a doctor picks it and reads it again', async () => {
    const [o] = await insertWaitingOrders(app, 1);
    await doctor.post('/order/pick-first');
    await doctor.get('/order/current');
    const ids = await demoIds(app);
    const rows = await app.sql<{ actor_role: string; actor_id: number; action: string; patient_hetu: string }>(
      `SELECT actor_role, actor_id, action, patient_hetu FROM audit_log WHERE order_id = $1 ORDER BY id`,
      [o.id],
    );
    expect(rows).toEqual([
      { actor_role: 'doctor', actor_id: ids.doctorId, action: 'order:pick', patient_hetu: '010190-998V' },
      { actor_role: 'doctor', actor_id: ids.doctorId, action: 'order:read', patient_hetu: '010190-998V' },
    ]);
  });
});

describe('live pushes', () => {
  it("a second doctor's socket receives queue:status with the new counts when the first doctor picks", async () => {
    await insertWaitingOrders(app, 2, { deliveryOptionId: 'delivery-12-h' });
    await insertOrder(app, { deliveryOptionId: 'delivery-20-min', minutesToDeadline: 30 });
    const socket = await connectSocket(app.baseUrl, doctor2);
    try {
      const pushed = nextEvent(socket, 'queue:status');
      await doctor.post('/order/pick-first');
      const s = await pushed;
      // The 20-min order (earliest deadline) was taken: two 12-h orders still wait.
      expect(s.waitingForDoctor).toBe(2);
      expect(s.processing).toBe(1);
      expect(s.count20min).toBe(0);
      expect(s.count12h).toBe(2);
      expect(s.nextOrderExpiring).not.toBeNull();

      const released = nextEvent(socket, 'queue:status');
      await doctor.post('/order/release');
      expect(await released).toMatchObject({ waitingForDoctor: 3, processing: 0, count20min: 1 });
    } finally {
      socket.close();
    }
  });

  it("pushes order:updated to the pharmacy office's room when a doctor picks its order", async () => {
    const o = await insertOrder(app, { source: 'pharmacy' });
    const pharmacist = await loginAs(app, 'pharmacy');
    const offices = await pharmacist.get<Array<{ id: number }>>('/users-offices');
    if (offices.status === 200 && offices.body.length) await pharmacist.patch(`/selected-office/${(await demoIds(app)).officeId}`);
    const socket = await connectSocket(app.baseUrl, pharmacist);
    try {
      const event = nextEvent(socket, 'order:updated');
      await doctor.post('/order/pick-first');
      // The card as the pharmacy's lists show it: the screen updates without a request.
      expect(await event).toEqual({
        orderId: o.id,
        deliveryStatus: 'processing',
        card: expect.objectContaining({ orderId: o.id, deliveryStatus: 'processing' }),
      });
    } finally {
      socket.close();
    }
  });
});

import { ROOMS, type PharmacyOrder, type PushMeta } from '@resepti/domain';
import { startApp, type TestApp } from '../support/app';
import { insertOrder, insertWaitingOrders } from '../support/order-fixtures';
import { parseMetrics, scrape, valueOf } from '../support/metrics';
import { pharmacistAtOffice } from '../support/pharmacy-flow';
import { loginAs } from '../support/http';
import { connectSocket, nextEvent, sessionInfo } from '../support/socket';

/**
 * Two API nodes on one PostgreSQL with a real Redis between them, as in docker-compose:
 * sessions work on either node, pushes reach sockets on the other node, and two doctors
 * on different nodes never pick the same order.
 */
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  // Reseptilista kept for a minute: node B shows a change because it was told, not because a second passed.
  a = await startApp({ env: { REDIS_URL, RESEPTILISTA_CACHE_MS: '60000' } });
  b = await startApp({ databaseUrl: a.databaseUrl, env: { REDIS_URL, RESEPTILISTA_CACHE_MS: '60000' } });
  // A budget for two app starts on a shared, loaded machine (each waits up to 90 s); not a measurement.
}, 200_000);
afterAll(async () => {
  await b?.stop();
  await a?.stop();
});

describe('two API nodes with Redis', () => {
  it('accepts a session created on one node on the other', async () => {
    const doctorOnA = await loginAs(a, 'doctor');
    const res = await doctorOnA.onNode(b.apiUrl).get('/my-doctor-info');
    expect(res.status).toBe(200);
    expect(res.body.firstName).toBe('Liisa');
  });

  it("sees at once on node B a session changed or ended on node A, though B keeps sessions it read in memory", async () => {
    const admin = await loginAs(a, 'pharmacyAdmin');
    const onB = admin.onNode(b.apiUrl);
    const [, branch] = (await admin.get<Array<{ id: number }>>('/users-offices')).body;
    // B reads (and keeps) the session with no office chosen
    expect((await onB.get('/users-session-office')).body ?? null).toBeNull();
    expect((await admin.patch(`/selected-office/${branch.id}`)).status).toBe(200);
    expect((await onB.get<{ id: number }>('/users-session-office')).body.id).toBe(branch.id);

    expect((await onB.get('/users-offices')).status).toBe(200);
    expect((await admin.post('/logout')).status).toBe(204);
    expect((await onB.get('/users-offices')).status).toBe(401);
  });

  it('delivers a notice published on node A to a pharmacy socket on node B', async () => {
    const pharmacist = await loginAs(b, 'kyla');
    const socket = await connectSocket(b.baseUrl, pharmacist);
    try {
      expect((await sessionInfo(socket)).rooms).toContain(ROOMS.pharmacies);
      const received = nextEvent(socket, 'notice:updated');
      const doctor = await loginAs(a, 'doctor');
      const saved = await doctor.post('/set-pharmacy-message', {
        id: 1,
        header: 'Huoltokatko sunnuntaina',
        additionalDetails: 'Palvelu on poissa käytöstä klo 2–4.',
        status: 'published',
      });
      expect(saved.status).toBeLessThan(300);
      const event = await received;
      expect(event.notice).toMatchObject({ header: 'Huoltokatko sunnuntaina', status: 'published' });
    } finally {
      socket.close();
    }
  });

  it('pushes queue counts to a doctor on node B when a doctor on node A picks', async () => {
    await insertWaitingOrders(a, 2);
    const watcher = await loginAs(b, 'doctor2');
    const socket = await connectSocket(b.baseUrl, watcher);
    try {
      const before = (await watcher.get('/system-status')).body as { waitingForDoctor: number };
      const pushed = nextEvent(socket, 'queue:status');
      const picker = await loginAs(a, 'doctor');
      expect((await picker.post('/order/pick-first')).status).toBe(200);
      const status = await pushed;
      expect(status.waitingForDoctor).toBe(before.waitingForDoctor - 1);
      expect(status.processing).toBeGreaterThanOrEqual(1);
      await picker.post('/order/release');
    } finally {
      socket.close();
    }
  });

  it("numbers a change's pushes together through Redis: a doctor on node B gets the counts, then the order, one number apart", async () => {
    await insertWaitingOrders(a, 1);
    const watcher = await loginAs(b, 'doctor2');
    const socket = await connectSocket(b.baseUrl, watcher);
    try {
      const arrived: Array<{ event: string; meta: PushMeta }> = [];
      socket.onAny((event: string, _payload: unknown, meta: PushMeta) => arrived.push({ event, meta }));
      const picked = new Promise<void>((resolve) => socket.on('order:updated', (e) => e.deliveryStatus === 'processing' && resolve()));
      const picker = await loginAs(a, 'doctor');
      expect((await picker.post('/order/pick-first')).status).toBe(200);
      await picked;
      // The change's two pushes are the last of their kinds (a push of an earlier test may arrive first).
      const counts = arrived.filter((x) => x.event === 'queue:status').at(-1)!;
      const update = arrived.filter((x) => x.event === 'order:updated').at(-1)!;
      expect(arrived.indexOf(counts)).toBeLessThan(arrived.indexOf(update));
      // One epoch, Redis's (a node counting alone has its own, 'local-…').
      expect(update.meta.epoch).toBe(counts.meta.epoch);
      expect(counts.meta.epoch).not.toMatch(/^local-/);
      expect(update.meta.ids[ROOMS.doctors]).toBe(counts.meta.ids[ROOMS.doctors] + 1);
      await picker.post('/order/release');
    } finally {
      socket.close();
    }
  });

  it('shows on node B, which keeps Reseptilista in memory, a prescription checked on node A at once', async () => {
    const { id: orderId, itemIds } = await insertOrder(a, { source: 'pharmacy', status: 'delivered', createdAt: new Date() });
    const { client } = await pharmacistAtOffice(a, 'pharmacy');
    const onB = client.onNode(b.apiUrl);
    const fromMemoryOnB = async () => valueOf(parseMetrics((await scrape(b.baseUrl)).text), 'resepti_reseptilista_reads_total', { from: 'memory' }) ?? 0;
    const prescriptionsOnB = async () => (await onB.get<PharmacyOrder[]>('/pharmacy-order-history/active')).body.find((o) => o.orderId === orderId)?.prescriptions.map((p) => p.id);

    expect(await prescriptionsOnB()).toEqual(itemIds);
    const before = await fromMemoryOnB();
    expect(await prescriptionsOnB()).toEqual(itemIds);
    expect(await fromMemoryOnB()).toBe(before + 1); // B answered the second read from memory

    expect((await client.post(`/check-order-item/${itemIds[0]}`)).status).toBe(200); // on node A
    expect(await prescriptionsOnB()).toEqual(itemIds.slice(1));
  });

  it('never gives the same order to two doctors picking at once on different nodes', async () => {
    for (let round = 0; round < 5; round++) {
      await a.sql(`UPDATE orders SET delivery_status = 'delivered', delivery_time = now() WHERE delivery_status <> 'delivered'`);
      await insertWaitingOrders(a, 3);
      const one = await loginAs(a, 'doctor');
      const two = await loginAs(b, 'doctor2');
      const [r1, r2] = await Promise.all([one.post('/order/pick-first'), two.post('/order/pick-first')]);
      expect([r1.status, r2.status]).toEqual([200, 200]);
      expect(r1.body.id).not.toBe(r2.body.id);
      const holders = await a.sql<{ n: number }>(`SELECT count(DISTINCT doctor_id)::int AS n FROM orders WHERE delivery_status = 'processing'`);
      expect(holders[0].n).toBe(2);
    }
  });
});

import path from 'node:path';
/**
 * A lifecycle step reads its order once, by hand (loadOrderWithItems): the entities its event
 * carries must be what the ORM would load, and the doctor's view of it what the Historia page
 * (many orders in one statement) shows, for orders in every state (items decided or not, a
 * coupon, a renewal date, chat, pharmacy data).
 */
import { DataSource } from 'typeorm';
import type { DoctorOrder } from '@resepti/domain';
import { dataSourceOptions } from '../../apps/api/src/platform/database/data-source-options';
import { loadEntities } from '../../apps/api/src/platform/database/entity-files';
import { Order } from '../../apps/api/src/orders/order.entity';
import { readHistoryPage } from '../../apps/api/src/orders/history-query';
import { doctorViewOf, loadOrderWithItems } from '../../apps/api/src/orders/order-loads';
import { startApp, type TestApp } from '../support/app';
import { loginAs } from '../support/http';
import { insertOrder } from '../support/order-fixtures';
import { APPROVAL } from '../support/prescribing';

let app: TestApp;
let ds: DataSource;
beforeAll(async () => {
  app = await startApp();
  ds = new DataSource(dataSourceOptions(app.databaseUrl, 2, '', null, await loadEntities(path.join(__dirname, '../../apps/api/src'))));
  await ds.initialize();
});
afterAll(async () => {
  await ds?.destroy();
  await app?.stop();
});

it("loads an order as the ORM does and as the doctor's view does, in every state", async () => {
  const doctor = await loginAs(app, 'doctor');
  const chat = [{ text: 'Onko oireita?', type: 'question' as const }, { text: 'Ei', type: 'answer' as const }];
  const delivered = await insertOrder(app, {
    source: 'customer',
    items: [
      { type: 'renewal', displayName: 'Kestine 10 mg', priceCents: 990 },
      { type: 'prescription', displayName: 'Allergia', medicalProblem: 'allergy', chat, priceCents: 1990 },
    ],
  });
  // Decided through the API: a decision time, a coupon, then delivery's renewal date.
  const picked = (await doctor.post<DoctorOrder>('/order/pick-first')).body;
  expect(picked.id).toBe(delivered.id);
  await doctor.post(`/order/process-item/${delivered.itemIds[0]}`, APPROVAL);
  await doctor.post(`/order/process-item/${delivered.itemIds[1]}`, { decision: 'rejected-with-coupon', reasonForDecision: 'Tarvitaan tutkimus' });
  expect([200, 204]).toContain((await doctor.post('/order/mark-delivered')).status);
  const pharmacy = await insertOrder(app, { source: 'pharmacy', status: 'processing' });
  const [{ noItems }] = await app.sql<{ noItems: number }>(
    `INSERT INTO orders (source, patient_first_name, patient_last_name, patient_hetu, delivery_option_id, delivery_before_time)
     SELECT source, patient_first_name, patient_last_name, patient_hetu, delivery_option_id, delivery_before_time FROM orders WHERE id = $1
     RETURNING id AS "noItems"`,
    [pharmacy.id],
  );

  const ids = (await app.sql<{ id: number }>('SELECT id FROM orders ORDER BY id')).map((r) => r.id);
  expect(ids).toEqual(expect.arrayContaining([delivered.id, pharmacy.id, noItems]));
  for (const id of ids) {
    const loaded = (await loadOrderWithItems(ds.manager, id))!;
    const [byOrm] = await ds.manager.find(Order, { where: { id }, relations: { items: true }, order: { items: { id: 'ASC' } } });
    // The items' e-prescriptions are no column of the item (e_prescription, read with it): as the table says.
    for (const item of loaded.order.items) {
      const [record] = await app.sql<{ status: string; centre_id: string | null }>('SELECT status, centre_id FROM e_prescription WHERE order_item_id = $1', [item.id]);
      expect(item.ePrescription ? { status: item.ePrescription.status, centre_id: item.ePrescription.id } : undefined).toEqual(record);
      for (const ormItem of byOrm.items ?? []) if (ormItem.id === item.id) ormItem.ePrescription = item.ePrescription;
    }
    // Strict: the same classes, the same properties (none the ORM leaves out), the same values.
    expect(loaded.order).toStrictEqual(byOrm);
  }
  const history = await readHistoryPage(ds.manager, null, 'newest', 30);
  expect(history.data.map((o) => o.id).sort()).toEqual([delivered.id, pharmacy.id].sort());
  for (const shown of history.data) expect(shown).toStrictEqual(doctorViewOf((await loadOrderWithItems(ds.manager, shown.id))!));
  const view = doctorViewOf((await loadOrderWithItems(ds.manager, delivered.id))!);
  expect(view.prescriptions.map((p) => [p.decision, p.couponCode !== null, p.renewableTill !== null, p.chat?.length ?? 0])).toEqual([
    ['approved', false, true, 0],
    ['rejected-with-coupon', true, false, 2],
  ]);
  expect(view.doctor).not.toBeNull();
  expect(await loadOrderWithItems(ds.manager, 2_000_000_000)).toBeNull();
});

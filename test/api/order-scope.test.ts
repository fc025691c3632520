/**
 * The order-reads door (orders/order-reads.service.ts) turns who is asking (a Scope) into SQL in
 * one place (orders/order-scope.ts): a customer sees only their own orders, a pharmacy office
 * never another office's, a doctor and a pharmacy never the sandbox's, and an integrator client
 * only its pharmacy's orders of its kind (a sandbox client never a real order, a real client
 * never a sandbox one) and of its offices. Checked here on the door itself, for every kind of
 * Scope at once, over the same rows, with the door's own statements (OrderReads.byIds, .itemRows,
 * .count run these; the service itself needs the Nest container).
 */
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../apps/api/src/platform/database/data-source-options';
import { itemRowsStatement, type OrderItemRow } from '../../apps/api/src/orders/order-item-rows';
import { ORDER_WITH_ITEMS_COLUMNS, ORDER_WITH_ITEMS_JOINS, ordersOfRows, type OrderWithItemRow } from '../../apps/api/src/orders/order-loads';
import { scopedOrdersStatement, scopeSql, type Scope } from '../../apps/api/src/orders/order-scope';
import { startApp, type TestApp } from '../support/app';
import { demoIds, insertOrder, type DemoIds, type InsertedOrder } from '../support/order-fixtures';

let app: TestApp;
let ds: DataSource;
let ids: DemoIds;
let own: InsertedOrder;
let office: InsertedOrder;
let sandbox: InsertedOrder;
let otherOffice: InsertedOrder;
let otherOfficeId: number;

beforeAll(async () => {
  app = await startApp();
  ds = new DataSource(dataSourceOptions(app.databaseUrl, 2));
  await ds.initialize();
  ids = await demoIds(app);
  own = await insertOrder(app, { source: 'customer' });
  office = await insertOrder(app, { source: 'pharmacy' });
  sandbox = await insertOrder(app, { source: 'pharmacy' });
  await app.sql(`UPDATE orders SET sandbox = true WHERE id = $1`, [sandbox.id]);
  otherOffice = await insertOrder(app, { source: 'pharmacy' });
  [{ id: otherOfficeId }] = await app.sql<{ id: number }>(
    `INSERT INTO pharmacy_office (pharmacy_id, name) SELECT pharmacy_id, 'Toinen toimipiste' FROM pharmacy_office WHERE id = $1 RETURNING id`,
    [ids.officeId],
  );
  await app.sql(`UPDATE orders SET office_id = $2 WHERE id = $1`, [otherOffice.id, otherOfficeId]);
});
afterAll(async () => {
  await ds?.destroy();
  await app?.stop();
});

/** The ids among the four orders that the scope sees, read by the door's statement. */
async function seen(scope: Scope): Promise<number[]> {
  const statement = scopedOrdersStatement(scope, [own.id, office.id, sandbox.id, otherOffice.id], ORDER_WITH_ITEMS_COLUMNS, ORDER_WITH_ITEMS_JOINS);
  return ordersOfRows((await ds.query(statement.sql, statement.params)) as OrderWithItemRow[]).map((o) => o.order.id);
}

/** The orders of one item that the scope sees, as the FHIR view reads items. */
async function itemOrders(scope: Scope, itemId: number): Promise<number[]> {
  const statement = itemRowsStatement(scope, { itemId });
  return ((await ds.query(statement.sql, statement.params)) as OrderItemRow[]).map((r) => r.orderId);
}

it('shows a customer only their own orders', async () => {
  expect(await seen({ kind: 'customer', customerId: ids.customerId })).toEqual([own.id]);
  expect(await seen({ kind: 'customer', customerId: ids.customerId + 1000 })).toEqual([]);
});

it('shows a doctor every real order, never the sandbox’s', async () => {
  expect(await seen({ kind: 'doctor', doctorId: ids.doctorId })).toEqual([own.id, office.id, otherOffice.id]);
});

it("shows a pharmacy office only its own office's real orders, and only to a user who works there", async () => {
  expect(await seen({ kind: 'pharmacy', pharmacyId: ids.pharmacyId })).toEqual([office.id, otherOffice.id]);
  expect(await seen({ kind: 'pharmacy', pharmacyId: ids.pharmacyId, officeId: ids.officeId })).toEqual([office.id]);
  expect(await seen({ kind: 'pharmacy', pharmacyId: ids.pharmacyId, officeId: ids.officeId, userId: ids.pharmacyUserId })).toEqual([office.id]);
  // The demo user does not work at the new office: its orders stay hidden from them.
  expect(await seen({ kind: 'pharmacy', pharmacyId: ids.pharmacyId, officeId: otherOfficeId, userId: ids.pharmacyUserId })).toEqual([]);
  expect(await seen({ kind: 'pharmacy', pharmacyId: null })).toEqual([]);
  const params: unknown[] = [];
  const [{ count }] = (await ds.query(`SELECT count(*)::int AS count FROM orders o WHERE ${scopeSql({ kind: 'pharmacy', pharmacyId: ids.pharmacyId }, params)}`, params)) as Array<{ count: number }>;
  expect(count).toBe(2);
});

it('shows an integrator client only its kind of orders (sandbox or real) of its pharmacy and offices', async () => {
  const client = { kind: 'integrator' as const, clientId: 1, pharmacyId: ids.pharmacyId };
  expect(await seen({ ...client, officeIds: [], sandbox: true })).toEqual([sandbox.id]);
  expect(await seen({ ...client, officeIds: [], sandbox: false })).toEqual([office.id, otherOffice.id]);
  expect(await seen({ ...client, officeIds: [ids.officeId], sandbox: false })).toEqual([office.id]);
  expect(await seen({ ...client, pharmacyId: ids.pharmacyId + 1000, officeIds: [], sandbox: false })).toEqual([]);
  // The FHIR view's item rows go through the same scope.
  expect(await itemOrders({ ...client, officeIds: [], sandbox: true }, office.itemIds[0])).toEqual([]);
  expect(await itemOrders({ ...client, officeIds: [], sandbox: false }, office.itemIds[0])).toEqual([office.id]);
  expect(await itemOrders({ ...client, officeIds: [], sandbox: true }, sandbox.itemIds[0])).toEqual([sandbox.id]);
});

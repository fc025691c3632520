/**
 * Issue 41, exactly once across processes: two API processes on one database send 20 orders at
 * once (20 doctors, half on each process), both processes' outbox workers record them, and a
 * process killed with SIGKILL after its create reached the Centre but before it recorded the
 * answer leaves the item to the other process, whose conditional create finds the first. The
 * Centre holds one prescription per item.
 */
import { startApp, type TestApp } from '../support/app';
import { startControlledCentre, type ControlledCentre } from '../support/controlled-centre';
import type { ApiClient } from '../support/http';
import { clearOrders } from '../support/order-fixtures';
import { centreEnv, doctorOn, giveRegisterNumbers, heldOrder, ITEM_SYSTEM, recordableProduct, recordsOf, send, waitForStatus } from '../support/e-prescriptions';

/** A claim lasts the send's timeout plus a margin: short, so the killed process's row passes to the other soon. */
const LEASE = { OUTBOX_SEND_TIMEOUT_SECONDS: '3', OUTBOX_LEASE_MARGIN_SECONDS: '1' };

let centre: ControlledCentre;
let one: TestApp;
let two: TestApp;
let product: { id: number; name: string };

beforeAll(async () => {
  centre = await startControlledCentre();
  one = await startApp({ env: centreEnv(centre, LEASE) });
  two = await startApp({ databaseUrl: one.databaseUrl, env: centreEnv(centre, LEASE) });
  product = await recordableProduct(one);
}, 180_000);

afterAll(async () => {
  await two?.stop();
  await one?.stop();
  await centre?.close();
});

it('20 parallel sends on two processes: one prescription per approved item, none for the rejected', async () => {
  await clearOrders(one);
  // Twenty doctors (the demo doctor's password), each holding one order.
  await one.sql(
    `INSERT INTO doctor (email, password_hash, first_name, last_name)
     SELECT 'laakari.rinnakkain' || n || '@example.fi', password_hash, 'Rinnakkainen', 'Lääkäri ' || n FROM doctor, generate_series(1, 20) n WHERE email = 'laakari@example.fi'`,
  );
  await giveRegisterNumbers(one);
  const doctors = await one.sql<{ id: number; email: string }>(`SELECT id, email FROM doctor WHERE email LIKE 'laakari.rinnakkain%' ORDER BY id`);
  const orders = [];
  for (const d of doctors) orders.push(await heldOrder(one, d.id, product.id, ['approved', 'approved', 'rejected']));
  const clients: ApiClient[] = await Promise.all(doctors.map((d, i) => doctorOn(i % 2 === 0 ? one : two, d.email)));

  await Promise.all(clients.map((c) => send(c)));

  const approved = orders.flatMap((o) => o.itemIds.slice(0, 2));
  const rejected = orders.map((o) => o.itemIds[2]);
  await waitForStatus(one, approved, 'recorded', 60_000);
  expect(centre.resources()).toHaveLength(40);
  for (const id of approved) expect([id, centre.createsOf(`${ITEM_SYSTEM}|${id}`)]).toEqual([id, 1]);
  expect(await recordsOf(one, rejected)).toEqual([]);
  expect(rejected.map((id) => centre.postsOf(`${ITEM_SYSTEM}|${id}`))).toEqual(rejected.map(() => 0));
  // Each record names the prescription the Centre holds for it.
  const held = new Map(centre.resources().map((r) => [r.identifier!.find((i) => i.system === ITEM_SYSTEM)!.value, r.id]));
  for (const row of await recordsOf(one, approved)) expect(row.centre_id).toBe(held.get(String(row.order_item_id)));
}, 120_000);

it('a process killed (SIGKILL) between the send and its record: the other records it, one prescription', async () => {
  await clearOrders(one);
  const [doctor] = await one.sql<{ id: number }>(`SELECT id FROM doctor WHERE email = 'laakari@example.fi'`);
  await giveRegisterNumbers(one);
  const order = await heldOrder(one, doctor.id, product.id, ['approved']);
  const [item] = order.itemIds;
  const before = centre.resources().length;
  // The Centre answers after 1.5 s: the create is made then, and its answer goes to a process that is gone.
  centre.delayMs = 1500;
  // Sent on `two` (whose worker is woken by the commit, so it usually claims the row; either may).
  const doctorOnTwo = await doctorOn(two);
  await send(doctorOnTwo);
  // The row claimed by a process and its first try arrived at the Centre (waiting for the answer),
  // then that process killed. (The claim alone is not enough: on a loaded machine the claimer may
  // still be loading the row when it is killed, and the try never reaches the Centre.)
  const arrived = () => centre.requests.some((r) => r.method === 'POST' && (r.ifNoneExist ?? '').endsWith(`|${item}`));
  let claimer = '';
  for (const until = Date.now() + 10_000; Date.now() < until && !(claimer && arrived()); await new Promise((r) => setTimeout(r, 20))) {
    const [row] = await one.sql<{ claimed_by: string | null }>(`SELECT claimed_by FROM e_prescription WHERE order_item_id = $1`, [item]);
    claimer = row?.claimed_by ?? '';
  }
  expect({ claimed: claimer !== '', arrived: arrived() }).toEqual({ claimed: true, arrived: true });
  const victim = pidOwner(claimer);
  await victim.signal('SIGKILL');
  centre.delayMs = 0;

  const survivor = victim === one ? two : one;
  const [row] = await waitForStatus(survivor, [item], 'recorded', 30_000);
  expect(centre.resources().length - before).toBe(1);
  expect(centre.createsOf(`${ITEM_SYSTEM}|${item}`)).toBe(1);
  // The killed try reached the Centre (it made the prescription); the survivor's repeat found it.
  expect(centre.postsOf(`${ITEM_SYSTEM}|${item}`)).toBe(2);
  expect(row.centre_id).toBe(centre.resources().at(-1)!.id);
  expect(row.attempts).toBe(2);
}, 90_000);

/** The test app whose process claimed the row (claimed_by is host:pid:…). */
function pidOwner(claimedBy: string): TestApp {
  const pid = Number(claimedBy.split(':')[1]);
  const owner = [one, two].find((app) => app.pid === pid);
  if (!owner) throw new Error(`no test app has the process ${pid} (${claimedBy})`);
  return owner;
}

/**
 * E-prescription tests' ground (issue 41): an app whose Prescription Centre is one the test
 * controls (test/support/controlled-centre.ts), doctors with Valvira register numbers, and orders
 * a doctor holds with approved or rejected items that name a catalogue product and a dosage
 * (what an approval records), delivered through the doctor's own call.
 */
import type { TestApp } from './app';
import type { ControlledCentre } from './controlled-centre';
import { ApiClient, DEMO } from './http';
import { demoIds, insertOrder, type InsertedOrder } from './order-fixtures';

/** Our identifier system of order items: the If-None-Exist of each item's create. */
export const ITEM_SYSTEM = 'https://resepti.fi/fhir/order-item';

/** The environment that points the app at the controlled Centre, retrying fast (0.2 s, not the default 30 s). */
export function centreEnv(centre: ControlledCentre, extra: Record<string, string> = {}): Record<string, string> {
  return { PRESCRIPTION_CENTRE_URL: centre.url, PRESCRIPTION_CENTRE_RETRY_SECONDS: '0.2', PRESCRIPTION_CENTRE_TIMEOUT_SECONDS: '5', ...extra };
}

/** Every doctor gets a (test) register number: the prescriber's identifier in the Centre. */
export async function giveRegisterNumbers(app: TestApp): Promise<void> {
  await app.sql(`UPDATE doctor SET register_number = '10' || lpad(id::text, 7, '0') WHERE register_number IS NULL`);
}

/** A renewable catalogue product with a VNR and an ATC code. */
export async function recordableProduct(app: TestApp): Promise<{ id: number; name: string }> {
  const [p] = await app.sql<{ id: number; name: string }>(
    `SELECT id, name FROM product WHERE vnr IS NOT NULL AND atc_code <> '' AND renewable AND available ORDER BY id LIMIT 1`,
  );
  if (!p) throw new Error('the demo catalogue has no product with a VNR and an ATC code');
  return p;
}

/**
 * An order held (processing) by `doctorId` with one item per decision, each approved one
 * prescribing `productId` with a dosage (as the doctor's approval writes them).
 */
export async function heldOrder(app: TestApp, doctorId: number, productId: number, decisions: Array<'approved' | 'rejected'>): Promise<InsertedOrder> {
  const order = await insertOrder(app, {
    status: 'processing',
    doctorId,
    items: decisions.map((decision) => ({ decision, reasonForDecision: decision === 'rejected' ? 'Ei perusteita.' : '' })),
  });
  await app.sql(
    `UPDATE order_item SET product_id = $2::int, decision_time = now(),
            prescribed_product_id = CASE WHEN decision = 'approved' THEN $2::int END,
            dosage_instruction = CASE WHEN decision = 'approved' THEN '1 tabletti 1 kerran päivässä' END,
            packages = CASE WHEN decision = 'approved' THEN 1 END,
            -- The snapshot an approval takes of the medicine it names (lifecycle-statements' decide).
            prescribed_medication = CASE WHEN decision = 'approved' THEN
              (SELECT jsonb_build_object('name', p.name, 'strength', p.strength, 'form', p.form, 'packageSize', p.package_size, 'vnr', p.vnr, 'atcCode', p.atc_code)
                 FROM product p WHERE p.id = $2::int) END
      WHERE order_id = $1`,
    [order.id, productId],
  );
  return order;
}

/** Signs in the demo doctor on this node. */
export async function doctorOn(app: Pick<TestApp, 'apiUrl'>, email: string = DEMO.doctor.email): Promise<ApiClient> {
  const client = new ApiClient(app.apiUrl);
  const res = await client.post('/doctor-login', { email, password: DEMO.doctor.password });
  if (res.status !== 200) throw new Error(`doctor login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return client;
}

/** 'Lähetä': the doctor's current order is delivered (the send); fails the test otherwise. */
export async function send(doctor: ApiClient): Promise<void> {
  const res = await doctor.post('/order/mark-delivered');
  if (res.status !== 200 && res.status !== 204) throw new Error(`mark-delivered: ${res.status} ${JSON.stringify(res.body)}`);
}

export interface RecordRow {
  order_item_id: number;
  status: 'pending' | 'recorded' | 'failed';
  centre_id: string | null;
  attempts: number;
  last_error: string | null;
  valid_until: string | null;
}

export async function recordsOf(app: TestApp, itemIds: number[]): Promise<RecordRow[]> {
  return app.sql<RecordRow>(
    `SELECT order_item_id, status, centre_id, attempts, last_error, valid_until::text FROM e_prescription WHERE order_item_id = ANY($1) ORDER BY order_item_id`,
    [itemIds],
  );
}

/** Waits until every item's record is in `status` (or the budget runs out: then the last rows are in the error). */
export async function waitForStatus(app: TestApp, itemIds: number[], status: RecordRow['status'], budgetMs = 20_000): Promise<RecordRow[]> {
  const until = Date.now() + budgetMs;
  for (;;) {
    const rows = await recordsOf(app, itemIds);
    if (rows.length === itemIds.length && rows.every((r) => r.status === status)) return rows;
    if (Date.now() > until) throw new Error(`e-prescriptions not ${status} in ${budgetMs} ms: ${JSON.stringify(rows)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The demo doctor's id. */
export async function demoDoctorId(app: TestApp): Promise<number> {
  return (await demoIds(app)).doctorId;
}

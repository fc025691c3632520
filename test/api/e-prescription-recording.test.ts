/**
 * Issue 41: an approval is recorded in Kanta's Prescription Centre exactly once. Against a FHIR
 * server the test controls (test/support/controlled-centre.ts): each approved item of a delivered
 * order is one conditional create (the same If-None-Exist on every try) accepted once, whatever
 * the Centre answered before; a rejected item sends nothing; the Centre down delays nothing the
 * doctor does; a refusal (4xx) is the doctor's to see and send again. The Centre's outage is a few
 * seconds here, not a minute: the retry wait is PRESCRIPTION_CENTRE_RETRY_SECONDS=0.2 (doubling),
 * so a few seconds cover several tries, as a minute does at the default 30 s.
 */
import { startApp, type TestApp } from '../support/app';
import { startControlledCentre, type ControlledCentre } from '../support/controlled-centre';
import { loginAs, type ApiClient } from '../support/http';
import { createApiClient, IntegratorClient } from '../support/integrator';
import { parseMetrics, scrape, valueOf } from '../support/metrics';
import { clearOrders } from '../support/order-fixtures';
import { centreEnv, demoDoctorId, doctorOn, giveRegisterNumbers, heldOrder, ITEM_SYSTEM, recordableProduct, recordsOf, send, waitForStatus } from '../support/e-prescriptions';

let centre: ControlledCentre;
let app: TestApp;
let doctor: ApiClient;
let doctorId: number;
let product: { id: number; name: string };

beforeAll(async () => {
  centre = await startControlledCentre();
  app = await startApp({ env: centreEnv(centre) });
  await giveRegisterNumbers(app);
  doctorId = await demoDoctorId(app);
  product = await recordableProduct(app);
  doctor = await doctorOn(app);
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await centre?.close();
});

beforeEach(async () => {
  await clearOrders(app);
  await centre.up();
});

it('records an approved item once after three 503s, with the same If-None-Exist on every try, and nothing for the rejected item', async () => {
  const order = await heldOrder(app, doctorId, product.id, ['approved', 'rejected']);
  const [approved, rejected] = order.itemIds;
  centre.failNext(3, 503);
  await send(doctor);

  const [row] = await waitForStatus(app, [approved], 'recorded');
  expect(centre.createsOf(`${ITEM_SYSTEM}|${approved}`)).toBe(1);
  const posts = centre.requests.filter((r) => r.method === 'POST');
  expect(posts.map((r) => r.status)).toEqual([503, 503, 503, 201]);
  expect(new Set(posts.map((r) => r.ifNoneExist))).toEqual(new Set([`identifier=${ITEM_SYSTEM}|${approved}`]));
  expect(posts.every((r) => r.contentType?.startsWith('application/fhir+json'))).toBe(true);
  expect(centre.invalid).toEqual([]);
  expect(row).toMatchObject({ centre_id: centre.resources()[0].id, attempts: 4, last_error: null });
  // The rejected item: no record, nothing sent.
  expect(await recordsOf(app, [rejected])).toEqual([]);
  expect(centre.postsOf(`${ITEM_SYSTEM}|${rejected}`)).toBe(0);

  // The outcome is an order change, audited with the patient.
  const audited = await app.sql<{ action: string; patient_hetu: string }>(`SELECT action, patient_hetu FROM audit_log WHERE order_id = $1 AND action LIKE 'prescription-centre.%' ORDER BY id`, [order.id]);
  expect(audited.map((a) => a.action)).toEqual(['prescription-centre.unavailable', 'prescription-centre.unavailable', 'prescription-centre.unavailable', 'prescription-centre.record']);

  // The customer sees the Centre's id on the approved item; the rejected one has none.
  const customer = await loginAs(app, 'customer');
  const history = await customer.get<Array<{ orderId: number; prescriptions: Array<{ id: number; ePrescription: unknown }> }>>('/my-order-history');
  const seen = history.body.find((o) => o.orderId === order.id)!;
  expect(seen.prescriptions.map((p) => p.ePrescription)).toEqual([
    { id: row.centre_id, status: 'recorded', recordedAt: expect.any(String), validUntil: row.valid_until },
    null,
  ]);
});

/** How many prescriptions this API process has seen recorded (the send-time histogram's count). */
async function recordedCount(): Promise<number> {
  return valueOf(parseMetrics((await scrape(app.baseUrl)).text), 'resepti_e_prescription_send_seconds_count') ?? 0;
}

it('keeps deciding while the Centre is down: the items show pending, then each is recorded once', async () => {
  const before = centre.resources().length;
  const countedBefore = await recordedCount();
  await centre.down('refuse');
  const first = await heldOrder(app, doctorId, product.id, ['approved', 'approved']);
  await send(doctor);
  const second = await heldOrder(app, doctorId, product.id, ['approved']);
  await send(doctor); // the doctor's work goes on: each send answers at once
  const items = [...first.itemIds, ...second.itemIds];
  expect((await recordsOf(app, items)).map((r) => r.status)).toEqual(['pending', 'pending', 'pending']);

  const customer = await loginAs(app, 'customer');
  const history = await customer.get<Array<{ orderId: number; prescriptions: Array<{ ePrescription: { status: string; id: string | null } | null }> }>>('/my-order-history');
  expect(history.body.find((o) => o.orderId === first.id)!.prescriptions.map((p) => p.ePrescription)).toEqual([
    { id: null, status: 'pending', recordedAt: null, validUntil: null },
    { id: null, status: 'pending', recordedAt: null, validUntil: null },
  ]);

  // Down for a while (several tries fail to connect), then back.
  await new Promise((r) => setTimeout(r, 3000));
  expect((await recordsOf(app, items)).every((r) => r.status === 'pending' && r.attempts >= 2)).toBe(true);
  await centre.up();
  await waitForStatus(app, items, 'recorded');
  for (const id of items) expect(centre.createsOf(`${ITEM_SYSTEM}|${id}`)).toBe(1);
  expect(centre.resources().length - before).toBe(3);
  // The operator's figure counts each once, though the three were recorded together.
  expect((await recordedCount()) - countedBefore).toBe(3);
});

it('records the medicine as the doctor approved it, though the catalogue row changed before the send got through', async () => {
  await centre.down('refuse');
  const order = await heldOrder(app, doctorId, product.id, ['approved']);
  await send(doctor);
  const [original] = await app.sql<{ name: string }>('SELECT name FROM product WHERE id = $1', [product.id]);
  await app.sql(`UPDATE product SET name = name || ' (uusi nimi)' WHERE id = $1`, [product.id]);
  try {
    await centre.up();
    await waitForStatus(app, order.itemIds, 'recorded');
    const recorded = centre.resources().find((r) => JSON.stringify(r).includes(`${order.itemIds[0]}`)) as { medicationCodeableConcept: { text: string } };
    expect(recorded.medicationCodeableConcept.text).toContain(original.name);
    expect(recorded.medicationCodeableConcept.text).not.toContain('uusi nimi');
  } finally {
    await app.sql('UPDATE product SET name = $2 WHERE id = $1', [product.id, original.name]);
  }
});

it('a refusal (4xx) fails the item with the Centre’s reason, audited; the doctors’ list shows it and a retry records it', async () => {
  const order = await heldOrder(app, doctorId, product.id, ['approved']);
  const [item] = order.itemIds;
  centre.failNext(1, 422, 'Lääkevalmisteen pakkausnumero ei ole voimassa.');
  await send(doctor);

  const [failed] = await waitForStatus(app, [item], 'failed');
  expect(failed.last_error).toContain('Lääkevalmisteen pakkausnumero ei ole voimassa.');
  expect(centre.createsOf(`${ITEM_SYSTEM}|${item}`)).toBe(0);
  // No more tries by itself.
  const postsOfItem = () => centre.requests.filter((r) => r.method === 'POST' && r.ifNoneExist === `identifier=${ITEM_SYSTEM}|${item}`).length;
  await new Promise((r) => setTimeout(r, 1000));
  expect(postsOfItem()).toBe(1);
  const [audit] = await app.sql<{ actor_role: string; patient_hetu: string; details: string }>(
    `SELECT actor_role, patient_hetu, details FROM audit_log WHERE order_id = $1 AND action = 'prescription-centre.refused'`,
    [order.id],
  );
  expect(audit).toMatchObject({ actor_role: 'doctor', patient_hetu: '010190-998V' });
  expect(audit.details).toContain('ei ole voimassa');

  // 'Reseptin tallennus Kanta-palveluun epäonnistui': any doctor sees it, with the reason.
  const colleague = await loginAs(app, 'doctor2');
  const list = await colleague.get<Array<{ itemId: number; reason: string; patient: { hetu: string } }>>('/order/e-prescriptions/failed');
  expect(list.status).toBe(200);
  expect(list.body).toEqual([expect.objectContaining({ itemId: item, orderId: order.id, reason: expect.stringContaining('ei ole voimassa'), patient: expect.objectContaining({ hetu: '010190-998V' }) })]);
  // The customer's card: still not in the Centre.
  const customer = await loginAs(app, 'customer');
  const history = await customer.get<Array<{ orderId: number; prescriptions: Array<{ ePrescription: { status: string } | null }> }>>('/my-order-history');
  expect(history.body.find((o) => o.orderId === order.id)!.prescriptions[0].ePrescription).toMatchObject({ status: 'failed', id: null });

  // The retry: pending again, then recorded once; the list is empty; the retry is audited.
  expect((await colleague.post(`/order/e-prescriptions/${item}/retry`)).status).toBe(204);
  const [recorded] = await waitForStatus(app, [item], 'recorded');
  expect(recorded.centre_id).toBe(centre.resources().at(-1)!.id);
  expect(centre.createsOf(`${ITEM_SYSTEM}|${item}`)).toBe(1);
  expect(postsOfItem()).toBe(2);
  expect((await colleague.get('/order/e-prescriptions/failed')).body).toEqual([]);
  const retried = await app.sql(`SELECT 1 FROM audit_log WHERE order_id = $1 AND action = 'e-prescription.retry'`, [order.id]);
  expect(retried).toHaveLength(1);
  // A recorded one is not sent again (409); an item without a prescription is not found (404).
  expect((await colleague.post(`/order/e-prescriptions/${item}/retry`)).status).toBe(409);
  expect((await colleague.post(`/order/e-prescriptions/999999/retry`)).status).toBe(404);
});

it('the pharmacy and the integrator see the Centre’s id of a pharmacy order’s approved item', async () => {
  const order = await heldOrder(app, doctorId, product.id, ['approved']);
  await app.sql(`UPDATE orders SET source = 'pharmacy', customer_id = NULL, pharmacy_id = (SELECT pharmacy_id FROM pharmacy_user WHERE username = 'apteekki'),
                  office_id = (SELECT id FROM pharmacy_office WHERE name = 'Keskusapteekki Kauppatori'), pharmacy_data = '{"pharmacist":"Pekka"}'::jsonb WHERE id = $1`, [order.id]);
  await send(doctor);
  const [row] = await waitForStatus(app, order.itemIds, 'recorded');

  const pharmacist = await loginAs(app, 'pharmacy');
  const page = await pharmacist.get<{ data: Array<{ orderId: number; prescriptions: Array<{ ePrescription: { id: string } | null }> }> }>('/pharmacy-order-history/history');
  expect(page.status).toBe(200);
  expect(page.body.data.find((o) => o.orderId === order.id)!.prescriptions[0].ePrescription).toMatchObject({ id: row.centre_id, status: 'recorded' });

  // The integrator: the order (GET /api/v1/orders/{id}), its events (delivered: pending; then the record), the FHIR view's identifier.
  const integrator = await IntegratorClient.signIn(app, await createApiClient(app, 'Keskusapteekki', 'Kassa (e-resepti)'));
  const read = await integrator.call<{ prescriptions: Array<{ ePrescription: unknown }> }>('GET', `/orders/${order.id}`);
  expect(read.status).toBe(200);
  expect(read.body.prescriptions[0].ePrescription).toMatchObject({ id: row.centre_id, status: 'recorded', validUntil: row.valid_until });
  const events = await app.sql<{ type: string; payload: { data: { object: { prescriptions: Array<{ ePrescription: unknown }> } } } }>(
    `SELECT type, payload FROM api_event WHERE payload -> 'data' -> 'object' ->> 'orderId' = $1 ORDER BY id`,
    [String(order.id)],
  );
  expect(events.map((e) => e.type)).toEqual(['order.delivered', 'order.e-prescription']);
  expect(events[0].payload.data.object.prescriptions[0].ePrescription).toMatchObject({ status: 'pending', id: null });
  expect(events[1].payload.data.object.prescriptions[0].ePrescription).toMatchObject({ status: 'recorded', id: row.centre_id });
  const fhir = await fetch(`${app.baseUrl}/api/fhir/MedicationRequest/${order.itemIds[0]}`, { headers: { authorization: `Bearer ${integrator.token}` } });
  const resource = (await fhir.json()) as { identifier: Array<{ system: string; value: string }> };
  expect(resource.identifier).toContainEqual(expect.objectContaining({ system: 'urn:resepti:prescription-centre', value: row.centre_id }));
});

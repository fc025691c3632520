/**
 * The read-only FHIR R4 view (issue 26): a pharmacy system reads its order items as
 * MedicationRequests with the integrator API's Bearer token. Every answer is validated against
 * HL7's FHIR R4 JSON schema (test/support/fhir-schema.ts); another pharmacy's items never appear;
 * errors are OperationOutcomes; reads are audited like /api/v1's.
 */
import type { Bundle, CapabilityStatement, MedicationRequest, OperationOutcome } from '@medplum/fhirtypes';
import { Client } from 'pg';
import type { DoctorOrder, IntegratorOrder, PatientAccessLog } from '@resepti/domain';
import { startApp, type TestApp } from '../support/app';
import { fhirRequest, linkPath, placeOrder, type FhirAnswer } from '../support/fhir-client';
import { checkFhir, prepareFhirSchema } from '../support/fhir-schema';
import { loginAs } from '../support/http';
import { createApiClient, IntegratorClient } from '../support/integrator';
import { decisionBody } from '../support/prescribing';

let app: TestApp;
let keskus: IntegratorClient;
let kyla: IntegratorClient;
let kauppatori: number;
let kylaOffice: number;
let products: number[];
let approved: IntegratorOrder;
let rejected: IntegratorOrder;
let waiting: IntegratorOrder;
let kylan: IntegratorOrder;

/** GET (or `method`) under /api/fhir; every answer must be FHIR JSON and valid R4 (the resource type it names). */
const fhir = <T = any>(path: string, token?: string, method = 'GET') => fhirRequest<T>(app.baseUrl, path, token, { method });
const pathOf = linkPath;

const resources = (bundle: Bundle<MedicationRequest>) => (bundle.entry ?? []).map((e) => e.resource!);

const place = placeOrder;

/** A doctor picks this order (first in the queue), decides its items and delivers it. */
async function decide(order: IntegratorOrder, decision: 'approved' | 'rejected', reasonForDecision: string): Promise<void> {
  await app.sql(`UPDATE orders SET delivery_before_time = delivery_before_time + interval '1 day' WHERE id <> $1 AND delivery_status = 'waiting'`, [order.orderId]);
  const doctor = await loginAs(app, 'doctor');
  const picked = (await doctor.post<DoctorOrder>('/order/pick-first')).body;
  expect(picked.id).toBe(order.orderId);
  for (const item of picked.prescriptions) expect((await doctor.post(`/order/process-item/${item.id}`, decisionBody(decision, reasonForDecision))).status).toBeLessThan(300);
  expect((await doctor.post('/order/mark-delivered')).status).toBeLessThan(300);
}

beforeAll(async () => {
  prepareFhirSchema(['Bundle', 'MedicationRequest', 'CapabilityStatement', 'OperationOutcome']);
  app = await startApp();
  keskus = await IntegratorClient.signIn(app, await createApiClient(app, 'Keskusapteekki', 'Kassajärjestelmä'));
  kyla = await IntegratorClient.signIn(app, await createApiClient(app, 'Kylän apteekki', 'Kylän kassa'));
  [{ id: kauppatori }] = await app.sql<{ id: number }>(`SELECT id FROM pharmacy_office WHERE name = 'Keskusapteekki Kauppatori'`);
  [{ id: kylaOffice }] = await app.sql<{ id: number }>(`SELECT id FROM pharmacy_office WHERE name = 'Kylän apteekki'`);
  products = (await app.sql<{ id: number }>(`SELECT id FROM product WHERE renewable AND available ORDER BY id LIMIT 2`)).map((p) => p.id);
  approved = await place(keskus, kauppatori, '121212-913Y', [products[0]]);
  await decide(approved, 'approved', 'Jatketaan samalla annoksella');
  rejected = await place(keskus, kauppatori, '280264-051U', [products[1]]);
  await decide(rejected, 'rejected', 'Tarvitaan lääkärin tutkimus');
  waiting = await place(keskus, kauppatori, '010190-998V', products);
  kylan = await place(kyla, kylaOffice, '150385-9013', [products[0]]);
  // A budget for a start, the admin CLI and a doctor's flow on a shared, loaded machine; not a measurement.
}, 180_000);
afterAll(async () => {
  await app?.stop();
});

describe('the FHIR R4 view', () => {
  it('is checked by a schema check that does refuse what R4 does not allow (an unknown element, deep in a Bundle)', () => {
    const resource = { resourceType: 'MedicationRequest', status: 'active', intent: 'order', subject: { display: 'Pirjo Potilas' }, medicationCodeableConcept: { text: 'Kestine' } };
    checkFhir('Bundle', { resourceType: 'Bundle', type: 'searchset', entry: [{ resource }] });
    expect(() => checkFhir('Bundle', { resourceType: 'Bundle', type: 'searchset', entry: [{ resource: { ...resource, medication: 'Kestine' } }] })).toThrow(/not a valid FHIR R4 Bundle/);
  });

  it('states its capabilities at /api/fhir/metadata without a token: R4 (4.0.1), MedicationRequest read and search', async () => {
    const res = await fhir<CapabilityStatement>('/metadata');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ resourceType: 'CapabilityStatement', fhirVersion: '4.0.1', kind: 'instance', status: 'active' });
    const [resource] = res.body.rest![0].resource!;
    expect([resource.type, resource.interaction!.map((i) => i.code), resource.searchParam!.map((p) => p.name)]).toEqual(['MedicationRequest', ['read', 'search-type'], ['_lastUpdated']]);
  });

  it("searches the pharmacy's items as a searchset Bundle, paged by next links, each item once, never another pharmacy's", async () => {
    const [{ n }] = await app.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM order_item i JOIN orders o ON o.id = i.order_id WHERE o.source = 'pharmacy' AND o.pharmacy_id = (SELECT pharmacy_id FROM pharmacy_office WHERE id = $1)`,
      [kauppatori],
    );
    const seen: MedicationRequest[] = [];
    let path: string | null = '/MedicationRequest?_count=2';
    let pages = 0;
    while (path) {
      const page: FhirAnswer<Bundle<MedicationRequest>> = await fhir<Bundle<MedicationRequest>>(path, keskus.token);
      expect([page.status, page.body.type, page.headers.get('cache-control')]).toEqual([200, 'searchset', 'no-store']);
      expect(resources(page.body).length).toBeLessThanOrEqual(2);
      seen.push(...resources(page.body));
      const next = page.body.link?.find((l) => l.relation === 'next');
      path = next ? pathOf(next.url!) : null;
      pages++;
    }
    expect(seen).toHaveLength(n);
    expect(pages).toBeGreaterThan(1);
    expect(new Set(seen.map((r) => r.id)).size).toBe(n);
    const orders = new Set(seen.map((r) => Number(r.groupIdentifier!.value)));
    expect([orders.has(approved.orderId), orders.has(rejected.orderId), orders.has(waiting.orderId), orders.has(kylan.orderId)]).toEqual([true, true, true, false]);
    // The other pharmacy sees its own order alone, and none of these.
    const theirs = resources((await fhir<Bundle<MedicationRequest>>('/MedicationRequest?_count=100', kyla.token)).body);
    expect(theirs.map((r) => r.groupIdentifier!.value)).toEqual([String(kylan.orderId)]);
  });

  it('maps order state and decision to status and intent, with the medicine, the patient by hetu, the doctor and the reasons', async () => {
    const all = resources((await fhir<Bundle<MedicationRequest>>('/MedicationRequest?_count=100', keskus.token)).body);
    const of = (order: IntegratorOrder) => all.filter((r) => r.groupIdentifier!.value === String(order.orderId));
    const [yes] = of(approved);
    expect(yes).toMatchObject({
      status: 'active',
      intent: 'order',
      medicationCodeableConcept: { text: approved.prescriptions[0].displayName },
      subject: { identifier: { system: 'urn:oid:1.2.246.21', value: '121212-913Y' }, display: 'Pirjo Potilas' },
      requester: { type: 'Practitioner', display: 'Liisa Lääkäri' },
      performer: { type: 'Practitioner', display: 'Liisa Lääkäri' },
      dispenseRequest: { performer: { type: 'Organization', display: 'Keskusapteekki Kauppatori' } },
      note: [{ authorString: 'Kassajärjestelmä', text: 'Lääke loppumassa' }, { authorString: 'Liisa Lääkäri', text: 'Jatketaan samalla annoksella' }],
    });
    expect(yes.medicationCodeableConcept!.text).toMatch(/\d+ mg/);
    const [no] = of(rejected);
    expect([no.status, no.intent, no.statusReason?.text]).toEqual(['cancelled', 'proposal', 'Tarvitaan lääkärin tutkimus']);
    const open = of(waiting);
    expect(open.map((r) => [r.status, r.intent, r.requester?.display, r.performer, r.statusReason])).toEqual([
      ['active', 'proposal', 'Keskusapteekki Kauppatori', undefined, undefined],
      ['active', 'proposal', 'Keskusapteekki Kauppatori', undefined, undefined],
    ]);
    expect(new Date(open[0].authoredOn!).toISOString()).toBe(waiting.created);
  });

  it('reads one MedicationRequest by id; an unknown id or another pharmacy’s item is 404 OperationOutcome', async () => {
    const id = String(waiting.prescriptions[0].id);
    const one = await fhir<MedicationRequest>(`/MedicationRequest/${id}`, keskus.token);
    expect([one.status, one.body.resourceType, one.body.id, one.body.subject?.identifier?.value]).toEqual([200, 'MedicationRequest', id, '010190-998V']);
    for (const other of [String(kylan.prescriptions[0].id), '999999999', '99999999999', 'abc']) {
      const res = await fhir<OperationOutcome>(`/MedicationRequest/${other}`, keskus.token);
      expect({ other, status: res.status, code: res.body.issue[0].code }).toEqual({ other, status: 404, code: 'not-found' });
    }
  });

  it('filters by _lastUpdated (gt, ge, lt, le) and answers bad parameters with 400 OperationOutcome naming the parameter', async () => {
    const [{ updated_at: changed }] = await app.sql<{ updated_at: Date }>(`SELECT updated_at FROM orders WHERE id = $1`, [waiting.orderId]);
    const at = changed.toISOString();
    const ids = async (query: string) => resources((await fhir<Bundle<MedicationRequest>>(`/MedicationRequest?_count=100&${query}`, keskus.token)).body).map((r) => Number(r.groupIdentifier!.value));
    expect(await ids(`_lastUpdated=gt${encodeURIComponent(new Date(changed.getTime() - 1).toISOString())}`)).toContain(waiting.orderId);
    expect(await ids(`_lastUpdated=gt${encodeURIComponent(at)}`)).not.toContain(waiting.orderId);
    expect(await ids(`_lastUpdated=ge${encodeURIComponent(at)}&_lastUpdated=le${encodeURIComponent(at)}`)).toEqual([waiting.orderId, waiting.orderId]);
    expect(await ids(`_lastUpdated=lt${encodeURIComponent(at)}`)).toEqual(expect.arrayContaining([approved.orderId, rejected.orderId]));
    expect(await ids(`_lastUpdated=gt${new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)}`)).toEqual([]);
    for (const [query, parameter] of [
      ['_count=abc', '_count'],
      ['_count=0', '_count'],
      ['_count=101', '_count'],
      ['_lastUpdated=2026-11-25', '_lastUpdated'],
      ['_lastUpdated=gtfoo', '_lastUpdated'],
      ['_lastUpdated=gt2026-11-25T10:00:00', '_lastUpdated'],
      ['_lastUpdated=gt0000-01-01', '_lastUpdated'],
      ['_cursor=bm9wZQ', '_cursor'],
    ]) {
      const res = await fhir<OperationOutcome>(`/MedicationRequest?${query}`, keskus.token);
      expect({ query, status: res.status, code: res.body.issue[0].code, expression: res.body.issue[0].expression }).toEqual({ query, status: 400, code: 'invalid', expression: [parameter] });
    }
  });

  it('takes only a valid Bearer token (401 OperationOutcome), and is read-only (405 with Allow; unknown types 404)', async () => {
    const none = await fhir<OperationOutcome>('/MedicationRequest');
    expect([none.status, none.body.issue[0].code, none.body.issue[0].details?.coding?.[0].code, none.headers.get('www-authenticate')?.startsWith('Bearer')]).toEqual([401, 'login', 'token_missing', true]);
    expect((await fhir<OperationOutcome>(`/MedicationRequest/${waiting.prescriptions[0].id}`, `${keskus.token.slice(0, -4)}AAAA`)).status).toBe(401);
    const post = await fhir<OperationOutcome>('/MedicationRequest', keskus.token, 'POST');
    expect([post.status, post.headers.get('allow'), post.body.issue[0].code]).toEqual([405, 'GET, HEAD', 'not-supported']);
    expect((await fhir<OperationOutcome>('/Patient', keskus.token)).status).toBe(404);
  });

  it('limits a client to its offices, and audits each read with the order and patient, in the patient’s access log', async () => {
    const asema = await IntegratorClient.signIn(app, await createApiClient(app, 'Keskusapteekki', 'Aseman kassa', ['Keskusapteekki Asema']));
    expect(resources((await fhir<Bundle<MedicationRequest>>('/MedicationRequest?_count=100', asema.token)).body)).toEqual([]);
    expect((await fhir(`/MedicationRequest/${waiting.prescriptions[0].id}`, asema.token)).status).toBe(404);

    const reader = await createApiClient(app, 'Keskusapteekki', 'FHIR-lukija');
    const client = await IntegratorClient.signIn(app, reader);
    await fhir(`/MedicationRequest/${approved.prescriptions[0].id}`, client.token);
    await fhir(`/MedicationRequest?_count=100&_lastUpdated=ge${encodeURIComponent(waiting.updatedAt)}`, client.token);
    const rows = await app.sql<{ action: string; subject: string | null; order_id: number | null; patient_hetu: string | null; order_ids: number[] | null; patient_hetus: string[] | null }>(
      `SELECT action, subject, order_id, patient_hetu, order_ids, patient_hetus FROM audit_log WHERE actor_role = 'integrator' AND actor_id = $1 AND action <> 'integrator.request' OR (actor_id = $1 AND subject LIKE 'GET /api/fhir%') ORDER BY id`,
      [reader.id],
    );
    // The search's page is one row listing its orders and their patients.
    expect(rows.map((r) => [r.action, r.subject, r.order_id, r.patient_hetu, r.order_ids, r.patient_hetus])).toEqual([
      ['integrator.request', 'GET /api/fhir/MedicationRequest/:id', approved.orderId, '121212-913Y', null, null],
      ['integrator.request', 'GET /api/fhir/MedicationRequest', null, null, null, null],
      ['integrator.order.read', null, null, null, [waiting.orderId], ['010190-998V']],
    ]);
    const doctor = await loginAs(app, 'doctor');
    const log = (await doctor.post<PatientAccessLog>('/patient-access-log', { hetu: '121212-913Y' })).body.entries;
    expect(log.map((e) => `${e.actorName}: ${e.action} ${e.orderId}`)).toContain(`FHIR-lukija (Keskusapteekki): integrator.request ${approved.orderId}`);
  });

  // Last: it moves two orders' updated_at, which the tests above read.
  it('never skips a change that commits late: a client polling with _lastUpdated=gt<the newest it has seen> gets both', async () => {
    /** Follows next links from `path` to the end: the items seen (id → lastUpdated). */
    const poll = async (since: string | null) => {
      const items = new Map<string, string>();
      let path: string | null = `/MedicationRequest?_count=1${since ? `&_lastUpdated=gt${encodeURIComponent(since)}` : ''}`;
      while (path) {
        const page: FhirAnswer<Bundle<MedicationRequest>> = await fhir<Bundle<MedicationRequest>>(path, keskus.token);
        for (const r of resources(page.body)) items.set(r.id!, r.meta!.lastUpdated!);
        const next = page.body.link?.find((l) => l.relation === 'next');
        path = next ? pathOf(next.url!) : null;
      }
      return items;
    };
    const newest = (items: Map<string, string>, before: string | null) => [...items.values(), ...(before ? [before] : [])].sort().at(-1) ?? null;
    const touch = `UPDATE orders SET updated_at = date_trunc('milliseconds', clock_timestamp()) WHERE id = $1`;
    const seen = new Map<string, string>();
    const first = await poll(null);
    first.forEach((v, k) => seen.set(k, v));
    let since = newest(first, null);
    const early = new Client({ connectionString: app.databaseUrl });
    const late = new Client({ connectionString: app.databaseUrl });
    await early.connect();
    await late.connect();
    try {
      // The early transaction changes one order (the earlier clock) and stays open; the late one changes another and commits first.
      await early.query('BEGIN');
      await early.query(touch, [approved.orderId]);
      await new Promise((r) => setTimeout(r, 20));
      await late.query('BEGIN');
      await late.query(touch, [rejected.orderId]);
      await late.query('COMMIT');
      // The client polls now: by clock it would get the late change and move `since` past the early one's time for good.
      const meanwhile = await poll(since);
      meanwhile.forEach((v, k) => seen.set(k, v));
      since = newest(meanwhile, since);
      await early.query('COMMIT');
      const after = await poll(since);
      after.forEach((v, k) => seen.set(k, v));

      const [a] = await app.sql<{ updated_at: Date }>(`SELECT updated_at FROM orders WHERE id = $1`, [approved.orderId]);
      const [r] = await app.sql<{ updated_at: Date }>(`SELECT updated_at FROM orders WHERE id = $1`, [rejected.orderId]);
      expect(a.updated_at.getTime()).toBeLessThan(r.updated_at.getTime());
      const itemOf = async (order: IntegratorOrder) => String((await app.sql<{ id: number }>(`SELECT id FROM order_item WHERE order_id = $1`, [order.orderId]))[0].id);
      expect([seen.get(await itemOf(approved)), seen.get(await itemOf(rejected))]).toEqual([a.updated_at.toISOString(), r.updated_at.toISOString()]);
    } finally {
      await early.end();
      await late.end();
    }
  });
});

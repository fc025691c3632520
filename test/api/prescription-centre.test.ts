/**
 * The Prescription Centre's port (issue 41): the FHIR R4 client against a Centre the test controls,
 * the embedded stand-in inside the app (conditional create exactly once, read, search, validation),
 * the demo histories, production's refusals, and the customer's 'Uusittavat reseptisi'.
 * Every resource sent and served is validated against the R4 definitions (@medplum/core).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Bundle, CapabilityStatement, MedicationRequest, OperationOutcome } from '@medplum/fhirtypes';
import { renewalOf, type CentrePrescription, type CustomerCentrePrescriptions } from '@resepti/domain';
import { centrePrescriptionResource, toMedicationRequest } from '../../apps/api/src/prescription-centre/centre-medication-request';
import { FhirPrescriptionCentre } from '../../apps/api/src/prescription-centre/fhir-centre-client';
import { validateFhir } from '../../apps/api/src/prescription-centre/fhir-validation';
import { CentreRejected, CentreUnavailable, ORDER_ITEM_IDENTIFIER_SYSTEM, type PrescriptionToRecord } from '../../apps/api/src/prescription-centre/prescription-centre.port';
import { PRODUCTION_ENV, startApp, type TestApp } from '../support/app';
import { startControlledCentre, type ControlledCentre } from '../support/controlled-centre';
import { signInOtherCustomer } from '../support/customer-flow';
import { DEMO, loginAs } from '../support/http';

const AINO = DEMO.customer.hetu;

function toRecord(orderItemId: number, overrides: Partial<PrescriptionToRecord> = {}): PrescriptionToRecord {
  return {
    orderItemId,
    orderId: 7,
    patient: { hetu: AINO, firstName: 'Aino', lastName: 'Asiakas' },
    medication: { vnr: '990003', atcCode: 'C10AA05', name: 'Atorvastatin Krka', strength: '20 mg', form: 'tabletti, kalvopäällysteinen', packageSize: '98 kpl' },
    dosageInstruction: '1 tabletti illalla',
    packages: 1,
    authoredOn: '2026-11-20T10:00:00.000Z',
    validUntil: '2028-11-20',
    prescriber: { firstName: 'Liisa', lastName: 'Lääkäri', registerNumber: '100012345' },
    priorPrescriptionId: null,
    ...overrides,
  };
}

const identifierOf = (id: number) => ({ system: ORDER_ITEM_IDENTIFIER_SYSTEM, value: String(id) });

describe('the FHIR client against a Centre the test controls', () => {
  let centre: ControlledCentre;
  let client: FhirPrescriptionCentre;

  beforeAll(async () => {
    centre = await startControlledCentre();
    client = new FhirPrescriptionCentre({ url: centre.url, token: 'centre-token-1', timeoutMs: 3_000 });
  });
  afterAll(() => centre.close());

  it('records with a conditional create: 201 created, then 200 the same prescription; Bearer, FHIR JSON and the same If-None-Exist each time', async () => {
    const request = toMedicationRequest(toRecord(101, { priorPrescriptionId: 'rx-old' }));
    const first = await client.record(request, identifierOf(101));
    const again = await client.record(request, identifierOf(101));
    expect(first).toEqual({ id: expect.any(String), created: true });
    expect(again).toEqual({ id: first.id, created: false });
    const posts = centre.requests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => [r.status, r.ifNoneExist, r.authorization, r.contentType])).toEqual([
      [201, `identifier=${ORDER_ITEM_IDENTIFIER_SYSTEM}|101`, 'Bearer centre-token-1', 'application/fhir+json'],
      [200, `identifier=${ORDER_ITEM_IDENTIFIER_SYSTEM}|101`, 'Bearer centre-token-1', 'application/fhir+json'],
    ]);
    expect(centre.createsOf('101')).toBe(1);
    const [stored] = centre.resources();
    expect(stored).toMatchObject({
      status: 'active',
      intent: 'order',
      subject: { identifier: { system: 'urn:oid:1.2.246.21', value: AINO } },
      medicationCodeableConcept: { coding: expect.arrayContaining([{ system: 'http://www.whocc.no/atc', code: 'C10AA05' }, expect.objectContaining({ code: '990003' })]) },
      dosageInstruction: [{ text: '1 tabletti illalla' }],
      dispenseRequest: { validityPeriod: { start: '2026-11-20', end: '2028-11-20' }, quantity: { value: 1 } },
      authoredOn: '2026-11-20T10:00:00.000Z',
      requester: { reference: '#prescriber' },
      contained: [expect.objectContaining({ resourceType: 'Practitioner', identifier: [{ system: 'urn:oid:1.2.246.537.26', value: '100012345' }] })],
      priorPrescription: { reference: 'MedicationRequest/rx-old' },
      groupIdentifier: { value: '7' },
      identifier: [identifierOf(101)],
    });
    expect(centre.invalid).toEqual([]);
    expect((await fetch(`${centre.url}/metadata`)).status).toBe(200);
  });

  it('a 503 is CentreUnavailable (try again); a 422 is CentreRejected with the Centre’s reason', async () => {
    centre.failNext(1, 503);
    await expect(client.record(toMedicationRequest(toRecord(102)), identifierOf(102))).rejects.toBeInstanceOf(CentreUnavailable);
    centre.failNext(1, 422, 'Lääkkeen määrääjän oikeutta ei voitu tarkistaa');
    const refused = await client.record(toMedicationRequest(toRecord(102)), identifierOf(102)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CentreRejected);
    expect(refused).toMatchObject({ status: 422, reason: 'Lääkkeen määrääjän oikeutta ei voitu tarkistaa' });
    expect(centre.createsOf('102')).toBe(0);
    expect(await client.record(toMedicationRequest(toRecord(102)), identifierOf(102))).toMatchObject({ created: true });
  });

  it('a Centre that refuses connections, answers 503 to everything or answers too late is unavailable', async () => {
    await centre.down('refuse');
    await expect(client.prescriptionsOf(AINO)).rejects.toBeInstanceOf(CentreUnavailable);
    await centre.up();
    await centre.down('503');
    await expect(client.prescriptionsOf(AINO)).rejects.toBeInstanceOf(CentreUnavailable);
    await centre.up();
    centre.delayMs = 3_500;
    await expect(client.record(toMedicationRequest(toRecord(103)), identifierOf(103))).rejects.toThrow(/no answer in 3000 ms/);
    centre.delayMs = 0;
    // The late request still reaches the Centre (as a real one would): wait for it, so the log is settled.
    while (centre.postsOf('103') === 0) await new Promise((r) => setTimeout(r, 50));
  });

  it("keeps the id of a create's answer: an answer without a MedicationRequest's id is CentreUnavailable (try again)", async () => {
    const answers: unknown[] = [{ resourceType: 'OperationOutcome', issue: [] }, { resourceType: 'MedicationRequest' }, { resourceType: 'MedicationRequest', id: 'not an id!' }, { resourceType: 'MedicationRequest', id: 'rx-9' }];
    const odd = http.createServer((_req, res) => res.writeHead(201, { 'Content-Type': 'application/fhir+json' }).end(JSON.stringify(answers.shift())));
    await new Promise<void>((resolve) => odd.listen(0, '127.0.0.1', resolve));
    try {
      const oddClient = new FhirPrescriptionCentre({ url: `http://127.0.0.1:${(odd.address() as AddressInfo).port}`, token: null, timeoutMs: 3_000 });
      const record = () => oddClient.record(toMedicationRequest(toRecord(105)), identifierOf(105));
      await expect(record()).rejects.toThrow(/without a MedicationRequest/);
      await expect(record()).rejects.toThrow(/without the resource's id/);
      await expect(record()).rejects.toBeInstanceOf(CentreUnavailable);
      expect(await record()).toEqual({ id: 'rx-9', created: true });
    } finally {
      await new Promise((resolve) => odd.close(resolve));
    }
  });

  it('a search answer with an invalid prescription, or not a Bundle, is CentreUnavailable every time; a valid one is read', async () => {
    const valid = { ...toMedicationRequest(toRecord(106)), id: 'rx-106' };
    const invalid = { ...valid, id: 'rx-107', dosage: 'twice a day' };
    const bundle = (...resources: unknown[]) => ({ resourceType: 'Bundle', type: 'searchset', entry: resources.map((resource) => ({ resource, search: { mode: 'match' } })) });
    const answers: unknown[] = [bundle(valid, invalid), bundle(valid, invalid), { resourceType: 'Bundle', entry: 'none' }, bundle(valid)];
    const odd = http.createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'application/fhir+json' }).end(JSON.stringify(answers.shift())));
    await new Promise<void>((resolve) => odd.listen(0, '127.0.0.1', resolve));
    try {
      const oddClient = new FhirPrescriptionCentre({ url: `http://127.0.0.1:${(odd.address() as AddressInfo).port}`, token: null, timeoutMs: 3_000 });
      await expect(oddClient.prescriptionsOf(AINO)).rejects.toThrow(/invalid Bundle entry: .*MedicationRequest\.dosage/);
      await expect(oddClient.prescriptionsOf(AINO)).rejects.toBeInstanceOf(CentreUnavailable);
      await expect(oddClient.prescriptionsOf(AINO)).rejects.toThrow(/without a Bundle/);
      expect((await oddClient.prescriptionsOf(AINO)).map((p) => p.id)).toEqual(['rx-106']);
    } finally {
      await new Promise((resolve) => odd.close(resolve));
    }
  });

  it('never sends an invalid resource: refused before the call', async () => {
    const before = centre.requests.length;
    const invalid = { ...toMedicationRequest(toRecord(104)), status: undefined } as unknown as MedicationRequest;
    await expect(client.record(invalid, identifierOf(104))).rejects.toThrow(/not valid FHIR R4/);
    expect(centre.requests.length).toBe(before);
  });

  it("reads a patient's prescriptions with their flags, newest first", async () => {
    const base: Omit<CentrePrescription, 'id'> = {
      authoredOn: '2025-05-02',
      prescriber: 'Kaisa Korhonen',
      medication: { vnr: '990001', atcCode: 'C08CA01', name: 'Amlodipin Orion 5 mg' },
      dosageInstruction: '1 tabletti aamulla',
      validUntil: '2027-05-02',
      dispensed: true,
      curative: false,
      neRepete: true,
      telephone: true,
      specialPermit: false,
      narcoticOrPkv: true,
    };
    centre.seed(centrePrescriptionResource(base, { hetu: '150385-9013', name: 'Matti Meikäläinen' }, { system: 'https://tk.example.fi/rx', value: 'a' }));
    centre.seed(centrePrescriptionResource({ ...base, authoredOn: '2026-01-10', curative: true, dispensed: false, neRepete: false, telephone: false, narcoticOrPkv: false }, { hetu: '150385-9013', name: 'Matti Meikäläinen' }, { system: 'https://tk.example.fi/rx', value: 'b' }));
    const found = await client.prescriptionsOf('150385-9013');
    expect(found.map((p) => p.authoredOn)).toEqual(['2026-01-10', '2025-05-02']);
    expect(found[1]).toEqual({ ...base, id: expect.any(String) });
    expect(found[0]).toMatchObject({ curative: true, dispensed: false, neRepete: false });
    const searches = centre.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/fhir/MedicationRequest?')).map((r) => decodeURIComponent(r.path));
    expect(searches.at(-1)).toBe('/fhir/MedicationRequest?subject:identifier=urn:oid:1.2.246.21|150385-9013');
  });
});

describe('the embedded stand-in and the demo histories', () => {
  let app: TestApp;
  const base = () => `${app.baseUrl}/dev-prescription-centre/fhir`;

  async function fhir<T>(path: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
    const res = await fetch(`${base()}${path}`, init);
    expect(res.headers.get('content-type')).toMatch(/^application\/fhir\+json/);
    const body = (await res.json()) as T & { resourceType: string };
    validateFhir(body as never);
    return { status: res.status, body };
  }
  const post = (resource: unknown, ifNoneExist?: string) =>
    fhir<MedicationRequest | OperationOutcome>('/MedicationRequest', {
      method: 'POST',
      headers: { 'content-type': 'application/fhir+json', ...(ifNoneExist ? { 'if-none-exist': ifNoneExist } : {}) },
      body: JSON.stringify(resource),
    });

  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(() => app?.stop());

  it('answers its CapabilityStatement', async () => {
    const { status, body } = await fhir<CapabilityStatement>('/metadata');
    expect(status).toBe(200);
    expect(body.rest?.[0].resource?.[0]).toMatchObject({ type: 'MedicationRequest', conditionalCreate: true });
  });

  it('creates exactly once under 20 parallel conditional creates, then reads and finds it', async () => {
    const resource = toMedicationRequest(toRecord(9001, { patient: { hetu: '311299-966C', firstName: 'Tiina', lastName: 'Testaaja' } }));
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(resource, `identifier=${ORDER_ITEM_IDENTIFIER_SYSTEM}|9001`)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(19);
    const ids = new Set(answers.map((a) => a.body.id));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    expect(await app.sql(`SELECT count(*)::int AS n FROM dev_centre_resource WHERE identifier = $1`, [`${ORDER_ITEM_IDENTIFIER_SYSTEM}|9001`])).toEqual([{ n: 1 }]);
    const read = await fhir<MedicationRequest>(`/MedicationRequest/${id}`);
    expect(read).toMatchObject({ status: 200, body: { id, identifier: [identifierOf(9001)] } });
    const search = await fhir<Bundle<MedicationRequest>>(`/MedicationRequest?subject:identifier=${encodeURIComponent('urn:oid:1.2.246.21|311299-966C')}`);
    expect(search.body.entry?.map((e) => e.resource?.id)).toEqual([id]);
    expect((await fhir(`/MedicationRequest/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
  });

  it('refuses an invalid resource with a 400 OperationOutcome naming the element', async () => {
    const invalid = { ...toMedicationRequest(toRecord(9002)), dosage: 'twice a day' };
    const { status, body } = await post(invalid, `identifier=${ORDER_ITEM_IDENTIFIER_SYSTEM}|9002`);
    expect(status).toBe(400);
    expect(body.resourceType).toBe('OperationOutcome');
    expect(JSON.stringify((body as OperationOutcome).issue)).toMatch(/MedicationRequest\.dosage/);
    expect((await post({ ...toMedicationRequest(toRecord(9003)), intent: undefined })).status).toBe(400);
  });

  it('the app records and reads through the real client over HTTP', async () => {
    const client = new FhirPrescriptionCentre({ url: base(), token: null, timeoutMs: 10_000 });
    const record = await client.record(toMedicationRequest(toRecord(9004, { patient: { hetu: '070305A913N', firstName: 'Ville', lastName: 'Virtanen' } })), identifierOf(9004));
    expect(record.created).toBe(true);
    expect(await client.record(toMedicationRequest(toRecord(9004, { patient: { hetu: '070305A913N', firstName: 'Ville', lastName: 'Virtanen' } })), identifierOf(9004))).toEqual({ id: record.id, created: false });
    expect((await client.prescriptionsOf('070305A913N')).map((p) => p.id)).toEqual([record.id]);
  });

  it("holds the demo customer's history: renewable ones, and one never dispensed, one past 28 months, an antibiotic, a narcotic, a 'ne repete'", async () => {
    const client = new FhirPrescriptionCentre({ url: base(), token: null, timeoutMs: 10_000 });
    const history = await client.prescriptionsOf(AINO);
    const reasons = new Map(history.map((p) => [p.medication.name.split(' ')[0], renewalOf(p, new Date()).reasons]));
    expect(Object.fromEntries(reasons)).toEqual({
      Losartan: ['never-dispensed'],
      Oxynorm: ['narcotic-or-pkv'],
      Pivmecillinam: ['curative'],
      Montelukast: ['ne-repete'],
      Amlodipin: [],
      Atorvastatin: [],
      Levothyroxin: [],
      Simvastatin: ['window-passed'],
    });
  });

  it("offers the customer only their renewable prescriptions that the catalogue sells, audited with the patient; another customer sees none of them", async () => {
    const customer = await loginAs(app, 'customer');
    const offer = await customer.get<CustomerCentrePrescriptions>('/my-centre-prescriptions');
    expect(offer.status).toBe(200);
    expect(offer.body.centreAvailable).toBe(true);
    expect(offer.body.prescriptions.map((p) => p.product.displayName)).toEqual(['Amlodipin Orion 5 mg', 'Atorvastatin Krka 20 mg', 'Levothyroxin Sandoz 50 mikrog']);
    expect(offer.body.prescriptions[0]).toMatchObject({ prescriber: 'Kaisa Korhonen', dosageInstruction: '1 tabletti aamulla', product: { renewable: true } });
    const [audit] = await app.sql(`SELECT actor_role, patient_hetu FROM audit_log WHERE action = 'prescription-centre.read' ORDER BY id DESC LIMIT 1`);
    expect(audit).toEqual({ actor_role: 'customer', patient_hetu: AINO });
    const other = await signInOtherCustomer(app);
    expect((await other.get<CustomerCentrePrescriptions>('/my-centre-prescriptions')).body).toEqual({ centreAvailable: true, prescriptions: [] });
  });
});

describe('production', () => {
  it('refuses to start without PRESCRIPTION_CENTRE_URL, naming it, and without its token', async () => {
    await expect(startApp({ env: { ...PRODUCTION_ENV, PRESCRIPTION_CENTRE_URL: '' } })).rejects.toThrow(/PRESCRIPTION_CENTRE_URL is required when NODE_ENV=production/);
    await expect(startApp({ env: { ...PRODUCTION_ENV, PRESCRIPTION_CENTRE_TOKEN: '' } })).rejects.toThrow(/PRESCRIPTION_CENTRE_TOKEN is required when NODE_ENV=production/);
  });

  it('has no /dev-prescription-centre', async () => {
    const prod = await startApp({ env: { ...PRODUCTION_ENV } });
    try {
      for (const path of ['/dev-prescription-centre/fhir/metadata', '/dev-prescription-centre/fhir/MedicationRequest?subject:identifier=urn:oid:1.2.246.21|010190-998V']) {
        expect((await fetch(`${prod.baseUrl}${path}`)).status).toBe(404);
      }
      const post = await fetch(`${prod.baseUrl}/dev-prescription-centre/fhir/MedicationRequest`, { method: 'POST', headers: { 'content-type': 'application/fhir+json' }, body: '{}' });
      expect([403, 404]).toContain(post.status);
    } finally {
      await prod.stop();
    }
  });
});

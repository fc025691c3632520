/**
 * The FHIR view as a FHIR client discovers and follows it (issue 42): Bundles with `total` and
 * self/first/next links, versioned reads (ETag, Last-Modified, 304 on If-None-Match), 406 for
 * XML, `Prefer: handling=strict`, SMART's discovery document, and references a client can follow
 * (Practitioner, Organization), scoped like the items themselves.
 */
import type { Bundle, CapabilityStatement, MedicationRequest, OperationOutcome, Organization, Practitioner } from '@medplum/fhirtypes';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DoctorOrder, IntegratorOrder } from '@resepti/domain';
import { startApp, type TestApp } from '../support/app';
import { runAdmin } from '../support/cli';
import { fhirRequest, linkPath, placeOrder } from '../support/fhir-client';
import { prepareFhirSchema } from '../support/fhir-schema';
import { loginAs } from '../support/http';
import { createApiClient, IntegratorClient } from '../support/integrator';
import { decisionBody } from '../support/prescribing';

let app: TestApp;
let keskus: IntegratorClient;
let kyla: IntegratorClient;
let sandbox: IntegratorClient;
let kauppatori: number;
let kylaOffice: number;
let approved: IntegratorOrder;
let waiting: IntegratorOrder;
let sandboxOrder: IntegratorOrder;

/** A request under /api/fhir; every answer with a body must be FHIR JSON and valid R4. */
const fhir = <T = any>(pathAndQuery: string, token?: string, init: { method?: string; headers?: Record<string, string> } = {}) => fhirRequest<T>(app.baseUrl, pathAndQuery, token, init);
const pathOf = linkPath;
const linkOf = (bundle: Bundle, relation: string) => bundle.link?.find((l) => l.relation === relation)?.url;

const place = placeOrder;

beforeAll(async () => {
  prepareFhirSchema(['Bundle', 'MedicationRequest', 'CapabilityStatement', 'OperationOutcome', 'Practitioner', 'Organization']);
  // A web build of our own: the web app's HTML must never answer a discovery path.
  const web = mkdtempSync(path.join(tmpdir(), 'resepti-web-'));
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><html><body>web app</body></html>');
  app = await startApp({ env: { WEB_DIST: web, SANDBOX_DECISION_SECONDS: '1' } });
  keskus = await IntegratorClient.signIn(app, await createApiClient(app, 'Keskusapteekki', 'Kassajärjestelmä'));
  kyla = await IntegratorClient.signIn(app, await createApiClient(app, 'Kylän apteekki', 'Kylän kassa'));
  const made = await runAdmin(['create-api-client', '--pharmacy', 'Keskusapteekki', '--name', 'Hiekkalaatikko', '--sandbox', '--json'], { DATABASE_URL: app.databaseUrl });
  sandbox = await IntegratorClient.signIn(app, JSON.parse(made.stdout.trim().split('\n').at(-1)!));
  [{ id: kauppatori }] = await app.sql<{ id: number }>(`SELECT id FROM pharmacy_office WHERE name = 'Keskusapteekki Kauppatori'`);
  [{ id: kylaOffice }] = await app.sql<{ id: number }>(`SELECT id FROM pharmacy_office WHERE name = 'Kylän apteekki'`);
  const products = (await app.sql<{ id: number }>(`SELECT id FROM product WHERE renewable AND available ORDER BY id LIMIT 2`)).map((p) => p.id);
  sandboxOrder = await place(sandbox, kauppatori, '121212-913Y', [products[0]]);
  approved = await place(keskus, kauppatori, '121212-913Y', [products[0]]);
  // The doctor picks the first in the queue: this one.
  await app.sql(`UPDATE orders SET delivery_before_time = delivery_before_time + interval '1 day' WHERE id <> $1 AND delivery_status = 'waiting'`, [approved.orderId]);
  const doctor = await loginAs(app, 'doctor');
  const picked = (await doctor.post<DoctorOrder>('/order/pick-first')).body;
  expect(picked.id).toBe(approved.orderId);
  for (const item of picked.prescriptions) expect((await doctor.post(`/order/process-item/${item.id}`, decisionBody('approved', 'Jatketaan'))).status).toBeLessThan(300);
  expect((await doctor.post('/order/mark-delivered')).status).toBeLessThan(300);
  // Its prescription recorded in the Centre (which changes the order) before the next order is
  // placed: the newest change is then one order's, never two in the same millisecond.
  for (let i = 0; i < 150; i++) {
    const [{ pending }] = await app.sql<{ pending: number }>(`SELECT count(*)::int AS pending FROM e_prescription WHERE order_id = $1 AND status <> 'recorded'`, [approved.orderId]);
    if (pending === 0) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  waiting = await place(keskus, kauppatori, '010190-998V', products);
  await place(kyla, kylaOffice, '150385-9013', [products[0]]);
  // The simulated doctor delivers the sandbox order after a second.
  for (let i = 0; i < 100; i++) {
    const [{ status }] = await app.sql<{ status: string }>(`SELECT delivery_status AS status FROM orders WHERE id = $1`, [sandboxOrder.orderId]);
    if (status === 'delivered') break;
    await new Promise((r) => setTimeout(r, 200));
  }
}, 180_000);
afterAll(async () => {
  await app?.stop();
});

describe('searching', () => {
  it('gives the count of all matches in `total`, and self, first and next links (self without unknown parameters)', async () => {
    const [{ n }] = await app.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM order_item i JOIN orders o ON o.id = i.order_id WHERE o.source = 'pharmacy' AND NOT o.sandbox AND o.pharmacy_id = (SELECT pharmacy_id FROM pharmacy_office WHERE id = $1)`,
      [kauppatori],
    );
    expect(n).toBeGreaterThanOrEqual(3);
    const first = await fhir<Bundle>('/MedicationRequest?_count=1&color=blue', keskus.token);
    expect([first.status, first.body.total, first.body.entry?.length]).toEqual([200, n, 1]);
    expect(pathOf(linkOf(first.body, 'self')!)).toBe('/MedicationRequest?_count=1');
    expect(pathOf(linkOf(first.body, 'first')!)).toBe('/MedicationRequest?_count=1');
    const second = await fhir<Bundle>(pathOf(linkOf(first.body, 'next')!), keskus.token);
    expect([second.body.total, pathOf(linkOf(second.body, 'self')!), linkOf(second.body, 'first')]).toEqual([n, pathOf(linkOf(first.body, 'next')!), linkOf(first.body, 'first')]);
    // The last page has no next link and still the same total.
    const all = await fhir<Bundle>(`/MedicationRequest?_count=${n}`, keskus.token);
    expect([all.body.total, all.body.entry?.length, linkOf(all.body, 'next')]).toEqual([n, n, undefined]);
    // The total is the query's: a window, another pharmacy, nothing.
    // From the newest change on: one order's items, fewer than all.
    const ours = `FROM order_item i JOIN orders o ON o.id = i.order_id WHERE o.source = 'pharmacy' AND NOT o.sandbox AND o.pharmacy_id = (SELECT pharmacy_id FROM pharmacy_office WHERE id = $1)`;
    const [{ newest }] = await app.sql<{ newest: Date }>(`SELECT max(o.updated_at) AS newest ${ours}`, [kauppatori]);
    const [{ since }] = await app.sql<{ since: number }>(`SELECT count(*)::int AS since ${ours} AND o.updated_at >= $2`, [kauppatori, newest]);
    expect(since).toBeLessThan(n);
    const window = `_lastUpdated=ge${encodeURIComponent(newest.toISOString())}`;
    expect((await fhir<Bundle>(`/MedicationRequest?_count=1&${window}`, keskus.token)).body.total).toBe(since);
    expect((await fhir<Bundle>('/MedicationRequest', kyla.token)).body.total).toBe(1);
    const none = await fhir<Bundle>(`/MedicationRequest?_lastUpdated=gt${new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)}`, keskus.token);
    expect([none.body.total, none.body.entry]).toEqual([0, undefined]);
  });

  it('refuses an unknown or unsupported parameter with 400 naming it under Prefer: handling=strict, and ignores it by default', async () => {
    const strict = { headers: { prefer: 'handling=strict' } };
    for (const [query, parameter] of [
      ['color=blue', 'color'],
      ['_count=2&_sort=-_lastUpdated', '_sort'],
      ['patient=Patient/1', 'patient'],
    ]) {
      const res = await fhir<OperationOutcome>(`/MedicationRequest?${query}`, keskus.token, strict);
      expect({ query, status: res.status, code: res.body.issue[0].code, expression: res.body.issue[0].expression, problem: res.body.issue[0].details?.coding?.[0].code }).toEqual({
        query,
        status: 400,
        code: 'not-supported',
        expression: [parameter],
        problem: 'search_parameter_unsupported',
      });
      expect((await fhir<Bundle>(`/MedicationRequest?${query}`, keskus.token)).status).toBe(200);
    }
    const known = await fhir<Bundle>(`/MedicationRequest?_count=2&_format=json&_lastUpdated=gt2020-01-01`, keskus.token, { headers: { prefer: 'return=representation, handling=strict' } });
    expect(known.status).toBe(200);
    expect(pathOf(linkOf(known.body, 'self')!)).toBe('/MedicationRequest?_lastUpdated=gt2020-01-01&_count=2');
    expect((await fhir<Bundle>('/MedicationRequest?color=blue', keskus.token, { headers: { prefer: 'handling=lenient' } })).status).toBe(200);
  });
});

describe('reading', () => {
  it('tags a read with a weak ETag of its version and Last-Modified, as meta says; If-None-Match with it is 304 without a body, audited', async () => {
    const id = String(waiting.prescriptions[0].id);
    const read = await fhir<MedicationRequest>(`/MedicationRequest/${id}`, keskus.token);
    const { versionId, lastUpdated } = read.body.meta!;
    expect(versionId).toMatch(/^[A-Za-z0-9.-]{1,64}$/);
    expect(read.headers.get('etag')).toBe(`W/"${versionId}"`);
    expect(read.headers.get('last-modified')).toBe(new Date(lastUpdated!).toUTCString());
    expect(read.headers.get('cache-control')).toBe('no-store');
    // The search shows the same version.
    const listed = (await fhir<Bundle<MedicationRequest>>('/MedicationRequest?_count=100', keskus.token)).body.entry!.find((e) => e.resource!.id === id)!;
    expect(listed.resource!.meta).toEqual(read.body.meta);

    const etag = read.headers.get('etag')!;
    const same = await fhir(`/MedicationRequest/${id}`, keskus.token, { headers: { 'if-none-match': etag } });
    expect([same.status, same.body, same.headers.get('etag'), same.headers.get('cache-control')]).toEqual([304, '', etag, 'no-store']);
    // Without the weak prefix, or in a list, it still matches (weak comparison).
    expect((await fhir(`/MedicationRequest/${id}`, keskus.token, { headers: { 'if-none-match': `"x", ${etag.slice(2)}` } })).status).toBe(304);
    const [audit] = await app.sql<{ details: string; order_id: number }>(
      `SELECT details, order_id FROM audit_log WHERE action = 'integrator.request' AND subject = 'GET /api/fhir/MedicationRequest/:id' ORDER BY id DESC LIMIT 1`,
    );
    expect([(JSON.parse(audit.details) as { status: number }).status, audit.order_id]).toEqual([304, waiting.orderId]);
    // If-Modified-Since alone is not used (a second is too coarse for changes): the whole resource.
    expect((await fhir(`/MedicationRequest/${id}`, keskus.token, { headers: { 'if-modified-since': new Date(Date.now() + 60_000).toUTCString() } })).status).toBe(200);

    // A change of the order is a new version.
    await app.sql(`UPDATE orders SET updated_at = date_trunc('milliseconds', clock_timestamp()) WHERE id = $1`, [waiting.orderId]);
    const changed = await fhir<MedicationRequest>(`/MedicationRequest/${id}`, keskus.token, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(changed.headers.get('etag')).toBe(`W/"${changed.body.meta!.versionId}"`);
  });

  it('answers a request for XML with 406 OperationOutcome (JSON is all it speaks), and JSON or anything with 200', async () => {
    for (const [query, accept] of [
      ['', 'application/fhir+xml'],
      ['', 'application/xml'],
      ['', 'application/fhir+xml, application/xml;q=0.5'],
      ['?_format=xml', undefined],
      ['?_format=application/fhir%2Bxml', 'application/fhir+json'],
    ] as const) {
      const res = await fhir<OperationOutcome>(`/metadata${query}`, undefined, accept ? { headers: { accept } } : {});
      expect({ query, accept, status: res.status, code: res.body.issue?.[0].code }).toEqual({ query, accept, status: 406, code: 'not-supported' });
    }
    const xmlRead = await fhir<OperationOutcome>(`/MedicationRequest/${waiting.prescriptions[0].id}`, keskus.token, { headers: { accept: 'application/fhir+xml' } });
    expect(xmlRead.status).toBe(406);
    for (const [query, accept] of [
      ['', undefined],
      ['', '*/*'],
      ['', 'application/fhir+json'],
      ['', 'application/json'],
      ['', 'application/fhir+xml;q=0.9, application/fhir+json'],
      ['', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'],
      ['?_format=json', undefined],
      ['?_format=application/fhir%2Bjson', 'application/xml'],
    ] as const) {
      const res = await fhir<CapabilityStatement>(`/metadata${query}`, undefined, accept ? { headers: { accept } } : {});
      expect({ query, accept, status: res.status }).toEqual({ query, accept, status: 200 });
    }
  });
});

describe('discovery', () => {
  it('publishes SMART configuration at /.well-known and under the FHIR base (not the web app), with the token endpoint that works', async () => {
    for (const at of ['/.well-known/smart-configuration', '/api/fhir/.well-known/smart-configuration']) {
      const res = await fetch(`${app.baseUrl}${at}`);
      expect({ at, status: res.status, type: res.headers.get('content-type')?.split(';')[0] }).toEqual({ at, status: 200, type: 'application/json' });
      const config = (await res.json()) as Record<string, unknown>;
      expect(config).toEqual({
        token_endpoint: `${app.baseUrl}/api/oauth/token`,
        grant_types_supported: ['client_credentials'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
        capabilities: ['client-confidential-symmetric'],
      });
    }
    // Both authentication methods it names are really accepted.
    for (const basic of [true, false]) expect((await keskus.requestToken(basic)).status).toBe(200);
    const metadata = (await fhir<CapabilityStatement>('/metadata')).body;
    const oauth = metadata.rest![0].security!.extension!.find((e) => e.url === 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris')!;
    expect(oauth.extension).toEqual([{ url: 'token', valueUri: `${app.baseUrl}/api/oauth/token` }]);
    expect(metadata.rest![0].resource!.map((r) => [r.type, r.interaction!.map((i) => i.code)])).toEqual([
      ['MedicationRequest', ['read', 'search-type']],
      ['Practitioner', ['read']],
      ['Organization', ['read']],
    ]);
  });

  it('answers unknown paths with 404 and writes with 405 OperationOutcome', async () => {
    for (const unknown of ['/Patient', '/', '']) {
      const res = await fhir<OperationOutcome>(unknown, keskus.token);
      expect({ unknown, status: res.status, code: res.body.issue[0].code }).toEqual({ unknown, status: 404, code: 'not-found' });
    }
    const id = waiting.prescriptions[0].id;
    for (const [method, at] of [
      ['POST', '/MedicationRequest'],
      ['POST', '/MedicationRequest/_search'],
      ['PUT', `/MedicationRequest/${id}`],
      ['PATCH', `/MedicationRequest/${id}`],
      ['DELETE', `/MedicationRequest/${id}`],
      ['PUT', '/Practitioner/1'],
      ['DELETE', '/Organization/office-1'],
    ]) {
      const res = await fhir<OperationOutcome>(at, keskus.token, { method });
      expect({ method, at, status: res.status, code: res.body.issue[0].code, allow: res.headers.get('allow') }).toEqual({ method, at, status: 405, code: 'not-supported', allow: 'GET, HEAD' });
    }
  });
});

describe('references', () => {
  it('lets a client follow an approved item’s requester and its office to a Practitioner and Organizations of its own', async () => {
    const item = (await fhir<MedicationRequest>(`/MedicationRequest/${approved.prescriptions[0].id}`, keskus.token)).body;
    expect(item.requester?.reference).toMatch(/^Practitioner\/\d+$/);
    expect(item.performer?.reference).toBe(item.requester?.reference);
    const doctor = await fhir<Practitioner>(`/${item.requester!.reference!}`, keskus.token);
    expect([doctor.status, doctor.body.name, doctor.body.identifier]).toEqual([
      200,
      [{ text: 'Liisa Lääkäri', family: 'Lääkäri', given: ['Liisa'] }],
      [{ system: 'urn:oid:1.2.246.537.26', value: '99100000001' }],
    ]);
    expect(JSON.stringify(doctor.body)).not.toMatch(/laakari@|\d{6}[-+A]\d{3}[0-9A-Y]/);
    const office = await fhir<Organization>(`/${item.dispenseRequest!.performer!.reference!}`, keskus.token);
    expect([office.status, office.body.name, office.body.identifier?.[0].value]).toEqual([200, 'Keskusapteekki Kauppatori', String(kauppatori)]);
    const pharmacy = await fhir<Organization>(`/${office.body.partOf!.reference!}`, keskus.token);
    expect([pharmacy.status, pharmacy.body.name]).toEqual([200, 'Keskusapteekki']);
    // A proposal's requester is the office, by the same reference.
    const open = (await fhir<MedicationRequest>(`/MedicationRequest/${waiting.prescriptions[0].id}`, keskus.token)).body;
    expect(open.requester?.reference).toBe(item.dispenseRequest!.performer!.reference);

    // Another pharmacy's client: not its doctor (who never decided its orders), nor its organizations.
    for (const other of [item.requester!.reference!, item.dispenseRequest!.performer!.reference!, office.body.partOf!.reference!, 'Practitioner/999999', 'Organization/office-abc', 'Organization/x']) {
      const res = await fhir<OperationOutcome>(`/${other}`, kyla.token);
      expect({ other, status: res.status, code: res.body.issue[0].code }).toEqual({ other, status: 404, code: 'not-found' });
    }
    expect((await fhir<OperationOutcome>(`/${item.requester!.reference!}`)).status).toBe(401);
  });

  it('resolves the simulated doctor of a sandbox order for the sandbox client only', async () => {
    const item = (await fhir<MedicationRequest>(`/MedicationRequest/${sandboxOrder.prescriptions[0].id}`, sandbox.token)).body;
    expect(item.performer).toMatchObject({ reference: 'Practitioner/sandbox', display: 'Sandbox-lääkäri (simuloitu)' });
    const doctor = await fhir<Practitioner>('/Practitioner/sandbox', sandbox.token);
    expect([doctor.status, doctor.body.name?.[0].text, doctor.body.identifier]).toEqual([200, 'Sandbox-lääkäri (simuloitu)', undefined]);
    expect((await fhir<OperationOutcome>('/Practitioner/sandbox', keskus.token)).status).toBe(404);
  });
});

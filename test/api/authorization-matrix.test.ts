/**
 * The authorization matrix (authorization-matrix.ts) as tests: every endpoint of the OpenAPI
 * document and every Socket.IO event × nine callers (anonymous, two customers, two doctors, a
 * pharmacist and an admin of one pharmacy, a user and an admin of another). Each cell is a test
 * of its own, named "<call> × <caller>", so a failure names the cell; an endpoint or event
 * without a row fails the coverage test. Last, every route is walked again in other letter
 * cases as a forged cross-site request (issue 21, finding 1): none may succeed.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { startApp, type TestApp } from '../support/app';
import { runAdmin } from '../support/cli';
import { ApiClient, DEMO, loginAs } from '../support/http';
import { demoIds, insertOrder } from '../support/order-fixtures';
import { pharmacistAtOffice } from '../support/pharmacy-flow';
import { connectSocket, sessionInfo } from '../support/socket';
import { changedTables, tableChecksums } from '../support/table-checksums';
import { CALLERS, MATRIX, type Caller, type MatrixRecords, type MatrixRow } from './authorization-matrix';

// Budget: about 500 requests and 20 sockets, one at a time.
jest.setTimeout(60_000);

const OTHER_CUSTOMER = { email: 'toinen.asiakas@example.fi', hetu: '020285-9988' };
const OTHER_ADMIN = { username: 'kyla.admin', password: 'Kylan-Yllapito-2026!' };
const THROWAWAY_PASSWORD = 'Vahva-Tunnus-2026!';

let app: TestApp;
let records: MatrixRecords;
const sessions = new Map<Caller, ApiClient | null>();

/** Signs `caller` in with a session of its own (null for anonymous). */
async function signIn(caller: Caller): Promise<ApiClient | null> {
  switch (caller) {
    case 'anonymous':
      return null;
    case 'customer':
      return loginAs(app, 'customer');
    case 'otherCustomer':
      return login('/login', { email: OTHER_CUSTOMER.email, password: DEMO.customer.password });
    case 'doctor':
      return loginAs(app, 'doctor');
    case 'otherDoctor':
      return loginAs(app, 'doctor2');
    case 'pharmacist':
      return (await pharmacistAtOffice(app, 'pharmacy')).client;
    case 'pharmacyAdmin':
      return (await pharmacistAtOffice(app, 'pharmacyAdmin')).client;
    case 'otherPharmacist':
      return (await pharmacistAtOffice(app, 'kyla')).client;
    case 'otherPharmacyAdmin':
      return login('/pharmacist-login', OTHER_ADMIN);
  }
}

async function login(route: string, body: unknown): Promise<ApiClient> {
  const client = new ApiClient(app.apiUrl);
  const res = await client.post(route, body);
  if (res.status !== 200) throw new Error(`login ${route} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return client;
}

beforeAll(async () => {
  app = await startApp();
  const ids = await demoIds(app);
  // The other customer shares the demo customer's password hash; the other pharmacy gets an admin.
  await app.sql(
    `INSERT INTO customer (hetu, first_name, last_name, email, phone, password_hash, sex, approved_eula_version)
     SELECT $1, 'Toni', 'Toinen', $2, '+358401111111', password_hash, 'm', '1' FROM customer WHERE id = $3`,
    [OTHER_CUSTOMER.hetu, OTHER_CUSTOMER.email, ids.customerId],
  );
  const created = await runAdmin(
    ['create-pharmacy-user', '--pharmacy', 'Kylän apteekki', '--username', OTHER_ADMIN.username, '--password', OTHER_ADMIN.password, '--first-name', 'Kaisa', '--last-name', 'Kylä', '--admin'],
    { DATABASE_URL: app.databaseUrl },
  );
  if (created.code !== 0) throw new Error(`create-pharmacy-user failed: ${created.stderr}`);

  for (const caller of CALLERS) sessions.set(caller, await signIn(caller));

  const held = await insertOrder(app, { status: 'processing', doctorId: ids.doctorId });
  const delivered = await insertOrder(app, { source: 'pharmacy', status: 'delivered' });
  // Its prescription, recorded in the Prescription Centre (a retry of it is refused: 409).
  await app.sql(`INSERT INTO e_prescription (order_item_id, order_id, status, centre_id, recorded_at) VALUES ($1, $2, 'recorded', 'matrix-1', now())`, [delivered.itemIds[0], delivered.id]);
  const throwaway = await sessions.get('pharmacyAdmin')!.post('/create-pharmacy-user', {
    firstName: 'Poisto',
    lastName: 'Kokeilu',
    username: 'matriisi.kokeilu',
    password: THROWAWAY_PASSWORD,
  });
  if (throwaway.status >= 300) throw new Error(`throwaway user: ${throwaway.status} ${JSON.stringify(throwaway.body)}`);
  const [user] = await app.sql<{ id: number }>(`SELECT id FROM pharmacy_user WHERE username = 'matriisi.kokeilu'`);
  const [notice] = await app.sql<{ id: number }>(`SELECT id FROM notice ORDER BY id LIMIT 1`);
  const [renewable] = await app.sql<{ id: number }>(`SELECT id FROM product WHERE renewable AND available ORDER BY id LIMIT 1`);
  const cart = await sessions.get('customer')!.post<{ items: Array<{ id: number }> }>('/my-shopping-cart/item', { type: 'renewal', productId: renewable.id, reason: 'Lääke loppumassa' });
  if (cart.status !== 200) throw new Error(`cart item: ${cart.status} ${JSON.stringify(cart.body)}`);
  const checkout = await sessions.get('customer')!.post<{ sessionId: string }>('/start-payment-session');
  if (checkout.status !== 201) throw new Error(`checkout: ${checkout.status} ${JSON.stringify(checkout.body)}`);
  const [apiClient] = await app.sql<{ id: number }>(
    `INSERT INTO api_client (client_id, secret_hash, pharmacy_id, name) SELECT 'rc_matrix', 'x', pharmacy_id, 'Matriisi' FROM pharmacy_office WHERE id = $1 RETURNING id`,
    [ids.officeId],
  );
  records = {
    apiClientId: apiClient.id,
    customerCheckoutId: checkout.body.sessionId,
    heldOrderId: held.id,
    heldOrderItemId: held.itemIds[0],
    pharmacyDeliveredItemId: delivered.itemIds[0],
    ownOfficeId: ids.officeId,
    ownUserId: user.id,
    ownUsername: 'matriisi.kokeilu',
    noticeId: notice?.id ?? 1,
    customerCartItemId: cart.body.items[0].id,
  };
});

afterAll(async () => {
  await app?.stop();
});

type Expected = { kind: 'allowed' } | { kind: 'status'; status: number };

function expectedFor(row: MatrixRow, caller: Caller): Expected {
  if (row.allow.includes(caller)) return { kind: 'allowed' };
  const notYours = row.notYours?.[caller];
  if (notYours !== undefined) return { kind: 'status', status: notYours };
  return { kind: 'status', status: caller === 'anonymous' ? 401 : 403 };
}

/** Refused and other-record cells first, so an allowed cell's change cannot hide a refusal. */
function cellOrder(row: MatrixRow): Caller[] {
  const rank = (c: Caller) => (row.allow.includes(c) ? 2 : row.notYours?.[c] !== undefined ? 1 : 0);
  return [...CALLERS].sort((a, b) => rank(a) - rank(b));
}

const describeCell = (e: Expected) => (e.kind === 'allowed' ? 'passes authorization' : `gets ${e.status}`);

/** The status of one HTTP cell. */
async function callHttp(row: MatrixRow, caller: Caller): Promise<{ status: number; body: unknown }> {
  const [method, template] = row.call.split(' ');
  const client = (row.ownSession ? await signIn(caller) : sessions.get(caller)) ?? new ApiClient(app.apiUrl);
  const route = row.path ? row.path(records) : template;
  const body = method === 'GET' ? undefined : (row.body?.(records) ?? {});
  const res = await client.request(method, route, body);
  return { status: res.status, body: res.body };
}

/** A socket cell: connecting is the authorization; session:info must name the caller's own role. */
async function callSocket(row: MatrixRow, caller: Caller): Promise<{ status: number; body: unknown }> {
  const client = sessions.get(caller) ?? undefined;
  let socket;
  try {
    socket = await connectSocket(app.baseUrl, client);
  } catch {
    return { status: caller === 'anonymous' ? 401 : 403, body: 'refused' };
  }
  try {
    if (row.call === 'SOCKET session:info') {
      const info = await sessionInfo(socket);
      return { status: 200, body: info };
    }
    return { status: 200, body: 'connected' };
  } finally {
    socket.close();
  }
}

describe.each(MATRIX.map((row) => [row.call, row] as const))('%s', (_call, row) => {
  it.each(cellOrder(row).map((caller) => [caller, expectedFor(row, caller)] as const))('× %s', async (caller, expected) => {
    const { status, body } = row.call.startsWith('SOCKET ') ? await callSocket(row, caller) : await callHttp(row, caller);
    const cell = `${row.call} × ${caller}: ${describeCell(expected)}, got ${status} ${JSON.stringify(body)?.slice(0, 200)}`;
    if (expected.kind === 'allowed') {
      expect({ cell, ok: status < 500 && status !== 401 && status !== 403 && !(row.path && status === 404) }).toEqual({ cell, ok: true });
    } else {
      expect({ cell, status }).toEqual({ cell, status: expected.status });
    }
  });
});

describe('the matrix covers the whole API', () => {
  it('has one row for every endpoint of the OpenAPI document and no row for a removed one', async () => {
    const doc = (await new ApiClient(app.baseUrl).get<{ paths: Record<string, Record<string, unknown>> }>('/ui-api/docs-json')).body;
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p.replace(/^\/ui-api\/v1/, '')}`));
    const rows = MATRIX.filter((r) => !r.call.startsWith('SOCKET ')).map((r) => r.call);
    expect({ withoutRow: documented.filter((c) => !rows.includes(c)) }).toEqual({ withoutRow: [] });
    expect({ staleRows: rows.filter((c) => !documented.includes(c)) }).toEqual({ staleRows: [] });
    expect(new Set(rows).size).toBe(rows.length);
  });

  it('has one row for every Socket.IO event a client can send', async () => {
    const events = new Set<string>(['connect']);
    const root = path.resolve(__dirname, '../../apps/api/src');
    const files = (await readdir(root, { recursive: true })).filter((f) => f.endsWith('.ts'));
    for (const file of files) {
      const text = await readFile(path.join(root, file), 'utf8');
      // Handlers by Nest's decorator or as plain listeners on a socket (the socket's own lifecycle events are no client's).
      for (const m of text.matchAll(/@SubscribeMessage\('([^']+)'\)|socket\.on\('([^']+)'/g)) events.add(m[1] ?? m[2]);
    }
    for (const lifecycle of ['disconnect', 'disconnecting', 'error']) events.delete(lifecycle);
    const rows = MATRIX.filter((r) => r.call.startsWith('SOCKET ')).map((r) => r.call.slice('SOCKET '.length));
    expect([...events].sort()).toEqual([...rows].sort());
  });

  it('prints its size', () => {
    const cells = MATRIX.length * CALLERS.length;
    console.log(`authorization matrix: ${MATRIX.length} rows × ${CALLERS.length} callers = ${cells} cells`);
    expect(cells).toBeGreaterThan(400);
  });
});

describe('sockets join only their own rooms', () => {
  it('a customer, a doctor and both pharmacies\' users see their own rooms and no one else\'s', async () => {
    const ids = await demoIds(app);
    const [other] = await app.sql<{ id: number }>(`SELECT id FROM customer WHERE email = $1`, [OTHER_CUSTOMER.email]);
    const [kyla] = await app.sql<{ pharmacy_id: number }>(`SELECT pharmacy_id FROM pharmacy_user WHERE username = 'kyla'`);
    const rooms = async (caller: Caller) => {
      const socket = await connectSocket(app.baseUrl, sessions.get(caller)!);
      try {
        return (await sessionInfo(socket)).rooms;
      } finally {
        socket.close();
      }
    };
    const customerRooms = await rooms('customer');
    expect(customerRooms).toContain(`customer:${ids.customerId}`);
    expect(customerRooms).not.toContain(`customer:${other.id}`);
    expect(customerRooms.some((r) => r.startsWith('pharmacy') || r.startsWith('doctor'))).toBe(false);
    const pharmacistRooms = await rooms('pharmacist');
    expect(pharmacistRooms).toContain(`pharmacy:${ids.pharmacyId}`);
    expect(pharmacistRooms).not.toContain(`pharmacy:${kyla.pharmacy_id}`);
    const otherRooms = await rooms('otherPharmacist');
    expect(otherRooms).not.toContain(`pharmacy:${ids.pharmacyId}`);
    const doctorRooms = await rooms('doctor');
    expect(doctorRooms.some((r) => r.startsWith('customer:') || r.startsWith('pharmacy:'))).toBe(false);
  });
});

/**
 * Express matched routes without regard to letter case while the CSRF check looked at the
 * lower-case prefix: `POST /UI-API/v1/order/pick-first` from another site went through. Every
 * route of the matrix, in three other spellings, sent with the cookies of a caller its role lets
 * through: as a hostile page sends it (text/plain, foreign Origin, no token) and as a replay
 * without a browser (JSON, no Origin, no token). Each must be refused (403) or not found (404),
 * and no table may change.
 */
describe('every route in another letter case, forged', () => {
  const EVIL = 'http://evil.example';
  const SPELLINGS: Record<string, (path: string) => string> = {
    upper: (p) => p.toUpperCase(),
    'upper prefix': (p) => p.replace('/ui-api/', '/UI-API/'),
    mixed: (p) => p.replace(/[a-z]/g, (ch, i: number) => (i % 2 ? ch.toUpperCase() : ch)),
  };
  let before: Record<string, string>;

  beforeAll(async () => {
    before = await tableChecksums(app);
  });

  // The REST contract's rows (GET /health and its probes live outside /ui-api).
  const httpRows = MATRIX.filter((r) => !r.call.startsWith('SOCKET ') && !r.call.startsWith('GET /health'));
  it.each(httpRows.map((row) => [row.call, row] as const))('%s', async (_call, row) => {
    const [method, template] = row.call.split(' ');
    // A signed-in caller where the role allows one (logout then has a session to end).
    const caller = row.allow.find((c) => c !== 'anonymous') ?? 'anonymous';
    const cookie = sessions.get(caller)?.cookieHeader ?? '';
    const path = `/ui-api/v1${row.path ? row.path(records) : template}`;
    const body = method === 'GET' ? undefined : JSON.stringify(row.body?.(records) ?? {});
    const answers: string[] = [];
    for (const [name, spell] of Object.entries(SPELLINGS)) {
      const forgedHeaders: Array<Record<string, string>> = [
        { 'content-type': 'text/plain', origin: EVIL, 'sec-fetch-site': 'cross-site' },
        { 'content-type': 'application/json' },
      ];
      for (const headers of forgedHeaders) {
        const res = await fetch(app.baseUrl + spell(path), { method, headers: { ...headers, cookie }, body });
        const ok = res.status === 403 || res.status === 404;
        if (!ok) answers.push(`${name} ${method} ${spell(path)} (${headers['content-type']}): ${res.status} ${(await res.text()).slice(0, 120)}`);
      }
    }
    expect(answers).toEqual([]);
  });

  it('changed no table', async () => {
    const after = await tableChecksums(app);
    expect(changedTables(before, after)).toEqual([]);
  });
});

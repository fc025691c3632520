/**
 * Closing an account (issue 23, POST /my-user/delete {password}): the account can no longer sign
 * in (credentials, e-mail, phone and marketing consent removed, every session and socket ended),
 * the open cart and checkout end, the prescription records stay (the doctor's history still shows
 * the order), and a later strong identification can make a new account for the same hetu.
 */
import type { CustomerCart, HistoryResponse, Product } from '@resepti/domain';
import { startApp, type TestApp } from '../support/app';
import { ApiClient, loginAs } from '../support/http';
import { identify, OidcAgent, type TestPerson } from '../support/oidc-agent';
import { insertOrder, makeHetu } from '../support/order-fixtures';
import { connectSocket, disconnected } from '../support/socket';

// Budget: three registrations through the IdP and password hashing; about 20 s on a busy machine.
jest.setTimeout(90_000);

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.stop();
});

const PASSWORD = 'Pilvi-Laiva-42';

/** Identifies `person` at the embedded IdP and registers them; returns a signed-in client of the new account. */
async function register(person: TestPerson, email: string, phone: string): Promise<ApiClient> {
  const agent = new OidcAgent(app);
  expect(await identify(agent, person)).toBe(`${app.baseUrl}/registerHello`);
  expect((await agent.api('GET', '/registration')).body).toMatchObject({ registered: false });
  const created = await agent.api('POST', '/my-user', { email, phone, password: PASSWORD, marketingAllowed: true, eulaAccepted: true, approvedEulaVersion: '1' });
  expect(created.status).toBe(201);
  return signIn(email);
}

async function signIn(email: string): Promise<ApiClient> {
  const client = new ApiClient(app.apiUrl);
  const login = await client.post('/login', { email, password: PASSWORD });
  expect(login.status).toBe(200);
  return client;
}

async function addRenewal(client: ApiClient): Promise<CustomerCart> {
  const products = (await client.get<Product[]>('/products')).body;
  const product = products.find((p) => p.displayName.startsWith('Kestine'))!;
  const added = await client.post<CustomerCart>('/my-shopping-cart/item', { type: 'renewal', productId: product.productId, reason: 'Lääke on loppumassa' });
  expect(added.status).toBe(200);
  return added.body;
}

const customerRow = async (hetu: string) =>
  (await app.sql<{ id: number; email: string | null; phone: string | null; password_hash: string | null; marketing_allowed: boolean; closed_at: Date | null }>(
    'SELECT id, email, phone, password_hash, marketing_allowed, closed_at FROM customer WHERE hetu = $1 ORDER BY id',
    [hetu],
  ));

describe('closing the account', () => {
  it('is for the signed-in customer only', async () => {
    expect((await new ApiClient(app.apiUrl).post('/my-user/delete', { password: PASSWORD })).status).toBe(401);
    expect((await (await loginAs(app, 'doctor')).post('/my-user/delete', { password: PASSWORD })).status).toBe(403);
  });

  it('needs the password: none or a wrong one is a 400 in Finnish (audited), and nothing changes', async () => {
    const person: TestPerson = { hetu: makeHetu(11, 2, 1981, 402), firstName: 'Veera', lastName: 'Varovainen' };
    const customer = await register(person, 'veera@example.fi', '040 111 2233');
    const missing = await customer.post('/my-user/delete', {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toEqual(['Vahvista tilin poisto salasanallasi.']);
    const wrong = await customer.post('/my-user/delete', { password: 'Väärä-Salasana-1' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toEqual(['Nykyinen salasana on väärä.']);
    const refusals = await app.sql<{ details: string }>("SELECT details FROM audit_log WHERE action = 'customer.reauthentication-failed' AND patient_hetu = $1", [person.hetu]);
    expect(refusals.map((r) => JSON.parse(r.details))).toEqual([{ for: 'account-close' }]);
    const [row] = await customerRow(person.hetu);
    expect(row).toMatchObject({ email: 'veera@example.fi', closed_at: null });
    expect((await customer.get('/my-user')).status).toBe(200);
  });

  it('ends every session and socket, removes credentials and contact details, cancels the cart and checkout, keeps the orders for the doctor', async () => {
    const person: TestPerson = { hetu: makeHetu(23, 7, 1979, 318), firstName: 'Kaisa', lastName: 'Kaivonen' };
    const tab1 = await register(person, 'kaisa@example.fi', '040 222 3344');
    const tab2 = await signIn('kaisa@example.fi');
    const [{ id: customerId }] = await customerRow(person.hetu);

    // A handled order of theirs, an item in the cart and an open checkout.
    const { id: orderId } = await insertOrder(app, { status: 'delivered', patient: person });
    await app.sql('UPDATE orders SET customer_id = $1 WHERE id = $2', [customerId, orderId]);
    await addRenewal(tab1);
    const checkout = await tab1.post<{ sessionId: string }>('/start-payment-session');
    expect(checkout.status).toBeLessThan(300);

    const socket = await connectSocket(app.baseUrl, tab2);
    try {
      const closed = disconnected(socket);
      const res = await tab1.post('/my-user/delete', { password: PASSWORD });
      expect(res.status).toBe(204);
      await closed;
    } finally {
      socket.close();
    }

    // No session of the account answers, and the account cannot sign in again.
    expect((await tab1.get('/my-user')).status).toBe(401);
    expect((await tab2.get('/my-user')).status).toBe(401);
    expect((await new ApiClient(app.apiUrl).post('/login', { email: 'kaisa@example.fi', password: PASSWORD })).status).toBe(401);

    const [row] = await customerRow(person.hetu);
    expect(row).toMatchObject({ email: null, phone: null, password_hash: null, marketing_allowed: false });
    expect(row.closed_at).not.toBeNull();
    expect(await app.sql('SELECT id FROM customer_cart_item WHERE customer_id = $1', [customerId])).toHaveLength(0);
    const [session] = await app.sql<{ status: string }>('SELECT status FROM payment_session WHERE id = $1', [checkout.body.sessionId]);
    expect(session.status).toBe('expired');

    // The prescription record stays: the doctor's history still finds the order under the hetu.
    const doctor = await loginAs(app, 'doctor');
    const history = await doctor.post<HistoryResponse>('/history', { filter: person.hetu });
    expect(history.body.data.map((o) => o.id)).toEqual([orderId]);

    // Audited once; the phone it had got the last message (and nothing is sent to it after).
    expect(await app.sql("SELECT id FROM audit_log WHERE action = 'customer.account-closed' AND patient_hetu = $1", [person.hetu])).toHaveLength(1);
    const sms = await app.sql<{ body: string }>('SELECT body FROM sms_outbox WHERE phone LIKE $1 ORDER BY id', ['%2223344']);
    expect(sms.at(-1)?.body).toMatch(/^Resepti: tilisi on poistettu\. Reseptitiedot säilytetään lain edellyttämän ajan\./);
  });

  it('lets the same person register again after a strong identification', async () => {
    const person: TestPerson = { hetu: makeHetu(5, 9, 1984, 226), firstName: 'Rauni', lastName: 'Uusitalo' };
    const first = await register(person, 'rauni@example.fi', '040 333 4455');
    expect((await first.post('/my-user/delete', { password: PASSWORD })).status).toBe(204);
    // The same e-mail may be used again, since the closed account no longer has one.
    const again = await register(person, 'rauni@example.fi', '040 333 4455');
    expect((await again.get('/my-user')).body).toMatchObject({ email: 'rauni@example.fi', firstName: 'Rauni' });
    const rows = await customerRow(person.hetu);
    expect(rows.map((r) => r.closed_at === null)).toEqual([false, true]);
  });
});

describe('what must happen once', () => {
  it('parallel closes from two tabs close the account once: one 204, one audit row, one message', async () => {
    const person: TestPerson = { hetu: makeHetu(17, 4, 1977, 534), firstName: 'Tuula', lastName: 'Tuplanen' };
    const tab1 = await register(person, 'tuula@example.fi', '040 444 5566');
    const tab2 = await signIn('tuula@example.fi');
    const results = await Promise.all([tab1, tab2, tab1, tab2].map((tab) => tab.post('/my-user/delete', { password: PASSWORD })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 204)).toHaveLength(1);
    // The others met an account already closed, or a session already ended.
    for (const s of statuses.filter((x) => x !== 204)) expect([401, 404]).toContain(s);
    expect(await app.sql("SELECT id FROM audit_log WHERE action = 'customer.account-closed' AND patient_hetu = $1", [person.hetu])).toHaveLength(1);
    expect(await app.sql("SELECT id FROM sms_outbox WHERE phone LIKE '%4445566' AND body LIKE 'Resepti: tilisi on poistettu%'")).toHaveLength(1);
  });

  it('is refused (409) while a payment is being taken, and nothing changes', async () => {
    const person: TestPerson = { hetu: makeHetu(30, 6, 1990, 618), firstName: 'Paula', lastName: 'Maksaja' };
    const customer = await register(person, 'paula@example.fi', '040 555 6677');
    await addRenewal(customer);
    const checkout = await customer.post<{ sessionId: string }>('/start-payment-session');
    // A charge of this checkout is in flight (as claimed by the payment request).
    await app.sql("UPDATE payment_session SET status = 'paying', claimed_at = now() WHERE id = $1", [checkout.body.sessionId]);
    const res = await customer.post('/my-user/delete', { password: PASSWORD });
    expect(res.status).toBe(409);
    const [row] = await customerRow(person.hetu);
    expect(row).toMatchObject({ email: 'paula@example.fi', closed_at: null });
    expect((await customer.get<CustomerCart>('/my-shopping-cart')).body.items).toHaveLength(1);
    expect((await customer.get('/my-user')).status).toBe(200);
  });
});

/**
 * The customer's cart (issue "Customer orders"): renewals and questionnaire requests priced by
 * the server, the server's own checks of medicines, topics and chats, and nobody else's cart.
 */
import { type CustomerCart, type Product } from '@resepti/domain';
import { CUSTOMER_MESSAGES as M } from '../support/finnish-messages';
import { startApp, type TestApp } from '../support/app';
import { type ApiClient, DEMO, loginAs } from '../support/http';
import { runAdmin } from '../support/cli';
import { ALLERGY_ANSWERS, questionnaireChat, signInOtherCustomer } from '../support/customer-flow';

let app: TestApp;
let customer: ApiClient;
let products: Product[];
beforeAll(async () => {
  app = await startApp();
  customer = await loginAs(app, 'customer');
  products = (await customer.get<Product[]>('/products')).body;
});
afterAll(async () => {
  await app?.stop();
});
afterEach(async () => {
  await app.sql('DELETE FROM customer_cart_item');
  await app.sql('DELETE FROM customer_cart_coupon');
});

const renewable = () => products.find((p) => p.displayName.startsWith('Kestine'))!;
const allergy = () => ({ type: 'prescription', medicalProblem: 'allergy', chat: questionnaireChat('allergy', ALLERGY_ANSWERS) });

describe('the cart', () => {
  it('prices a renewal and an allergy request on the server: 990 + 1990 = 2 980 cents', async () => {
    expect((await customer.get<CustomerCart>('/my-shopping-cart')).body).toEqual({ items: [], totalPrice: 0, priceEuro: '0,00 €', coupon: null });
    await customer.post('/my-shopping-cart/item', { type: 'renewal', productId: renewable().productId, reason: 'Loppumassa' });
    const res = await customer.post<CustomerCart>('/my-shopping-cart/item', allergy());
    expect(res.status).toBe(200);
    expect(res.body.totalPrice).toBe(2980);
    expect(res.body.priceEuro).toBe('29,80 €');
    expect(res.body.items.map((i) => [i.type, i.displayName, i.priceCents])).toEqual([
      ['renewal', renewable().displayName, 990],
      ['prescription', 'Allergia', 1990],
    ]);
    // Kept in the database, not the session: a new login finds it.
    expect((await (await loginAs(app, 'customer')).get<CustomerCart>('/my-shopping-cart')).body.totalPrice).toBe(2980);
    // The saved chat has the questionnaire's texts, without the client's step numbers; verified.
    const [row] = await app.sql<{ chat: Array<Record<string, unknown>>; chat_verified: boolean }>("SELECT chat, chat_verified FROM customer_cart_item WHERE type = 'prescription'");
    expect(row.chat_verified).toBe(true);
    expect(row.chat[0]).toEqual({ text: expect.any(String), type: 'question' });
  });

  it('takes the chat as JSON text too, and a chat without step numbers as unverified', async () => {
    expect((await customer.post('/my-shopping-cart/item', { ...allergy(), chat: JSON.stringify(allergy().chat) })).status).toBe(200);
    await app.sql('DELETE FROM customer_cart_item');
    const bare = allergy().chat.map(({ text, type }) => ({ text, type }));
    expect((await customer.post('/my-shopping-cart/item', { ...allergy(), chat: bare })).status).toBe(200);
    expect(await app.sql('SELECT chat_verified FROM customer_cart_item')).toEqual([{ chat_verified: false }]);
  });

  it('refuses what the server can tell is wrong, with the message, and keeps the cart as it was', async () => {
    const narcotic = (await app.sql<{ id: number }>('SELECT id FROM product WHERE NOT renewable LIMIT 1'))[0].id;
    const cases: Array<[unknown, number, string]> = [
      [{ type: 'renewal', productId: 999_999, reason: 'Lääke loppumassa' }, 400, M.medicineNotFound],
      [{ type: 'renewal', productId: null, reason: 'Lääke loppumassa' }, 400, M.medicineNotFound],
      [{ type: 'renewal', productId: narcotic, reason: 'Lääke loppumassa' }, 400, M.notRenewable],
      // SPEC section 4: a renewal carries the patient's reason for the doctor.
      [{ type: 'renewal', productId: renewable().productId, reason: '' }, 400, M.renewalReasonRequired],
      [{ type: 'renewal', productId: renewable().productId, reason: '   ' }, 400, M.renewalReasonRequired],
      [{ type: 'renewal', productId: renewable().productId }, 400, M.renewalReasonRequired],
      // The demo customer is a woman: the erectile dysfunction questionnaire is not offered to her.
      [{ type: 'prescription', medicalProblem: 'erection_disorder', chat: questionnaireChat('erection_disorder', ['Kyllä', 'Kyllä']) }, 400, M.topicNotOffered],
      [{ type: 'prescription', medicalProblem: 'flunssa', chat: allergy().chat }, 400, M.topicNotOffered],
      [{ type: 'prescription', medicalProblem: 'urethritis', chat: allergy().chat }, 400, M.chatInvalid],
      [{ ...allergy(), chat: allergy().chat.map((e, i) => (i === 1 ? { ...e, text: 'Korvissa' } : e)) }, 400, M.chatInvalid],
      [{ ...allergy(), chat: '[{"text": 1}]' }, 400, M.chatInvalid],
      [{ ...allergy(), chat: 'ei json' }, 400, M.chatInvalid],
      [{ ...allergy(), chat: Array.from({ length: 81 }, () => ({ text: 'x', type: 'answer' })) }, 400, M.chatInvalid],
      [{ type: 'lahja' }, 400, M.itemTypeInvalid],
    ];
    for (const [body, status, message] of cases) {
      const res = await customer.post('/my-shopping-cart/item', body);
      expect([JSON.stringify(body).slice(0, 80), res.status, [res.body.message].flat()]).toEqual([JSON.stringify(body).slice(0, 80), status, [message]]);
    }
    expect((await customer.get<CustomerCart>('/my-shopping-cart')).body.items).toEqual([]);
  });

  it("asks the pregnancy question of women only, and the server's replay agrees", async () => {
    const matti = await signInOtherCustomer(app);
    const MAN_ANSWERS = ALLERGY_ANSWERS.filter((_, i) => i !== 3); // without 'Oletko raskaana?'
    const manChat = questionnaireChat('allergy', MAN_ANSWERS, 'm');
    expect(manChat.map((e) => e.text)).not.toContain('Oletko raskaana?');
    // A man's chat that answers it, and a woman's that skips it, do not follow the questionnaire.
    for (const [client, chat] of [
      [matti, questionnaireChat('allergy', ALLERGY_ANSWERS, 'f')],
      [customer, manChat],
    ] as const) {
      const res = await client.post('/my-shopping-cart/item', { type: 'prescription', medicalProblem: 'allergy', chat });
      expect([res.status, res.body.message]).toEqual([400, M.chatInvalid]);
    }
    const added = await matti.post<CustomerCart>('/my-shopping-cart/item', { type: 'prescription', medicalProblem: 'allergy', chat: manChat });
    expect(added.status).toBe(200);
    expect(await app.sql("SELECT chat_verified FROM customer_cart_item WHERE type = 'prescription'")).toEqual([{ chat_verified: true }]);
  });

  it('refuses a request whose questionnaire ends in a rejection', async () => {
    const topic = 'urethritis';
    const steps = (await import('@resepti/domain')).QUESTIONNAIRES[topic];
    // A path to the rejection: the first answer of each step until an end step that forbids ordering.
    const reject = findRejectingAnswers(steps);
    const res = await customer.post('/my-shopping-cart/item', { type: 'prescription', medicalProblem: topic, chat: questionnaireChat(topic, reject) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(M.questionnaireRejected);
  });

  it('has each medicine once, at most 10 items, and removes an item by id', async () => {
    const kestine = { type: 'renewal', productId: renewable().productId, reason: 'Lääke loppumassa' };
    expect((await customer.post('/my-shopping-cart/item', kestine)).status).toBe(200);
    const twice = await customer.post('/my-shopping-cart/item', kestine);
    expect([twice.status, twice.body.message]).toEqual([409, M.alreadyInCart]);
    const others = products.filter((p) => p.renewable && p.productId !== renewable().productId);
    const added = await Promise.all(others.slice(0, 12).map((p) => customer.post('/my-shopping-cart/item', { type: 'renewal', productId: p.productId, reason: 'Lääke loppumassa' })));
    const cart = (await customer.get<CustomerCart>('/my-shopping-cart')).body;
    expect(cart.items).toHaveLength(10);
    expect(added.filter((r) => r.status === 400).every((r) => r.body.message === M.cartFull)).toBe(true);

    const removed = await customer.delete<CustomerCart>(`/my-shopping-cart/item/${cart.items[0].id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.items).toHaveLength(9);
    expect((await customer.delete(`/my-shopping-cart/item/${cart.items[0].id}`)).status).toBe(404);
  });

  it("is nobody else's: another customer sees an empty cart and cannot remove this one's items", async () => {
    await customer.post('/my-shopping-cart/item', { type: 'renewal', productId: renewable().productId, reason: 'Lääke loppumassa' });
    const mine = (await customer.get<CustomerCart>('/my-shopping-cart')).body;
    const other = await signInOtherCustomer(app);
    expect((await other.get<CustomerCart>('/my-shopping-cart')).body.items).toEqual([]);
    expect((await other.delete(`/my-shopping-cart/item/${mine.items[0].id}`)).status).toBe(404);
    expect((await customer.get<CustomerCart>('/my-shopping-cart')).body.items).toHaveLength(1);
  });
});

/** Answers leading to the first end step that forbids ordering (depth-first over the first choices). */
function findRejectingAnswers(steps: Array<{ id: number; type?: string; answers: Array<{ text: string; next: number }> | null; next?: number; canOrder?: boolean }>): string[] {
  const byId = new Map(steps.map((s) => [s.id, s]));
  const walk = (id: number, path: string[], seen: Set<number>): string[] | null => {
    const step = byId.get(id);
    if (!step || seen.has(id)) return null;
    if (step.answers === null) return step.canOrder ? null : path;
    const options = step.type === 'oneOf' ? step.answers.map((a) => [a.text, a.next] as const) : step.type === 'textInput' ? [['vastaus', step.next!] as const] : [[step.answers[0].text, step.next!] as const];
    for (const [text, next] of options) {
      const found = walk(next, [...path, text], new Set([...seen, id]));
      if (found) return found;
    }
    return null;
  };
  const found = walk(1, [], new Set());
  if (!found) throw new Error('no rejecting path');
  return found;
}

describe('campaign codes and coupons', () => {
  const kestine = () => ({ type: 'renewal', productId: renewable().productId, reason: 'Lääke loppumassa' });

  it('takes a percentage or an amount off, shows the discount, and can be taken back', async () => {
    const env = { DATABASE_URL: app.databaseUrl };
    expect((await runAdmin(['create-coupon', '--code', 'kevat20', '--percent', '20'], env)).code).toBe(0);
    expect((await runAdmin(['create-coupon', '--code', 'VIISI', '--amount-cents', '500', '--uses', '100', '--valid-until', '2099-12-31'], env)).code).toBe(0);
    await customer.post('/my-shopping-cart/item', kestine());
    await customer.post('/my-shopping-cart/item', allergy());

    const percent = await customer.post<CustomerCart>('/my-shopping-cart/apply-coupon', { code: ' Kevat20 ' });
    expect(percent.status).toBe(200);
    expect(percent.body.coupon).toEqual({ code: 'KEVAT20', discountEuro: '5,96 €', discountPercentage: 20, discountAmountCents: 596 });
    expect(percent.body.totalPrice).toBe(2980 - 596);

    const amount = await customer.post<CustomerCart>('/my-shopping-cart/apply-coupon', { code: 'viisi' });
    expect(amount.body.coupon).toMatchObject({ code: 'VIISI', discountAmountCents: 500, discountPercentage: null });
    expect(amount.body.totalPrice).toBe(2480);

    const back = await customer.post<CustomerCart>('/my-shopping-cart/unapply-coupon');
    expect(back.body).toMatchObject({ coupon: null, totalPrice: 2980 });
  });

  it("refuses unknown, expired, used-up and another customer's codes with 'Kampanjakoodia ei löytynyt'", async () => {
    await app.sql(
      `INSERT INTO coupon (code, amount_cents, percent_off, max_uses, uses, valid_until, customer_id) VALUES
         ('VANHA', 500, NULL, NULL, 0, now() - interval '1 day', NULL),
         ('LOPPU', 500, NULL, 1, 1, NULL, NULL),
         ('TOISEN', 1990, NULL, NULL, 0, NULL, (SELECT id FROM customer WHERE email = 'matti@example.fi'))
       ON CONFLICT DO NOTHING`,
    );
    await customer.post('/my-shopping-cart/item', kestine());
    for (const code of ['EIOLE', 'VANHA', 'LOPPU', 'TOISEN', '']) {
      const res = await customer.post('/my-shopping-cart/apply-coupon', { code });
      expect([code, res.status, res.body.message]).toEqual([code, 400, M.couponNotFound]);
    }
    expect((await customer.get<CustomerCart>('/my-shopping-cart')).body.coupon).toBeNull();
  });

  it("lets the customer use the single-use coupon a doctor gave them, and nobody else's", async () => {
    const [{ id: me }] = await app.sql<{ id: number }>('SELECT id FROM customer WHERE email = $1', [DEMO.customer.email]);
    await app.sql(`INSERT INTO coupon (code, amount_cents, customer_id) VALUES ('OMA1990', 1990, $1) ON CONFLICT DO NOTHING`, [me]);
    await customer.post('/my-shopping-cart/item', kestine());
    const res = await customer.post<CustomerCart>('/my-shopping-cart/apply-coupon', { code: 'OMA1990' });
    // Worth more than the cart: the cart costs nothing, never less.
    expect(res.body).toMatchObject({ totalPrice: 0, coupon: { code: 'OMA1990', discountAmountCents: 990 } });
  });

  it('slows code guessing: 10 tries in 15 minutes per customer, then 429 even for a real code; others are not held up', async () => {
    const guesser = await signInOtherCustomer(app);
    await guesser.post('/my-shopping-cart/item', kestine());
    // Parallel tries cannot slip past the count.
    const tries = await Promise.all(Array.from({ length: 14 }, (_, i) => guesser.post('/my-shopping-cart/apply-coupon', { code: `ARVAUS${i}` })));
    expect(tries.map((t) => t.status).sort()).toEqual([...Array(10).fill(400), ...Array(4).fill(429)]);
    const real = await guesser.post('/my-shopping-cart/apply-coupon', { code: 'KEVAT20' });
    expect([real.status, real.body.message]).toEqual([429, 'Liian monta kampanjakoodin kokeilua. Yritä uudelleen 15 minuutin kuluttua.']);
    expect((await guesser.get<CustomerCart>('/my-shopping-cart')).body.coupon).toBeNull();
    // Another customer from the same address still can.
    await customer.post('/my-shopping-cart/item', kestine());
    expect((await customer.post('/my-shopping-cart/apply-coupon', { code: 'KEVAT20' })).status).toBe(200);
  });

  it('create-coupon refuses bad options without writing anything', async () => {
    const env = { DATABASE_URL: app.databaseUrl };
    for (const args of [
      ['create-coupon', '--code', 'X1', '--percent', '10'],
      ['create-coupon', '--code', 'KAKSI', '--percent', '10', '--amount-cents', '100'],
      ['create-coupon', '--code', 'SATA', '--percent', '101'],
      ['create-coupon', '--code', 'PVM', '--amount-cents', '100', '--valid-until', '31.12.2099'],
    ]) {
      const res = await runAdmin(args, env);
      expect([args.join(' '), res.code]).toEqual([args.join(' '), 2]);
    }
    expect(await app.sql("SELECT code FROM coupon WHERE code IN ('X1', 'KAKSI', 'SATA', 'PVM')")).toEqual([]);
  });
});

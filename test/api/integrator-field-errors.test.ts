/**
 * One field-error shape under /api (issue 42): every refusal of one field, whether class-validator
 * found it or a rule past it (a hetu's check character, an unknown office or medicine, a webhook
 * URL, the Idempotency-Key header, a cursor, a path id), answers problem+json `validation-failed`
 * with `errors[]` pointing at the field; a body that is JSON but no object is such a refusal too
 * (not "malformed JSON"). Every code answered is in the catalogue, with Finnish, Swedish and English
 * texts and no raw validator English. Before: `bad-request` without pointers, `invalid_value` with
 * class-validator's English as its Finnish, `null` called "not valid JSON".
 */
import { PROBLEM_KINDS, PROBLEM_TEXTS, type ProblemDetails, type Product } from '@resepti/domain';
import { startApp, type TestApp } from '../support/app';
import { createApiClient, IntegratorClient } from '../support/integrator';

let app: TestApp;
let pos: IntegratorClient;
let officeId: number;
let kestine: Product;
let notRenewableId: number;

beforeAll(async () => {
  app = await startApp({ env: { API_TOKEN_LIMIT_PER_CLIENT: '1000', API_TOKEN_LIMIT_PER_ADDRESS: '1000' } });
  pos = await IntegratorClient.signIn(app, await createApiClient(app, 'Keskusapteekki', 'Kentät'));
  [{ id: officeId }] = await app.sql<{ id: number }>(`SELECT id FROM pharmacy_office WHERE name = 'Keskusapteekki Kauppatori'`);
  kestine = (await pos.call<{ data: Product[] }>('GET', '/products?q=Kestine')).body.data[0];
  [{ id: notRenewableId }] = await app.sql<{ id: number }>('SELECT id FROM product WHERE available AND NOT renewable ORDER BY id LIMIT 1');
}, 120_000);
afterAll(async () => {
  await app?.stop();
});

const order = (overrides: Record<string, unknown> = {}) => ({
  officeId,
  patient: { hetu: '121212-913Y', firstName: 'Matti', lastName: 'Meikäläinen' },
  items: [{ productId: kestine.productId, reason: 'Loppumassa' }],
  deliveryOption: 'delivery-12-h',
  ...overrides,
});

const catalogue = new Map(PROBLEM_TEXTS.map((entry) => [entry.code, entry]));
/** Words of class-validator's own messages: never in an answer's Finnish or Swedish. */
const VALIDATOR_ENGLISH = /\b(must|should|property|nested|each value)\b/;

/** The refusal is validation-failed with one field error at `where`, of `code`, catalogued in three languages. */
function expectFieldError(res: { status: number; body: ProblemDetails; headers: Headers }, where: { pointer: string } | { parameter: string }, code: string): void {
  expect(res.status).toBe(400);
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(res.body.type).toBe('urn:resepti:problem:validation-failed');
  expect(res.body.code).toBe(code);
  expect(res.body.errors).toEqual([expect.objectContaining({ ...where, code })]);
  for (const text of [res.body, res.body.errors![0]]) {
    expect(catalogue.has(text.code)).toBe(true);
    expect(text.detailFi).not.toMatch(VALIDATOR_ENGLISH);
    expect(text.detailSv).not.toMatch(VALIDATOR_ENGLISH);
    expect(text.detailSv).not.toBe(text.detailFi);
  }
}

const ordersNow = async () => (await app.sql<{ n: number }>('SELECT count(*)::int AS n FROM orders'))[0].n;

describe('a refused field of an order points at itself, and no order is placed', () => {
  it.each<[string, () => Record<string, unknown>, string, string]>([
    ['a hetu whose check character is wrong', () => order({ patient: { hetu: '121212-913X', firstName: 'Matti', lastName: 'M' } }), '/patient/hetu', 'hetu_invalid'],
    ['a blank last name', () => order({ patient: { hetu: '121212-913Y', firstName: 'Matti', lastName: '  ' } }), '/patient/lastName', 'patient_missing'],
    ['an office that is not the client’s', () => order({ officeId: 999_999 }), '/officeId', 'office_not_allowed'],
    ['an unknown medicine as the second item', () => order({ items: [{ productId: kestine.productId }, { productId: 999_999 }] }), '/items/1/productId', 'product_not_found'],
    ['a medicine that cannot be renewed', () => order({ items: [{ productId: notRenewableId }] }), '/items/0/productId', 'product_not_renewable'],
    ['the same medicine twice', () => order({ items: [{ productId: kestine.productId }, { productId: kestine.productId }] }), '/items/1/productId', 'product_repeated'],
    ['reason null (the contract says string)', () => order({ items: [{ productId: kestine.productId, reason: null }] }), '/items/0/reason', 'string_required'],
    ['an item that is no object', () => order({ items: ['x'] }), '/items/0', 'object_required'],
    ['an unknown field', () => order({ note: 'x' }), '/note', 'unknown_field'],
  ])('%s', async (_, body, pointer, code) => {
    const before = await ordersNow();
    expectFieldError(await pos.call<ProblemDetails>('POST', '/orders', body()), { pointer }, code);
    expect(await ordersNow()).toBe(before);
  });

  it.each([['null', null], ['a string', 'x'], ['a number', 1], ['an array', []]])('a body that is JSON but %s → the whole body ("") is refused, not "malformed JSON"', async (_, body) => {
    expectFieldError(await pos.call<ProblemDetails>('POST', '/orders', body), { pointer: '' }, 'object_required');
  });

  it('several refused fields: validation_failed, each field listed with its own code', async () => {
    const res = await pos.call<ProblemDetails>('POST', '/orders', order({ officeId: 'x', deliveryOption: 'tomorrow' }));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    expect(catalogue.get('validation_failed')!.fi).toBe(res.body.detailFi);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ pointer: '/officeId', code: 'integer_required' }), expect.objectContaining({ pointer: '/deliveryOption', code: 'delivery_option_invalid' })]),
    );
  });
});

describe('refused parameters and other fields', () => {
  it('a webhook URL that is not https', async () => {
    expectFieldError(await pos.call<ProblemDetails>('POST', '/webhook-endpoints', { url: 'ftp://kassa.example/x', events: ['order.delivered'] }), { pointer: '/url' }, 'webhook_url_scheme');
  });

  it('an Idempotency-Key that is not 1–200 printable characters', async () => {
    const res = await pos.call<ProblemDetails>('POST', '/orders', order(), { 'Idempotency-Key': 'x'.repeat(201) });
    expectFieldError(res, { parameter: 'Idempotency-Key' }, 'idempotency_key_invalid');
  });

  it.each([
    ['/orders?cursor=bm90LWEtY3Vyc29y', 'cursor', 'cursor_invalid'],
    ['/orders?status=lost', 'status', 'status_invalid'],
    ['/orders?updatedSince=yesterday', 'updatedSince', 'updated_since_invalid'],
    ['/orders?limit=0', 'limit', 'limit_invalid'],
    ['/events?after=evt_nothing', 'after', 'event_after_invalid'],
    ['/orders/0', 'id', 'id_invalid'],
    ['/webhook-endpoints/1/deliveries/x/redeliver', 'deliveryId', 'id_invalid'],
  ])('%s → the parameter %s', async (path, parameter, code) => {
    const method = path.endsWith('/redeliver') ? 'POST' : 'GET';
    expectFieldError(await pos.call<ProblemDetails>(method, path), { parameter }, code);
  });
});

describe('the error catalogue', () => {
  it('every code has its Finnish, Swedish and English text, the Finnish and Swedish without English of the validator', () => {
    for (const entry of PROBLEM_TEXTS) {
      expect([entry.code, entry.fi, entry.sv, entry.en].every((text) => text.trim().length > 0)).toBe(true);
      expect(entry.sv).not.toBe(entry.fi);
      expect(`${entry.code}: ${entry.fi} ${entry.sv}`).not.toMatch(VALIDATOR_ENGLISH);
    }
    expect(new Set(PROBLEM_TEXTS.map((e) => e.code)).size).toBe(PROBLEM_TEXTS.length);
  });

  it('every kind has a catalogued code to fall back on (bad_request, internal_error … are in it)', () => {
    for (const kind of Object.keys(PROBLEM_KINDS)) expect(catalogue.has(kind.replace(/-/g, '_'))).toBe(true);
  });
});

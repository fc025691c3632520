/**
 * The search by every name a patient may type (issue 45): `GET /products?q=` finds a medicine by
 * its brand, its Finnish, Swedish or English substance name, with the strength in the query, case
 * and accents ignored; it also answers packages not on sale, with `available: false`, and
 * `GET /products/alternatives` names the available ones of the same ingredient. Every ATC code of
 * the shipped catalogue has its Swedish and English names, and the search is one index range.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import type { Product } from '@resepti/domain';
import { INN_NAMES } from '../../apps/api/src/catalogue/inn-names';
import { startApp, type TestApp } from '../support/app';
import { loginAs, type ApiClient } from '../support/http';

const SAMPLE = path.resolve(__dirname, '../../docs/samples/products.csv');

let app: TestApp;
let customer: ApiClient;
beforeAll(async () => {
  app = await startApp();
  customer = await loginAs(app, 'customer');
});
afterAll(async () => {
  await app?.stop();
});

const found = async (q: string) => (await customer.get<Product[]>(`/products?q=${encodeURIComponent(q)}`)).body;
const names = async (q: string) => (await found(q)).map((p) => p.displayName);

describe('GET /products?q=', () => {
  it.each([
    ['omeprazole', ['Losec 20 mg', 'Omeprazol ratiopharm 20 mg']],
    ['OMEPRAZOL', ['Losec 20 mg', 'Omeprazol ratiopharm 20 mg']],
    ['sertraline', ['Sertralin Accord 50 mg']],
    ['cetirizine', ['Cetirizin Sandoz 10 mg', 'Zyrtec 10 mg']],
    ['levotyroxin', ['Levothyroxin Sandoz 50 mikrog', 'Thyroxin Takeda 100 mikrog']],
    ['levothyroxine', ['Levothyroxin Sandoz 50 mikrog', 'Thyroxin Takeda 100 mikrog']],
    ['tyroksiini', ['Levothyroxin Sandoz 50 mikrog', 'Thyroxin Takeda 100 mikrog']],
    ['atorvastatin 20', ['Atorvastatin Krka 20 mg']],
    ['Atorvastatin 40mg', ['Atorvastatin Krka 40 mg']],
    ['atorvastatiini 20 mg', ['Atorvastatin Krka 20 mg']],
    ['hydroklortiazid 12.5', ['Hydrochlorthiazid Orion 12,5 mg']],
    ['budesonide', ['Symbicort Turbuhaler 160/4,5 mikrog/annos']],
    ['escitalopram', ['Cipralex 10 mg', 'Escitalopram Orion 10 mg']],
  ])('%s finds %j', async (q, expected) => {
    expect(await names(q)).toEqual(expected);
  });

  it('answers a package not on sale with available: false, and the rest as before', async () => {
    const losec = await found('losec');
    expect(losec).toEqual([{ productId: expect.any(Number), displayName: 'Losec 20 mg', format: 'enterokapseli, kova', renewable: true, available: false }]);
    expect(await found('Cipralex')).toEqual([expect.objectContaining({ displayName: 'Cipralex 10 mg', available: false })]);
    expect((await found('omeprazole')).map((p) => [p.displayName, p.available])).toEqual([
      ['Losec 20 mg', false],
      ['Omeprazol ratiopharm 20 mg', true],
    ]);
    // Without q: only what can be ordered.
    const all = (await customer.get<Product[]>('/products')).body;
    expect(all.every((p) => p.available)).toBe(true);
    expect(all.map((p) => p.displayName)).not.toContain('Losec 20 mg');
    // Words in the wrong order, or a strength the medicine does not have, find nothing.
    expect(await names('20 atorvastatin')).toEqual([]);
    expect(await names('atorvastatin 30')).toEqual([]);
  });

  it('names the available alternatives of the same ingredient, and refuses a bad list', async () => {
    const [losec] = await found('losec');
    const [cipralex] = await found('cipralex');
    const [ranitidin] = await found('ranitidin');
    const alternatives = async (of: string) => (await customer.get<Product[]>(`/products/alternatives?of=${of}`)).body.map((p) => p.displayName);
    expect(await alternatives(`${losec!.productId}`)).toEqual(['Omeprazol ratiopharm 20 mg']);
    expect(await alternatives(`${losec!.productId},${cipralex!.productId}`)).toEqual(['Escitalopram Orion 10 mg', 'Omeprazol ratiopharm 20 mg']);
    expect(await alternatives(`${ranitidin!.productId}`)).toEqual([]);
    for (const bad of ['', 'x', '1,,2', '-1', Array.from({ length: 21 }, (_, i) => i + 1).join(',')]) {
      const answer = await customer.get<{ message: string }>(`/products/alternatives?of=${bad}`);
      expect(answer.status).toBe(400);
    }
    expect((await customer.get('/products/alternatives')).status).toBe(400);
  });

  it('knows the Swedish and English names of every ATC code of the shipped catalogue', () => {
    const [header, ...rows] = readFileSync(SAMPLE, 'utf8').trimEnd().split('\n');
    const atc = header!.split(';').indexOf('ATCKOODI');
    const codes = new Set(rows.map((row) => row.split(';')[atc]!));
    const missing = [...codes].filter((code) => !(INN_NAMES[code]?.sv.length && INN_NAMES[code]?.en.length));
    expect(missing).toEqual([]);
  });

  it('is one range of the search index', async () => {
    const db = new Client({ connectionString: app.databaseUrl });
    await db.connect();
    try {
      await db.query('SET enable_seqscan = off');
      const plan = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN SELECT product_id FROM product_search_term WHERE term LIKE $1`, ['omeprazole%']);
      expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/Index (Only )?Scan (using|on) "PK_product_search_term"[\s\S]*Index Cond: \(\(term >= 'omeprazole'::text\) AND \(term < 'omeprazolf'::text\)\)/);
    } finally {
      await db.end();
    }
  });
});

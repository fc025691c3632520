/**
 * The medicine catalogue (issue 27): `npm run admin -- import-products FILE` imports the register's
 * file (docs/catalogue.md), the demo seed being the same import of docs/samples/products.csv; a
 * second import of a file changes nothing; a newer file adds, changes and withdraws, and a
 * withdrawn package is only unavailable (an old order still shows it). The search finds a product
 * by the start of its brand or of its active ingredient, case and accents ignored. Without any
 * available product the start logs a warning and the chats' search says so.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import type { PharmacyOrder, Product } from '@resepti/domain';
import { startApp, type TestApp } from '../support/app';
import { runAdmin } from '../support/cli';
import { loginAs, type ApiClient } from '../support/http';
import { createApiClient, IntegratorClient } from '../support/integrator';
import { pharmacistAtOffice, sendPharmacyOrder } from '../support/pharmacy-flow';

const SAMPLE = path.resolve(__dirname, '../../docs/samples/products.csv');
const sampleLines = () => readFileSync(SAMPLE, 'utf8').trimEnd().split('\n');

let app: TestApp;
let env: Record<string, string>;
let customer: ApiClient;
let dir: string;
beforeAll(async () => {
  app = await startApp();
  env = { DATABASE_URL: app.databaseUrl };
  customer = await loginAs(app, 'customer');
  dir = await mkdtemp(path.join(tmpdir(), 'resepti-catalogue-'));
});
afterAll(async () => {
  await app?.stop();
});

const catalogue = () =>
  app.sql<Record<string, unknown>>('SELECT id, vnr, name, strength, form, form_code, package_size, atc_code, active_ingredient, available, renewable FROM product ORDER BY id');

async function writeFileLines(name: string, lines: string[], encoding: BufferEncoding = 'utf8'): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, `${lines.join('\r\n')}\r\n`, encoding);
  return file;
}

/** The sample's line of a product, with some columns changed (by Fimea's column names). */
function changed(line: string, changes: Record<string, string>): string {
  const header = sampleLines()[0]!.split(';');
  const fields = line.split(';');
  for (const [column, value] of Object.entries(changes)) fields[header.indexOf(column)] = value;
  return fields.join(';');
}

/** The products on sale that a search finds (it answers those not on sale too, with available: false). */
const search = async (q: string) =>
  (await customer.get<Product[]>(`/products?q=${encodeURIComponent(q)}`)).body.filter((p) => p.available).map((p) => p.displayName);

describe('import-products', () => {
  it('seeded the demo from the sample file, and importing it again changes nothing', async () => {
    const before = await catalogue();
    expect(before).toHaveLength(sampleLines().length - 1);
    expect(before.find((p) => p.name === 'Atorvastatin Krka' && p.strength === '20 mg')).toMatchObject({
      vnr: expect.stringMatching(/^\d{6}$/),
      form: 'tabletti, kalvopäällysteinen',
      // The form's EDQM Standard Term: film-coated tablet.
      form_code: '10221000',
      package_size: '98 kpl',
      atc_code: 'C10AA05',
      active_ingredient: 'atorvastatiini',
      available: true,
      renewable: true,
    });
    // Narcotic and PKV medicines are never renewed; a withdrawn one is not available.
    expect(before.filter((p) => !p.renewable).map((p) => p.name)).toEqual(['Diapam', 'Tenox', 'Oxynorm', 'Panacod', 'Tramadol Vitabalans']);
    expect(before.find((p) => p.name === 'Losec')).toMatchObject({ available: false });
    // Every form of the sample is a Standard Term.
    expect(before.filter((p) => p.form_code === null)).toEqual([]);

    const again = await runAdmin(['import-products', SAMPLE], env);
    expect(again).toMatchObject({ code: 0 });
    expect(again.stdout).toContain(`0 added, 0 changed, 0 withdrawn, ${before.length} unchanged`);
    expect(await catalogue()).toEqual(before);
  });

  it('adds, changes and withdraws by a newer file; a withdrawn product stays for the old order that has it', async () => {
    const { client: pharmacist } = await pharmacistAtOffice(app, 'pharmacy');
    const orderId = await sendPharmacyOrder(pharmacist, ['Amlodipin Orion 10 mg']);
    const [header, ...rows] = sampleLines();
    const newer = rows
      .filter((line) => !line.includes(';Amlodipin Orion;10 mg;')) // gone from the register
      .map((line) => (line.includes(';Kestine;') ? changed(line, { PAKKAUSKOKO: '100 kpl' }) : line))
      .map((line) => (line.includes(';Atorvastatin Krka;40 mg;') ? changed(line, { MYYNNISSA: 'E' }) : line));
    newer.push('123456;Atorvastatin Orion;10 mg;tabletti, kalvopäällysteinen;30 kpl;C10AA05;atorvastatiini;R;E;E;K');
    const file = await writeFileLines('newer.csv', [header!, ...newer]);
    const before = await catalogue();

    const first = await runAdmin(['import-products', file], env);
    expect(first).toMatchObject({ code: 0 });
    expect(first.stdout).toContain('1 added, 1 changed, 2 withdrawn');
    const second = await runAdmin(['import-products', file], env);
    expect(second.stdout).toContain('0 added, 0 changed, 0 withdrawn');

    const after = await catalogue();
    expect(after).toHaveLength(before.length + 1); // nothing deleted
    const amlodipin = after.find((p) => p.name === 'Amlodipin Orion' && p.strength === '10 mg')!;
    expect(amlodipin).toMatchObject({ available: false });
    expect(after.find((p) => p.name === 'Atorvastatin Krka' && p.strength === '40 mg')).toMatchObject({ available: false });
    expect(after.find((p) => p.name === 'Kestine')).toMatchObject({ package_size: '100 kpl', available: true });
    expect(await search('Amlodipin')).toEqual(['Amlodipin Orion 5 mg']);
    expect(await search('atorvastatiini')).toEqual(['Atorvastatin Krka 20 mg', 'Atorvastatin Orion 10 mg']);

    // The old order still shows the package and points at its row.
    const history = (await pharmacist.get<PharmacyOrder[]>('/pharmacy-order-history/active')).body;
    expect(history.find((o) => o.orderId === orderId)?.prescriptions.map((p) => p.displayName)).toEqual(['Amlodipin Orion 10 mg']);
    expect(await app.sql('SELECT product_id FROM order_item WHERE order_id = $1', [orderId])).toEqual([{ product_id: amlodipin.id }]);
    // ...and it cannot be ordered any more.
    const refused = await pharmacist.post('/pharmacy-shopping-cart/item', { type: 'renewal', productId: amlodipin.id, reason: '' });
    expect(refused.status).toBe(400);

    // Back to the sample (the other tests' catalogue): it is available again.
    expect((await runAdmin(['import-products', SAMPLE], env)).stdout).toContain('0 added, 3 changed, 1 withdrawn');
  });

  it('reads an ISO 8859-1 file as Fimea writes it, with its columns in another order and columns it does not use', async () => {
    const file = await writeFileLines(
      'latin1.csv',
      ['SUBSTITUUTIORYHMA;LAAKENIMI;VNRNRO;VAHVUUS;LAAKEMUOTO;PAKKAUSKOKO;ATCKOODI;LAAKEAINE;RESEPTISTATUS;PKV;HUUMAUSAINE;MYYNNISSA', '1234;Kylmänkestävä Ääkkönen;654321;5 mg;tabletti;30 kpl;R06AX22;ebastiini;R;E;E;K'],
      'latin1',
    );
    const merged = await writeFileLines('merged.csv', [...sampleLines(), '654321;Kylmänkestävä Ääkkönen;5 mg;tabletti;30 kpl;R06AX22;ebastiini;R;E;E;K']);
    expect((await runAdmin(['import-products', merged], env)).stdout).toContain('1 added, 0 changed, 0 withdrawn');
    expect((await runAdmin(['import-products', file], env)).stdout).toContain('0 added, 0 changed,');
    expect(await search('KYLMANKESTAVA')).toEqual(['Kylmänkestävä Ääkkönen 5 mg']);
    expect(await search('kylmänkestävä ääkkönen 5')).toEqual(['Kylmänkestävä Ääkkönen 5 mg']);
    await runAdmin(['import-products', SAMPLE], env);
  });

  it.each([
    ['a missing column', ['VNRNRO;LAAKENIMI', '990001;Amlodipin Orion'], /lacks the column\(s\) VAHVUUS/],
    ['a bad VNR number', [sampleLines()[0]!, changed(sampleLines()[1]!, { VNRNRO: '12a' })], /line 2: VNRNRO must be 6 digits/],
    ['a repeated VNR number', [sampleLines()[0]!, sampleLines()[1]!, sampleLines()[1]!], /line 3: VNRNRO 990001 is also on line 2/],
    ['a bad narcotic flag', [sampleLines()[0]!, changed(sampleLines()[1]!, { HUUMAUSAINE: 'kyllä' })], /line 2: PKV, HUUMAUSAINE and MYYNNISSA must be K or E/],
    ['no products', [sampleLines()[0]!], /no products/],
  ])('refuses %s with exit code 2 and the lines at fault, importing nothing', async (_, lines, message) => {
    const before = await catalogue();
    const result = await runAdmin(['import-products', await writeFileLines('bad.csv', lines)], env);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(await catalogue()).toEqual(before);
  });

  it('refuses a missing file and a missing argument', async () => {
    expect(await runAdmin(['import-products', path.join(dir, 'ei-ole.csv')], env)).toMatchObject({ code: 2, stderr: expect.stringContaining('cannot read') });
    expect(await runAdmin(['import-products'], env)).toMatchObject({ code: 2, stderr: expect.stringContaining('usage') });
  });
});

describe('the search', () => {
  it('finds by the start of the brand or of the active ingredient, case and accents ignored', async () => {
    const atorvastatin = ['Atorvastatin Krka 20 mg', 'Atorvastatin Krka 40 mg'];
    expect(await search('atorvastatiini')).toEqual(atorvastatin);
    expect(await search('ATORVASTATIN')).toEqual(atorvastatin);
    expect(await search('Atorvastatin Krka 4')).toEqual(['Atorvastatin Krka 40 mg']);
    expect(await search('setiritsiini')).toEqual(['Cetirizin Sandoz 10 mg', 'Zyrtec 10 mg']);
    expect(await search('kestine')).toEqual(['Kestine 10 mg']);
    expect(await search('KESTÌNE')).toEqual(['Kestine 10 mg']);
    // LIKE's own characters are only text, and a withdrawn product is found only as not on sale.
    expect(await search('%')).toEqual([]);
    expect(await search('_estine')).toEqual([]);
    expect(await search('Losec')).toEqual([]);
    expect((await customer.get<Product[]>('/products?q=Losec')).body).toEqual([expect.objectContaining({ displayName: 'Losec 20 mg', available: false })]);
    // Without q: every available product, as before; limit caps the answer.
    expect((await customer.get<Product[]>('/products')).body).toHaveLength(48);
    expect((await customer.get<Product[]>('/products?q=a&limit=2')).body.map((p) => p.displayName)).toEqual(['Amlodipin Orion 5 mg', 'Amlodipin Orion 10 mg']);
    expect((await customer.get('/products?limit=0')).status).toBe(400);
  });

  it('answers the integrators the same way, in the same shape', async () => {
    const pos = await IntegratorClient.signIn(app, await createApiClient(app, 'Keskusapteekki', 'Kassa'));
    const page = await pos.call<{ data: Product[]; count: number }>('GET', '/products?q=atorvastatiini&limit=1');
    expect(page.status).toBe(200);
    expect(page.body).toEqual({
      data: [{ productId: expect.any(Number), displayName: 'Atorvastatin Krka 20 mg', format: 'tabletti, kalvopäällysteinen', renewable: true }],
      count: 2,
      // The integrators' one list shape: the next page by cursor.
      nextCursor: expect.any(String),
      hasMore: true,
    });
  });

  it('uses the search index', async () => {
    // One connection for both statements (with 51 rows the planner would rather scan the table).
    const db = new Client({ connectionString: app.databaseUrl });
    await db.connect();
    try {
      await db.query('SET enable_seqscan = off');
      const plan = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN SELECT product_id FROM product_search_term WHERE term LIKE $1`, ['atorvastatiini%']);
      expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('PK_product_search_term');
    } finally {
      await db.end();
    }
  });
});

describe('without products', () => {
  it('logs a warning at start, and the search answers that nothing is available', async () => {
    await app.sql('UPDATE product SET available = false');
    const second = await startApp({ databaseUrl: app.databaseUrl });
    try {
      expect(second.output()).toContain('the medicine catalogue has no available products');
      const client = await loginAs(second, 'customer');
      // The chat asks for any product first: none, so it says the catalogue is unavailable.
      expect((await client.get<Product[]>('/products?q=&limit=1')).body).toEqual([]);
    } finally {
      await second.stop();
      await app.sql('UPDATE product p SET available = true WHERE p.name <> ALL ($1)', [['Losec', 'Ranitidin ratiopharm', 'Cipralex']]);
    }
    expect(app.output()).not.toContain('the medicine catalogue has no available products');
  });
});

/**
 * The patient's data rights in Chromium: /profile, 'Omat tietoni' lists who has read their data
 * ('Kuka on katsonut tietojani', a row per who, what and day with its count), 'Lataa omat tietoni'
 * downloads the JSON file and the printable page opens in a new tab (at 390 px); 'Poista tili'
 * closes the account by keyboard (at 1280 px).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkScreen, NARROW, WIDE } from '../support/a11y';
import { browserSuite, signInCustomer } from '../support/browser';
import { insertCustomer } from '../support/customer-flow';
import { ApiClient, DEMO } from '../support/http';
import { makeHetu } from '../support/order-fixtures';
import { pharmacistAtOffice } from '../support/pharmacy-flow';

const suite = browserSuite();

it('a patient sees who looked them up, a row per who, what and day with its count, and downloads their data (also as a printable page) at 390 px', async () => {
  const { client: pharmacy, office } = await pharmacistAtOffice(suite.app, 'pharmacy');
  expect((await pharmacy.post('/patient-info', { firstName: 'Aino', lastName: 'Asiakas', hetu: DEMO.customer.hetu })).status).toBe(200);
  // Many reads of one kind: each look at the cart is one in the audit, one row with its count in the log.
  for (let i = 0; i < 52; i++) expect((await pharmacy.get('/pharmacy-user-shopping-cart')).status).toBe(200);
  const pharmacyName = `${DEMO.pharmacy.pharmacy}, ${office.name}`;

  const page = await suite.openPage('/login', NARROW);
  await signInCustomer(page, suite.app.baseUrl);
  await page.goto(`${suite.app.baseUrl}/profile`);
  // Narrow: the menu first, then the chosen view.
  await page.getByRole('button', { name: 'Takaisin' }).click();
  await page.getByRole('button', { name: 'Omat tietoni' }).click();
  await page.getByRole('heading', { name: 'Omat tietoni' }).waitFor();
  await page.getByRole('heading', { name: 'Kuka on katsonut tietojani' }).waitFor();
  const list = page.getByRole('list', { name: 'Kuka on katsonut tietojani' }).getByRole('listitem');
  const entry = list.first();
  await entry.getByText(pharmacyName).waitFor();
  await entry.getByText('Katsoi tilauskorin (52 kertaa)').waitFor();
  await list.last().getByText('Haki henkilötunnuksella (1 kerta)').waitFor();
  expect(await list.count()).toBe(2);
  expect(await checkScreen(page, 'Omat tietoni')).toEqual([]);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Lataa omat tietoni' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^resepti-omat-tiedot-\d{4}-\d{2}-\d{2}\.json$/);
  // The run's Chromium is shared (connected to, not launched here): the download is saved as a copy.
  const dir = await mkdtemp(path.join(tmpdir(), 'resepti-download-'));
  const file = path.join(dir, download.suggestedFilename());
  await download.saveAs(file);
  const data = JSON.parse(await readFile(file, 'utf8'));
  await rm(dir, { recursive: true, force: true });
  expect(data.profile).toMatchObject({ email: DEMO.customer.email, hetu: DEMO.customer.hetu });
  expect(data.accessLog).toContainEqual(expect.objectContaining({ actor: pharmacyName, action: 'Katsoi tilauskorin', count: 52 }));

  // The same data as a page to read and print, in a new tab.
  const [printable] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('link', { name: 'Näytä tietoni tulostettavana sivuna' }).click()]);
  await printable.getByRole('heading', { name: 'Omat tietoni', level: 1 }).waitFor();
  await printable.getByText(DEMO.customer.hetu).waitFor();
  await printable.getByRole('cell', { name: 'Katsoi tilauskorin' }).waitFor();
  await printable.getByRole('cell', { name: '52', exact: true }).waitFor();
  await printable.close();
});

it("a patient closes their account by keyboard: the modal says the records stay, the password confirms, and the account is gone", async () => {
  const email = 'poistuva@example.fi';
  await insertCustomer(suite.app, { email, hetu: makeHetu(14, 8, 1986, 772), firstName: 'Pirkko', lastName: 'Poistuva' });
  const page = await suite.openPage('/login', WIDE);
  await page.getByLabel('Sähköposti', { exact: true }).fill(email);
  await page.getByLabel('Salasana', { exact: true }).fill(DEMO.customer.password);
  await page.getByLabel('Salasana', { exact: true }).press('Enter');
  await page.waitForURL(`${suite.app.baseUrl}/reseptit`);
  await page.goto(`${suite.app.baseUrl}/profile`);
  const menuItem = page.getByRole('button', { name: 'Omat tietoni' });
  await menuItem.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Tilin poistaminen' }).waitFor();

  // Tab from the view's heading to 'Poista tili' (past the download link).
  const closeButton = page.getByRole('button', { name: 'Poista tili' });
  await closeButton.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Poistetaanko tilisi?' });
  await dialog.getByText('Reseptitiedot säilytetään lain edellyttämän ajan.').waitFor();
  expect(await checkScreen(page, 'Poista tili')).toEqual([]);

  // Enter without the password: asked for it, nothing closes; a wrong one: told so.
  const password = dialog.getByLabel('Salasana', { exact: true });
  await password.focus();
  await page.keyboard.press('Enter');
  await dialog.getByText('Vahvista tilin poisto salasanallasi.').waitFor();
  await page.keyboard.type('Väärä-Salasana-9');
  await page.keyboard.press('Enter');
  await dialog.getByText('Nykyinen salasana on väärä.').waitFor();
  await password.fill('');
  await password.focus();
  await page.keyboard.type(DEMO.customer.password);
  await page.keyboard.press('Enter');

  await page.waitForURL(`${suite.app.baseUrl}/tili-poistettu`);
  await page.getByRole('heading', { name: 'Tilisi on poistettu' }).waitFor();
  expect(await checkScreen(page, 'Tili poistettu')).toEqual([]);
  const login = await new ApiClient(suite.app.apiUrl).post('/login', { email, password: DEMO.customer.password });
  expect(login.status).toBe(401);
});

/**
 * The patient's data rights in Chromium at 390 px: /profile, 'Omat tietoni' lists who has read
 * their data ('Kuka on katsonut tietojani') and 'Lataa omat tietoni' downloads the JSON file.
 */
import { readFile } from 'node:fs/promises';
import { checkScreen, NARROW } from '../support/a11y';
import { browserSuite } from '../support/browser';
import { DEMO } from '../support/http';
import { pharmacistAtOffice } from '../support/pharmacy-flow';

const suite = browserSuite();

it('a patient sees who looked them up and downloads their data at 390 px', async () => {
  const { client: pharmacy } = await pharmacistAtOffice(suite.app, 'pharmacy');
  expect((await pharmacy.post('/patient-info', { firstName: 'Aino', lastName: 'Asiakas', hetu: DEMO.customer.hetu })).status).toBe(200);

  const page = await suite.openPage('/login', NARROW);
  await page.getByLabel('Sähköposti', { exact: true }).fill(DEMO.customer.email);
  await page.getByLabel('Salasana', { exact: true }).fill(DEMO.customer.password);
  await page.getByLabel('Salasana', { exact: true }).press('Enter');
  await page.waitForURL(`${suite.app.baseUrl}/reseptit`);
  await page.goto(`${suite.app.baseUrl}/profile`);
  // Narrow: the menu first, then the chosen view.
  await page.getByRole('button', { name: 'Takaisin' }).click();
  await page.getByRole('button', { name: 'Omat tietoni' }).click();
  await page.getByRole('heading', { name: 'Omat tietoni' }).waitFor();
  await page.getByRole('heading', { name: 'Kuka on katsonut tietojani' }).waitFor();
  const entry = page.getByRole('list', { name: 'Kuka on katsonut tietojani' }).getByRole('listitem').first();
  await entry.getByText(DEMO.pharmacy.pharmacy).waitFor();
  await entry.getByText('Haki henkilötunnuksella').waitFor();
  expect(await checkScreen(page, 'Omat tietoni')).toEqual([]);

  await page.setViewportSize(NARROW);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Lataa omat tietoni' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^resepti-omat-tiedot-\d{4}-\d{2}-\d{2}\.json$/);
  const file = await download.path();
  const data = JSON.parse(await readFile(file, 'utf8'));
  expect(data.profile).toMatchObject({ email: DEMO.customer.email, hetu: DEMO.customer.hetu });
  expect(data.accessLog[0]).toMatchObject({ actor: DEMO.pharmacy.pharmacy, action: 'Haki henkilötunnuksella' });
});

/**
 * Pushes carry the state the screen shows, so the web puts them into its cache without a
 * request: the doctor's queue counts and the pharmacy's order cards. And the pharmacist's other
 * session learns at once that the patient of the shared cart changed.
 */
import type { Page } from 'playwright-core';
import { browserSuite, submitLogin } from '../support/browser';
import { loginAs } from '../support/http';
import { clearOrders } from '../support/order-fixtures';
import { pharmacistAtOffice, sendPharmacyOrder } from '../support/pharmacy-flow';
import { APPROVAL } from '../support/prescribing';

const suite = browserSuite();

/** Paths of the API requests the page makes from now on. */
function apiRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/ui-api/')) seen.push(url.pathname.replace('/ui-api/v1', ''));
  });
  return seen;
}

it('the doctor’s queue counts follow pushes without a request', async () => {
  await clearOrders(suite.app);
  const { client: pharmacist } = await pharmacistAtOffice(suite.app, 'pharmacy');
  const otherDoctor = await loginAs(suite.app, 'doctor2');
  const page = await suite.openPage('/logindoctor', { width: 1366, height: 900 });
  await submitLogin(page, 'laakari@example.fi', 'Laakari123');
  await page.waitForURL(`${suite.app.baseUrl}/doctor`);
  await page.getByText('Ei tilauksia jonossa').waitFor();
  await page.getByText('Reaaliaikainen').waitFor();
  const requests = apiRequests(page);

  await sendPharmacyOrder(pharmacist, ['Kestine']);
  await page.waitForFunction(() => document.title === '(1) Tilaukset – Resepti');
  expect(await page.getByRole('button', { name: 'Seuraava työ' }).isEnabled()).toBe(true);
  expect((await otherDoctor.post('/order/pick-first')).status).toBe(200);
  await page.waitForFunction(() => document.title === 'Tilaukset – Resepti');
  await page.getByText('Ei tilauksia jonossa').waitFor();

  expect(requests.filter((p) => p === '/system-status' || p === '/order/current')).toEqual([]);
});

it('the pharmacist’s other session follows the shared cart’s patient, and cards update without a request', async () => {
  const page = await suite.openPage('/loginapteekki', { width: 1400, height: 1000 });
  await submitLogin(page, 'kyla', 'Apteekki123');
  await page.waitForURL(`${suite.app.baseUrl}/reseptitapteekki`);
  await page.getByText('Reaaliaikainen').waitFor();
  await page.getByLabel('Henkilötunnus').fill('111180-1116');
  await page.getByRole('button', { name: 'Seuraava' }).click();
  await page.getByLabel('Etunimi').fill('Xenia');
  await page.getByLabel('Sukunimi').fill('Ensimmäinen');
  await page.getByRole('button', { name: 'Hae reseptiä' }).click();
  await page.getByText('Potilas: Xenia Ensimmäinen, 111180-1116').waitFor();

  // The same pharmacist at another workstation serves another patient: this screen follows.
  const { client: other } = await pharmacistAtOffice(suite.app, 'kyla');
  expect((await other.post('/patient-info', { firstName: 'Matti', lastName: 'Meikäläinen', hetu: '121212-913Y' })).status).toBe(200);
  await page.getByText('Potilas vaihtui toisessa istunnossa: nyt Matti Meikäläinen, 121212-913Y.', { exact: false }).waitFor();
  await page.getByText('Potilas: Matti Meikäläinen, 121212-913Y').waitFor();

  // That session sends the order; a doctor decides it: the card changes here with no list request.
  const orderId = await sendPharmacyOrder(other, ['Kestine']);
  await page.getByText('Tilaus lähetettiin tai keskeytettiin toisessa istunnossa.').waitFor();
  const card = page.getByRole('article', { name: 'Matti Meikäläinen' });
  await card.getByText('Kestine 10 mg').waitFor();
  const requests = apiRequests(page);
  const doctor = await loginAs(suite.app, 'doctor');
  const picked = await doctor.post<{ id: number; prescriptions: { id: number }[] }>('/order/pick-first');
  expect(picked.body.id).toBe(orderId);
  await doctor.post(`/order/process-item/${picked.body.prescriptions[0].id}`, { ...APPROVAL, reasonForDecision: '' });
  await doctor.post('/order/mark-delivered');
  await card.getByText('Hyväksytty').waitFor();
  expect(requests.filter((p) => p.startsWith('/pharmacy-order-history'))).toEqual([]);
});

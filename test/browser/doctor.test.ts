/**
 * The doctor's workbench in Chromium against the built API and web app: sign in, see the
 * waiting count, take the next order, reject one prescription with a reason, approve the
 * other, send, and find the order in Historia; the sort selector and the admin notice.
 */
import type { Locator, Page } from 'playwright-core';
import { browserSuite, submitLogin } from '../support/browser';
import { loginAs } from '../support/http';
import { clearOrders, insertOrder, makeHetu } from '../support/order-fixtures';

const suite = browserSuite();

async function signInAsDoctor(): Promise<Page> {
  const page = await suite.openPage('/logindoctor', { width: 1366, height: 900 });
  await submitLogin(page, 'laakari@example.fi', 'Laakari123', 'click');
  await page.waitForURL(`${suite.app.baseUrl}/doctor`);
  return page;
}

describe('doctor workbench', () => {
  it('takes the next order, rejects one item with a reason, approves another, sends, and finds it in Historia', async () => {
    await clearOrders(suite.app);
    const patient = { firstName: 'Veera', lastName: 'Virtanen', hetu: makeHetu(12, 3, 85, 234) };
    await insertOrder(suite.app, {
      source: 'customer',
      patient,
      deliveryOptionId: 'delivery-12-h',
      minutesToDeadline: 90,
      items: [
        { type: 'renewal', displayName: 'Burana 400 mg', format: 'tabletti', reason: 'Selkäkipuun', priceCents: 990 },
        { type: 'renewal', displayName: 'Panadol 500 mg', format: 'tabletti', reason: 'Kuumeeseen', priceCents: 990 },
      ],
    });
    await insertOrder(suite.app, { source: 'pharmacy', deliveryOptionId: 'delivery-20-min', minutesToDeadline: 600, patient: { firstName: 'Toinen', lastName: 'Potilas', hetu: makeHetu(1, 1, 70, 22) } });

    const page = await signInAsDoctor();
    await page.getByRole('banner').getByText('Liisa Lääkäri', { exact: true }).waitFor();
    // The welcome panel: two waiting, the countdown, the table in kpl; the tab title carries the count.
    await page.getByRole('heading', { name: 'Tervetuloa, Liisa' }).waitFor();
    await eventually(page.getByTestId('waiting-count')).toHaveText('2');
    await eventually(page.getByTestId('count-12h')).toHaveText('1 kpl');
    await eventually(page.getByTestId('count-20min')).toHaveText('1 kpl');
    await page.getByText('Seuraava tilaus vanhenee:').waitFor();
    expect(await page.getByTestId('countdown').textContent()).toMatch(/^1:[0-5]\d:\d\d$/);
    await page.waitForFunction(() => document.title === '(2) Tilaukset – Resepti');

    // Take the next order: the one with the earliest deadline.
    await page.getByRole('button', { name: 'Seuraava työ' }).click();
    await eventually(page.getByTestId('patient-name')).toContainText('Veera Virtanen');
    await eventually(page.getByTestId('patient-hetu')).toContainText(patient.hetu);
    await page.getByRole('button', { name: 'Kopioi henkilötunnus' }).waitFor();
    await page.getByRole('button', { name: 'Käsitelty' }).waitFor();
    await page.waitForFunction(() => document.title === '(1) Tilaukset – Resepti');

    // Reject the first prescription with a reason (the box starts with the default text).
    await page.getByRole('heading', { name: 'Burana 400 mg', level: 2 }).waitFor();
    await page.getByText('Selkäkipuun').waitFor();
    await page.getByRole('button', { name: 'Hylkää' }).click();
    const reason = page.getByLabel('Hylkäyksen perustelu');
    expect(await reason.inputValue()).toBe('Lääkettä ei voida myöntää annettujen tietojen perusteella.');
    // Beside the box: a standard reason reads in the patient's language, the doctor's own words as written.
    await page.getByText('Potilas lukee oman tekstisi sellaisenaan (sitä ei käännetä).', { exact: false }).waitFor();
    await reason.fill('Vaatii lääkärin vastaanottokäynnin.');
    await page.getByText('Anna asiakkaalle hyvityskoodi').waitFor();
    await page.getByRole('button', { name: 'Tallenna hylkäys' }).click();

    // The view moves on to the second prescription: approve it, naming the medicine (the fixture has no catalogue product) and the dosage.
    await page.getByRole('heading', { name: 'Panadol 500 mg', level: 2 }).waitFor();
    await page.getByLabel('Hae määrättävä lääke').fill('Cetirizin');
    await page.getByRole('option', { name: /Cetirizin Sandoz 10 mg/ }).click();
    await page.getByLabel('Annosteluohje').fill('1 tabletti päivässä');
    await page.getByRole('button', { name: 'Hyväksy' }).click();

    // Nothing is undecided: the send panel appears.
    const send = page.getByRole('button', { name: 'Lähetä' });
    await send.waitFor();
    const rows = await suite.app.sql<{ display_name: string; decision: string; reason_for_decision: string }>(
      `SELECT display_name, decision, reason_for_decision FROM order_item ORDER BY id`,
    );
    expect(rows.slice(0, 2)).toEqual([
      { display_name: 'Burana 400 mg', decision: 'rejected', reason_for_decision: 'Vaatii lääkärin vastaanottokäynnin.' },
      { display_name: 'Panadol 500 mg', decision: 'approved', reason_for_decision: '' },
    ]);
    await send.click();

    // The delivered order is shown as handled today until 'Sulje'.
    await page.getByText(/^Tilaus käsitelty \d{1,2}\.\d{1,2}\.\d{4}$/).waitFor();
    expect(await suite.app.sql(`SELECT delivery_status FROM orders WHERE patient_hetu = $1`, [patient.hetu])).toEqual([{ delivery_status: 'delivered' }]);
    await page.getByRole('button', { name: 'Sulje' }).click();
    // The next order was picked for the doctor.
    await eventually(page.getByTestId('patient-name')).toContainText('Toinen Potilas');

    // Historia: search by name finds the delivered order with its decisions.
    await page.getByRole('link', { name: 'Historia' }).click();
    await page.getByRole('heading', { name: 'Historia', level: 1 }).waitFor();
    await page.getByLabel('Hae nimellä tai hetulla').fill('virtanen');
    const row = page.getByRole('button', { name: /Veera Virtanen/ });
    await row.waitFor();
    await eventually(row).toContainText(/Käsitelty \d{1,2}\.\d{1,2}\.\d{4} - \d{1,2}\.\d\d/);
    await eventually(page.getByRole('button', { name: /Toinen Potilas/ })).toHaveCount(0);
    await row.click();
    const detail = page.getByRole('article', { name: 'Tilaus (vain luku)' });
    await detail.getByText('Vaatii lääkärin vastaanottokäynnin.').waitFor();
    await detail.getByText('Hyväksytty', { exact: true }).waitFor();
    await eventually(detail.getByRole('button', { name: 'Hyväksy' })).toHaveCount(0);
  });

  it('Historia: processing orders show the time left and Palauta; the sort menu closes on an outside click', async () => {
    await clearOrders(suite.app);
    const doctor2 = await loginAs(suite.app, 'doctor2');
    await insertOrder(suite.app, { patient: { firstName: 'Jumi', lastName: 'Jonottaja', hetu: makeHetu(5, 5, 55, 55) }, minutesToDeadline: -30 });
    await doctor2.post('/order/pick-first');
    await insertOrder(suite.app, { status: 'delivered', patient: { firstName: 'Aada', lastName: 'Aalto', hetu: makeHetu(6, 6, 66, 66) } });

    const page = await signInAsDoctor();
    await page.getByRole('link', { name: 'Historia' }).click();
    const stuck = page.getByRole('button', { name: /Jumi Jonottaja/ });
    await eventually(stuck).toContainText(/Käsittelyssä - aika ylitetty \d+ min/);

    // Sort: the menu opens, an outside click closes it, a choice re-sorts.
    const sortButton = page.getByRole('button', { name: /Järjestys: Uusimmat ensin/ });
    await sortButton.click();
    await page.getByRole('menuitemradio', { name: 'Nimi A-Ö' }).waitFor();
    await page.getByRole('heading', { name: 'Historia', level: 1 }).click();
    await eventually(page.getByRole('menu')).toHaveCount(0);
    await sortButton.click();
    await page.getByRole('menuitemradio', { name: 'Nimi A-Ö' }).click();
    await page.getByRole('button', { name: /Järjestys: Nimi A-Ö/ }).waitFor();
    await eventually(page.getByTestId('history-list').getByRole('listitem').first()).toContainText('Aada Aalto');

    // Palauta releases the stuck order.
    await stuck.click();
    await page.getByText(/Aika ylitetty: \d+ min/).waitFor();
    await page.getByRole('button', { name: 'Palauta' }).click();
    // it asks first: the order is another doctor's work
    await page.getByRole('group', { name: /Palautetaanko se jonoon/ }).getByRole('button', { name: 'Kyllä, palauta' }).click();
    await eventually(page.getByRole('button', { name: /Jumi Jonottaja/ })).toHaveCount(0);
    expect(await suite.app.sql(`SELECT delivery_status FROM orders WHERE patient_first_name = 'Jumi'`)).toEqual([{ delivery_status: 'waiting' }]);

    // Empty search result.
    await page.getByLabel('Hae nimellä tai hetulla').fill('eiloydy');
    await page.getByText('Historia on tyhjä').waitFor();
  });

  it('Admin: publishes the notice to pharmacies, shown read-only and in the header', async () => {
    const page = await signInAsDoctor();
    await page.getByRole('link', { name: 'Admin' }).click();
    await page.getByRole('link', { name: 'Viesti apteekeille' }).waitFor();
    await page.getByRole('heading', { name: 'Viesti kaikille apteekeille' }).waitFor();
    await page.getByLabel('Otsikko').fill('Huoltokatko sunnuntaina');
    await page.getByLabel('Lisätiedot').fill('Palvelu on poissa käytöstä klo 2–4.');
    await page.getByText('Julkaise', { exact: true }).click();
    const published = page.getByTestId('published-notice');
    await published.getByRole('heading', { name: 'Huoltokatko sunnuntaina' }).waitFor();
    await published.getByText('Palvelu on poissa käytöstä klo 2–4.').waitFor();
    await eventually(page.getByLabel('Otsikko')).toHaveCount(0);
    await eventually(page.getByTestId('doctor-notice-header')).toContainText('Huoltokatko sunnuntaina');
    expect(await suite.app.sql(`SELECT header, status FROM notice`)).toEqual([{ header: 'Huoltokatko sunnuntaina', status: 'published' }]);
  });
});

// Polling assertions on locators (Playwright's own expect is not part of playwright-core).
function eventually(target: Locator) {
  const poll = async (check: () => Promise<boolean>, what: string) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      if (await check().catch(() => false)) return;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  return {
    toHaveText: (text: string) => poll(async () => (await target.first().textContent())?.trim() === text, `text ${text}`),
    toContainText: (text: string | RegExp) =>
      poll(async () => {
        const t = (await target.first().textContent()) ?? '';
        return typeof text === 'string' ? t.includes(text) : text.test(t);
      }, `text ${String(text)}`),
    toHaveCount: (n: number) => poll(async () => (await target.count()) === n, `count ${n}`),
  };
}

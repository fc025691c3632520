/**
 * Every staff screen at 1280 × 800 and 390 × 844 (one page load per screen, both widths):
 * no sideways scrolling (`document.documentElement.scrollWidth` ≤ the width) and no critical
 * or serious axe-core violation. Buttons keep their words at 390 px. The public pages get the
 * same checks.
 */
import type { Page } from 'playwright-core';
import { browserSuite, submitLogin } from '../support/browser';
import { checkScreen, NARROW, WIDE } from '../support/a11y';
import { loginAs } from '../support/http';
import { pharmacistAtOffice, sendPharmacyOrder } from '../support/pharmacy-flow';

const suite = browserSuite();

beforeAll(async () => {
  // Two orders: one a doctor is processing (the order view, Historia's 'Palauta'), one waiting.
  const { client } = await pharmacistAtOffice(suite.app, 'pharmacy');
  await sendPharmacyOrder(client, ['Kestine', 'Cetirizin']);
  await sendPharmacyOrder(client, ['Kestine'], { patient: { firstName: 'Maija', lastName: 'Mallikas-Pitkäsukunimi', hetu: '010101-123N' } });
  const doctor = await loginAs(suite.app, 'doctor');
  await doctor.post('/order/pick-first');
});

/** The widest a word-wrapped button label gets: one letter per line shows as many lines. */
async function buttonsKeepTheirWords(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('button')]
      .filter((b) => b.offsetParent !== null && (b.textContent ?? '').trim().length > 2)
      .filter((b) => {
        const style = getComputedStyle(b);
        const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.3;
        const words = (b.textContent ?? '').trim().split(/\s+/u).length;
        return b.getBoundingClientRect().height > line * (words + 1) + 24;
      })
      .map((b) => (b.textContent ?? '').trim()),
  );
}

async function checkBoth(page: Page, name: string, problems: string[]): Promise<void> {
  problems.push(...(await checkScreen(page, name)));
  await page.setViewportSize(NARROW);
  for (const label of await buttonsKeepTheirWords(page)) problems.push(`${name} @390: button '${label}' wraps`);
  await page.setViewportSize(WIDE);
}

describe('staff screens at 1280 and 390 px', () => {
  it('pharmacy: office chooser, workbench (each step), Historia, Järjestelmänvalvoja', async () => {
    const problems: string[] = [];
    const page = await suite.openPage('/loginapteekki', WIDE);
    await checkBoth(page, '/loginapteekki', problems);
    await submitLogin(page, 'apteekki.admin', 'Apteekki123');
    await page.getByRole('heading', { name: 'Valitse toimipaikkasi' }).waitFor();
    await checkBoth(page, '/toimipaikka', problems);
    await page.getByRole('button', { name: /Keskusapteekki Kauppatori/ }).click();
    await page.getByRole('heading', { name: 'Reseptin tilaus' }).waitFor();
    await page.getByRole('article').first().waitFor();
    await checkBoth(page, '/reseptitapteekki step 1', problems);
    await page.getByLabel('Henkilötunnus').fill('121212-913Y');
    await page.getByLabel('Henkilötunnus').press('Enter');
    await page.getByLabel('Etunimi', { exact: true }).fill('Matti');
    await page.getByLabel('Sukunimi', { exact: true }).fill('Meikäläinen');
    await checkBoth(page, '/reseptitapteekki step 2', problems);
    await page.getByRole('button', { name: 'Hae reseptiä' }).click();
    await page.getByRole('combobox', { name: 'Lääkkeen nimi' }).pressSequentially('Ke');
    await page.getByRole('option').first().waitFor();
    await checkBoth(page, '/reseptitapteekki chat', problems);
    await page.getByRole('button', { name: /Näytä/ }).click();
    await page.getByRole('option', { name: 'Historia' }).click();
    await page.getByRole('heading', { name: 'Historia', level: 2 }).waitFor();
    await checkBoth(page, '/reseptitapteekki Historia', problems);
    await page.getByRole('link', { name: 'Järjestelmänvalvoja' }).click();
    await page.getByRole('heading', { name: 'Käyttäjätunnukset' }).waitFor();
    await page.getByLabel('Etunimi', { exact: true }).waitFor();
    await checkBoth(page, '/adminapteekki', problems);

    // /print (its print dialog and closing stubbed out)
    const print = await page.context().newPage();
    await print.addInitScript(() => {
      window.print = () => undefined;
      window.close = () => undefined;
    });
    await print.goto(`${suite.app.baseUrl}/print`);
    await print.getByRole('heading', { name: 'Potilasinfo', level: 1 }).waitFor();
    await checkBoth(print, '/print', problems);
    expect(problems).toEqual([]);
  });

  it('doctor: the order view, Historia and Admin', async () => {
    const problems: string[] = [];
    const page = await suite.openPage('/logindoctor', WIDE);
    await checkBoth(page, '/logindoctor', problems);
    await submitLogin(page, 'laakari@example.fi', 'Laakari123');
    await page.getByTestId('patient-name').waitFor();
    await checkBoth(page, '/doctor order view', problems);
    await page.getByRole('button', { name: 'Hylkää' }).click();
    await page.getByLabel('Hylkäyksen perustelu').waitFor();
    await checkBoth(page, '/doctor rejecting', problems);
    await page.getByRole('link', { name: 'Historia' }).click();
    await page.getByRole('button', { name: 'Palauta', exact: true }).waitFor();
    await checkBoth(page, '/doctor/history', problems);
    await page.getByRole('link', { name: 'Admin' }).click();
    await page.getByLabel('Otsikko').waitFor();
    await checkBoth(page, '/doctor/admin', problems);
    await page.goto(`${suite.app.baseUrl}/doctor`);
    await page.getByRole('button', { name: 'Palauta jonoon' }).click();
    await page.getByRole('button', { name: 'Palauta jonoon' }).last().click();
    await page.getByRole('button', { name: 'Seuraava työ' }).waitFor();
    await checkBoth(page, '/doctor welcome', problems);
    expect(problems).toEqual([]);
  });

  it('public pages: the same checks', async () => {
    const problems: string[] = [];
    const page = await suite.openPage('/', WIDE);
    for (const path of ['/', '/tietoa-asiakkaalle', '/login', '/loginapteekki', '/registerHello', '/ei-tallaista-sivua']) {
      await page.goto(`${suite.app.baseUrl}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      problems.push(...(await checkScreen(page, path)));
    }
    expect(problems).toEqual([]);
  });
});

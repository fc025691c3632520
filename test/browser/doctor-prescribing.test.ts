/**
 * The doctor prescribes with the Prescription Centre's facts, by keyboard alone, in Chromium
 * (issues 41 and 45): the order view shows the patient's Centre prescriptions of each medicine
 * with the rules' flags and the dosage prefilled from the newest; a renewal is approved with
 * Enter; the 'Allergia' request gets its medicine from the search (the topic's usual choices
 * first), a dosage and the packages. Then the patient's card names the medicine, the amount and
 * the dosage, in Finnish, Swedish and English.
 */
import type { Page } from 'playwright-core';
import { browserSuite, submitLogin } from '../support/browser';
import { DEMO } from '../support/http';
import { clearOrders, insertOrder } from '../support/order-fixtures';

const suite = browserSuite();
const WIDE = { width: 1280, height: 900 };

/** The focused element's name: its aria-label, its label's text, or its own text. */
async function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    if (!el || el === document.body) return '';
    return (el.getAttribute('aria-label') ?? el.labels?.[0]?.textContent ?? el.textContent ?? '').replace(/\s+/gu, ' ').trim();
  });
}

async function focusMovesTo(page: Page, name: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if ((await focusedName(page)) === name) return;
    await page.waitForTimeout(100);
  }
  throw new Error(`the focus is on '${await focusedName(page)}', not on '${name}'`);
}

describe('the doctor prescribes', () => {
  it("decides renewals with the Centre's facts and prescribes a medicine for 'Allergia' by keyboard; the patient's card shows it in fi/sv/en", async () => {
    await clearOrders(suite.app);
    const ids = Object.fromEntries((await suite.app.sql<{ id: number; vnr: string }>(`SELECT id, vnr FROM product WHERE vnr IN ('990003', '990018')`)).map((r) => [r.vnr, r.id]));
    await insertOrder(suite.app, {
      source: 'customer',
      items: [
        { type: 'renewal', productId: ids['990003'], displayName: 'Atorvastatin Krka 20 mg', format: 'tabletti, kalvopäällysteinen' },
        { type: 'renewal', productId: ids['990018'], displayName: 'Losartan Krka 50 mg', format: 'tabletti, kalvopäällysteinen' },
        { type: 'prescription', displayName: 'Allergia', medicalProblem: 'allergy', format: '', priceCents: 1990, chat: [{ text: 'Onko oireita nenässä?', type: 'question' }, { text: 'Kyllä', type: 'answer' }] },
      ],
    });

    const page = await suite.openPage('/logindoctor', WIDE);
    await submitLogin(page, DEMO.doctor.email, DEMO.doctor.password);
    await page.getByTestId('register-number').getByText('99100000001').waitFor();
    await focusMovesTo(page, 'Seuraava työ');
    await page.keyboard.press('Enter');

    // Atorvastatin: dispensed and within 28 months, renewable; the dosage comes from it; Enter approves.
    const centre = page.getByTestId('centre-prescriptions');
    await centre.getByText('Kaisa Korhonen').waitFor();
    await centre.getByText('Uusittavissa', { exact: true }).waitFor();
    await centre.getByText(/^Hyväksyntä uusii \d{1,2}\.\d{1,2}\.\d{4} kirjoitetun reseptin\.$/).waitFor();
    expect(await page.getByLabel('Annosteluohje').inputValue()).toBe('1 tabletti illalla');
    await focusMovesTo(page, 'Hyväksy');
    await page.keyboard.press('Enter');

    // Losartan: never dispensed, flagged; still approved (as a new prescription) with its dosage.
    await page.getByRole('heading', { name: 'Losartan Krka 50 mg', level: 2 }).waitFor();
    await centre.getByText('Ei koskaan toimitettu').waitFor();
    await centre.getByText('Uusittavaa reseptiä ei ole: hyväksyntä tekee uuden reseptin.').waitFor();
    await focusMovesTo(page, 'Hyväksy');
    await page.keyboard.press('Enter');

    // Allergia: the search has the focus and offers the usual antihistamines first; type, arrow, Enter.
    await page.getByRole('heading', { name: 'Allergia', level: 2 }).waitFor();
    await focusMovesTo(page, 'Hae määrättävä lääke');
    await page.getByRole('listbox', { name: 'Tavalliset valinnat' }).getByRole('option', { name: /Cetirizin Sandoz 10 mg/ }).waitFor();
    await page.keyboard.type('ceti');
    await page.getByRole('listbox', { name: 'Lääkkeet' }).getByRole('option', { name: /Cetirizin Sandoz 10 mg/ }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByTestId('chosen-medicine').getByText('Cetirizin Sandoz 10 mg tabletti, kalvopäällysteinen').waitFor();
    await focusMovesTo(page, 'Annosteluohje');
    await page.keyboard.type('1 tabletti illalla');
    await page.keyboard.press('Enter');
    await focusMovesTo(page, 'Pakkauksia');
    await page.keyboard.type('2');
    await page.keyboard.press('Enter');
    await page.getByTestId('prescribed').getByText('Cetirizin Sandoz 10 mg tabletti, kalvopäällysteinen').waitFor();

    // All decided: 'Lähetä'.
    await focusMovesTo(page, 'Lähetä');
    await page.keyboard.press('Enter');
    await page.getByText(/^Tilaus käsitelty/u).waitFor();
    const rows = await suite.app.sql<{ dosage_instruction: string; packages: number; prior: boolean }>(
      'SELECT dosage_instruction, packages, prior_prescription_id IS NOT NULL AS prior FROM order_item ORDER BY id',
    );
    expect(rows).toEqual([
      { dosage_instruction: '1 tabletti illalla', packages: 1, prior: true },
      { dosage_instruction: '1 tabletti päivässä', packages: 1, prior: false },
      { dosage_instruction: '1 tabletti illalla', packages: 2, prior: false },
    ]);

    // The patient's card names what was prescribed, in each language (the form too: its Standard Term's name).
    const patient = await suite.openPage('/login', WIDE);
    await patient.getByLabel('Sähköposti', { exact: true }).fill(DEMO.customer.email);
    await patient.getByLabel('Salasana', { exact: true }).fill(DEMO.customer.password);
    await patient.getByLabel('Salasana', { exact: true }).press('Enter');
    await patient.waitForURL(`${suite.app.baseUrl}/reseptit`);
    const card = patient.getByTestId('prescribed').filter({ hasText: 'Cetirizin' });
    const expected: Array<[string | null, RegExp]> = [
      [null, /^Määrätty lääke: Cetirizin Sandoz 10 mg tabletti, kalvopäällysteinen, 2 pakkausta\s*Annostus: 1 tabletti illalla$/u],
      ['Svenska', /^Ordinerat läkemedel: Cetirizin Sandoz 10 mg filmdragerad tablett, 2 förpackningar\s*Dosering: 1 tabletti illalla$/u],
      ['English', /^Prescribed medicine: Cetirizin Sandoz 10 mg film-coated tablet, 2 packages\s*Dosage: 1 tabletti illalla$/u],
    ];
    for (const [language, text] of expected) {
      if (language) await patient.getByRole('button', { name: language }).first().click();
      await patient.waitForFunction(
        ([source]) => [...document.querySelectorAll('[data-testid="prescribed"]')].some((e) => new RegExp(source!, 'u').test((e as HTMLElement).innerText.trim())),
        [text.source],
      );
    }
    expect(await card.count()).toBe(1);
    expect(await patient.getByTestId('prescribed').filter({ hasText: 'Atorvastatin Krka 20 mg' }).count()).toBe(1);
  });
});

/**
 * The patient's languages in Chromium (issue 27): a Swedish browser (sv-FI) gets the landing page
 * and the whole renewal journey in Swedish (identification at the embedded IdP, the five
 * registration steps, /hello, a renewal in the chat, the checkout page) and its account keeps
 * Swedish for the text message; an English browser (en-GB) gets the landing page and the journey
 * of a returning customer (log in, renew, checkout) in English with '€9.90'. In a Finnish browser
 * the menu in the header changes the language, the footer's switch too, the pick survives a
 * reload, <html lang> follows, and axe finds nothing serious at 1280 and 390 px.
 */
import type { Page } from 'playwright-core';
import { checkScreen } from '../support/a11y';
import { browserSuite } from '../support/browser';
import { DEMO } from '../support/http';

const suite = browserSuite();
const WIDE = { width: 1280, height: 900 };

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

/** The customer's saved language, once it is `expected` (the web saves it in the background). */
async function accountLanguageBecomes(where: string, params: unknown[], expected: string): Promise<string | undefined> {
  let language: string | undefined;
  for (let i = 0; i < 100 && language !== expected; i++) {
    language = (await suite.app.sql<{ language: string }>(`SELECT language FROM customer WHERE ${where}`, params))[0]?.language;
    if (language !== expected) await new Promise((r) => setTimeout(r, 100));
  }
  return language;
}

/** The renewal in the chat column, labelled as `t` says, up to the medicine in the cart. */
async function renewInChat(page: Page, t: { chat: string; renewal: string; search: string; reason: string; confirm: string; selected: string }): Promise<void> {
  const chat = page.getByRole('complementary', { name: t.chat });
  await chat.getByRole('button', { name: t.renewal }).click();
  const search = chat.getByRole('combobox', { name: t.search });
  await search.pressSequentially('Kestin');
  await chat.getByRole('option', { name: /^Kestine/ }).first().waitFor();
  await search.press('Enter');
  await chat.getByLabel(t.reason).fill('Medicine running out');
  await chat.getByLabel(t.reason).press('Enter');
  await chat.getByRole('button', { name: t.confirm }).click();
  await page.getByText(t.selected, { exact: true }).waitFor();
}

describe("the patient's languages", () => {
  it('gives a Swedish browser the landing page and the renewal journey in Swedish, from identification to the checkout', async () => {
    const page = await suite.openPage('/', WIDE, undefined, 'sv-FI');
    await page.getByRole('heading', { name: 'Recept på nätet, tryggt' }).waitFor();
    expect(await htmlLang(page)).toBe('sv');
    await page.getByRole('button', { name: 'Avböj' }).click();
    await page.getByRole('heading', { name: 'Vanliga frågor' }).waitFor();
    await page.getByText('Förnyelse av recept 9,90 € / läkemedel').first().waitFor();
    expect(await page.getByRole('button', { name: 'Svenska' }).first().getAttribute('aria-pressed')).toBe('true');
    expect(await checkScreen(page, 'landing sv')).toEqual([]);

    // Identification at the embedded IdP, asked for Swedish (ui_locales) as the brokers are.
    await page.getByRole('link', { name: 'Skapa konto' }).first().click();
    await page.getByRole('heading', { name: 'Identifiera dig som testperson' }).waitFor();
    expect(await htmlLang(page)).toBe('sv');
    await page.getByRole('button', { name: 'Avbryt identifieringen' }).waitFor();
    await page.getByRole('button', { name: /Sanna Saarinen, 120601A948D/ }).click();

    await page.waitForURL(`${suite.app.baseUrl}/registerHello`);
    await page.getByRole('heading', { name: 'Hej Sanna!' }).waitFor();
    expect(await page.getByText('Steg 1/5').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Nästa' }).click();
    const email = page.getByRole('textbox', { name: 'E-post' });
    await email.fill('sanna@example');
    await email.press('Enter');
    await page.getByText('E-postadressens format är felaktigt.').waitFor();
    await email.fill('sanna.saarinen@example.fi');
    await email.press('Enter');
    await page.getByText('Steg 3/5').waitFor();
    const phone = page.getByRole('textbox', { name: 'Telefonnummer' });
    await phone.fill('050 123 4567');
    await phone.press('Enter');
    await page.getByText('Steg 4/5').waitFor();
    await page.getByLabel('Lösenord', { exact: true }).fill('Rekisteri1');
    await page.getByLabel('Lösenordet igen').fill('Rekisteri1');
    await page.getByRole('button', { name: 'Nästa' }).click();
    await page.getByText('Steg 5/5').waitFor();
    await page.getByRole('checkbox', { name: 'Jag godkänner användarvillkoren' }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Klar' }).click();

    await page.waitForURL(`${suite.app.baseUrl}/hello`);
    await page.getByRole('heading', { name: 'Välkommen, Sanna!' }).waitFor();
    // The account learns the language the customer uses: the text message will be in Swedish.
    expect(await accountLanguageBecomes('hetu = $1', ['120601A948D'], 'sv')).toBe('sv');

    await page.getByRole('link', { name: 'Börja söka recept här' }).click();
    await page.getByRole('complementary', { name: 'Sök recept' }).getByText(/^Hej Sanna!/).waitFor();
    await renewInChat(page, {
      chat: 'Sök recept',
      renewal: 'Förnyelse av gammalt recept',
      search: 'Läkemedlets namn',
      reason: 'Motivering till läkaren',
      confirm: 'Ja, receptet förnyas',
      selected: 'Vald för förnyelse',
    });
    await page.getByRole('heading', { name: 'Valda recept' }).waitFor();
    expect(await checkScreen(page, '/reseptit sv')).toEqual([]);

    await page.getByRole('link', { name: 'Gå till kassan 9,90 €' }).first().click();
    await page.waitForURL(`${suite.app.baseUrl}/handling`);
    await page.getByRole('heading', { name: 'Kassa' }).waitFor();
    await page.getByRole('button', { name: 'Gå till kassan 9,90 €' }).waitFor();
    expect(await htmlLang(page)).toBe('sv');
    expect(await checkScreen(page, '/handling sv')).toEqual([]);
  });

  it('gives an English browser the landing page and a returning customer\'s renewal in English', async () => {
    const page = await suite.openPage('/', WIDE, undefined, 'en-GB');
    await page.getByRole('heading', { name: 'Prescriptions online, safely' }).waitFor();
    expect(await htmlLang(page)).toBe('en');
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.getByText('Prescription renewal €9.90 / medicine').first().waitFor();

    await page.getByRole('link', { name: 'Log in' }).first().click();
    await page.getByLabel('E-mail', { exact: true }).fill(DEMO.customer.email);
    await page.getByLabel('Password', { exact: true }).fill('wrong-Password-1');
    await page.getByLabel('Password', { exact: true }).press('Enter');
    // The API's own message, in the language the web asked for.
    await page.getByText('Incorrect login details. Please try again').waitFor();
    await page.getByLabel('Password', { exact: true }).fill(DEMO.customer.password);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.waitForURL(`${suite.app.baseUrl}/reseptit`);
    await page.getByText('You have no prescription history yet.').waitFor();
    await renewInChat(page, {
      chat: 'Find a prescription',
      renewal: 'Renew an old prescription',
      search: 'Name of the medicine',
      reason: 'Reason for the doctor',
      confirm: 'Yes, renew the prescription',
      selected: 'Selected for renewal',
    });
    await page.getByRole('link', { name: 'Proceed to checkout €9.90' }).first().click();
    await page.waitForURL(`${suite.app.baseUrl}/handling`);
    await page.getByRole('heading', { name: 'Checkout' }).waitFor();
    await page.getByRole('button', { name: 'Proceed to checkout €9.90' }).waitFor();
    expect(await checkScreen(page, '/handling en')).toEqual([]);
    expect(await accountLanguageBecomes('email = $1', [DEMO.customer.email], 'en')).toBe('en');
  });

  it('switches the language in the header and the footer, keeps the pick over a reload, and sets <html lang>', async () => {
    const page = await suite.openPage('/', WIDE);
    await page.getByRole('heading', { name: 'Reseptit verkossa, turvallisesti' }).waitFor();
    expect(await htmlLang(page)).toBe('fi');
    await page.getByRole('button', { name: 'Kieltäydy' }).click();

    const header = page.getByRole('banner');
    await header.getByRole('combobox', { name: 'Kieli' }).selectOption('sv');
    await page.getByRole('heading', { name: 'Recept på nätet, tryggt' }).waitFor();
    expect(await htmlLang(page)).toBe('sv');
    expect(await header.getByRole('combobox', { name: 'Språk' }).inputValue()).toBe('sv');
    expect(await checkScreen(page, 'landing switched to sv')).toEqual([]);

    await page.reload();
    await page.getByRole('heading', { name: 'Recept på nätet, tryggt' }).waitFor();
    expect(await htmlLang(page)).toBe('sv');

    // The footer's switch, on another public page.
    await page.goto(`${suite.app.baseUrl}/login`);
    await page.getByRole('contentinfo').getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Log in' }).first().waitFor();
    expect(await htmlLang(page)).toBe('en');
    expect(await checkScreen(page, '/login switched to en')).toEqual([]);
    await page.reload();
    await page.getByLabel('E-mail', { exact: true }).waitFor();

    // Back to Finnish: the SPEC texts exactly.
    await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption('fi');
    await page.getByLabel('Sähköposti', { exact: true }).waitFor();
    expect(await htmlLang(page)).toBe('fi');

    // Signed in: the customer's footer switch changes the screens and the account keeps the pick.
    await page.getByLabel('Sähköposti', { exact: true }).fill(DEMO.customer.email);
    await page.getByLabel('Salasana', { exact: true }).fill(DEMO.customer.password);
    await page.getByLabel('Salasana', { exact: true }).press('Enter');
    await page.waitForURL(`${suite.app.baseUrl}/reseptit`);
    await page.getByRole('complementary', { name: 'Hae Reseptiä' }).waitFor();
    await page.getByRole('contentinfo').getByRole('button', { name: 'Svenska' }).click();
    await page.getByRole('complementary', { name: 'Sök recept' }).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Mitt konto' }).waitFor();
    expect(await htmlLang(page)).toBe('sv');
    expect(await accountLanguageBecomes('email = $1', [DEMO.customer.email], 'sv')).toBe('sv');
    expect(await checkScreen(page, '/reseptit switched to sv')).toEqual([]);
    await page.reload();
    await page.getByRole('complementary', { name: 'Sök recept' }).waitFor();
  });
});

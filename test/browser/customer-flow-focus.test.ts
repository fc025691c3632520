/**
 * Focus and flow of the patient's screens (issue 45), in Chromium: after each action the focus is
 * on its result or the next step (document.activeElement), never on the body: declining cookies,
 * confirming a renewal at 1280×800 (the next step on screen), applying a campaign code, a refused
 * payment by mouse, sending and closing the feedback prompt, the account-closed page. Also the
 * checkout page's discount row and total with a code (no cart bar there, a real h1), a stale
 * second tab paying again, the grouped phone number of the payment confirmation, the feedback
 * prompt waiting for an unfinished chat and Escape closing its thank-you, and registration in
 * Swedish and English with a taken e-mail back on the e-mail step. Screens pass axe.
 */
import type { Page } from 'playwright-core';
import { checkScreenWithLandmarks, WIDE } from '../support/a11y';
import { browserSuite, postAsPage, signInCustomer } from '../support/browser';
import { runAdmin } from '../support/cli';
import { ALLERGY_ANSWERS, questionnaireChat } from '../support/customer-flow';
import { DEMO, loginAs } from '../support/http';

const suite = browserSuite();

async function signIn(page: Page): Promise<void> {
  await signInCustomer(page, suite.app.baseUrl);
}

/** What has the focus: its tag, its id or accessible text, and whether it is in the viewport. */
function focused(page: Page): Promise<{ tag: string; id: string; text: string; onScreen: boolean }> {
  return page.evaluate(() => {
    const e = document.activeElement as HTMLElement | null;
    const r = e?.getBoundingClientRect();
    return {
      tag: e?.tagName ?? '',
      id: e?.id ?? '',
      text: (e?.innerText ?? '').trim(),
      onScreen: !!r && r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight,
    };
  });
}

/** Waits until the focus is on an element matching `selector` (a result rendered a frame later). */
async function focusReaches(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((s) => document.activeElement?.matches(s) ?? false, selector, { timeout: 5000 });
}

describe('focus and flow of the patient', () => {
  it('declining cookies moves the focus to the page heading', async () => {
    const page = await suite.openPage('/', WIDE);
    const banner = page.getByRole('region', { name: 'Evästeet' });
    await banner.getByRole('button', { name: 'Kieltäydy' }).click();
    await banner.waitFor({ state: 'detached' });
    await focusReaches(page, '#main h1');
    expect((await focused(page)).tag).toBe('H1');
  });

  it('renewal, code, checkout, refused payment, stale tab, confirmation and feedback keep the focus on the next step', async () => {
    await suite.app.sql('DELETE FROM customer_cart_item');
    expect((await runAdmin(['create-coupon', '--code', 'FOKUS20', '--percent', '20', '--uses', '5'], { DATABASE_URL: suite.app.databaseUrl })).code).toBe(0);
    const page = await suite.openPage('/login', WIDE);
    await page.getByRole('region', { name: 'Evästeet' }).getByRole('button', { name: 'Kieltäydy' }).click();
    await signIn(page);

    // A renewal confirmed at 1280×800: its next step ('Olen valmis') has the focus and is on screen.
    const chat = page.getByRole('complementary', { name: 'Hae Reseptiä' });
    await chat.getByRole('button', { name: 'Vanhan reseptin uusinta' }).click();
    await chat.getByRole('combobox', { name: 'Lääkkeen nimi' }).pressSequentially('Kestin');
    await chat.getByRole('option', { name: /^Kestine/ }).first().waitFor();
    await chat.getByRole('combobox', { name: 'Lääkkeen nimi' }).press('Enter');
    await chat.getByLabel('Perustelu lääkärille').fill('Lääke loppumassa');
    await chat.getByLabel('Perustelu lääkärille').press('Enter');
    await chat.getByRole('button', { name: 'Kyllä, uusitaan resepti' }).click();
    await chat.getByText(/lisättiin valittuihin resepteihin/).waitFor();
    await page.waitForFunction(() => (document.activeElement as HTMLElement | null)?.innerText?.trim() === 'Olen valmis');
    await page.waitForTimeout(300); // the cart bar and the cart's card appear with the step: the step must stay on screen
    expect(await focused(page)).toMatchObject({ text: 'Olen valmis', onScreen: true });

    // 9,90 + 19,90 with a 20 % code.
    expect(await postAsPage(page, '/my-shopping-cart/item', { type: 'prescription', medicalProblem: 'allergy', chat: questionnaireChat('allergy', ALLERGY_ANSWERS) })).toBe(200);
    await page.goto(`${suite.app.baseUrl}/handling`);
    await page.getByRole('heading', { name: 'Kassa', level: 1 }).waitFor();
    // On the checkout page no 'Siirry kassalle' bar leading to itself.
    expect(await page.getByRole('region', { name: 'Ostoskori' }).count()).toBe(0);
    await page.getByLabel('Kampanjakoodi').fill('FOKUS20');
    await page.getByRole('button', { name: 'Käytä koodi' }).click();
    await focusReaches(page, '[role="status"]');
    expect((await focused(page)).text).toBe('Kampanjakoodi FOKUS20 on käytössä.');
    await page.getByRole('button', { name: 'Siirry kassalle 23,84 €' }).click();

    // The checkout page: a heading that is a heading, the lines, the discount and the total Stripe would charge.
    await page.waitForURL(/\/kassa\/cs_test_/);
    await page.getByRole('heading', { name: 'Korttimaksu', level: 1 }).waitFor();
    const lines = await page.locator('.checkout__line').allInnerTexts();
    expect(lines.map((l) => l.replace(/\s+/g, ' ').trim())).toEqual([expect.stringMatching(/^Kestine.* 9,90 €$/), 'Allergia 19,90 €', 'Alennus −5,96 €', 'Yhteensä 23,84 €']);
    expect(await page.getByRole('region', { name: 'Ostoskori' }).count()).toBe(0);
    expect(await checkScreenWithLandmarks(page, '/kassa with a code')).toEqual([]);

    // A second tab on the same checkout, left as it is.
    const stale = await page.context().newPage();
    await stale.goto(page.url());
    await stale.getByRole('button', { name: 'Maksa 23,84 €' }).waitFor();

    // A declined card, by mouse: the focus goes to the card number, described by the error.
    await page.getByLabel('Kortin numero').fill('4000 0000 0000 0002');
    await page.getByLabel('Voimassa (KK/VV)').fill('12/34');
    await page.getByLabel('Turvakoodi (CVC)').fill('123');
    await page.getByRole('button', { name: 'Maksa 23,84 €' }).click();
    await page.getByText(/Korttimaksu hylättiin/).waitFor();
    await focusReaches(page, 'input[autocomplete="cc-number"]');
    const described = await page.evaluate(() => document.getElementById(document.activeElement!.getAttribute('aria-describedby')?.split(' ').pop() ?? '')?.textContent ?? '');
    expect(described).toMatch(/Korttimaksu hylättiin/);
    await page.getByLabel('Kortin numero').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Maksa 23,84 €' }).click();

    // The confirmation names the number grouped.
    await page.waitForURL((url) => url.pathname === '/reseptit' && url.searchParams.has('maksu'));
    await page.getByText('Saat tekstiviestin numeroon +358 40 123 4567, kun tilauksesi on käsitelty.').waitFor();

    // The stale tab pays again: told the order was paid already, never that this payment succeeded.
    await stale.getByLabel('Kortin numero').fill('4242 4242 4242 4242');
    await stale.getByLabel('Voimassa (KK/VV)').fill('12/34');
    await stale.getByLabel('Turvakoodi (CVC)').fill('123');
    await stale.getByRole('button', { name: 'Maksa 23,84 €' }).click();
    await stale.getByText('Tämä tilaus on jo maksettu.').waitFor();
    await focusReaches(stale, '[role="status"]');
    expect(await stale.getByText(/Maksu onnistui/).count()).toBe(0);
    expect(stale.url()).toMatch(/\/kassa\/cs_test_/);
    const [{ n }] = await suite.app.sql<{ n: string }>(`SELECT count(*) AS n FROM orders WHERE source = 'customer'`);
    expect(Number(n)).toBe(1);
    await stale.close();

    // The chat is mid-way when the decision arrives: the feedback prompt waits for it.
    await chat.getByRole('button', { name: 'Haen toista reseptiä' }).click();
    await chat.getByRole('button', { name: 'Vanhan reseptin uusinta' }).click();
    const doctor = await loginAs(suite.app, 'doctor');
    const picked = (await doctor.post<{ prescriptions: Array<{ id: number }> }>('/order/pick-first')).body;
    for (const item of picked.prescriptions) await doctor.post(`/order/process-item/${item.id}`, { decision: 'rejected', reasonForDecision: 'Vaatii vastaanottokäynnin' });
    await doctor.post('/order/mark-delivered');
    await page.getByText('Reseptipyyntö hylätty').waitFor();
    const dialog = page.getByRole('dialog', { name: 'Anna palautetta' });
    await page.waitForTimeout(7000);
    expect(await dialog.count()).toBe(0);
    // The chat done (the renewal added), the prompt comes.
    await chat.getByRole('combobox', { name: 'Lääkkeen nimi' }).pressSequentially('Kestin');
    await chat.getByRole('option', { name: /^Kestine/ }).first().waitFor();
    await chat.getByRole('combobox', { name: 'Lääkkeen nimi' }).press('Enter');
    await chat.getByLabel('Perustelu lääkärille').fill('Lääke loppumassa');
    await chat.getByLabel('Perustelu lääkärille').press('Enter');
    await chat.getByRole('button', { name: 'Kyllä, uusitaan resepti' }).click();
    await dialog.waitFor({ timeout: 15_000 });
    // Unchosen stars at 3:1 at least against the dialog.
    const starColour = await dialog.locator('.stars__star').first().evaluate((e) => getComputedStyle(e).color);
    expect(contrastOnWhite(starColour)).toBeGreaterThanOrEqual(3);

    // Sent: the focus on the thank-you; Escape closes it, and the focus is back on the page.
    await dialog.getByRole('radio', { name: '5 / 5 tähteä' }).check({ force: true });
    await dialog.getByRole('button', { name: 'Lähetä' }).click();
    const thanks = page.getByRole('dialog', { name: 'Kiitos palautteestasi!' });
    await thanks.waitFor();
    await page.waitForFunction(() => document.activeElement?.closest('[role="dialog"]') !== null && (document.activeElement as HTMLElement).innerText.includes('Kiitos'));
    await page.keyboard.press('Escape');
    await thanks.waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement !== document.body && document.activeElement !== null && document.activeElement.closest('#main') !== null);
  });

  it('the delete dialog styles its action as destructive; the account-closed page has the focus on its heading', async () => {
    // A customer of its own (the demo customer's password), closed here.
    await suite.app.sql(
      `INSERT INTO customer (hetu, first_name, last_name, email, phone, password_hash, sex, marketing_allowed, approved_eula_version, eula_accepted_at)
       SELECT '311299-966C', 'Tiina', 'Testaaja', 'tiina@example.fi', '+358401112222', password_hash, 'f', false, '1', now() FROM customer WHERE email = $1`,
      [DEMO.customer.email],
    );
    const page = await suite.openPage('/login', WIDE);
    await page.getByRole('region', { name: 'Evästeet' }).getByRole('button', { name: 'Kieltäydy' }).click();
    await page.getByLabel('Sähköposti', { exact: true }).fill('tiina@example.fi');
    await page.getByLabel('Salasana', { exact: true }).fill(DEMO.customer.password);
    await page.getByLabel('Salasana', { exact: true }).press('Enter');
    await page.waitForURL(`${suite.app.baseUrl}/reseptit`);
    await page.goto(`${suite.app.baseUrl}/profile`);
    await page.getByRole('button', { name: 'Omat tietoni' }).click();
    await page.getByRole('button', { name: 'Poista tili' }).click();
    const dialog = page.getByRole('dialog', { name: 'Poistetaanko tilisi?' });
    await dialog.waitFor();
    // Red, not the primary blue: the background's red channel leads.
    const background = await dialog.getByRole('button', { name: 'Poista tili' }).evaluate((b) => getComputedStyle(b).backgroundColor);
    const [r, g, b] = (background.match(/\d+/g) ?? []).map(Number);
    expect(r).toBeGreaterThan(g + 80);
    expect(r).toBeGreaterThan(b + 80);
    await dialog.getByLabel('Salasana', { exact: true }).fill(DEMO.customer.password);
    await dialog.getByRole('button', { name: 'Poista tili' }).click();
    await page.waitForURL(`${suite.app.baseUrl}/tili-poistettu`);
    await page.getByRole('heading', { name: 'Tilisi on poistettu', level: 1 }).waitFor();
    await focusReaches(page, '#main h1');
  });
});

describe('registration with an e-mail already taken', () => {
  const cases = [
    { locale: 'sv-SE', person: /Maija Mallikas, 240592-902B/, next: 'Nästa', done: 'Klar', terms: 'Jag godkänner användarvillkoren', taken: 'E-postadressen används redan.', step2: 'Steg 2/5', password: 'Lösenord', again: 'Lösenordet igen', phoneHint: 'Textmeddelandet kan tas emot endast av ett finskt mobilnummer (+358).', phone: 'Telefonnummer', email: 'E-post' },
    { locale: 'en-GB', person: /Matti Meikäläinen, 150385-9013/, next: 'Next', done: 'Done', terms: 'I accept the terms of use', taken: 'The e-mail address is already in use.', step2: 'Step 2/5', password: 'Password', again: 'Password again', phoneHint: 'Only a Finnish mobile number (+358) can receive the text message.', phone: 'Phone number', email: 'E-mail' },
  ];
  it.each(cases)('in $locale returns to the e-mail step with the focus on the e-mail field and the message', async (c) => {
    const page = await suite.openPage('/ui-api/v1/registration/start', WIDE, undefined, c.locale);
    await page.getByRole('button', { name: c.person }).click();
    await page.waitForURL(`${suite.app.baseUrl}/registerHello`);
    await page.locator('.cookie-banner .button-link--secondary').click();
    await page.getByRole('button', { name: c.next }).click();
    await page.getByRole('textbox', { name: c.email }).fill(DEMO.customer.email);
    await page.getByRole('textbox', { name: c.email }).press('Enter');
    // A foreign number: the message says why.
    const phone = page.getByRole('textbox', { name: c.phone });
    await phone.fill('+44 7700 900123');
    await phone.press('Enter');
    await page.getByText(c.phoneHint).waitFor();
    await phone.fill('040 765 4321');
    await phone.press('Enter');
    await page.getByLabel(c.password, { exact: true }).fill('Rekisteri1');
    await page.getByLabel(c.again, { exact: true }).fill('Rekisteri1');
    await page.getByLabel(c.again, { exact: true }).press('Enter');
    await page.getByText(c.terms).click();
    await page.getByRole('button', { name: c.done }).click();

    await page.getByText(c.taken).waitFor();
    await page.getByText(c.step2).waitFor();
    await focusReaches(page, 'input[type="email"]');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe(DEMO.customer.email);
    expect(await checkScreenWithLandmarks(page, `registration, e-mail taken (${c.locale})`)).toEqual([]);
  });
});

/** WCAG contrast of a CSS rgb() colour against white. */
function contrastOnWhite(rgb: string): number {
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return 1.05 / (luminance + 0.05);
}

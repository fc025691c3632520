/**
 * The rough edges a new patient met (issue 27), in Chromium: a page whose code could not load
 * while the server was down loads once it is back, inside the layout, and the chat keeps its
 * progress (also across a reload); Enter at a confirmation confirms; a renewal needs a reason;
 * the medicine search is a customer's input; the cookie banner comes first by keyboard and
 * keyboard scrolling is no consent; the phone's bottom nav sits under modals; one current item
 * in the navigation. Screens pass axe (also its `region` rule) at 1280 and 390 px.
 */
import type { Page } from 'playwright-core';
import { checkScreen, checkScreenWithLandmarks, NARROW, WIDE } from '../support/a11y';
import { startApp, type TestApp } from '../support/app';
import { browserSuite, signInCustomer } from '../support/browser';

const suite = browserSuite();

async function signIn(page: Page, baseUrl = suite.app.baseUrl): Promise<void> {
  if (!page.url().endsWith('/login')) await page.goto(`${baseUrl}/login`);
  await signInCustomer(page, baseUrl);
}

/** The accessible text of the focused element. */
function focusedText(page: Page): Promise<string> {
  return page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText?.trim() ?? '');
}

describe("the patient's rough edges", () => {
  it("with the server stopped, 'Oma tili' says it loads when the connection returns, and does so without a reload; the chat keeps its progress", async () => {
    await suite.app.sql('DELETE FROM customer_cart_item');
    // A second API node on the same database, so that it can be stopped and started on its port.
    let node: TestApp | undefined = await startApp({ databaseUrl: suite.app.databaseUrl });
    try {
      const port = new URL(node.baseUrl).port;
      const page = await suite.openPage('/', WIDE);
      await page.goto(`${node.baseUrl}/login`);
      await signIn(page, node.baseUrl);
      const chat = page.getByRole('complementary', { name: 'Hae Reseptiä' });
      await chat.getByRole('button', { name: 'Vanhan reseptin uusinta' }).click();
      await chat.getByRole('combobox', { name: 'Lääkkeen nimi' }).pressSequentially('Kestin');
      await chat.getByRole('combobox', { name: 'Lääkkeen nimi' }).press('Enter');
      await chat.getByLabel('Perustelu lääkärille').fill('Lääke loppumassa');
      await chat.getByLabel('Perustelu lääkärille').press('Enter');
      await chat.getByRole('button', { name: 'Kyllä, uusitaan resepti' }).waitFor();
      await page.getByText('Reaaliaikainen').waitFor();

      await node.stop();
      node = undefined;
      const header = page.getByRole('navigation', { name: 'Päävalikko' });
      await header.getByRole('link', { name: 'Oma tili' }).click();
      await page.getByText('Sivun lataaminen ei onnistunut, koska yhteys palvelimeen katkesi. Sivu latautuu itsestään, kun yhteys palaa.').waitFor();
      // The layout stays: header, navigation and the offline notice; no bare error page.
      expect(await header.isVisible()).toBe(true);
      await page.getByText('Näytetyt tiedot voivat olla vanhentuneita', { exact: false }).waitFor();
      expect(await page.getByText('Jokin meni vikaan', { exact: false }).count()).toBe(0);
      expect(await checkScreenWithLandmarks(page, 'page not loaded while offline')).toEqual([]);

      node = await startApp({ databaseUrl: suite.app.databaseUrl, env: { PORT: port } });
      await page.getByRole('heading', { name: 'Yhteystiedot' }).waitFor();
      await page.getByRole('heading', { name: 'Oma tili', level: 1 }).waitFor();
      expect(await page.getByText('Sivun lataaminen ei onnistunut', { exact: false }).count()).toBe(0);

      // Back to the chat: where it was, at the confirmation; a reload keeps it too.
      await header.getByRole('link', { name: 'Reseptit' }).click();
      await chat.getByRole('button', { name: 'Kyllä, uusitaan resepti' }).waitFor();
      await chat.getByText('Perustelu: Lääke loppumassa').waitFor();
      await page.reload();
      await chat.getByRole('button', { name: 'Kyllä, uusitaan resepti' }).click();
      await chat.getByText(/lisättiin valittuihin resepteihin/).waitFor();
    } finally {
      await node?.stop();
    }
  });

  it('Enter at the renewal confirmation and at the questionnaire end confirms; a renewal needs a reason', async () => {
    await suite.app.sql('DELETE FROM customer_cart_item');
    const page = await suite.openPage('/login', WIDE);
    await signIn(page);
    // After the sign-in the focus is on the new page's heading, not on the body.
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    expect(await focusedText(page)).toBe('Reseptit');
    const chat = page.getByRole('complementary', { name: 'Hae Reseptiä' });
    await chat.getByRole('button', { name: 'Vanhan reseptin uusinta' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.type('Kestin');
    await chat.getByRole('option', { name: /^Kestine/ }).first().waitFor();
    await page.keyboard.press('Enter');
    await chat.getByLabel('Perustelu lääkärille').waitFor();
    // No reason: the chat asks for one and stays.
    await page.keyboard.press('Enter');
    await chat.getByText('Kirjoita lääkärille lyhyt perustelu.').waitFor();
    expect(await chat.getByRole('button', { name: 'Kyllä, uusitaan resepti' }).count()).toBe(0);
    await page.keyboard.type('Lääke loppumassa');
    await page.keyboard.press('Enter');
    await chat.getByRole('button', { name: 'Kyllä, uusitaan resepti' }).waitFor();
    expect(await focusedText(page)).toBe('Kyllä, uusitaan resepti');
    await page.keyboard.press('Enter');
    await chat.getByText(/lisättiin valittuihin resepteihin/).waitFor();
    await page.getByText('Valittu uusittavaksi').waitFor();

    await chat.getByRole('button', { name: 'Haen toista reseptiä' }).click();
    await chat.getByRole('button', { name: 'Uusi resepti' }).click();
    await chat.getByRole('button', { name: 'Allergia', exact: true }).click();
    await chat.getByRole('button', { name: 'Nenässä', exact: true }).click();
    await chat.getByRole('button', { name: 'Kausiluonteisia', exact: true }).click();
    await chat.getByLabel('Vastauksesi').fill('Koivu keväisin');
    await chat.getByLabel('Vastauksesi').press('Enter');
    await chat.getByRole('button', { name: 'Kyllä', exact: true }).click();
    await chat.getByRole('button', { name: 'Ei', exact: true }).click();
    await chat.getByRole('button', { name: 'Kyllä, haetaan reseptiä' }).waitFor();
    expect(await focusedText(page)).toBe('Kyllä, haetaan reseptiä');
    await page.keyboard.press('Enter');
    await page.getByText('Reseptipyyntö', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Siirry kassalle 29,80 €' }).first().waitFor();
  });

  it('answering the chat is activity: no expiry prompt while the patient answers, the prompt once they stop', async () => {
    const page = await suite.openPage('/login', WIDE);
    await page.clock.install();
    await signIn(page);
    const chat = page.getByRole('complementary', { name: 'Hae Reseptiä' });
    const prompt = page.getByRole('alertdialog', { name: 'Istunto sulkeutumassa' });
    // The idle time is 30 minutes and the prompt comes two minutes before; each answer comes 20 minutes after the last.
    const answers: Array<() => Promise<void>> = [
      () => chat.getByRole('button', { name: 'Uusi resepti' }).click(),
      () => chat.getByRole('button', { name: 'Allergia', exact: true }).click(),
      () => chat.getByRole('button', { name: 'Nenässä', exact: true }).click(),
      () => chat.getByRole('button', { name: 'Kausiluonteisia', exact: true }).click(),
    ];
    for (const give of answers) {
      await page.clock.fastForward('20:00');
      expect(await prompt.count()).toBe(0);
      await give();
    }
    await chat.getByLabel('Vastauksesi').waitFor();
    expect(await prompt.count()).toBe(0);
    await page.clock.fastForward('28:30');
    await prompt.waitFor();
  });

  it("the medicine search is a customer's input: 16 px text, a 44 px target, room under its label", async () => {
    const page = await suite.openPage('/login', NARROW);
    await signIn(page);
    await page.getByRole('navigation', { name: 'Alavalikko' }).getByRole('link', { name: 'Lisää resepti' }).click();
    await page.getByRole('button', { name: 'Vanhan reseptin uusinta' }).click();
    const search = page.getByRole('combobox', { name: 'Lääkkeen nimi' });
    const box = await search.evaluate((input) => {
      const label = document.querySelector(`label[for="${input.id}"]`)!;
      return { fontSize: parseFloat(getComputedStyle(input).fontSize), height: input.getBoundingClientRect().height, gap: input.getBoundingClientRect().top - label.getBoundingClientRect().bottom };
    });
    expect(box.fontSize).toBeGreaterThanOrEqual(16);
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.gap).toBeGreaterThanOrEqual(4);
    await search.pressSequentially('Kestin');
    await page.getByRole('option', { name: /^Kestine/ }).first().waitFor();
    expect(await checkScreenWithLandmarks(page, 'phone chat with the medicine search')).toEqual([]);
  });

  it('the cookie banner comes first by keyboard; keyboard scrolling is no consent, a wheel is', async () => {
    const page = await suite.openPage('/', NARROW);
    const banner = page.getByRole('region', { name: 'Evästeet' });
    await banner.waitFor();
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('Hyväksy evästeet');
    // Far past a quarter of the page by keyboard: no choice is made for the user.
    await page.keyboard.press('End');
    await page.waitForFunction(() => window.scrollY / (document.documentElement.scrollHeight - window.innerHeight) > 0.5);
    for (let i = 0; i < 12; i++) await page.keyboard.press('Tab');
    expect(await banner.isVisible()).toBe(true);
    expect(await page.evaluate(() => document.cookie)).not.toContain('resepti_evasteet');
    await banner.getByRole('button', { name: 'Kieltäydy' }).focus();
    await page.keyboard.press('Enter');
    await banner.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.cookie)).toContain('resepti_evasteet=declined');

    // SPEC's scroll-accept stays for a wheel (pointer) scroll.
    const other = await suite.openPage('/', NARROW);
    await other.getByRole('region', { name: 'Evästeet' }).waitFor();
    await other.mouse.move(200, 300);
    await other.mouse.wheel(0, 5000);
    await other.getByRole('region', { name: 'Evästeet' }).waitFor({ state: 'detached' });
    expect(await other.evaluate(() => document.cookie)).toContain('resepti_evasteet=accepted');
  });

  it('with COOKIE_CONSENT_ON_SCROLL=false even a wheel is no consent', async () => {
    const node = await startApp({ databaseUrl: suite.app.databaseUrl, env: { COOKIE_CONSENT_ON_SCROLL: 'false' } });
    try {
      const page = await suite.openPage('/', NARROW);
      await page.goto(`${node.baseUrl}/`);
      const banner = page.getByRole('region', { name: 'Evästeet' });
      await banner.waitFor();
      // The banner does not promise what this deployment does not do.
      expect(await banner.getByText('Jos jatkat sivun selaamista, hyväksyt evästeet.', { exact: false }).count()).toBe(0);
      await page.mouse.move(200, 300);
      await page.mouse.wheel(0, 5000);
      await page.waitForFunction(() => window.scrollY / (document.documentElement.scrollHeight - window.innerHeight) > 0.5);
      await banner.getByRole('button', { name: 'Hyväksy evästeet' }).waitFor();
      expect(await page.evaluate(() => document.cookie)).not.toContain('resepti_evasteet');
    } finally {
      await node.stop();
    }
  });

  it("on a phone the bottom nav sits under a modal; one current item in the navigation", async () => {
    const page = await suite.openPage('/login', WIDE);
    await signIn(page);
    const header = page.getByRole('navigation', { name: 'Päävalikko' });
    expect(await header.getByRole('link', { name: 'Reseptit' }).getAttribute('aria-current')).toBe('page');
    expect(await header.getByRole('link', { name: 'Lisää resepti' }).getAttribute('aria-current')).toBeNull();
    await header.getByRole('link', { name: 'Lisää resepti' }).click();
    await page.waitForURL(/\?haku/);
    // The URL moves before React marks the link current: wait for the mark, as a screen reader user would hear it.
    await header.locator('a[aria-current="page"]', { hasText: 'Lisää resepti' }).waitFor();
    expect(await header.getByRole('link', { name: 'Lisää resepti' }).getAttribute('aria-current')).toBe('page');
    expect(await header.getByRole('link', { name: 'Reseptit' }).getAttribute('aria-current')).toBeNull();

    await page.setViewportSize(NARROW);
    await page.getByRole('region', { name: 'Evästeet' }).getByRole('button', { name: 'Kieltäydy' }).click();
    const bottomNav = page.getByRole('navigation', { name: 'Alavalikko' });
    expect(await bottomNav.getByRole('link', { name: 'Lisää resepti' }).getAttribute('aria-current')).toBe('page');
    expect(await checkScreenWithLandmarks(page, 'phone /reseptit?haku')).toEqual([]);
    await page.setViewportSize(NARROW);

    await bottomNav.getByRole('link', { name: 'Oma tili' }).click();
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    expect(await focusedText(page)).toBe('Oma tili');
    // On a phone the profile opens at the contact details; 'Takaisin' shows its menu.
    await page.getByRole('button', { name: 'Takaisin' }).click();
    await page.getByRole('button', { name: 'Käyttöehdot' }).click();
    const dialog = page.getByRole('dialog', { name: 'Käyttöehdot' });
    await dialog.waitFor();
    // What is on top where the bottom nav is: the modal, not the nav (which the modal hides from
    // assistive technology, so it is found by its place in the page here).
    const navOnTop = await page.locator('nav.customer-bottom-nav').evaluate((nav) => {
      const r = nav.getBoundingClientRect();
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return nav.contains(top);
    });
    expect(navOnTop).toBe(false);
    expect(await checkScreen(page, 'phone profile with a modal')).toEqual([]);
  });
});

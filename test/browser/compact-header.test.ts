/**
 * The phone's header (issue 44), in Chromium at 390 px: signed in, the header is at most 128 px
 * high in Finnish, Swedish and English; the language choice is one menu naming each language in
 * itself (lang set on each); the live state is an icon with its words for screen readers; no
 * label of the header or the bottom navigation breaks onto a second line (a word never splits, as
 * 'Logg / a ut' did), and at 1280 px the header's words are there as before.
 */
import type { Page } from 'playwright-core';
import { checkScreen, NARROW, WIDE } from '../support/a11y';
import { startApp, type TestApp } from '../support/app';
import { browserSuite, signInCustomer } from '../support/browser';

const suite = browserSuite();

async function signIn(page: Page, baseUrl = suite.app.baseUrl): Promise<void> {
  await signInCustomer(page, baseUrl);
}

/** Each visible label of the header's buttons and links and of the bottom navigation, with the number of lines its text takes. */
function labelLines(page: Page): Promise<Array<{ label: string; lines: number }>> {
  return page.evaluate(() => {
    const controls = [...document.querySelectorAll<HTMLElement>('header button, header a, .customer-bottom-nav a')].filter((el) => el.getClientRects().length > 0);
    return controls.map((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      // One rectangle per line box of the text (and of its inline parts): distinct tops are lines.
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      return { label: el.innerText.trim(), lines: tops.size };
    });
  });
}

const headerHeight = (page: Page) => page.getByRole('banner').evaluate((el) => el.getBoundingClientRect().height);

describe("the phone's header", () => {
  it('is at most 128 px high in fi, sv and en at 390 px, with one language menu, the live icon and no label broken', async () => {
    const page = await suite.openPage('/login', NARROW);
    await page.getByRole('button', { name: 'Kieltäydy' }).click();
    await signIn(page);
    const banner = page.getByRole('banner');
    // the signed-in header (evaluateAll below reads what is there, without waiting for it)
    await banner.getByTestId('live-indicator').getByText('Reaaliaikainen').waitFor();
    const menu = banner.getByRole('combobox', { name: 'Kieli' });
    await menu.waitFor();
    // Each language named in itself, marked with its language.
    expect(await menu.locator('option').evaluateAll((options) => options.map((o) => `${o.getAttribute('lang')}:${o.textContent}`))).toEqual([
      'fi:Suomi',
      'sv:Svenska',
      'en:English',
    ]);

    const cases = [
      { language: 'fi', menuName: 'Kieli', logout: 'Kirjaudu ulos', live: 'Reaaliaikainen', add: 'Lisää resepti' },
      { language: 'sv', menuName: 'Språk', logout: 'Logga ut', live: 'I realtid', add: 'Lägg till recept' },
      { language: 'en', menuName: 'Language', logout: 'Log out', live: 'Live', add: 'Add a prescription' },
    ];
    let name = 'Kieli';
    for (const c of cases) {
      await banner.getByRole('combobox', { name }).selectOption(c.language);
      name = c.menuName;
      await page.waitForFunction((lang) => document.documentElement.lang === lang, c.language);
      await banner.getByRole('button', { name: c.logout }).waitFor();
      // The live state: an icon, its words for screen readers.
      const live = banner.getByTestId('live-indicator');
      await live.getByText(c.live).waitFor({ state: 'attached' });
      expect(await live.getAttribute('title')).toBe(c.live);
      expect(await headerHeight(page)).toBeLessThanOrEqual(128);
      const lines = await labelLines(page);
      expect(lines.map((l) => l.label)).toEqual(expect.arrayContaining([c.logout, c.add]));
      expect(lines.filter((l) => l.lines !== 1)).toEqual([]);
    }

    // At 1280 px the header shows the words of the live state and the navigation, on one row.
    await page.setViewportSize(WIDE);
    await banner.getByTestId('live-indicator').getByText('Live').waitFor();
    await banner.getByRole('navigation').getByRole('link', { name: 'Add a prescription' }).waitFor();
    expect(await headerHeight(page)).toBeLessThanOrEqual(80);
    expect((await labelLines(page)).filter((l) => l.lines !== 1)).toEqual([]);
  });

  it('with the server stopped, the English phone screen passes axe (its offline notice and indicator included)', async () => {
    // A second API node on the same database, so that it can be stopped under the page.
    let node: TestApp | undefined = await startApp({ databaseUrl: suite.app.databaseUrl });
    try {
      const page = await suite.openPage('/', NARROW);
      await page.goto(`${node.baseUrl}/login`);
      await page.getByRole('button', { name: 'Kieltäydy' }).click();
      await signIn(page, node.baseUrl);
      await page.getByRole('banner').getByRole('combobox', { name: 'Kieli' }).selectOption('en');
      const live = page.getByRole('banner').getByTestId('live-indicator');
      await live.getByText('Live').waitFor({ state: 'attached' });

      await node.stop();
      node = undefined;
      await live.getByText('No connection to the server').waitFor({ state: 'attached' });
      expect(await checkScreen(page, 'offline, in English')).toEqual([]);
    } finally {
      await node?.stop();
    }
  });
});

/**
 * Staff TOTP in Chromium: a doctor turns it on at /kaksivaiheinen-tunnistautuminen, a page in the
 * staff's layout, by keyboard (QR drawn on the page, the key to type by hand, the code check, the
 * recovery codes) and makes new recovery codes ('Luo uudet varakoodit'), then signs in with the
 * password and the 'Vahvistuskoodi'. axe finds nothing serious at 1280 and 390 px.
 */
import type { Page } from 'playwright-core';
import { checkScreen } from '../support/a11y';
import { browserSuite, submitLogin } from '../support/browser';
import { ApiClient, DEMO } from '../support/http';
import { nextTotpCode } from '../support/totp';

const suite = browserSuite();

/** Presses Enter on a control reached with the keyboard's focus. */
async function activate(page: Page, control: ReturnType<Page['getByRole']>): Promise<void> {
  await control.focus();
  await page.keyboard.press('Enter');
}

describe('staff TOTP in the browser', () => {
  let secret: string;

  it('a doctor enables TOTP on the setup page by keyboard and gets 10 recovery codes', async () => {
    const page = await suite.openPage('/logindoctor');
    await submitLogin(page, DEMO.doctor.email, DEMO.doctor.password);
    await page.waitForURL(/\/doctor$/);
    await page.goto(`${suite.app.baseUrl}/doctor/admin`);
    await activate(page, page.getByRole('link', { name: 'Kaksivaiheinen tunnistautuminen' }));
    await page.waitForURL(/\/kaksivaiheinen-tunnistautuminen$/);
    await page.getByRole('heading', { name: 'Kaksivaiheinen tunnistautuminen', level: 1 }).waitFor();
    // The staff's layout: the doctor's navigation and logout in the header, no customer footer.
    const nav = page.getByRole('navigation', { name: 'Päävalikko' });
    for (const name of ['Tilaukset', 'Historia', 'Admin']) await nav.getByRole('link', { name }).waitFor();
    await page.getByRole('button', { name: 'Kirjaudu ulos' }).waitFor();
    expect(await page.getByRole('contentinfo').count()).toBe(0);

    await activate(page, page.getByRole('button', { name: 'Aloita käyttöönotto' }));
    const qr = page.getByRole('img', { name: 'QR-koodi todennussovellukselle' });
    await qr.waitFor();
    // Drawn on the page: an inline SVG, no image fetched from anywhere.
    expect(await qr.evaluate((el) => el.tagName.toLowerCase())).toBe('svg');
    secret = (await page.locator('.mfa-key code').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await checkScreen(page, 'TOTP setup')).toEqual([]);

    const code = page.getByLabel('Vahvistuskoodi', { exact: true });
    await code.focus();
    await page.keyboard.type('000000');
    await page.keyboard.press('Enter');
    await page.getByText('Vahvistuskoodi on väärä tai vanhentunut. Yritä uudelleen').waitFor();

    await code.fill('');
    await code.focus();
    await page.keyboard.type(await nextTotpCode(secret));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Varakoodit' }).waitFor();
    const recovery = await page.locator('.mfa-recovery-codes li').allInnerTexts();
    expect(recovery).toHaveLength(10);
    for (const c of recovery) expect(c.trim()).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/);
    await page.getByText('Kaksivaiheinen tunnistautuminen on käytössä').waitFor();
    expect(await checkScreen(page, 'recovery codes')).toEqual([]);

    await activate(page, page.getByRole('button', { name: 'Jatka' }));
    await page.waitForURL(/\/doctor$/);

    // 'Luo uudet varakoodit' by keyboard: the password and a current code; the new codes are shown once, the old ones stop.
    await page.goto(`${suite.app.baseUrl}/kaksivaiheinen-tunnistautuminen`);
    const regenerate = page.getByRole('region', { name: 'Luo uudet varakoodit' });
    await regenerate.waitFor();
    expect(await checkScreen(page, 'regenerate recovery codes')).toEqual([]);
    await regenerate.getByLabel('Salasana', { exact: true }).focus();
    await page.keyboard.type(DEMO.doctor.password);
    await regenerate.getByLabel('Vahvistuskoodi', { exact: true }).focus();
    await page.keyboard.type(await nextTotpCode(secret));
    await page.keyboard.press('Enter');
    const fresh = page.getByRole('heading', { name: 'Uudet varakoodit' });
    await fresh.waitFor();
    // The focus goes to the new codes (the form it was in is gone).
    await page.waitForFunction(() => document.activeElement?.textContent === 'Uudet varakoodit', undefined, { timeout: 5_000 });
    const renewed = await page.locator('.mfa-recovery-codes li').allInnerTexts();
    expect(renewed).toHaveLength(10);
    expect(renewed.filter((c) => recovery.includes(c))).toEqual([]);
    await page.getByText('Vanhat varakoodit eivät enää toimi.', { exact: false }).waitFor();
    expect(await checkScreen(page, 'new recovery codes')).toEqual([]);
    const withOldCode = new ApiClient(suite.app.apiUrl);
    expect((await withOldCode.post('/doctor-login', { email: DEMO.doctor.email, password: DEMO.doctor.password })).body).toMatchObject({ mfaRequired: true });
    expect((await withOldCode.post('/login/mfa', { code: recovery[0] })).status).toBe(401);
  });

  it("signs in with the password and then the 'Vahvistuskoodi'", async () => {
    const page = await suite.openPage('/logindoctor');
    await submitLogin(page, DEMO.doctor.email, DEMO.doctor.password);
    const code = page.getByLabel('Vahvistuskoodi', { exact: true });
    await code.waitFor();
    expect(page.url()).toMatch(/\/logindoctor$/);
    expect(await checkScreen(page, 'code step')).toEqual([]);

    await code.fill('123450');
    await page.keyboard.press('Enter');
    await page.getByText('Vahvistuskoodi on väärä tai vanhentunut. Yritä uudelleen').waitFor();

    await code.fill(await nextTotpCode(secret));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/doctor$/);
    await page.getByRole('link', { name: 'Admin' }).waitFor();
  });
});

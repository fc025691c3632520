/**
 * MFA_REQUIRED_FOR=pharmacy in Chromium (issue 23): a pharmacy user without TOTP is sent from the
 * password straight to the setup page and reaches nothing else until TOTP is on; their admin sees
 * who has it on at /adminapteekki and resets it by keyboard (audited), after which the user must
 * set it up again.
 */
import type { Page } from 'playwright-core';
import { checkScreen } from '../support/a11y';
import { browserSuite, submitLogin } from '../support/browser';
import { DEMO } from '../support/http';
import { nextTotpCode } from '../support/totp';

const suite = browserSuite({ env: { MFA_REQUIRED_FOR: 'pharmacy' } });

async function activate(page: Page, control: ReturnType<Page['getByRole']>): Promise<void> {
  await control.focus();
  await page.keyboard.press('Enter');
}

/** On the setup page: start, read the key, prove it with a code, continue. */
async function enableTotp(page: Page): Promise<void> {
  await activate(page, page.getByRole('button', { name: 'Aloita käyttöönotto' }));
  const secret = (await page.locator('.mfa-key code').innerText()).replace(/\s/g, '');
  const code = page.getByLabel('Vahvistuskoodi', { exact: true });
  await code.focus();
  await page.keyboard.type(await nextTotpCode(secret));
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Varakoodit' }).waitFor();
  await activate(page, page.getByRole('button', { name: 'Jatka' }));
  await page.waitForURL((url) => !url.pathname.startsWith('/kaksivaiheinen-tunnistautuminen'));
}

async function signInToSetup(login: string, password: string): Promise<Page> {
  const page = await suite.openPage('/loginapteekki');
  await submitLogin(page, login, password);
  await page.waitForURL(/\/kaksivaiheinen-tunnistautuminen$/);
  await page.getByRole('heading', { name: 'Kaksivaiheinen tunnistautuminen', level: 1 }).waitFor();
  return page;
}

describe('MFA_REQUIRED_FOR=pharmacy', () => {
  it('sends a pharmacy user without TOTP from the password to the setup, and nowhere else until it is on', async () => {
    const page = await signInToSetup(DEMO.pharmacy.username, DEMO.pharmacy.password);
    expect(await checkScreen(page, 'required setup')).toEqual([]);
    // The session is past the password but not signed in: the workbench's calls are refused.
    expect((await page.request.get(`${suite.app.baseUrl}/ui-api/v1/pharmacy-user`)).status()).toBe(401);

    await enableTotp(page);
    expect(page.url()).toMatch(/\/(toimipaikka|reseptitapteekki)$/);
    expect((await page.request.get(`${suite.app.baseUrl}/ui-api/v1/pharmacy-user`)).status()).toBe(200);
  });

  it("the admin sees who has TOTP on and resets a user's by keyboard; the user must set it up again", async () => {
    const admin = await signInToSetup(DEMO.pharmacyAdmin.username, DEMO.pharmacyAdmin.password);
    await enableTotp(admin);
    await admin.goto(`${suite.app.baseUrl}/adminapteekki`);
    const userButton = admin.locator('.user-list__button').filter({ has: admin.locator('.user-list__meta', { hasText: /^apteekki$/ }) });
    await userButton.focus();
    await admin.keyboard.press('Enter');
    await admin.getByText('Käytössä: käyttäjä kirjautuu salasanalla ja vahvistuskoodilla.').waitFor();
    expect(await checkScreen(admin, '/adminapteekki with TOTP')).toEqual([]);

    await activate(admin, admin.getByRole('button', { name: 'Nollaa kaksivaiheinen tunnistautuminen' }));
    await admin.getByText('Nollataanko kaksivaiheinen tunnistautuminen?', { exact: false }).waitFor();
    // The confirming button has the focus: Enter resets.
    await admin.keyboard.press('Enter');
    await admin.getByText('Kaksivaiheinen tunnistautuminen on nollattu.').waitFor();
    const resets = await suite.app.sql("SELECT subject FROM audit_log WHERE action = 'mfa.totp-reset' AND actor_role = 'pharmacy'");
    expect(resets).toHaveLength(1);

    // The user's next sign-in asks for the setup again.
    await signInToSetup(DEMO.pharmacy.username, DEMO.pharmacy.password);
  });
});

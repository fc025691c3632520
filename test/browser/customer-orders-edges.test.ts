/**
 * The customer's order in Chromium, its rough edges (the happy path: customer-orders.test.ts): the
 * server stopped and back, the session's end at the checkout (the cart kept), the catalogue's search
 * by active ingredient and without a catalogue, and a charge of the cart already in flight.
 */
import type { Page } from 'playwright-core';
import { checkScreenWithLandmarks, WIDE } from '../support/a11y';
import { startApp, type TestApp } from '../support/app';
import { browserSuite, postAsPage, signInCustomer } from '../support/browser';
import { DEMO } from '../support/http';

const suite = browserSuite();

async function signIn(): Promise<Page> {
  const page = await suite.openPage('/login', WIDE);
  await signInCustomer(page, suite.app.baseUrl);
  return page;
}

describe("the customer's order, at its edges", () => {
  it("with the server stopped: 'Ei yhteyttä palvelimeen', the chat's buttons disabled; back when the server is", async () => {
    // A second API node on the same database, so that it can be stopped and started on its port.
    let node: TestApp | undefined = await startApp({ databaseUrl: suite.app.databaseUrl });
    try {
      const port = new URL(node.baseUrl).port;
      const page = await suite.openPage('/', WIDE);
      await page.goto(`${node.baseUrl}/login`);
      await page.getByLabel('Sähköposti', { exact: true }).fill(DEMO.customer.email);
      await page.getByLabel('Salasana', { exact: true }).fill(DEMO.customer.password);
      await page.getByLabel('Salasana', { exact: true }).press('Enter');
      const renew = page.getByRole('button', { name: 'Vanhan reseptin uusinta' });
      await renew.waitFor();
      await page.getByText('Reaaliaikainen').waitFor();

      await node.stop();
      node = undefined;
      await page.getByText('Näytetyt tiedot voivat olla vanhentuneita', { exact: false }).waitFor();
      expect(await renew.isDisabled()).toBe(true);

      node = await startApp({ databaseUrl: suite.app.databaseUrl, env: { PORT: port } });
      await page.getByText('Reaaliaikainen').waitFor();
      await page.getByText('Näytetyt tiedot voivat olla vanhentuneita', { exact: false }).waitFor({ state: 'detached' });
      expect(await renew.isEnabled()).toBe(true);
    } finally {
      await node?.stop();
    }
  });

  it('at the checkout after a long pause: the prompt, then the login page; the cart is kept for the next sign-in', async () => {
    await suite.app.sql('DELETE FROM customer_cart_item');
    const page = await suite.openPage('/login', WIDE);
    await page.clock.install();
    await page.getByLabel('Sähköposti', { exact: true }).fill(DEMO.customer.email);
    await page.getByLabel('Salasana', { exact: true }).fill(DEMO.customer.password);
    await page.getByLabel('Salasana', { exact: true }).press('Enter');
    await page.waitForURL(`${suite.app.baseUrl}/reseptit`);
    const chat = page.getByRole('complementary', { name: 'Hae Reseptiä' });
    await chat.getByRole('button', { name: 'Vanhan reseptin uusinta' }).click();
    await chat.getByRole('combobox', { name: 'Lääkkeen nimi' }).pressSequentially('Kestin');
    await chat.getByRole('combobox', { name: 'Lääkkeen nimi' }).press('Enter');
    await chat.getByLabel('Perustelu lääkärille').fill('Lääke loppumassa');
    await chat.getByRole('button', { name: 'Jatka', exact: true }).click();
    await chat.getByRole('button', { name: 'Kyllä, uusitaan resepti' }).click();
    await chat.getByText(/lisättiin valittuihin resepteihin/).waitFor();
    await page.getByRole('link', { name: 'Siirry kassalle 9,90 €' }).first().click();
    await page.getByRole('heading', { name: 'Kassa' }).waitFor();

    // The customer's idle time is 30 minutes: the prompt two minutes before, then the login page.
    const prompt = page.getByRole('alertdialog', { name: 'Istunto sulkeutumassa' });
    await page.clock.fastForward('28:30');
    await prompt.waitFor();
    await page.clock.fastForward('02:00');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByText('Istuntosi on vanhentunut. Kirjaudu uudelleen.').waitFor();
    expect((await page.context().request.get(`${suite.app.apiUrl}/my-shopping-cart`)).status()).toBe(401);

    await page.getByLabel('Sähköposti', { exact: true }).fill(DEMO.customer.email);
    await page.getByLabel('Salasana', { exact: true }).fill(DEMO.customer.password);
    await page.getByLabel('Salasana', { exact: true }).press('Enter');
    await page.getByRole('link', { name: 'Siirry kassalle 9,90 €' }).first().waitFor();
  });
  it('finds a medicine by its active ingredient, and says so when the catalogue has nothing available', async () => {
    const page = await signIn();
    const chat = page.getByRole('complementary', { name: 'Hae Reseptiä' });
    await chat.getByRole('button', { name: 'Vanhan reseptin uusinta' }).click();
    const search = chat.getByRole('combobox', { name: 'Lääkkeen nimi' });
    await search.pressSequentially('atorvastatiini');
    await chat.getByRole('option', { name: /^Atorvastatin Krka 20 mg/ }).waitFor();
    await search.fill('Tuntematon lääke');
    await chat.getByText('Hakemaasi lääkettä ei löydy').waitFor();

    await suite.app.sql('UPDATE product SET available = false');
    try {
      await page.reload();
      await chat.getByText(/^Lääkeluettelo ei ole juuri nyt käytettävissä/).waitFor();
      expect(await chat.getByRole('combobox').count()).toBe(0);
      expect(await chat.getByText('Hakemaasi lääkettä ei löydy').count()).toBe(0);
      expect(await checkScreenWithLandmarks(page, 'the chat without a catalogue')).toEqual([]);
    } finally {
      await suite.app.sql(`UPDATE product SET available = true WHERE name NOT IN ('Losec', 'Ranitidin ratiopharm', 'Cipralex')`);
    }
  });

  it("says 'Maksusi käsitellään' and when to try again while a charge of the cart is in flight, instead of nothing", async () => {
    await suite.app.sql('DELETE FROM customer_cart_item');
    const page = await signIn();
    const [kestine] = await suite.app.sql<{ id: number }>(`SELECT id FROM product WHERE name LIKE 'Kestine%' ORDER BY id LIMIT 1`);
    expect(await postAsPage(page, '/my-shopping-cart/item', { type: 'renewal', productId: kestine.id, reason: 'Lääke loppumassa' })).toBe(200);
    expect(await postAsPage(page, '/start-payment-session', undefined)).toBe(201);
    // Another tab's (or a cash register's) charge of this cart is being taken right now.
    await suite.app.sql(`UPDATE payment_session SET status = 'paying', claimed_at = now() WHERE status = 'open'`);
    try {
      await page.goto(`${suite.app.baseUrl}/handling`);
      await page.getByRole('button', { name: 'Siirry kassalle 9,90 €' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'Maksusi käsitellään.' });
      await alert.waitFor();
      expect(await alert.textContent()).toMatch(/Voit yrittää uudelleen klo \d{1,2}\.\d{2}\.$/);
      expect(page.url()).toBe(`${suite.app.baseUrl}/handling`);
    } finally {
      await suite.app.sql(`UPDATE payment_session SET status = 'expired', end_reason = 'timeout' WHERE status = 'paying'`);
      await suite.app.sql('DELETE FROM customer_cart_item');
    }
  });
});

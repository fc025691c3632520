/**
 * Session, role and connection states of the staff screens:
 * - the pharmacy's 'Istunto sulkeutumassa' prompt (SESSION_IDLE_MINUTES 10 here, the browser's
 *   clock fast-forwarded); without 'Jatka' the pharmacist is logged out, the login page says why,
 *   and signing in again finds the patient and the medicines where they were;
 * - a pharmacist (or a customer) on /doctor sees a page that says the view belongs to another
 *   role, with a link to their own start page and 'Kirjaudu ulos' (axe-clean in both widths);
 * - with the server stopped the header says 'Ei yhteyttä palvelimeen', the data is marked as
 *   possibly stale and actions are disabled; after the restart all comes back by itself.
 */
import { browserSuite, postAsPage, submitLogin } from '../support/browser';
import { checkScreen } from '../support/a11y';
import { startApp, type TestApp } from '../support/app';
import { DEMO } from '../support/http';
import { pharmacistAtOffice, sendPharmacyOrder } from '../support/pharmacy-flow';

const suite = browserSuite({ env: { SESSION_IDLE_MINUTES: '10' } });

describe('session, role and connection states', () => {
  it('pharmacy: the expiry prompt, the reason on the login page, and the patient and cart kept for the next sign-in', async () => {
    const page = await suite.openPage('/loginapteekki', { width: 1280, height: 800 });
    await page.clock.install();
    await submitLogin(page, 'apteekki', 'Apteekki123');
    await page.getByLabel('Henkilötunnus').fill('121212-913Y');
    await page.getByLabel('Henkilötunnus').press('Enter');
    await page.getByLabel('Etunimi', { exact: true }).fill('Matti');
    await page.getByLabel('Sukunimi', { exact: true }).fill('Meikäläinen');
    await page.getByRole('button', { name: 'Hae reseptiä' }).click();
    const search = page.getByRole('combobox', { name: 'Lääkkeen nimi' });
    await search.pressSequentially('Kestine');
    await search.press('Enter');
    await page.getByLabel('Lisätietoa lääkärille').press('Enter');
    await page.getByRole('button', { name: 'Kyllä, uusitaan resepti' }).click();
    await page.getByText('Kestine 10 mg lisätty tilaukseen.').waitFor();

    // two minutes before the idle timeout: the prompt; 'Jatka' keeps the session
    const prompt = page.getByRole('alertdialog', { name: 'Istunto sulkeutumassa' });
    expect(await prompt.count()).toBe(0);
    await page.clock.fastForward('08:30');
    await prompt.waitFor();
    await prompt.getByRole('button', { name: 'Jatka' }).click();
    await prompt.waitFor({ state: 'hidden' });

    // then nothing: logged out, and the login page says why
    await page.clock.fastForward('08:30');
    await prompt.waitFor();
    await page.clock.fastForward('02:00');
    await page.waitForURL((url) => url.pathname === '/loginapteekki');
    await page.getByText('Istuntosi on vanhentunut. Kirjaudu uudelleen.').waitFor();
    expect((await page.context().request.get(`${suite.app.apiUrl}/pharmacy-user`)).status()).toBe(401);

    // signing in again: the chat with the same patient and medicine, and a way on to 'Tilaus valmis'
    await submitLogin(page, 'apteekki', 'Apteekki123');
    await page.getByText('Potilas: Matti Meikäläinen, 121212-913Y').waitFor();
    await page.getByRole('region', { name: 'Tilauksen lääkkeet' }).getByText('Kestine 10 mg').waitFor();
    await page.getByRole('button', { name: 'Tilaus valmis' }).waitFor();
    expect(await page.getByText('Istuntosi on vanhentunut').count()).toBe(0);
  });

  it('customer: the same expiry prompt, and the login page says why', async () => {
    const page = await suite.openPage('/login', { width: 390, height: 844 });
    await page.clock.install();
    await page.getByLabel('Sähköposti', { exact: true }).fill(DEMO.customer.email);
    await page.getByLabel('Salasana', { exact: true }).fill(DEMO.customer.password);
    await page.getByLabel('Salasana', { exact: true }).press('Enter');
    await page.waitForURL((url) => url.pathname === '/reseptit');
    const prompt = page.getByRole('alertdialog', { name: 'Istunto sulkeutumassa' });
    await page.clock.fastForward('08:30');
    await prompt.waitFor();
    await page.clock.fastForward('02:00');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByText('Istuntosi on vanhentunut. Kirjaudu uudelleen.').waitFor();
    expect((await page.context().request.get(`${suite.app.apiUrl}/my-user`)).status()).toBe(401);
  });

  it('a pharmacist or a customer on /doctor: the view belongs to another role, with their own start page and logout', async () => {
    const page = await suite.openPage('/loginapteekki', { width: 1280, height: 800 });
    await submitLogin(page, 'apteekki', 'Apteekki123');
    await page.waitForURL((url) => url.pathname === '/reseptitapteekki');
    await page.goto(`${suite.app.baseUrl}/doctor`);
    await page.getByRole('heading', { name: 'Näkymä kuuluu toiselle käyttäjäryhmälle', level: 1 }).waitFor();
    await page.getByText('Tämä näkymä on tarkoitettu lääkäreille. Olet kirjautunut sisään apteekin käyttäjänä.').waitFor();
    expect(await page.getByText('Jokin meni vikaan', { exact: false }).count()).toBe(0);
    expect(await page.title()).toBe('Näkymä kuuluu toiselle käyttäjäryhmälle – Resepti');
    expect(await checkScreen(page, 'wrong role')).toEqual([]);
    await page.getByRole('link', { name: 'Siirry omalle etusivullesi' }).click();
    await page.getByRole('heading', { name: 'Reseptin tilaus' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/reseptitapteekki');

    await page.goto(`${suite.app.baseUrl}/doctor/history`);
    await page.getByRole('button', { name: 'Kirjaudu ulos' }).click();
    await page.waitForURL((url) => url.pathname === '/logindoctor');
    expect((await page.context().request.get(`${suite.app.apiUrl}/pharmacy-user`)).status()).toBe(401);

    // a customer (signed in through the API) on /reseptitapteekki
    const customer = await suite.openPage('/', { width: 390, height: 844 });
    const login = await postAsPage(customer, '/login', { email: DEMO.customer.email, password: DEMO.customer.password });
    expect(login).toBe(200);
    await customer.goto(`${suite.app.baseUrl}/reseptitapteekki`);
    await customer.getByText('Tämä näkymä on tarkoitettu apteekin henkilökunnalle. Olet kirjautunut sisään asiakkaana.').waitFor();
    await customer.getByRole('link', { name: 'Siirry omalle etusivullesi' }).waitFor();
    await customer.getByRole('button', { name: 'Kirjaudu ulos' }).waitFor();
  });

  it("with the server stopped: 'Ei yhteyttä palvelimeen', stale data marked, actions disabled; recovers after the restart", async () => {
    const { client } = await pharmacistAtOffice(suite.app, 'kyla');
    await sendPharmacyOrder(client, ['Kestine']);
    // a second API node on the same database, so that it can be stopped and started again on its port
    let node: TestApp | undefined = await startApp({ databaseUrl: suite.app.databaseUrl, env: { SESSION_IDLE_MINUTES: '10' } });
    try {
      const port = new URL(node.baseUrl).port;
      const page = await suite.openPage('/', { width: 1280, height: 800 });
      await page.goto(`${node.baseUrl}/logindoctor`);
      await submitLogin(page, 'laakari2@example.fi', 'Laakari123');
      const next = page.getByRole('button', { name: 'Seuraava työ' });
      await page.getByText('Reaaliaikainen').waitFor();
      await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('.welcome-panel__next button')?.disabled);

      await node.stop();
      node = undefined;
      await page.getByTestId('live-indicator').getByText('Ei yhteyttä palvelimeen').waitFor();
      await page.getByText('Näytetyt tiedot voivat olla vanhentuneita', { exact: false }).waitFor();
      expect(await next.isDisabled()).toBe(true);

      node = await startApp({ databaseUrl: suite.app.databaseUrl, env: { PORT: port, SESSION_IDLE_MINUTES: '10' } });
      await page.getByText('Reaaliaikainen').waitFor();
      await page.getByText('Näytetyt tiedot voivat olla vanhentuneita', { exact: false }).waitFor({ state: 'detached' });
      expect(await next.isEnabled()).toBe(true);
      expect(new URL(page.url()).pathname).toBe('/doctor');
    } finally {
      await node?.stop();
    }
    // two API starts on a loaded machine
  }, 120_000);
});

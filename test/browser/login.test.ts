/**
 * Browser tests of the walking skeleton's web shell: the landing page, the three login
 * screens of SPEC section 2, the pharmacy office chooser and the route guard, in
 * Chromium against the built API and web app with a freshly seeded database.
 */
import type { Page } from 'playwright-core';
import { browserSuite } from '../support/browser';

const LOGIN_FAILED = 'Kirjautumistiedot virheelliset. Yritä uudelleen';

const suite = browserSuite();

/** A fresh browser context (no cookies) per test. */
async function openPage(path: string): Promise<Page> {
  return suite.openPage(path);
}

function url(path: string): string {
  return `${suite.app.baseUrl}${path}`;
}

interface LoginScreen {
  path: string;
  identifierLabel: string;
  identifier: string;
  password: string;
}

/**
 * The rules every login screen shares: heading, labelled fields, 'Kirjaudu' disabled
 * until both fields are filled, the failure text on a wrong password, a back link to '/',
 * and a correct login submitted with Enter (the caller checks where it lands).
 */
async function exerciseLoginScreen(screen: LoginScreen): Promise<Page> {
  const page = await openPage(screen.path);

  await page.getByRole('heading', { name: 'Kirjaudu sisään', level: 1 }).waitFor();
  const identifier = page.getByLabel(screen.identifierLabel, { exact: true });
  const password = page.getByLabel('Salasana', { exact: true });
  const submit = page.getByRole('button', { name: 'Kirjaudu', exact: true });
  await identifier.waitFor();
  await password.waitFor();

  expect(await page.getByRole('link', { name: 'Takaisin etusivulle' }).getAttribute('href')).toBe('/');

  // Disabled until both fields are non-empty.
  expect(await submit.isDisabled()).toBe(true);
  await identifier.fill(screen.identifier);
  expect(await submit.isDisabled()).toBe(true);
  await identifier.fill('');
  await password.fill(screen.password);
  expect(await submit.isDisabled()).toBe(true);
  await identifier.fill(screen.identifier);
  expect(await submit.isEnabled()).toBe(true);

  // A wrong password shows the failure text and stays on the login screen.
  await password.fill(`${screen.password}-vaara`);
  await submit.click();
  await page.getByText(LOGIN_FAILED).waitFor();
  expect(page.url()).toBe(url(screen.path));

  // The right password, submitted with Enter.
  await password.fill(screen.password);
  await password.press('Enter');
  return page;
}

describe('landing page', () => {
  it('shows the service, prices, FAQ, legal texts and the ways to log in', async () => {
    const page = await openPage('/');

    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByText('Reseptin uusiminen 9,90 € / lääke', { exact: true }).waitFor();
    await page.getByText('Uusi resepti 19,90 € / lääke', { exact: true }).waitFor();

    expect(await page.getByRole('link', { name: 'Lääkärin kirjautuminen' }).getAttribute('href')).toBe('/logindoctor');
    expect(await page.getByRole('link', { name: 'Apteekin kirjautuminen' }).getAttribute('href')).toBe('/loginapteekki');
    expect(await page.getByRole('link', { name: 'Kirjaudu sisään' }).first().getAttribute('href')).toBe('/login');

    // FAQ expander: the handling-time rules.
    await page.getByRole('button', { name: 'Kuinka nopeasti tilaukseni käsitellään?' }).click();
    await page.getByText('Tilaukset käsitellään arkipäivisin 12 tunnin kuluessa.').waitFor({ state: 'visible' });
    await page.getByText('Perjantaina kello 18.00 jälkeen', { exact: false }).first().waitFor({ state: 'visible' });

    // The privacy statement names the provider as the data controller.
    await page.getByRole('button', { name: 'Rekisteriseloste' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Rekisterinpitäjä', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Sulje' }).click();
    await dialog.waitFor({ state: 'detached' });
  });
});

describe('login screens', () => {
  it('doctor: /logindoctor leads to the queue with the doctor name in the header', async () => {
    const page = await exerciseLoginScreen({
      path: '/logindoctor',
      identifierLabel: 'Käyttäjätunnus',
      identifier: 'laakari@example.fi',
      password: 'Laakari123',
    });
    await page.waitForURL(url('/doctor'));
    await page.getByRole('heading', { name: 'Tilaukset', level: 1 }).waitFor();
    await page.getByRole('banner').getByText('Liisa Lääkäri', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Kirjaudu ulos' }).waitFor();
  });

  it('doctor: the /loginDoctor spelling works too', async () => {
    const page = await openPage('/loginDoctor');
    await page.getByRole('heading', { name: 'Kirjaudu sisään', level: 1 }).waitFor();
    await page.getByLabel('Käyttäjätunnus', { exact: true }).fill('laakari@example.fi');
    await page.getByLabel('Salasana', { exact: true }).fill('Laakari123');
    await page.getByLabel('Salasana', { exact: true }).press('Enter');
    await page.waitForURL(url('/doctor'));
    await page.getByRole('heading', { name: 'Tilaukset', level: 1 }).waitFor();
  });

  it('pharmacy user with one office: straight to the workbench of Keskusapteekki', async () => {
    const page = await exerciseLoginScreen({
      path: '/loginapteekki',
      identifierLabel: 'Käyttäjätunnus',
      identifier: 'apteekki',
      password: 'Apteekki123',
    });
    await page.waitForURL(url('/reseptitapteekki'));
    await page.getByRole('heading', { name: 'Työpöytä', level: 1 }).waitFor();
    await page.getByRole('banner').getByText('Keskusapteekki', { exact: true }).waitFor();
  });

  it('pharmacy admin with two offices: chooses the office first', async () => {
    const page = await openPage('/loginapteekki');
    await page.getByLabel('Käyttäjätunnus', { exact: true }).fill('apteekki.admin');
    await page.getByLabel('Salasana', { exact: true }).fill('Apteekki123');
    await page.getByLabel('Salasana', { exact: true }).press('Enter');

    await page.waitForURL(url('/toimipaikka'));
    await page.getByRole('heading', { name: 'Valitse toimipaikkasi', level: 1 }).waitFor();
    const offices = page.getByRole('list', { name: 'Toimipaikat' }).getByRole('button');
    await offices.nth(1).waitFor();
    expect(await offices.count()).toBe(2);

    await offices.first().click();
    await page.waitForURL(url('/reseptitapteekki'));
    await page.getByRole('heading', { name: 'Työpöytä', level: 1 }).waitFor();
  });

  it('customer: e-mail and password, forgotten password via bank identification, then Reseptit', async () => {
    const page = await exerciseLoginScreen({
      path: '/login',
      identifierLabel: 'Sähköposti',
      identifier: 'asiakas@example.fi',
      password: 'Asiakas123',
    });
    await page.waitForURL(url('/reseptit'));
    await page.getByRole('heading', { name: 'Reseptit', level: 1 }).waitFor();
  });

  it('customer: the forgotten-password link leads to the bank identification start', async () => {
    const page = await openPage('/login');
    const forgot = page.getByRole('link', { name: /Unohditko salasanasi/ });
    expect(await forgot.getAttribute('href')).toBe('/ui-api/v1/registration/start?purpose=password-reset');
  });
});

describe('route guard and unknown routes', () => {
  it.each([
    ['/doctor', '/logindoctor'],
    ['/reseptitapteekki', '/loginapteekki'],
    ['/reseptit', '/login'],
  ])('%s without a session redirects to %s', async (path, loginPath) => {
    const page = await openPage(path);
    await page.waitForURL(url(loginPath));
    await page.getByRole('heading', { name: 'Kirjaudu sisään', level: 1 }).waitFor();
  });

  it('an unknown address shows the Finnish 404 page', async () => {
    const page = await openPage('/ei-tallaista-sivua');
    await page.getByRole('heading', { name: 'Sivua ei löytynyt', level: 1 }).waitFor();
  });
});

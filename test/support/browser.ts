import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CSRF_HEADER } from '@resepti/domain';
import { startApp, type StartOptions, type TestApp } from './app';
import { CHROMIUM_OPTIONS, SHARED_CHROMIUM_ENV } from './chromium';
import { DEMO } from './http';

/**
 * The run's Chromium, shared by every browser test file (each works in contexts of its own, which
 * share no cookies or storage); closing it disconnects only this file. Without one, its own.
 */
export function launchBrowser(): Promise<Browser> {
  const shared = process.env[SHARED_CHROMIUM_ENV];
  return shared ? chromium.connect(shared) : chromium.launch(CHROMIUM_OPTIONS);
}

export interface BrowserSuite {
  /** The API + web app of this test file (set in beforeAll). */
  readonly app: TestApp;
  /**
   * A page in a fresh context (no cookies), Finnish locale and Helsinki time, at `path`.
   * `initScript` runs in every document of the context before the app's own scripts; `locale` is
   * the browser's language (navigator.languages, Accept-Language), Finnish unless given.
   */
  openPage(path: string, viewport?: { width: number; height: number }, initScript?: () => void, locale?: string): Promise<Page>;
}

/**
 * Registers the hooks of a browser test file: one app for the file, the run's Chromium,
 * a fresh browser context per page, closed after each test.
 */
export function browserSuite(options: StartOptions = {}): BrowserSuite {
  // Budget of each browser test: a real Chromium driving the real app on a 2-core machine that
  // may be busy with other work (CI, other test files). Steps wait for what the user sees.
  jest.setTimeout(120_000);
  let app: TestApp | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    app = await startApp(options);
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  return {
    get app(): TestApp {
      if (!app) throw new Error('the app starts in beforeAll');
      return app;
    },
    async openPage(path, viewport, initScript, locale = 'fi-FI') {
      if (!browser || !app) throw new Error('the browser starts in beforeAll');
      const context = await browser.newContext({ locale, timezoneId: 'Europe/Helsinki', ...(viewport ? { viewport } : {}) });
      contexts.push(context);
      if (initScript) await context.addInitScript(initScript);
      const page = await context.newPage();
      await page.goto(`${app.baseUrl}${path}`);
      return page;
    },
  };
}

/** Fills a login screen (doctor or pharmacy: 'Käyttäjätunnus', 'Salasana') and submits it. */
export async function submitLogin(page: Page, login: string, password: string, submit: 'enter' | 'click' = 'enter'): Promise<void> {
  await page.getByLabel('Käyttäjätunnus', { exact: true }).fill(login);
  await page.getByLabel('Salasana', { exact: true }).fill(password);
  if (submit === 'click') await page.getByRole('button', { name: 'Kirjaudu' }).click();
  else await page.getByLabel('Salasana', { exact: true }).press('Enter');
}

/**
 * A change sent with the page's cookies, as the web app sends it: with the page's Origin and the
 * CSRF token of its session (GET /csrf-token first). Returns the HTTP status.
 */
export async function postAsPage(page: Page, path: string, data: unknown): Promise<number> {
  const request = page.context().request;
  const apiUrl = new URL('/ui-api/v1', page.url()).href;
  const { token } = (await (await request.get(`${apiUrl}/csrf-token`)).json()) as { token: string };
  const res = await request.post(`${apiUrl}${path}`, { data, headers: { origin: new URL(page.url()).origin, [CSRF_HEADER]: token } });
  return res.status();
}

/** An init script for openPage: the page has no WebSocket (as behind a proxy that drops them). */
export function withoutWebSocket(): void {
  Object.defineProperty(window, 'WebSocket', { value: undefined, configurable: true });
}

/** The customer's login form on `page` filled and sent (its labels Finnish unless given); resolves on /reseptit. */
export async function signInCustomer(
  page: Page,
  baseUrl: string,
  { email = DEMO.customer.email, password = DEMO.customer.password, labels = { email: 'Sähköposti', password: 'Salasana' } } = {},
): Promise<void> {
  await page.getByLabel(labels.email, { exact: true }).fill(email);
  await page.getByLabel(labels.password, { exact: true }).fill(password);
  await page.getByLabel(labels.password, { exact: true }).press('Enter');
  await page.waitForURL(`${baseUrl}/reseptit`);
}

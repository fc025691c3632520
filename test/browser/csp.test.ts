/**
 * The Content-Security-Policy holds for the real app in Chromium: every role signs in and opens
 * its screens, and the browser reports no violation (styled-components' styles carry the page's
 * nonce; nothing inline runs). A page of another site cannot frame the app.
 */
import type { Page } from 'playwright-core';
import { browserSuite, submitLogin } from '../support/browser';
import { DEMO } from '../support/http';

const suite = browserSuite();

/** Init script: collects the page's CSP violations in window.__cspViolations. */
function recordCspViolations(): void {
  const list: string[] = [];
  Object.defineProperty(window, '__cspViolations', { value: list });
  document.addEventListener('securitypolicyviolation', (e) => list.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
}

async function violations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}

async function open(path: string): Promise<{ page: Page; consoleCsp: string[] }> {
  const page = await suite.openPage(path, { width: 1280, height: 900 }, recordCspViolations);
  const consoleCsp: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) consoleCsp.push(m.text());
  });
  return { page, consoleCsp };
}

async function visit(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await page.goto(`${suite.app.baseUrl}${path}`);
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
}

/** The suomifi components are styled (their injected <style> ran): a primary button is not the browser's grey. */
async function expectStyled(page: Page): Promise<void> {
  const styles = await page.evaluate(() => [...document.querySelectorAll('style')].map((s) => s.nonce !== '' && s.sheet !== null));
  expect(styles.length).toBeGreaterThan(0);
  expect(styles.every(Boolean)).toBe(true);
}

describe('Content-Security-Policy in Chromium', () => {
  it('the landing page and the customer screens run without a violation', async () => {
    const { page, consoleCsp } = await open('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.goto(`${suite.app.baseUrl}/login`);
    await page.getByLabel('Sähköposti', { exact: true }).fill(DEMO.customer.email);
    await page.getByLabel('Salasana', { exact: true }).fill(DEMO.customer.password);
    await page.getByLabel('Salasana', { exact: true }).press('Enter');
    await page.waitForURL(`${suite.app.baseUrl}/reseptit`);
    await page.goto(`${suite.app.baseUrl}/profile`);
    await page.getByRole('button', { name: 'Vaihda salasana' }).waitFor();
    await expectStyled(page);
    expect(await violations(page)).toEqual([]);
    expect(consoleCsp).toEqual([]);
  });

  it("the doctor's screens run without a violation", async () => {
    const { page, consoleCsp } = await open('/logindoctor');
    await submitLogin(page, DEMO.doctor.email, DEMO.doctor.password);
    await page.waitForURL(`${suite.app.baseUrl}/doctor`);
    await page.getByRole('heading', { name: 'Tilaukset', level: 1 }).waitFor();
    await visit(page, '/doctor/history', /Historia/);
    await page.goto(`${suite.app.baseUrl}/doctor/admin`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expectStyled(page);
    expect(await violations(page)).toEqual([]);
    expect(consoleCsp).toEqual([]);
  });

  it("the pharmacy's screens run without a violation", async () => {
    const { page, consoleCsp } = await open('/loginapteekki');
    await submitLogin(page, DEMO.pharmacyAdmin.username, DEMO.pharmacyAdmin.password);
    await page.waitForURL(`${suite.app.baseUrl}/toimipaikka`);
    await page.getByRole('list', { name: 'Toimipaikat' }).getByRole('button').first().click();
    await page.waitForURL(`${suite.app.baseUrl}/reseptitapteekki`);
    await page.getByRole('heading', { name: 'Työpöytä', level: 1 }).waitFor();
    await page.goto(`${suite.app.baseUrl}/adminapteekki`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expectStyled(page);
    expect(await violations(page)).toEqual([]);
    expect(consoleCsp).toEqual([]);
  });

  it('an injected inline script does not run', async () => {
    const { page } = await open('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.body.appendChild(script);
      await new Promise((r) => setTimeout(r, 100));
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    expect((await violations(page)).some((v) => v.startsWith('script-src'))).toBe(true);
  });
});

/**
 * Every route of the web app has exactly one level-one heading and no serious or critical axe
 * finding at 1280 and 390 px (issue 44; checkScreen checks both). The staff screens and the
 * first public pages are checked in workbench-layout.test.ts and the TOTP page in
 * staff-mfa.test.ts; this file takes the patient's own pages and the rest of the public ones, and
 * keeps the list whole: a route added to ROUTES without a check here or there fails it.
 */
import type { Page } from 'playwright-core';
import { ROUTES } from '../../apps/web/src/routes/routes';
import { checkScreen, WIDE } from '../support/a11y';
import { browserSuite, postAsPage } from '../support/browser';
import { DEMO } from '../support/http';

const suite = browserSuite();

/** Where each route's screen is checked besides this file. */
const CHECKED_ELSEWHERE: Record<string, string> = {
  [ROUTES.home]: 'workbench-layout',
  [ROUTES.customerInfo]: 'workbench-layout',
  [ROUTES.customerLogin]: 'workbench-layout',
  [ROUTES.registerHello]: 'workbench-layout',
  [ROUTES.doctorLogin]: 'workbench-layout',
  [ROUTES.pharmacyLogin]: 'workbench-layout',
  [ROUTES.doctorQueue]: 'workbench-layout',
  [ROUTES.doctorHistory]: 'workbench-layout',
  [ROUTES.doctorAdmin]: 'workbench-layout',
  [ROUTES.pharmacyWorkbench]: 'workbench-layout',
  [ROUTES.pharmacyOffice]: 'workbench-layout',
  [ROUTES.pharmacyAdmin]: 'workbench-layout',
  [ROUTES.pharmacyPrint]: 'workbench-layout',
  [ROUTES.staffMfa]: 'staff-mfa',
};

/** Checked below. */
const CHECKED_HERE = [ROUTES.accessibility, ROUTES.accountClosed, ROUTES.doctorLoginAlias, ROUTES.customerHello, ROUTES.customerPrescriptions, ROUTES.customerHandling, ROUTES.customerCheckout, ROUTES.customerProfile];

async function visit(page: Page, path: string, problems: string[]): Promise<void> {
  await page.goto(`${suite.app.baseUrl}${path}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  problems.push(...(await checkScreen(page, path)));
}

describe('every route: one h1, axe at 1280 and 390 px', () => {
  it('leaves no route of ROUTES unchecked', () => {
    const checked = new Set([...Object.keys(CHECKED_ELSEWHERE), ...CHECKED_HERE]);
    expect(Object.values(ROUTES).filter((route) => !checked.has(route))).toEqual([]);
  });

  it("public pages and the patient's own pages", async () => {
    const problems: string[] = [];
    const page = await suite.openPage('/', WIDE);
    await page.getByRole('button', { name: 'Kieltäydy' }).click();
    for (const path of [ROUTES.accessibility, ROUTES.accountClosed, ROUTES.doctorLoginAlias]) await visit(page, path, problems);

    await page.goto(`${suite.app.baseUrl}${ROUTES.customerLogin}`);
    await page.getByLabel('Sähköposti', { exact: true }).fill(DEMO.customer.email);
    await page.getByLabel('Salasana', { exact: true }).fill(DEMO.customer.password);
    await page.getByLabel('Salasana', { exact: true }).press('Enter');
    await page.waitForURL(`${suite.app.baseUrl}${ROUTES.customerPrescriptions}`);
    for (const path of [ROUTES.customerHello, ROUTES.customerPrescriptions, ROUTES.customerProfile]) await visit(page, path, problems);

    // The checkout pages: the cart with a renewal, then its embedded checkout.
    await suite.app.sql('DELETE FROM customer_cart_item');
    const [kestine] = await suite.app.sql<{ id: number }>(`SELECT id FROM product WHERE name LIKE 'Kestine%' ORDER BY id LIMIT 1`);
    expect(await postAsPage(page, '/my-shopping-cart/item', { type: 'renewal', productId: kestine.id, reason: 'Lääke loppumassa' })).toBe(200);
    await visit(page, ROUTES.customerHandling, problems);
    await page.getByRole('button', { name: 'Siirry kassalle 9,90 €' }).click();
    await page.waitForURL(/\/kassa\/cs_test_/);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    problems.push(...(await checkScreen(page, ROUTES.customerCheckout)));
    expect(problems).toEqual([]);
  });
});

/**
 * The web app's first load (bench figure web_js_gzip_kb ≤ 100 KiB) carries only the landing page's
 * Finnish texts; every other screen's texts load with its code (apps/web/finnish-texts.ts). No
 * screen may ever show a message key in their place, not even for one frame: a watcher that runs
 * in every page before the app records each text and label that appears, while every route is
 * opened afresh as a user would (the public pages, then the customer's, the doctor's and the
 * pharmacy's screens after their logins). The build's own check (keysNotLoaded) is shown to catch
 * a chunk that reads texts no one loaded for it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { keysNotLoaded, leaves, type BuiltChunk, type Texts } from '../../apps/web/finnish-texts';
import { ROUTES } from '../../apps/web/src/routes/routes';
import { WIDE } from '../support/a11y';
import { browserSuite, signInCustomer, submitLogin } from '../support/browser';
import { DEMO } from '../support/http';

const suite = browserSuite();
const CATALOG = JSON.parse(readFileSync(path.resolve(__dirname, '../../libs/domain/src/locales/fi.json'), 'utf8')) as Texts;
/** Every key of the catalog and every group of keys ('app.faq'): what t() would show when its text is missing. */
const KEYS = new Set(leaves(CATALOG).flatMap(([key]) => key.split('.').map((_, i, parts) => parts.slice(0, i + 1).join('.')).filter((k) => k.includes('.'))));

declare global {
  interface Window {
    textsSeen?: string[];
  }
}

/** Runs in every document before the app: keeps each dotted word that appears in a text, a label or the title. */
function watchTexts(): void {
  const seen: string[] = [];
  window.textsSeen = seen;
  const keep = (text: string | null | undefined) => seen.push(...(text?.match(/\b[a-zA-Z]+(\.[\w-]+)+\b/g) ?? []));
  const LABELS = ['aria-label', 'title', 'placeholder', 'alt'];
  const element = (el: Element) => {
    keep(el.textContent);
    for (const e of [el, ...el.querySelectorAll(LABELS.map((a) => `[${a}]`).join(','))]) for (const a of LABELS) keep(e.getAttribute(a));
  };
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'attributes') keep((r.target as Element).getAttribute(r.attributeName!));
      else if (r.type === 'characterData') keep(r.target.textContent);
      else r.addedNodes.forEach((node) => (node instanceof Element ? element(node) : keep(node.textContent)));
    }
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: LABELS });
}

/** The keys the page has shown since it loaded. */
const keysShown = async (page: Page): Promise<string[]> => (await page.evaluate(() => window.textsSeen ?? [])).filter((word) => KEYS.has(word));

describe('no screen shows a message key, though most texts load with their screens', () => {
  /** Opens `route` afresh, waits for its heading, and notes what keys showed meanwhile. */
  async function visit(page: Page, route: string, shown: string[], heading?: string): Promise<void> {
    await page.goto(`${suite.app.baseUrl}${route}`);
    await page.getByRole('heading', { level: 1, ...(heading ? { name: heading } : {}) }).first().waitFor();
    shown.push(...(await keysShown(page)).map((key) => `${route}: ${key}`));
  }

  it('on the public pages and the customer\'s pages', async () => {
    const shown: string[] = [];
    const page = await suite.openPage(ROUTES.home, WIDE, watchTexts);
    // The FAQ's expanders load after the first paint, their texts with them.
    await page.getByRole('button', { name: 'Avaa kaikki usein kysytyt kysymykset' }).waitFor();
    shown.push(...(await keysShown(page)));
    for (const route of [ROUTES.customerInfo, ROUTES.accessibility, ROUTES.accountClosed, ROUTES.doctorLogin, ROUTES.pharmacyLogin, '/ei-tallaista-sivua', ROUTES.customerLogin]) {
      await visit(page, route, shown);
    }
    expect(shown).toEqual([]);
    await signInCustomer(page, suite.app.baseUrl);
    for (const route of [ROUTES.customerPrescriptions, ROUTES.customerHello, ROUTES.customerHandling, ROUTES.customerProfile]) await visit(page, route, shown);
    expect(shown).toEqual([]);
  });

  it("on the doctor's and the pharmacy's screens", async () => {
    const shown: string[] = [];
    const page = await suite.openPage(ROUTES.doctorLogin, WIDE, watchTexts);
    await submitLogin(page, DEMO.doctor.email, DEMO.doctor.password);
    await page.getByRole('heading', { name: 'Tilaukset', level: 1 }).waitFor();
    shown.push(...(await keysShown(page)));
    for (const route of [ROUTES.doctorQueue, ROUTES.doctorHistory, ROUTES.doctorAdmin, ROUTES.staffMfa]) await visit(page, route, shown);

    const pharmacy = await suite.openPage(ROUTES.pharmacyLogin, WIDE, watchTexts);
    await submitLogin(pharmacy, DEMO.pharmacyAdmin.username, DEMO.pharmacyAdmin.password);
    await pharmacy.getByRole('heading', { name: 'Valitse toimipaikkasi', level: 1 }).waitFor();
    await pharmacy.getByRole('list', { name: 'Toimipaikat' }).getByRole('button').first().click();
    await pharmacy.getByRole('heading', { name: 'Työpöytä', level: 1 }).waitFor();
    shown.push(...(await keysShown(pharmacy)));
    for (const route of [ROUTES.pharmacyWorkbench, ROUTES.pharmacyOffice, ROUTES.pharmacyAdmin]) await visit(pharmacy, route, shown);
    expect(shown).toEqual([]);
  });
});

describe("the build's check of the texts each chunk reads", () => {
  const catalog: Texts = { app: { common: { loading: 'Ladataan…' } }, customer: { hello: { heading: 'Hei!', text: 'Tervetuloa' } } };
  const chunk = (file: string, code: string, more: Partial<BuiltChunk> = {}): BuiltChunk => ({ file, code, isEntry: false, isDynamicEntry: false, imports: [], dynamicImports: [], areas: [], ...more });
  const entry = chunk('index.js', "t('app.common.loading')", { isEntry: true, areas: ['first'], dynamicImports: ['hello.js'] });
  const helloTexts = chunk('customer-texts.js', 'addFinnishTexts({})', { areas: ['customer'] });

  it('passes a page that imports the texts it reads, and what the page itself loads later', () => {
    const hello = chunk('hello.js', "t('customer.hello.heading')", { isDynamicEntry: true, imports: ['customer-texts.js'], dynamicImports: ['modal.js'] });
    const modal = chunk('modal.js', 't(`customer.hello.${part}`)', { isDynamicEntry: true });
    expect(keysNotLoaded([entry, hello, helloTexts, modal], catalog)).toEqual([]);
  });

  it('fails a page that reads texts nothing loads for it', () => {
    const hello = chunk('hello.js', "t('customer.hello.heading'), tObject('customer.hello')", { isDynamicEntry: true });
    expect(keysNotLoaded([entry, hello, helloTexts], catalog)).toEqual(['hello.js reads 2 keys of customer (customer.hello.heading, customer.hello.text…) without loading them']);
  });
});

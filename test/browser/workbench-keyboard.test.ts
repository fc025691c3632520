/**
 * The staff flows with the keyboard alone (no mouse events: only keys, and reading which
 * element has the focus). After every step the focus is on the next thing to do, with a
 * visible focus ring.
 * Pharmacy: hetu by "barcode" + Enter, names, medicines (ArrowDown + Enter takes the FIRST
 * suggestion: nothing is highlighted before the arrows), 'Peruuta' with a medicine in the cart
 * still offers 'Tilaus valmis', the processing time, send.
 * Doctor: take the order, approve one prescription, reject the other with a reason, send, close
 * (and the focus is on the next order's first decision).
 */
import type { Page } from 'playwright-core';
import { browserSuite } from '../support/browser';
import { pharmacistAtOffice, sendPharmacyOrder } from '../support/pharmacy-flow';

const suite = browserSuite();

interface Focused {
  tag: string;
  name: string;
  ring: boolean;
}

/** The focused element: its tag, accessible-ish name (label, aria-label or text) and whether a focus ring shows. */
function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { tag: 'body', name: '', ring: false };
    const input = el as HTMLInputElement;
    const labelled = el.getAttribute('aria-labelledby');
    const name = el.getAttribute('aria-label') ?? (labelled ? (document.getElementById(labelled.split(' ')[0]!)?.textContent ?? '') : '');
    const text = name || (input.labels?.[0]?.textContent ?? '') || (el.textContent ?? '');
    // A ring: an outline on the element, or a box-shadow on it or its pseudo-elements / wrappers (suomifi draws one).
    const rings = (node: Element, pseudo?: string) => {
      const s = getComputedStyle(node, pseudo);
      return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || (s.boxShadow !== 'none' && s.boxShadow !== '');
    };
    let ring = rings(el) || rings(el, '::after') || rings(el, '::before');
    for (let p = el.parentElement, i = 0; !ring && p && i < 3; p = p.parentElement, i++) ring = rings(p) || rings(p, '::after');
    return { tag: el.tagName.toLowerCase(), name: text.replace(/\s+/gu, ' ').trim(), ring };
  });
}

async function expectFocus(page: Page, name: string | RegExp): Promise<void> {
  await page.waitForFunction(() => document.activeElement !== document.body);
  const f = await focused(page);
  if (typeof name === 'string') expect(f.name).toBe(name);
  else expect(f.name).toMatch(name);
  expect(f.ring).toBe(true);
}

/** Waits until the focus is on an element whose name matches (a step's answer may take a moment). */
async function focusMovesTo(page: Page, name: string | RegExp): Promise<void> {
  const source = typeof name === 'string' ? `^${name.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')}$` : name.source;
  const moved = page.waitForFunction((src) => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return false;
    const input = el as HTMLInputElement;
    const labelled = el.getAttribute('aria-labelledby');
    const text =
      el.getAttribute('aria-label') ??
      ((labelled ? document.getElementById(labelled.split(' ')[0]!)?.textContent : '') || input.labels?.[0]?.textContent || el.textContent || '');
    return new RegExp(src, 'u').test(text.replace(/\s+/gu, ' ').trim());
  }, source);
  try {
    await moved;
  } catch (e) {
    throw new Error(`focus did not move to ${String(name)}; it is on ${JSON.stringify(await focused(page))}`, { cause: e });
  }
  await expectFocus(page, name);
}

describe('keyboard only', () => {
  it('pharmacy: from the hetu to a sent order', async () => {
    const page = await suite.openPage('/loginapteekki', { width: 1280, height: 800 });
    await focusMovesTo(page, 'Käyttäjätunnus');
    await page.keyboard.type('apteekki');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Apteekki123');
    await page.keyboard.press('Enter');

    // step 1: the hetu field has the focus; a barcode reader types and presses Enter
    await focusMovesTo(page, /^Henkilötunnus/);
    await page.keyboard.type('121212-913Y');
    await page.keyboard.press('Enter');

    // step 2: the names; Enter sends the form ('Potilasinfo annettu' is checked by default)
    await focusMovesTo(page, 'Etunimi');
    await page.keyboard.type('Matti');
    await page.keyboard.press('Tab');
    await expectFocus(page, 'Sukunimi');
    await page.keyboard.type('Meikäläinen');
    await page.keyboard.press('Enter');

    // step 3: the chat's search; nothing highlighted until the arrows move
    await focusMovesTo(page, 'Lääkkeen nimi');
    await page.keyboard.type('Lo');
    await page.getByRole('option').nth(1).waitFor();
    const options = await page.getByRole('option').allTextContents();
    const first = (await page.locator('[role="option"] .combobox__name').first().textContent())!.trim();
    expect(await page.getByRole('combobox').getAttribute('aria-activedescendant')).toBeNull();
    expect(await page.locator('[role="option"][aria-selected="true"]').count()).toBe(0);
    await page.keyboard.press('ArrowDown');
    expect(await page.locator('[role="option"][aria-selected="true"]').textContent()).toBe(options[0]);
    await page.keyboard.press('Enter');

    // the optional info, then the confirmation, each with the focus
    await focusMovesTo(page, 'Lisätietoa lääkärille');
    await page.keyboard.type('Jatkuva lääkitys');
    await page.keyboard.press('Enter');
    await focusMovesTo(page, 'Kyllä, uusitaan resepti');
    await page.keyboard.press('Enter');
    await page.getByText(`${first} lisätty tilaukseen.`).waitFor();
    await focusMovesTo(page, 'Tilaus valmis');

    // another medicine, cancelled at the confirmation: 'Tilaus valmis' is still offered, with the focus
    await page.keyboard.press('Shift+Tab');
    await expectFocus(page, 'Hae toista reseptiä');
    await page.keyboard.press('Enter');
    await focusMovesTo(page, 'Lääkkeen nimi');
    await page.keyboard.type('Cetir');
    await page.keyboard.press('Enter');
    await focusMovesTo(page, 'Lisätietoa lääkärille');
    await page.keyboard.press('Enter');
    await focusMovesTo(page, 'Kyllä, uusitaan resepti');
    await page.keyboard.press('Shift+Tab');
    await expectFocus(page, 'Peruuta');
    await page.keyboard.press('Enter');
    await focusMovesTo(page, 'Tilaus valmis');
    expect(await page.getByRole('button', { name: 'Hae toista reseptiä' }).count()).toBe(1);
    // new chat lines are read out: the chat is a polite live region
    expect(await page.locator('ol.chat').getAttribute('aria-live')).toBe('polite');

    // the processing time: the focus is on the first choice; Space chooses it, Tab leads to 'Lähetä tilaus'
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.type === 'radio');
    expect((await focused(page)).ring).toBe(true);
    await page.keyboard.press('Space');
    await page.getByText(/Käsittelymaksu yhteensä/u).waitFor();
    await page.keyboard.press('Tab');
    await expectFocus(page, 'Lähetä tilaus');
    await page.keyboard.press('Enter');
    await page.getByText('Tilaus lähetetty lääkärille.').waitFor();
    await focusMovesTo(page, /^Henkilötunnus/);

    const rows = await suite.app.sql<{ display_name: string; reason: string }>(
      "SELECT i.display_name, i.reason FROM order_item i JOIN orders o ON o.id = i.order_id WHERE o.source = 'pharmacy' AND o.patient_hetu = '121212-913Y'",
    );
    expect(rows).toEqual([{ display_name: first, reason: 'Jatkuva lääkitys' }]);
  });

  it('doctor: take the order, approve one, reject one with a reason, send and close', async () => {
    const { client } = await pharmacistAtOffice(suite.app, 'kyla');
    const orderId = await sendPharmacyOrder(client, ['Kestine', 'Cetirizin'], { patient: { firstName: 'Kalle', lastName: 'Kokeilu', hetu: '010101-123N' } });

    const page = await suite.openPage('/logindoctor', { width: 1280, height: 800 });
    await focusMovesTo(page, 'Käyttäjätunnus');
    await page.keyboard.type('laakari@example.fi');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Laakari123');
    await page.keyboard.press('Enter');

    // the queue: 'Seuraava työ' has the focus once an order waits
    await focusMovesTo(page, 'Seuraava työ');
    await page.keyboard.press('Enter');
    await page.getByTestId('patient-name').getByText('Kalle Kokeilu').waitFor();

    // the patient has no earlier prescription of the medicine in the Prescription Centre: the first
    // prescription's dosage has the focus, Enter approves; then the next one's dosage, and on to 'Hylkää'
    await focusMovesTo(page, 'Annosteluohje');
    await page.keyboard.type('1 tabletti päivässä');
    await page.keyboard.press('Enter');
    await page.getByText('Päätös puuttuu 1/2 reseptistä.').waitFor();
    await focusMovesTo(page, 'Annosteluohje');
    await page.keyboard.press('Tab');
    await expectFocus(page, 'Pakkauksia');
    await page.keyboard.press('Tab');
    await expectFocus(page, 'Hyväksy');
    await page.keyboard.press('Tab');
    await expectFocus(page, 'Hylkää');
    await page.keyboard.press('Enter');
    // the reason box (with the default reason) has the focus; Tab leads to 'Tallenna hylkäys'
    await focusMovesTo(page, 'Hylkäyksen perustelu');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Ei hoitosuhdetta.');
    await page.keyboard.press('Tab');
    await expectFocus(page, 'Tallenna hylkäys');
    await page.keyboard.press('Enter');

    // all decided: 'Lähetä' has the focus; then 'Sulje'
    await focusMovesTo(page, 'Lähetä');
    await page.keyboard.press('Enter');
    await page.getByText(/^Tilaus käsitelty/u).waitFor();
    await focusMovesTo(page, 'Sulje');
    await page.keyboard.press('Enter');
    // on to the next order (the one sent above), or back to the queue when none waits
    await page.getByText(/^Tilaus käsitelty/u).waitFor({ state: 'detached' });
    await focusMovesTo(page, /^(Hyväksy|Annosteluohje|Hae määrättävä lääke|Seuraava työ)$/u);

    const items = await suite.app.sql<{ decision: string; reason_for_decision: string }>(
      'SELECT decision, reason_for_decision FROM order_item WHERE order_id = $1 ORDER BY id',
      [orderId],
    );
    expect(items).toEqual([
      { decision: 'approved', reason_for_decision: '' },
      { decision: 'rejected', reason_for_decision: 'Ei hoitosuhdetta.' },
    ]);
    const [order] = await suite.app.sql<{ delivery_status: string }>('SELECT delivery_status FROM orders WHERE id = $1', [orderId]);
    expect(order!.delivery_status).toBe('delivered');
  });
});

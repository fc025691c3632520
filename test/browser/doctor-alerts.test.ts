/**
 * A doctor never misses new work: the tab title carries the waiting count, and the optional
 * sound (off by default, remembered) plays when an order arrives in an EMPTY queue: once,
 * not for every further order. Orders arrive through the pharmacy API, so the doctor's
 * screen learns of them by the real queue:status push.
 * The beep is observed by counting the oscillators the page creates with the Web Audio API.
 */
import type { Page } from 'playwright-core';
import { browserSuite, submitLogin } from '../support/browser';
import { loginAs } from '../support/http';
import { clearOrders, insertWaitingOrders } from '../support/order-fixtures';
import { pharmacistAtOffice, sendPharmacyOrder } from '../support/pharmacy-flow';
import { decisionBody } from '../support/prescribing';

const suite = browserSuite();

declare global {
  interface Window {
    beepCount: number;
  }
}

function countBeeps(): void {
  window.beepCount = 0;
  const create = AudioContext.prototype.createOscillator;
  AudioContext.prototype.createOscillator = function (this: AudioContext) {
    window.beepCount += 1;
    return create.call(this);
  };
}

const beeps = (page: Page) => page.evaluate(() => window.beepCount);
const titleIs = (page: Page, title: string) => page.waitForFunction((t) => document.title === t, title);

describe('doctor queue alerts', () => {
  it('shows the waiting count in the tab title and beeps only when switched on and the queue was empty', async () => {
    await clearOrders(suite.app);
    const { client: pharmacist } = await pharmacistAtOffice(suite.app, 'pharmacy');
    const otherDoctor = await loginAs(suite.app, 'doctor2');

    const page = await suite.openPage('/logindoctor', { width: 1366, height: 900 }, countBeeps);
    await submitLogin(page, 'laakari@example.fi', 'Laakari123');
    await page.waitForURL(`${suite.app.baseUrl}/doctor`);
    await page.getByText('Ei tilauksia jonossa').waitFor();
    await titleIs(page, 'Tilaukset – Resepti');

    // The sound is off by default: an order arriving in the empty queue only changes the title.
    const sound = page.getByRole('checkbox', { name: 'Äänimerkki' });
    expect(await sound.isChecked()).toBe(false);
    await sendPharmacyOrder(pharmacist, ['Kestine']);
    await titleIs(page, '(1) Tilaukset – Resepti');
    expect(await beeps(page)).toBe(0);

    // Another doctor takes it: the queue is empty again, on this screen too.
    expect((await otherDoctor.post('/order/pick-first')).status).toBe(200);
    await titleIs(page, 'Tilaukset – Resepti');

    // Switched on: the first order into the empty queue beeps once, the second does not.
    await page.getByText('Äänimerkki').click();
    expect(await sound.isChecked()).toBe(true);
    await sendPharmacyOrder(pharmacist, ['Cetirizin']);
    await titleIs(page, '(1) Tilaukset – Resepti');
    await page.waitForFunction(() => window.beepCount === 1);
    await sendPharmacyOrder(pharmacist, ['Kestine']);
    await titleIs(page, '(2) Tilaukset – Resepti');
    expect(await beeps(page)).toBe(1);

    // The choice is remembered across a reload.
    await page.reload();
    await titleIs(page, '(2) Tilaukset – Resepti');
    expect(await page.getByRole('checkbox', { name: 'Äänimerkki' }).isChecked()).toBe(true);
    expect(await beeps(page)).toBe(0); // a reload into a non-empty queue is no arrival
  });

  it("re-reads the held order only for pushes about it: other doctors' work adds no audited reads", async () => {
    await clearOrders(suite.app);
    const [mine, theirs] = await insertWaitingOrders(suite.app, 2);
    const page = await suite.openPage('/logindoctor', { width: 1366, height: 900 });
    await submitLogin(page, 'laakari@example.fi', 'Laakari123');
    await page.waitForURL(`${suite.app.baseUrl}/doctor`);
    await page.getByRole('button', { name: 'Seuraava työ' }).click();
    await page.getByTestId('patient-name').waitFor();
    // the view reads the patient's context once as the order opens (audited as a read of the order): done before counting
    await page.getByTestId('patient-context').waitFor();
    await titleIs(page, '(1) Tilaukset – Resepti');
    const reads = async (orderId: number) =>
      (await suite.app.sql<{ n: number }>("SELECT count(*)::int AS n FROM audit_log WHERE action = 'order:read' AND order_id = $1", [orderId]))[0].n;
    const readsBefore = await reads(mine.id);

    // another doctor takes the other order and decides its items back and forth
    const other = await loginAs(suite.app, 'doctor2');
    expect((await other.post<{ id: number }>('/order/pick-first')).body.id).toBe(theirs.id);
    for (const decision of ['approved', 'undecided', 'approved', 'undecided']) {
      expect((await other.post(`/order/process-item/${theirs.itemIds[0]}`, decisionBody(decision))).status).toBe(200);
    }
    // then releases it: this screen hears it (the count goes back to 1) after all the pushes before
    await titleIs(page, 'Tilaukset – Resepti');
    expect((await other.post('/order/release')).status).toBe(204);
    await titleIs(page, '(1) Tilaukset – Resepti');
    expect(await reads(mine.id)).toBe(readsBefore);

    // a push about the held order itself does refetch it: another doctor releases it
    expect((await other.post(`/order/release-one/${mine.id}`)).status).toBe(204);
    await page.getByRole('button', { name: 'Seuraava työ' }).waitFor();
  });
});

/**
 * The doctor decides with the patient's context (issue 44), in Chromium: the order view shows the
 * patient's age and sex (from the hetu), the earlier decisions on the same medicine in Resepti
 * (date, decision, reason, doctor) and how long since the last approval; the focus still goes
 * to the decision (keyboard throughput as before), the context is read once (one audited read),
 * and the screen passes axe at 1280 and 390 px.
 */
import type { Page } from 'playwright-core';
import { formatDateFi, helsinkiIsoDate } from '@resepti/domain';
import { checkScreen } from '../support/a11y';
import { browserSuite, submitLogin } from '../support/browser';
import { clearOrders, demoIds, insertOrder, makeHetu } from '../support/order-fixtures';

const suite = browserSuite();
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.parse(`${helsinkiIsoDate(new Date())}T10:00:00Z`) - days * DAY);

async function signInAsDoctor(): Promise<Page> {
  const page = await suite.openPage('/logindoctor', { width: 1366, height: 900 });
  await submitLogin(page, 'laakari@example.fi', 'Laakari123', 'click');
  await page.waitForURL(`${suite.app.baseUrl}/doctor`);
  return page;
}

describe("the doctor's order view", () => {
  it("shows the patient's age, sex and earlier decisions on the same medicine, and the focus goes to the decision", async () => {
    await clearOrders(suite.app);
    const ids = await demoIds(suite.app);
    const [{ id: productId }] = await suite.app.sql<{ id: number }>(`SELECT id FROM product ORDER BY id LIMIT 1`);
    const patient = { firstName: 'Veera', lastName: 'Virtanen', hetu: makeHetu(12, 3, 85, 234) };
    const renewal = { type: 'renewal' as const, productId, displayName: 'Burana 400 mg', reason: 'Selkäkipuun' };
    await insertOrder(suite.app, { patient, status: 'delivered', doctorId: ids.doctor2Id, createdAt: daysAgo(41), deliveryTime: daysAgo(40), items: [{ ...renewal, decision: 'approved' }] });
    await insertOrder(suite.app, { patient, status: 'delivered', createdAt: daysAgo(11), deliveryTime: daysAgo(10), items: [{ ...renewal, decision: 'rejected', reasonForDecision: 'Liian aikainen uusinta' }] });
    const current = await insertOrder(suite.app, { patient, createdAt: new Date(Date.now() - 60_000), minutesToDeadline: 60, items: [renewal] });

    const page = await signInAsDoctor();
    await page.getByRole('button', { name: 'Seuraava työ' }).click();
    const context = page.getByTestId('patient-context');
    await context.waitFor();
    const today = helsinkiIsoDate(new Date());
    const age = Number(today.slice(0, 4)) - 1985 - (today.slice(5) < '03-12' ? 1 : 0);
    const facts = await context.locator('dl > div').evaluateAll((pairs) => pairs.map((d) => `${d.querySelector('dt')?.textContent} ${d.querySelector('dd')?.textContent}`));
    expect(facts).toEqual(['Ikä ' + `${age} v`, 'Sukupuoli nainen', 'Aiemmat tilaukset 2']);
    await context.getByRole('heading', { name: 'Aiemmat päätökset samasta lääkkeestä' }).waitFor();
    expect(await context.getByTestId('since-approval').innerText()).toBe('Edellinen hyväksyntä 40 päivää sitten');
    const rows = await context.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    expect(rows).toEqual([
      [formatDateFi(daysAgo(10)), 'Hylätty', 'Liian aikainen uusinta', 'Liisa Lääkäri'],
      [formatDateFi(daysAgo(40)), 'Hyväksytty', '', 'Lauri Lääkäri'],
    ]);

    // Keyboard throughput as before: the decision has the focus, and Enter there decides.
    await page.waitForFunction(() => document.activeElement?.closest('.decision-panel') !== null);
    // One read of the context, audited once with the patient.
    const reads = await suite.app.sql<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'order:read' AND order_id = $1 AND details LIKE '%patient-context%'`, [current.id]);
    expect(reads[0].n).toBe(1);
    expect(await checkScreen(page, 'order view with the patient context')).toEqual([]);
  });
});

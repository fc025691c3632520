/**
 * Polling stays as the fallback: with the Socket.IO connection blocked (e.g. a proxy that
 * drops WebSockets), the pharmacy screen says it is polling, and a doctor's decision still
 * reaches the order card (within the 10 s polling interval) without a reload. Its polls say so
 * (X-Live-Fallback: polling), and the operators' metrics count it as a polling client.
 */
import { browserSuite, submitLogin, withoutWebSocket } from '../support/browser';
import { loginAs } from '../support/http';
import { parseMetrics, scrape, valueOf } from '../support/metrics';
import { APPROVAL } from '../support/prescribing';

const suite = browserSuite();

async function sendPharmacyOrder(): Promise<number> {
  const pharmacist = await loginAs(suite.app, 'pharmacy');
  const [office] = (await pharmacist.get<Array<{ id: number }>>('/users-offices')).body;
  await pharmacist.patch(`/selected-office/${office.id}`);
  await pharmacist.post('/patient-info', { firstName: 'Paula', lastName: 'Pollaus', hetu: '121212-913Y' });
  const products = (await pharmacist.get<Array<{ productId: number; displayName: string }>>('/products')).body;
  const kestine = products.find((p) => p.displayName === 'Kestine 10 mg')!;
  await pharmacist.post('/pharmacy-shopping-cart/item', { type: 'renewal', productId: kestine.productId, reason: '' });
  await pharmacist.post('/pharmacy-shopping-cart/delivery-option', { id: 'delivery-12-h' });
  const sent = await pharmacist.post('/pharmacy-shopping-cart/send');
  expect(sent.status).toBeLessThan(300);
  const [order] = await suite.app.sql<{ id: number }>(`SELECT id FROM orders WHERE patient_last_name = 'Pollaus'`);
  return order.id;
}

describe('polling fallback', () => {
  it('shows polling and still updates the order card when the socket cannot connect', async () => {
    const orderId = await sendPharmacyOrder();
    // No WebSocket (as behind a proxy that drops them), and Socket.IO's long-polling blocked too.
    const page = await suite.openPage('/loginapteekki', { width: 1400, height: 1000 }, withoutWebSocket);
    await page.route('**/socket.io/**', (route) => route.abort());
    await submitLogin(page, 'apteekki', 'Apteekki123');
    await page.waitForURL(`${suite.app.baseUrl}/reseptitapteekki`);
    await page.getByText('Päivitetään ajoittain').waitFor();

    const card = page.getByRole('article', { name: 'Paula Pollaus' });
    await card.getByText('Odottaa käsittelyä').waitFor();

    const doctor = await loginAs(suite.app, 'doctor');
    const picked = await doctor.post<{ id: number; prescriptions: { id: number }[] }>('/order/pick-first');
    expect(picked.body.id).toBe(orderId);
    await doctor.post(`/order/process-item/${picked.body.prescriptions[0].id}`, { ...APPROVAL, reasonForDecision: '' });
    await doctor.post('/order/mark-delivered');

    // no push can arrive: the next poll (every 10 s) brings the decision
    const poll = page.waitForResponse((r) => r.url().includes('/ui-api/v1/') && r.request().headers()['x-live-fallback'] === 'polling', { timeout: 25_000 });
    await card.getByText('Hyväksytty').waitFor({ timeout: 25_000 });
    expect(await page.getByText('Reaaliaikainen').count()).toBe(0);
    expect((await poll).request().method()).toBe('GET');

    // This browser is the one client on the fallback (the API clients above do not poll).
    const samples = parseMetrics((await scrape(suite.app.baseUrl)).text);
    expect(valueOf(samples, 'resepti_polling_fallback_clients', { role: 'pharmacy' })).toBe(1);
    expect(valueOf(samples, 'resepti_polling_fallback_clients', { role: 'doctor' })).toBe(0);
  });
});

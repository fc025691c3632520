/**
 * A short break in the live connection (a network blip): on reconnecting, the server replays
 * the pushes the page missed, so the change made meanwhile appears and nothing else on the
 * screen is fetched again.
 */
import { browserSuite, submitLogin } from '../support/browser';
import { loginAs } from '../support/http';
import { startProxy, type TestProxy } from '../support/proxy';

const suite = browserSuite();
let proxy: TestProxy | undefined;
afterAll(async () => {
  await proxy?.close();
});

describe('a short break in the live connection', () => {
  it('shows what changed meanwhile without refetching the rest of the screen', async () => {
    // The page talks to the app through a proxy that can cut the network for Socket.IO.
    proxy = await startProxy([suite.app.baseUrl]);
    const page = await suite.openPage('/');
    await page.goto(`${proxy.url}/loginapteekki`);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));

    await submitLogin(page, 'apteekki', 'Apteekki123');
    await page.waitForURL(`${proxy.url}/reseptitapteekki`);
    await page.getByText('Reaaliaikainen').waitFor();

    const doctor = await loginAs(suite.app, 'doctor');
    const publish = async (header: string) => {
      const res = await doctor.post('/set-pharmacy-message', { id: 1, header, additionalDetails: '', status: 'published' });
      expect(res.status).toBeLessThan(300);
    };
    await publish('Ennen katkoa');
    await page.getByText('Ennen katkoa').waitFor();

    proxy.blockSocketIo(true);
    await page.getByText('Päivitetään ajoittain').waitFor();
    await publish('Katkon aikana');
    const sinceBreak = requests.length;
    proxy.blockSocketIo(false);

    await page.getByText('Katkon aikana').waitFor();
    await page.getByText('Reaaliaikainen').waitFor();
    // Only the pushed notice was fetched again: the order list was not.
    const refetched = requests.slice(sinceBreak).filter((path) => path.startsWith('/ui-api/'));
    expect(refetched.some((path) => path.endsWith('/get-pharmacy-message/1'))).toBe(true);
    expect(refetched.filter((path) => path.includes('/pharmacy-order-history/'))).toEqual([]);
  });
});

/**
 * The doctor's session-expiry prompt (SPEC section 2): 'Istunto sulkeutumassa' two minutes
 * before the server's idle timeout (SESSION_IDLE_MINUTES, 10 here, so the web must take it
 * from the server rather than assume the default 30); 'Jatka' keeps the session; otherwise the doctor is
 * logged out when the two minutes are up. The browser's clock is fast-forwarded.
 */
import { browserSuite, submitLogin, withoutWebSocket } from '../support/browser';

const suite = browserSuite({ env: { SESSION_IDLE_MINUTES: '10' } });

describe('doctor session expiry', () => {
  it("warns before the idle timeout, 'Jatka' keeps the session, and doing nothing logs out", async () => {
    const page = await suite.openPage('/logindoctor', { width: 1366, height: 900 });
    await page.clock.install();
    await submitLogin(page, 'laakari@example.fi', 'Laakari123', 'click');
    await page.waitForURL(`${suite.app.baseUrl}/doctor`);
    await page.getByRole('heading', { name: 'Tilaukset', level: 1 }).waitFor();

    const prompt = page.getByRole('alertdialog', { name: 'Istunto sulkeutumassa' });
    expect(await prompt.count()).toBe(0);
    await page.clock.fastForward('08:30');
    await prompt.waitFor();
    await prompt.getByText('Sinut kirjataan ulos', { exact: false }).waitFor();

    await prompt.getByRole('button', { name: 'Jatka' }).click();
    await prompt.waitFor({ state: 'hidden' });
    expect(page.url()).toBe(`${suite.app.baseUrl}/doctor`);

    await page.clock.fastForward('08:30');
    await prompt.waitFor();
    await page.clock.fastForward('02:00');
    await page.waitForURL(`${suite.app.baseUrl}/logindoctor`);
    // the session is gone on the server too
    const me = await page.context().request.get(`${suite.app.apiUrl}/my-doctor-info`);
    expect(me.status()).toBe(401);
  });

  it('warns an idle doctor even while the screen polls (socket blocked): background refetches are not activity', async () => {
    // No WebSocket, and Socket.IO's long-polling blocked too: the screen polls.
    const page = await suite.openPage('/logindoctor', { width: 1366, height: 900 }, withoutWebSocket);
    await page.route('**/socket.io/**', (route) => route.abort());
    await page.clock.install();
    await submitLogin(page, 'laakari@example.fi', 'Laakari123', 'click');
    await page.waitForURL(`${suite.app.baseUrl}/doctor`);
    await page.getByText('Päivitetään ajoittain').waitFor();
    for (let minute = 0; minute < 8; minute++) await page.clock.fastForward('01:00');
    await page.clock.fastForward('00:30');
    await page.getByRole('alertdialog', { name: 'Istunto sulkeutumassa' }).waitFor();
  });
});

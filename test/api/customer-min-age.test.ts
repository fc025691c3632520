/**
 * A minimum age at registration (issue 27, MIN_AGE, default 18): a 16-year-old identified at the
 * IdP is told at once that no account can be made, and POST /my-user refuses (403) and stores nothing.
 */
import { startApp, type TestApp } from '../support/app';
import { identify, OidcAgent, type TestPerson } from '../support/oidc-agent';

let app: TestApp;

beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.stop();
});

const CHECK = '0123456789ABCDEFHJKLMNPRSTUVWXY';

/** A valid hetu of someone born in the 2000s on the Helsinki date `years` years before today. */
function hetuAged(years: number, individual: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Helsinki', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const [y, m, d] = today.split('-');
  const yy = String(Number(y) - years - 2000).padStart(2, '0');
  const nnn = String(individual).padStart(3, '0');
  return `${d}${m}${yy}A${nnn}${CHECK[Number(`${d}${m}${yy}${nnn}`) % 31]}`;
}

function wizardData(email: string) {
  return { email, phone: '040 765 4321', password: 'Pilvi-Laiva-42', marketingAllowed: false, eulaAccepted: true, approvedEulaVersion: '1' };
}

describe('the minimum age at registration', () => {
  it('refuses a 16-year-old with a clear message, and stores nothing', async () => {
    const teen: TestPerson = { hetu: hetuAged(16, 246), firstName: 'Nuori', lastName: 'Nuorinen' };
    const agent = new OidcAgent(app);
    expect(await identify(agent, teen)).toBe(`${app.baseUrl}/registerHello`);
    const registration = await agent.api('GET', '/registration');
    expect(registration.status).toBe(200);
    expect(registration.body).toMatchObject({ registered: false, tooYoung: 'Palvelua voivat käyttää vain vähintään 18-vuotiaat. Ota yhteyttä omaan terveysasemaasi tai lääkäriisi.' });
    // In the language the page asks in.
    const english = JSON.parse((await agent.send('GET', `${app.apiUrl}/registration`, undefined, { 'accept-language': 'en-GB' })).body) as { tooYoung: string };
    expect(english.tooYoung).toBe('The service can only be used by people aged 18 or over. Please contact your own health centre or doctor.');

    const created = await agent.api('POST', '/my-user', wizardData('nuori@example.fi'));
    expect(created.status).toBe(403);
    expect(created.body.message).toBe('Palvelua voivat käyttää vain vähintään 18-vuotiaat. Ota yhteyttä omaan terveysasemaasi tai lääkäriisi.');
    expect(await app.sql('SELECT id FROM customer WHERE hetu = $1', [teen.hetu])).toHaveLength(0);
  });

  it('admits someone who turns 18 today', async () => {
    const adult: TestPerson = { hetu: hetuAged(18, 358), firstName: 'Täysi', lastName: 'Ikäinen' };
    const agent = new OidcAgent(app);
    expect(await identify(agent, adult)).toBe(`${app.baseUrl}/registerHello`);
    const registration = await agent.api('GET', '/registration');
    expect(registration.body).not.toHaveProperty('tooYoung');
    const created = await agent.api('POST', '/my-user', wizardData('taysi@example.fi'));
    expect(created.status).toBe(201);
  });
});

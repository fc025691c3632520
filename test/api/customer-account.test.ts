/**
 * Customer account over real HTTP: strong identification through the embedded OpenID
 * Connect provider (start → provider's login page → callback), registration, contact
 * details, password change, and a forgotten password reset through identification.
 */
import { PRODUCTION_ENV, startApp, type TestApp } from '../support/app';
import { ApiClient, DEMO, loginAs } from '../support/http';
import { identify, identifyAtIdp, OidcAgent, type TestPerson } from '../support/oidc-agent';

let app: TestApp;

beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.stop();
});

const MAIJA: TestPerson = { hetu: '240592-902B', firstName: 'Maija', lastName: 'Mallikas' };
const AINO: TestPerson = { hetu: DEMO.customer.hetu, firstName: 'Aino', lastName: 'Asiakas' };

function wizardData(overrides: Record<string, unknown> = {}) {
  return {
    email: 'Maija.Mallikas@Example.fi',
    phone: '040 765 4321',
    password: 'Pilvi-Laiva-42',
    marketingAllowed: true,
    eulaAccepted: true,
    approvedEulaVersion: '1',
    ...overrides,
  };
}

async function identificationCount(hetu: string): Promise<number> {
  const [{ n }] = await app.sql<{ n: number }>('SELECT count(*)::int AS n FROM identification WHERE hetu = $1', [hetu]);
  return n;
}

async function customerCount(hetu: string): Promise<number> {
  const [{ n }] = await app.sql<{ n: number }>('SELECT count(*)::int AS n FROM customer WHERE hetu = $1', [hetu]);
  return n;
}

describe('registration through strong identification', () => {
  it('goes start → provider → callback → /registration → POST /my-user → GET /my-user, signed in afterwards', async () => {
    const agent = new OidcAgent(app);
    const { callbackUrl, loginPage } = await identifyAtIdp(agent, MAIJA);

    // The provider's page lists test identities, among them one born in the 2000s and the demo customer.
    expect(loginPage).toContain('Tunnistaudu testihenkilönä');
    expect(loginPage).toContain('120601A948D');
    expect(loginPage).toContain('010190-998V');
    expect(new URL(callbackUrl).searchParams.get('code')).toBeTruthy();

    const back = await agent.send('GET', callbackUrl);
    expect(back.status).toBe(302);
    expect(back.location).toBe(`${app.baseUrl}/registerHello`);

    // The session holds only the identification's id; the person is in the identification table.
    const sessions = await app.sql<{ sess: unknown }>('SELECT sess FROM http_session');
    expect(JSON.stringify(sessions)).not.toContain(MAIJA.hetu);
    expect(JSON.stringify(sessions)).not.toContain('Mallikas');
    expect(await identificationCount(MAIJA.hetu)).toBe(1);

    const registration = await agent.api('GET', '/registration');
    expect(registration).toEqual({
      status: 200,
      body: { hetu: MAIJA.hetu, firstName: 'Maija', lastName: 'Mallikas', purpose: 'registration', registered: false },
    });

    // Hetu and names in the body are ignored: they always come from the identification.
    const created = await agent.api('POST', '/my-user', wizardData({ hetu: '150385-9013', firstName: 'Väärä' }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ firstName: 'Maija', lastName: 'Mallikas', email: 'maija.mallikas@example.fi', phone: '0407654321', sex: 'f', approvedEulaVersion: '1' });

    const me = await agent.api('GET', '/my-user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ firstName: 'Maija', email: 'maija.mallikas@example.fi' });

    const [row] = await app.sql<{ hetu: string; marketing_allowed: boolean; eula_accepted_at: Date | null }>(
      'SELECT hetu, marketing_allowed, eula_accepted_at FROM customer WHERE email = $1',
      ['maija.mallikas@example.fi'],
    );
    expect(row.hetu).toBe(MAIJA.hetu);
    expect(row.marketing_allowed).toBe(true);
    expect(row.eula_accepted_at).toBeInstanceOf(Date);
    // Used up: the identification is gone, and so is the registration data.
    expect(await identificationCount(MAIJA.hetu)).toBe(0);
    expect((await agent.api('GET', '/registration')).status).toBe(404);

    // The new customer logs in by e-mail (any case) and password.
    const login = await new ApiClient(app.apiUrl).post('/login', { email: 'MAIJA.mallikas@example.fi', password: 'Pilvi-Laiva-42' });
    expect(login.status).toBe(200);
  });

  it('answers 409 to a second registration of the same hetu', async () => {
    const agent = new OidcAgent(app);
    expect(await identify(agent, MAIJA)).toBe(`${app.baseUrl}/registerHello`);
    expect((await agent.api('GET', '/registration')).body).toMatchObject({ registered: true });
    const again = await agent.api('POST', '/my-user', wizardData({ email: 'toinen@example.fi' }));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Henkilötunnuksella on jo tili. Kirjaudu sisään tai vaihda salasana tunnistautumalla.');
    expect(await customerCount(MAIJA.hetu)).toBe(1);
  });

  it('fails with a tampered state or code, or a cancelled identification, and stores nothing', async () => {
    const person: TestPerson = { hetu: '150385-9013', firstName: 'Matti', lastName: 'Meikäläinen' };

    const tamperedState = new OidcAgent(app);
    const first = await identifyAtIdp(tamperedState, person);
    const badState = new URL(first.callbackUrl);
    badState.searchParams.set('state', 'tampered-state');
    expect((await tamperedState.send('GET', badState.href)).location).toBe(`${app.baseUrl}/`);
    // The one-use transaction is gone: even the genuine callback no longer works.
    expect((await tamperedState.send('GET', first.callbackUrl)).location).toBe(`${app.baseUrl}/`);
    expect((await tamperedState.api('GET', '/registration')).status).toBe(404);

    const tamperedCode = new OidcAgent(app);
    const second = await identifyAtIdp(tamperedCode, person);
    const badCode = new URL(second.callbackUrl);
    badCode.searchParams.set('code', `${badCode.searchParams.get('code')}x`);
    expect((await tamperedCode.send('GET', badCode.href)).location).toBe(`${app.baseUrl}/`);
    expect((await tamperedCode.api('GET', '/registration')).status).toBe(404);

    // Cancelled at the provider.
    const cancelled = new OidcAgent(app);
    const start = await cancelled.send('GET', `${app.apiUrl}/registration/start`);
    const page = await cancelled.follow(start.location!);
    const abort = /action="([^"]+\/abort)"/.exec(page.body)![1];
    const aborted = await cancelled.send('POST', new URL(abort, page.url).href, { form: {} });
    const back = await cancelled.follow(aborted.location!, /\/ui-api\/v1\/registration\/callback/);
    expect(new URL(back.location!).searchParams.get('error')).toBe('access_denied');
    expect((await cancelled.send('GET', back.location!)).location).toBe(`${app.baseUrl}/`);

    // A callback without any started identification.
    const stranger = new OidcAgent(app);
    expect((await stranger.send('GET', `${app.apiUrl}/registration/callback?code=abc&state=def`)).location).toBe(`${app.baseUrl}/`);

    expect(await identificationCount(person.hetu)).toBe(0);
    expect(await customerCount(person.hetu)).toBe(0);
    expect((await stranger.api('POST', '/my-user', wizardData({ email: 'matti@example.fi' }))).status).toBe(404);
  });

  it('lets an identification expire', async () => {
    const person: TestPerson = { hetu: '311299-966C', firstName: 'Tiina', lastName: 'Testaaja' };
    const agent = new OidcAgent(app);
    await identify(agent, person);
    expect((await agent.api('GET', '/registration')).status).toBe(200);
    await app.sql("UPDATE identification SET expires_at = now() - interval '1 second' WHERE hetu = $1", [person.hetu]);
    const expired = await agent.api('GET', '/registration');
    expect(expired.status).toBe(404);
    expect(expired.body.message).toBe('Tunnistautuminen puuttuu tai on vanhentunut. Tunnistaudu uudelleen.');
    expect((await agent.api('POST', '/my-user', wizardData({ email: 'tiina@example.fi' }))).status).toBe(404);
    expect(await customerCount(person.hetu)).toBe(0);
  });

  it('refuses an invalid hetu typed at the provider', async () => {
    const agent = new OidcAgent(app);
    const start = await agent.send('GET', `${app.apiUrl}/registration/start`);
    const page = await agent.follow(start.location!);
    const action = /action="([^"]+\/login)"/.exec(page.body)![1];
    const refused = await agent.send('POST', new URL(action, page.url).href, { form: { hetu: '240592-902C', firstName: 'Maija', lastName: 'Mallikas' } });
    expect(refused.status).toBe(400);
    expect(refused.body).toContain('Tarkista henkilöturvatunnus');
  });

  it('validates the wizard data with the messages of SPEC section 5 and stores nothing on bad input', async () => {
    const person: TestPerson = { hetu: '070305A913N', firstName: 'Ville', lastName: 'Virtanen' };
    const agent = new OidcAgent(app);
    expect(await identify(agent, person)).toBe(`${app.baseUrl}/registerHello`);

    const cases: Array<[Record<string, unknown>, string]> = [
      [{ email: 'ville@example' }, 'Sähköpostin muoto on virheellinen.'],
      [{ phone: '040-123' }, 'Puhelinnumeron muoto on virheellinen.'],
      [{ password: 'Lyhyt1' }, 'Salasanan pitää olla vähintään kahdeksan merkkiä pitkä.'],
      [{ password: 'salasanaton1' }, 'Salasanan pitää sisältää vähintään yksi pieni, yksi iso kirjain ja yksi numero.'],
      [{ eulaAccepted: false }, 'Käyttöehdot on hyväksyttävä.'],
      [{ approvedEulaVersion: '2' }, 'Käyttöehtojen versio ei kelpaa.'],
    ];
    for (const [change, message] of cases) {
      const res = await agent.api('POST', '/my-user', wizardData({ email: 'ville@example.fi', ...change }));
      expect({ change, status: res.status, message: res.body.message }).toEqual({ change, status: 400, message: [message] });
    }
    // The demo customer's e-mail, in another case: taken.
    const taken = await agent.api('POST', '/my-user', wizardData({ email: 'ASIAKAS@example.fi' }));
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('Sähköpostiosoite on jo käytössä.');
    expect(await customerCount(person.hetu)).toBe(0);

    // The identification is still usable after the refusals; a 2000s-born man registers.
    const ok = await agent.api('POST', '/my-user', wizardData({ email: 'ville@example.fi', phone: '+358 50 111 2222' }));
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ sex: 'm', phone: '+358501112222' });
  });
});

describe('the customer account', () => {
  it('updates contact details with the profile messages and keeps e-mails unique', async () => {
    const aino = await loginAs(app, 'customer');
    const bad = await aino.patch('/my-user', { email: 'aino@', phone: 'abc' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toEqual(expect.arrayContaining(['Sähköpostin muoto on virheellinen.', 'Puhelinnumeron muoto on virheellinen.']));
    // A detail sent as null is refused like any bad value (it cannot be emptied), never a 500.
    const emptied = await aino.patch('/my-user', { email: null, phone: null });
    expect([emptied.status, (await aino.get('/my-user')).body.email]).toEqual([400, DEMO.customer.email]);
    const taken = await aino.patch('/my-user', { email: 'Maija.Mallikas@example.fi' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('Sähköpostiosoite on jo käytössä.');

    const ok = await aino.patch('/my-user', { phone: '050 999 8888' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ email: DEMO.customer.email, phone: '0509998888' });
    expect((await aino.patch('/my-user', { email: DEMO.customer.email.toUpperCase() })).body.email).toBe(DEMO.customer.email);
    expect((await new ApiClient(app.apiUrl).patch('/my-user', { phone: '0401234567' })).status).toBe(401);
  });

  it('changes the password with the change messages', async () => {
    const ville = new ApiClient(app.apiUrl);
    expect((await ville.post('/login', { email: 'ville@example.fi', password: 'Pilvi-Laiva-42' })).status).toBe(200);
    const otherDevice = new ApiClient(app.apiUrl);
    expect((await otherDevice.post('/login', { email: 'ville@example.fi', password: 'Pilvi-Laiva-42' })).status).toBe(200);
    const short = await ville.post('/my-user/change-password', { newPassword: 'Lyhyt1' });
    expect(short.status).toBe(400);
    expect(short.body.message).toEqual(['Salasanan pitää olla vähintään kahdeksan merkkiä pitkä.']);
    const format = await ville.post('/my-user/change-password', { newPassword: 'salasanaton' });
    expect(format.body.message).toEqual(['Salasanan muoto ei kelpaa']);
    expect((await ville.post('/my-user/change-password', { newPassword: 'Uusi-Salasana2' })).status).toBe(204);
    // This session stays; the other device's session ends.
    expect((await ville.get('/my-user')).status).toBe(200);
    expect((await otherDevice.get('/my-user')).status).toBe(401);
    expect((await new ApiClient(app.apiUrl).post('/login', { email: 'ville@example.fi', password: 'Pilvi-Laiva-42' })).status).toBe(401);
    expect((await new ApiClient(app.apiUrl).post('/login', { email: 'ville@example.fi', password: 'Uusi-Salasana2' })).status).toBe(200);
  });

  it('resets a forgotten password through identification and ends the old sessions', async () => {
    const oldSession = await loginAs(app, 'customer');
    const agent = new OidcAgent(app);
    expect(await identify(agent, AINO, 'password-reset')).toBe(`${app.baseUrl}/registerHello`);
    expect((await agent.api('GET', '/registration')).body).toMatchObject({ firstName: 'Aino', purpose: 'password-reset', registered: true });

    const weak = await agent.api('POST', '/registration/reset-password', { newPassword: 'heikko' });
    expect(weak.status).toBe(400);
    const reset = await agent.api('POST', '/registration/reset-password', { newPassword: 'Unohtui-Taas-9' });
    expect(reset).toEqual({ status: 200, body: { role: 'customer' } });
    expect((await agent.api('GET', '/my-user')).body).toMatchObject({ email: DEMO.customer.email });
    expect(await identificationCount(AINO.hetu)).toBe(0);

    expect((await oldSession.get('/my-user')).status).toBe(401);
    expect((await new ApiClient(app.apiUrl).post('/login', { email: DEMO.customer.email, password: DEMO.customer.password })).status).toBe(401);
    expect((await new ApiClient(app.apiUrl).post('/login', { email: DEMO.customer.email, password: 'Unohtui-Taas-9' })).status).toBe(200);

    // A person without an account cannot set a password.
    const stranger = new OidcAgent(app);
    await identify(stranger, { hetu: '311299-966C', firstName: 'Tiina', lastName: 'Testaaja' }, 'password-reset');
    const refused = await stranger.api('POST', '/registration/reset-password', { newPassword: 'Unohtui-Taas-9' });
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('Henkilötunnuksella ei ole tiliä. Luo tili ensin.');
  });
});

describe('configuration', () => {
  it('refuses to start in production without OIDC_ISSUER', async () => {
    await expect(startApp({ env: { ...PRODUCTION_ENV, OIDC_ISSUER: '' } })).rejects.toThrow(/OIDC_ISSUER is required when NODE_ENV=production/);
  });
});

/**
 * Customer account over real HTTP: strong identification through the embedded OpenID
 * Connect provider (start → provider's login page → callback), registration, contact
 * details, password change, and a forgotten password reset through identification. Also the
 * second trust review (issue 21): credential changes need the current password, are audited and
 * told by text message, and an identification or a session cannot keep password hashing busy.
 * TRUST_PROXY=true lets a test act from its own client address (X-Forwarded-For).
 */
import { CSRF_HEADER } from '@resepti/domain';
import { PRODUCTION_ENV, startApp, type TestApp } from '../support/app';
import { insertCustomer } from '../support/customer-flow';
import { ApiClient, DEMO, loginAs } from '../support/http';
import { identify, identifyAtIdp, OidcAgent, type TestPerson } from '../support/oidc-agent';
import { makeHetu } from '../support/order-fixtures';

let app: TestApp;

/** Customers of their own for the issue 21 checks (the demo customer's password, copied before any test changes it). */
const EETU = { email: 'eetu@example.fi', hetu: makeHetu(3, 4, 1981, 123), phone: '+358404444444' };
const SAARA = { email: 'saara@example.fi', hetu: makeHetu(9, 10, 1972, 456) };
const MIKKO = { email: 'mikko@example.fi', hetu: makeHetu(21, 6, 1965, 88) };
const REETA = { email: 'reeta@example.fi', hetu: makeHetu(14, 2, 1990, 302) };

beforeAll(async () => {
  app = await startApp({ env: { TRUST_PROXY: 'true' } });
  for (const c of [EETU, SAARA, MIKKO, REETA]) await insertCustomer(app, c);
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
    expect(created.body).toMatchObject({ firstName: 'Maija', lastName: 'Mallikas', email: 'maija.mallikas@example.fi', phone: '+358407654321', sex: 'f', approvedEulaVersion: '1' });

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
    expect((await tamperedState.send('GET', badState.href)).location).toBe(`${app.baseUrl}/?identification=failed`);
    // The one-use transaction is gone: even the genuine callback no longer works.
    expect((await tamperedState.send('GET', first.callbackUrl)).location).toBe(`${app.baseUrl}/?identification=failed`);
    expect((await tamperedState.api('GET', '/registration')).status).toBe(404);

    const tamperedCode = new OidcAgent(app);
    const second = await identifyAtIdp(tamperedCode, person);
    const badCode = new URL(second.callbackUrl);
    badCode.searchParams.set('code', `${badCode.searchParams.get('code')}x`);
    expect((await tamperedCode.send('GET', badCode.href)).location).toBe(`${app.baseUrl}/?identification=failed`);
    expect((await tamperedCode.api('GET', '/registration')).status).toBe(404);

    // Cancelled at the provider.
    const cancelled = new OidcAgent(app);
    const start = await cancelled.send('GET', `${app.apiUrl}/registration/start`);
    const page = await cancelled.follow(start.location!);
    const abort = /action="([^"]+\/abort)"/.exec(page.body)![1];
    const aborted = await cancelled.send('POST', new URL(abort, page.url).href, { form: {} });
    const back = await cancelled.follow(aborted.location!, /\/ui-api\/v1\/registration\/callback/);
    expect(new URL(back.location!).searchParams.get('error')).toBe('access_denied');
    expect((await cancelled.send('GET', back.location!)).location).toBe(`${app.baseUrl}/?identification=cancelled`);

    // A callback without any started identification.
    const stranger = new OidcAgent(app);
    expect((await stranger.send('GET', `${app.apiUrl}/registration/callback?code=abc&state=def`)).location).toBe(`${app.baseUrl}/?identification=failed`);

    expect(await identificationCount(person.hetu)).toBe(0);
    expect(await customerCount(person.hetu)).toBe(0);
    expect((await stranger.api('POST', '/my-user', wizardData({ email: 'matti@example.fi' }))).status).toBe(404);
  });

  it("checks the wizard's password at step 4 (common, own name or e-mail refused; counted; never logged), only with an identification", async () => {
    const stranger = new OidcAgent(app);
    expect((await stranger.api('POST', '/registration/password-check', { password: 'Pilvi-Laiva-42' })).status).toBe(404);

    const person: TestPerson = { hetu: makeHetu(15, 3, 1985, 934), firstName: 'Kerttu', lastName: 'Kokeilija' };
    const agent = new OidcAgent(app);
    await identify(agent, person);
    const common = await agent.api('POST', '/registration/password-check', { password: 'Salasana1', email: 'kerttu@example.fi' });
    expect(common).toEqual({ status: 400, body: expect.objectContaining({ message: ['Salasana on liian yleinen tai helposti arvattava (esimerkiksi tavallinen sana ja numeroita). Valitse toinen salasana.'] }) });
    expect((await agent.api('POST', '/registration/password-check', { password: 'Kokeilija1', email: 'kerttu@example.fi' })).status).toBe(400);
    expect((await agent.api('POST', '/registration/password-check', { password: 'Zorblax77', email: 'zorblax@example.fi' })).status).toBe(400);
    // The format rules answer as POST /my-user does.
    expect((await agent.api('POST', '/registration/password-check', { password: 'lyhyt' })).body.message).toEqual(['Salasanan pitää olla vähintään kahdeksan merkkiä pitkä.']);
    expect((await agent.api('POST', '/registration/password-check', { password: 'Pilvi-Laiva-42', email: 'kerttu@example.fi' })).status).toBe(204);
    const swedish = await agent.send('POST', `${app.apiUrl}/registration/password-check`, { json: { password: 'Salasana1' } }, {
      origin: new URL(app.baseUrl).origin,
      [CSRF_HEADER.toLowerCase()]: (JSON.parse((await agent.send('GET', `${app.apiUrl}/csrf-token`)).body) as { token: string }).token,
      'accept-language': 'sv-FI',
    });
    expect(JSON.parse(swedish.body).message).toEqual(['Lösenordet är för vanligt eller lätt att gissa (till exempel ett vanligt ord och siffror). Välj ett annat lösenord.']);
    // Nothing stored, the identification still usable, and the password in no log line.
    expect(await customerCount(person.hetu)).toBe(0);
    expect((await agent.api('GET', '/registration')).status).toBe(200);
    expect(app.output()).not.toContain('Salasana1');
    expect(app.output()).not.toContain('Pilvi-Laiva-42');
    // Counted per session: no list can be tried through it.
    const answers: number[] = [];
    for (let i = 0; i < 30; i++) answers.push((await agent.api('POST', '/registration/password-check', { password: `Pilvi-Laiva-${i}` })).status);
    expect(answers.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(answers.slice(0, 20)).not.toContain(429);
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
    const taken = await aino.patch('/my-user', { email: 'Maija.Mallikas@example.fi', password: DEMO.customer.password });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('Sähköpostiosoite on jo käytössä.');

    const ok = await aino.patch('/my-user', { phone: '050 999 8888' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ email: DEMO.customer.email, phone: '+358509998888' });
    expect((await aino.patch('/my-user', { email: DEMO.customer.email.toUpperCase() })).body.email).toBe(DEMO.customer.email);
    expect((await new ApiClient(app.apiUrl).patch('/my-user', { phone: '0401234567' })).status).toBe(401);
  });

  it('changes the password with the change messages', async () => {
    const ville = new ApiClient(app.apiUrl);
    expect((await ville.post('/login', { email: 'ville@example.fi', password: 'Pilvi-Laiva-42' })).status).toBe(200);
    const otherDevice = new ApiClient(app.apiUrl);
    expect((await otherDevice.post('/login', { email: 'ville@example.fi', password: 'Pilvi-Laiva-42' })).status).toBe(200);
    const current = { currentPassword: 'Pilvi-Laiva-42' };
    const short = await ville.post('/my-user/change-password', { ...current, newPassword: 'Lyhyt1' });
    expect(short.status).toBe(400);
    expect(short.body.message).toEqual(['Salasanan pitää olla vähintään kahdeksan merkkiä pitkä.']);
    const format = await ville.post('/my-user/change-password', { ...current, newPassword: 'salasanaton' });
    expect(format.body.message).toEqual(['Salasanan muoto ei kelpaa']);
    expect((await ville.post('/my-user/change-password', { ...current, newPassword: 'Uusi-Salasana2' })).status).toBe(204);
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

const auditRows = (email: string, action: string) =>
  app.sql<{ details: string | null; patient_hetu: string | null }>(
    `SELECT a.details, a.patient_hetu FROM audit_log a JOIN customer c ON c.id = a.actor_id AND a.actor_role = 'customer' WHERE c.email = $1 AND a.action = $2 ORDER BY a.id`,
    [email, action],
  );
const textsTo = (phone: string) => app.sql<{ body: string }>(`SELECT body FROM sms_outbox WHERE phone = $1 ORDER BY id`, [phone]);
const signIn = async (email: string, password: string = DEMO.customer.password, address = '203.0.113.50') => {
  const client = new ApiClient(app.apiUrl, { 'x-forwarded-for': address });
  const res = await client.post('/login', { email, password });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return client;
};

describe('credential changes need the current password (issue 21, finding 2)', () => {
  it('a password change without the current password, or with a wrong one, is refused in Finnish and changes nothing', async () => {
    const eetu = await signIn(EETU.email);
    const missing = await eetu.post('/my-user/change-password', { newPassword: 'Uusi-Salasana-77' });
    expect([missing.status, missing.body.message]).toEqual([400, ['Anna nykyinen salasana.']]);
    const wrong = await eetu.post('/my-user/change-password', { currentPassword: 'Arvaus-123', newPassword: 'Uusi-Salasana-77' });
    expect([wrong.status, wrong.body.message]).toEqual([400, ['Nykyinen salasana on väärä.']]);
    expect((await new ApiClient(app.apiUrl).post('/login', { email: EETU.email, password: DEMO.customer.password })).status).toBe(200);
    expect((await auditRows(EETU.email, 'customer.reauthentication-failed')).map((r) => r.details)).toEqual([JSON.stringify({ for: 'password-change' })]);
    expect(await textsTo(EETU.phone)).toEqual([]);
  });

  it('a password change with the current password is audited without any password and told to the phone on file', async () => {
    const eetu = await signIn(EETU.email);
    expect((await eetu.post('/my-user/change-password', { currentPassword: DEMO.customer.password, newPassword: 'Uusi-Salasana-77' })).status).toBe(204);
    const [row] = await auditRows(EETU.email, 'customer.password-changed');
    expect(row).toEqual({ details: null, patient_hetu: EETU.hetu });
    const everything = JSON.stringify(await app.sql(`SELECT * FROM audit_log`));
    expect(everything).not.toContain('Uusi-Salasana-77');
    expect(everything).not.toContain(DEMO.customer.password);
    expect((await textsTo(EETU.phone)).map((t) => t.body)).toEqual([
      `Resepti: tilisi salasana on vaihdettu. Jos et tehnyt muutosta itse, vaihda salasana heti tunnistautumalla: ${app.baseUrl}/login`,
    ]);
  });

  it('an e-mail change needs the password: refused without it or with a wrong one; with it audited and told by text message', async () => {
    const eetu = await signIn(EETU.email, 'Uusi-Salasana-77');
    const without = await eetu.patch('/my-user', { email: 'eetu.uusi@example.fi' });
    expect([without.status, without.body.message]).toEqual([400, ['Vahvista sähköpostiosoitteen vaihto nykyisellä salasanallasi.']]);
    const wrong = await eetu.patch('/my-user', { email: 'eetu.uusi@example.fi', password: 'Arvaus-123' });
    expect([wrong.status, wrong.body.message]).toEqual([400, ['Nykyinen salasana on väärä.']]);
    expect((await eetu.get('/my-user')).body.email).toBe(EETU.email);
    // Unchanged e-mail and a new phone: no password needed.
    expect((await eetu.patch('/my-user', { email: EETU.email.toUpperCase(), phone: '040 444 5555' })).status).toBe(200);

    const changed = await eetu.patch('/my-user', { email: 'Eetu.Uusi@example.fi', password: 'Uusi-Salasana-77' });
    expect([changed.status, changed.body.email]).toEqual([200, 'eetu.uusi@example.fi']);
    expect((await auditRows('eetu.uusi@example.fi', 'customer.email-changed')).map((r) => r.details)).toEqual([JSON.stringify({ from: EETU.email, to: 'eetu.uusi@example.fi' })]);
    expect((await auditRows('eetu.uusi@example.fi', 'customer.phone-changed')).map((r) => r.details)).toEqual([JSON.stringify({ from: EETU.phone, to: '+358404445555' })]);
    expect((await textsTo('+358404445555')).map((t) => t.body)).toEqual([expect.stringMatching(/^Resepti: tilisi sähköpostiosoite on vaihdettu\. Jos et tehnyt muutosta itse/)]);
    expect((await new ApiClient(app.apiUrl).post('/login', { email: 'eetu.uusi@example.fi', password: 'Uusi-Salasana-77' })).status).toBe(200);
  });

  it('wrong current passwords count as failed logins of the account: no guessing past the login limits', async () => {
    const address = '203.0.113.51';
    const saara = await signIn(SAARA.email, DEMO.customer.password, address);
    const tries = [];
    for (let i = 0; i < 6; i++) tries.push((await saara.post('/my-user/change-password', { currentPassword: `Arvaus-${i}00`, newPassword: 'Uusi-Salasana-77' })).status);
    // Five tries per session in 15 minutes, then 429.
    expect(tries).toEqual([400, 400, 400, 400, 400, 429]);
    // The five wrong passwords are five of the ten failed logins allowed for this account from this address.
    const logins = [];
    for (let i = 0; i < 6; i++) logins.push((await new ApiClient(app.apiUrl, { 'x-forwarded-for': address }).post('/login', { email: SAARA.email, password: `Arvaus-${i}11` })).status);
    expect(logins).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('e-mail tries for taken addresses are limited per session and account, and each is audited', async () => {
    // Issue 21, finding 7: 60 checks in 365 ms told which addresses have an account.
    const first = await signIn(MIKKO.email);
    const tries = [];
    for (let i = 0; i < 6; i++) tries.push(await first.patch('/my-user', { email: DEMO.customer.email, password: DEMO.customer.password }));
    expect(tries.map((r) => r.status)).toEqual([409, 409, 409, 409, 409, 429]);
    expect(tries[5].body.message).toBe('Liian monta sähköpostiosoitteen vaihtoyritystä. Yritä uudelleen 15 minuutin kuluttua.');
    // Another session of the account: the account's ten in 15 minutes.
    const second = await signIn(MIKKO.email);
    const more = [];
    for (let i = 0; i < 6; i++) more.push((await second.patch('/my-user', { email: DEMO.customer.email, password: DEMO.customer.password })).status);
    expect(more).toEqual([409, 409, 409, 409, 409, 429]);
    const refused = await auditRows(MIKKO.email, 'customer.email-change-refused');
    expect(refused.length).toBe(10);
    expect(refused[0]).toEqual({ details: JSON.stringify({ to: DEMO.customer.email, reason: 'taken' }), patient_hetu: MIKKO.hetu });
    expect((await first.get('/my-user')).body.email).toBe(MIKKO.email);
  });
});

describe('password hashing cannot be kept busy from one identity (issue 21, finding 3)', () => {
  it('an identification is worth three tries whatever their outcome: a taken e-mail three times uses it up', async () => {
    const person: TestPerson = { hetu: makeHetu(5, 5, 1955, 515), firstName: 'Olli', lastName: 'Uusinta' };
    const agent = new OidcAgent(app);
    expect(await identify(agent, person)).toBe(`${app.baseUrl}/registerHello`);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push(await agent.api('POST', '/my-user', wizardData({ email: DEMO.customer.email })));
    expect(statuses.map((r) => r.status)).toEqual([409, 409, 409, 404]);
    expect(statuses[3].body.message).toBe('Tunnistautuminen puuttuu tai on vanhentunut. Tunnistaudu uudelleen.');
    expect((await agent.api('GET', '/registration')).status).toBe(404);
    expect(await identificationCount(person.hetu)).toBe(0);
    // Even a good registration now needs a new identification.
    expect((await agent.api('POST', '/my-user', wizardData({ email: 'olli@example.fi' }))).status).toBe(404);
    expect(await customerCount(person.hetu)).toBe(0);
  });

  it('a reset for a hetu without an account is refused before hashing, and the identification is used up after three tries', async () => {
    const stranger = new OidcAgent(app);
    const person: TestPerson = { hetu: makeHetu(6, 6, 1966, 616), firstName: 'Kalle', lastName: 'Kokeilu' };
    await identify(stranger, person, 'password-reset');
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await stranger.api('POST', '/registration/reset-password', { newPassword: 'Unohtui-Taas-9' })).body.message);
    expect(statuses).toEqual([
      'Henkilötunnuksella ei ole tiliä. Luo tili ensin.',
      'Henkilötunnuksella ei ole tiliä. Luo tili ensin.',
      'Henkilötunnuksella ei ole tiliä. Luo tili ensin.',
      'Tunnistautuminen puuttuu tai on vanhentunut. Tunnistaudu uudelleen.',
    ]);
    expect(await identificationCount(person.hetu)).toBe(0);
  });

  it('parallel tries of one identification cannot race past its three', async () => {
    const person: TestPerson = { hetu: makeHetu(7, 7, 1977, 717), firstName: 'Pia', lastName: 'Rinnakkain' };
    const agent = new OidcAgent(app);
    await identify(agent, person);
    const results = await Promise.all(Array.from({ length: 8 }, () => agent.api('POST', '/my-user', wizardData({ email: DEMO.customer.email }))));
    expect(results.map((r) => r.status).sort()).toEqual([404, 404, 404, 404, 404, 409, 409, 409]);
  });

  it('a customer cannot loop password changes: five per session and account in 15 minutes, then 429 in Finnish', async () => {
    const reeta = await signIn(REETA.email, DEMO.customer.password, '203.0.113.52');
    let password: string = DEMO.customer.password;
    for (let i = 1; i <= 5; i++) {
      const next = `Vaihto-Kerta-${i}7`;
      expect((await reeta.post('/my-user/change-password', { currentPassword: password, newPassword: next })).status).toBe(204);
      password = next;
    }
    const sixth = await reeta.post('/my-user/change-password', { currentPassword: password, newPassword: 'Vaihto-Kerta-67' });
    expect([sixth.status, sixth.body.message]).toEqual([429, 'Liian monta salasanan asetusta lyhyessä ajassa. Yritä uudelleen 15 minuutin kuluttua.']);
    // A new session of the same account, from another address: the account's five are used.
    const again = await signIn(REETA.email, password, '203.0.113.53');
    expect((await again.post('/my-user/change-password', { currentPassword: password, newPassword: 'Vaihto-Kerta-67' })).status).toBe(429);
  });
});

describe('configuration', () => {
  it('refuses to start in production without OIDC_ISSUER', async () => {
    await expect(startApp({ env: { ...PRODUCTION_ENV, OIDC_ISSUER: '' } })).rejects.toThrow(/OIDC_ISSUER is required when NODE_ENV=production/);
  });
});

/**
 * The patient's language on the API (issue 27): PUT /my-user/language keeps 'fi', 'sv' or 'en' on
 * the account and refuses anything else with a 400 that changes nothing; the text message sent when
 * a doctor has handled the order is in that language (the Finnish one stays as SPEC says); the
 * messages of the customer's calls follow Accept-Language, Finnish without it.
 */
import type { CustomerSession, DoctorOrder } from '@resepti/domain';
import { startApp, type TestApp } from '../support/app';
import { ApiClient, DEMO, loginAs } from '../support/http';
import { insertOrder } from '../support/order-fixtures';
import { APPROVAL } from '../support/prescribing';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.stop();
});

/** A customer order of the demo customer, approved and sent by the demo doctor; returns its SMS text. */
async function deliveredOrderSms(): Promise<string> {
  const order = await insertOrder(app, { source: 'customer' });
  const doctor = await loginAs(app, 'doctor');
  expect((await doctor.post<DoctorOrder>('/order/pick-first')).body.id).toBe(order.id);
  for (const id of order.itemIds) await doctor.post(`/order/process-item/${id}`, APPROVAL);
  expect((await doctor.post('/order/mark-delivered')).status).toBe(204);
  const [row] = await app.sql<{ body: string }>('SELECT body FROM sms_outbox WHERE order_id = $1', [order.id]);
  return row.body;
}

describe("the customer's language", () => {
  it("is Finnish by default, and the handled order's text message is SPEC's Finnish one", async () => {
    const customer = await loginAs(app, 'customer');
    expect((await customer.get<CustomerSession>('/my-user')).body.language).toBe('fi');
    expect(await deliveredOrderSms()).toBe(`Resepti: lääkäri on käsitellyt tilauksesi. Kanta-palveluun tallennetut reseptisi voit noutaa mistä tahansa apteekista. Näet päätökset kirjautumalla palveluun: ${app.baseUrl}/reseptit`);
  });

  it("refuses a language the service does not have with a 400, and keeps the customer's", async () => {
    const customer = await loginAs(app, 'customer');
    for (const body of [{ language: 'de' }, { language: 'SV' }, { language: '' }, { language: 7 }, {}, { language: 'sv', extra: 1 }]) {
      const res = await customer.put<{ message: string[] }>('/my-user/language', body);
      expect(res.status).toBe(400);
    }
    expect((await customer.put<{ message: string[] }>('/my-user/language', { language: 'de' })).body.message).toEqual([
      "Kielen pitää olla 'fi', 'sv' tai 'en'. / Språket ska vara 'fi', 'sv' eller 'en'. / The language must be 'fi', 'sv' or 'en'.",
    ]);
    expect((await customer.get<CustomerSession>('/my-user')).body.language).toBe('fi');
    // Only a signed-in customer has a language to set.
    expect((await new ApiClient(app.apiUrl).put('/my-user/language', { language: 'sv' })).status).toBe(401);
    expect((await (await loginAs(app, 'doctor')).put('/my-user/language', { language: 'sv' })).status).toBe(403);
  });

  it('sends the text message in Swedish to a customer who chose Swedish, and in English after English', async () => {
    const customer = await loginAs(app, 'customer');
    const saved = await customer.put<CustomerSession>('/my-user/language', { language: 'sv' });
    expect(saved.status).toBe(200);
    expect(saved.body.language).toBe('sv');
    expect((await customer.get<CustomerSession>('/my-user')).body.language).toBe('sv');
    expect(await deliveredOrderSms()).toBe(`Resepti: läkaren har behandlat din beställning. Recept som sparats i Kanta-tjänsten kan du hämta ut på vilket apotek som helst. Du ser besluten genom att logga in i tjänsten: ${app.baseUrl}/reseptit`);

    expect((await customer.put('/my-user/language', { language: 'en' })).status).toBe(200);
    expect(await deliveredOrderSms()).toBe(`Resepti: a doctor has handled your order. Prescriptions saved in the Kanta service can be collected from any pharmacy. Log in to the service to see the decisions: ${app.baseUrl}/reseptit`);
    expect((await customer.put('/my-user/language', { language: 'fi' })).status).toBe(200);
  });

  it("answers the customer's messages in the Accept-Language asked for, Finnish without one", async () => {
    const login = (acceptLanguage?: string) =>
      new ApiClient(app.apiUrl, acceptLanguage ? { 'accept-language': acceptLanguage } : {}).post<{ message: string }>('/login', { email: DEMO.customer.email, password: 'Väärä-Salasana-1' });
    expect((await login()).body.message).toBe('Kirjautumistiedot virheelliset. Yritä uudelleen');
    expect((await login('fi-FI,fi;q=0.9,en;q=0.8')).body.message).toBe('Kirjautumistiedot virheelliset. Yritä uudelleen');
    expect((await login('de-DE,de;q=0.9')).body.message).toBe('Kirjautumistiedot virheelliset. Yritä uudelleen');
    expect((await login('sv-FI,sv;q=0.9')).body.message).toBe('Felaktiga inloggningsuppgifter. Försök igen');
    expect((await login('de;q=1, en-GB;q=0.8, sv;q=0.5')).body.message).toBe('Incorrect login details. Please try again');

    // A validation answer (a list of messages) too.
    const customer = await loginAs(app, 'customer');
    const sv = new ApiClient(app.apiUrl, { 'accept-language': 'sv' });
    expect((await sv.post('/login', { email: DEMO.customer.email, password: DEMO.customer.password })).status).toBe(200);
    const bad = await sv.patch<{ message: string[] }>('/my-user', { phone: 'ei numero' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toEqual(['Telefonnumrets format är felaktigt.']);
    expect((await customer.patch<{ message: string[] }>('/my-user', { phone: 'ei numero' })).body.message).toEqual(['Puhelinnumeron muoto on virheellinen.']);
  });

  it("asks the identity provider for the language of the switch's cookie, else the browser's (ui_locales)", async () => {
    const pageIn = async (headers: Record<string, string>) => {
      const start = await fetch(`${app.apiUrl}/registration/start`, { headers, redirect: 'manual' });
      const authorize = new URL(start.headers.get('location')!);
      const cookie = start.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
      let hop = await fetch(authorize, { headers: { cookie }, redirect: 'manual' });
      const idpCookies = hop.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
      while (hop.status >= 300 && hop.status < 400) hop = await fetch(new URL(hop.headers.get('location')!, authorize), { headers: { cookie: idpCookies }, redirect: 'manual' });
      return { uiLocales: authorize.searchParams.get('ui_locales'), html: await hop.text() };
    };
    const swedish = await pageIn({ cookie: 'resepti_kieli=sv', 'accept-language': 'en-GB' });
    expect(swedish.uiLocales).toBe('sv');
    expect(swedish.html).toContain('<html lang="sv">');
    expect(swedish.html).toContain('Identifiera dig som testperson');
    const english = await pageIn({ 'accept-language': 'en-GB,en;q=0.9' });
    expect(english.uiLocales).toBe('en');
    expect(english.html).toContain('Identify as a test person');
    expect((await pageIn({})).html).toContain('Tunnistaudu testihenkilönä');
  });
});

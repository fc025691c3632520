/**
 * Issue 44 in Chromium: a doctor's standard reason, a new-prescription request's topic and a
 * medicine's form read in the patient's language (Swedish, English; Finnish as SPEC writes it),
 * while a doctor's own words are shown as written and marked as the doctor's. The decisions are
 * made through the doctor's API, as the doctor's screen makes them, and delivered.
 */
import type { Page } from 'playwright-core';
import { DEFAULT_REJECTION_REASON, type Language } from '@resepti/domain';
import { WIDE } from '../support/a11y';
import { browserSuite, signInCustomer } from '../support/browser';
import { doctorOn, send } from '../support/e-prescriptions';
import { insertOrder } from '../support/order-fixtures';

const suite = browserSuite();

const OWN_WORDS = 'Tämä vaatii vastaanottokäynnin. Varaa aika omalle lääkärillesi.';

const SHOWN: Record<Language, { locale: string; email: string; password: string; reasonLabel: string; standard: string; form: string; topic: string; own: string }> = {
  fi: {
    locale: 'fi-FI',
    email: 'Sähköposti',
    password: 'Salasana',
    reasonLabel: 'Lääkärin perustelu',
    standard: DEFAULT_REJECTION_REASON,
    form: 'tabletti, kalvopäällysteinen',
    topic: 'Allergia',
    own: 'Lääkärin oma teksti',
  },
  sv: {
    locale: 'sv-FI',
    email: 'E-post',
    password: 'Lösenord',
    reasonLabel: 'Läkarens motivering',
    standard: 'Läkemedlet kan inte förskrivas på basis av de uppgifter som lämnats.',
    form: 'filmdragerad tablett',
    topic: 'Allergi',
    own: 'Läkarens egen text',
  },
  en: {
    locale: 'en-GB',
    email: 'E-mail',
    password: 'Password',
    reasonLabel: "Doctor's reason",
    standard: 'The medicine cannot be prescribed on the basis of the information given.',
    form: 'film-coated tablet',
    topic: 'Allergy',
    own: "The doctor's own text",
  },
};

async function signIn(language: Language): Promise<Page> {
  const l = SHOWN[language];
  const page = await suite.openPage('/login', WIDE, undefined, l.locale);
  await signInCustomer(page, suite.app.baseUrl, { labels: { email: l.email, password: l.password } });
  return page;
}

/** The card whose heading starts with `name`. */
const card = (page: Page, name: string) => page.locator('li.rx-card', { has: page.getByRole('heading', { name: new RegExp(`^${name}`) }) });

it("shows the standard reason, the topic and the form in the patient's language, and the doctor's own words as written and marked", async () => {
  const app = suite.app;
  const [kestine] = await app.sql<{ id: number }>(`SELECT id FROM product WHERE name = 'Kestine' ORDER BY id LIMIT 1`);
  const order = await insertOrder(app, {
    status: 'processing',
    items: [
      { type: 'renewal', productId: kestine?.id ?? null, displayName: 'Kestine 10 mg', format: 'tabletti, kalvopäällysteinen', reason: 'Lääke loppumassa', priceCents: 990 },
      { type: 'prescription', displayName: 'Allergia', format: '', medicalProblem: 'allergy', reason: '', priceCents: 1990 },
    ],
  });
  const doctor = await doctorOn(app);
  const [renewal, request] = order.itemIds;
  for (const [itemId, reasonForDecision] of [
    [renewal, DEFAULT_REJECTION_REASON],
    [request, OWN_WORDS],
  ] as const) {
    const res = await doctor.post(`/order/process-item/${itemId}`, { decision: 'rejected', reasonForDecision });
    expect(res.status).toBe(200);
  }
  await send(doctor);
  // The decision keeps the standard reason's code; the doctor's own text has none.
  const stored = await app.sql<{ id: number; reason_code: string | null; reason_for_decision: string }>(
    `SELECT id, reason_code, reason_for_decision FROM order_item WHERE order_id = $1 ORDER BY id`,
    [order.id],
  );
  expect(stored.map((r) => [r.reason_code, r.reason_for_decision])).toEqual([
    ['insufficientInformation', DEFAULT_REJECTION_REASON],
    [null, OWN_WORDS],
  ]);

  for (const language of ['sv', 'en', 'fi'] as const) {
    const l = SHOWN[language];
    const page = await signIn(language);
    const rejected = card(page, 'Kestine 10 mg');
    await rejected.getByRole('heading', { name: `Kestine 10 mg ${l.form}` }).waitFor();
    await rejected.getByText(`${l.reasonLabel}: ${l.standard}`, { exact: true }).waitFor();
    expect(await rejected.getByText(l.own).count()).toBe(0);

    const topic = card(page, l.topic);
    await topic.getByRole('heading', { name: l.topic, exact: true }).waitFor();
    const reason = topic.locator('.rx-card__reason');
    await reason.getByText(OWN_WORDS, { exact: true }).waitFor();
    await reason.getByText(`(${l.own})`, { exact: true }).waitFor();
    // Nothing Finnish left on the cards of a Swedish or English patient but the doctor's own words.
    if (language !== 'fi') {
      const text = (await page.locator('li.rx-card').allInnerTexts()).join('\n').replace(OWN_WORDS, '');
      expect(text).not.toMatch(/Lääkärin|Allergia|tabletti|Lääkettä/);
    }
  }
});

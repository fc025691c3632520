/**
 * Issue 41 in Chromium: the patient's approved card says the prescription is in Kanta's
 * Prescription Centre, with its id and until when it can be renewed (its date + 28 months: a
 * two-year prescription), in Finnish, Swedish and English; while the Centre is down the card says
 * it is being saved, and it changes to saved without a reload once the Centre is back.
 */
import type { Page } from 'playwright-core';
import { renewableTillText, ePrescriptionRenewableUntil, type Language } from '@resepti/domain';
import { WIDE } from '../support/a11y';
import { browserSuite, signInCustomer } from '../support/browser';
import { startControlledCentre, type ControlledCentre } from '../support/controlled-centre';
import { centreEnv, demoDoctorId, doctorOn, giveRegisterNumbers, heldOrder, recordableProduct, send, waitForStatus } from '../support/e-prescriptions';

let centre: ControlledCentre;
/** The app's environment, filled before the suite starts it (the Centre's URL is its configuration). */
const env: Record<string, string> = {};
beforeAll(async () => {
  centre = await startControlledCentre();
  Object.assign(env, centreEnv(centre));
});
const suite = browserSuite({ env });

afterAll(async () => {
  await centre?.close();
});

const LABELS: Record<Language, { locale: string; email: string; password: string; recorded: string; id: string; pending: string }> = {
  fi: { locale: 'fi-FI', email: 'Sähköposti', password: 'Salasana', recorded: 'Resepti tallennettu Kanta-palveluun', id: 'Reseptin tunnus: ', pending: 'Tallennetaan Kanta-palveluun…' },
  sv: { locale: 'sv-FI', email: 'E-post', password: 'Lösenord', recorded: 'Receptet har sparats i Kanta-tjänsten', id: 'Receptets nummer: ', pending: 'Sparas i Kanta-tjänsten…' },
  en: { locale: 'en-GB', email: 'E-mail', password: 'Password', recorded: 'Prescription saved in the Kanta service', id: 'Prescription ID: ', pending: 'Saving to the Kanta service…' },
};

async function signIn(language: Language): Promise<Page> {
  const l = LABELS[language];
  const page = await suite.openPage('/login', WIDE, undefined, l.locale);
  await signInCustomer(page, suite.app.baseUrl, { labels: { email: l.email, password: l.password } });
  return page;
}

it('shows the prescription id and the renewal date in fi, sv and en; "being saved" until the Centre has it', async () => {
  const app = suite.app;
  await giveRegisterNumbers(app);
  const product = await recordableProduct(app);
  const doctor = await doctorOn(app);
  const doctorId = await demoDoctorId(app);

  // The Centre is down when the doctor sends: the card says it is being saved.
  await centre.down('refuse');
  const order = await heldOrder(app, doctorId, product.id, ['approved']);
  await send(doctor);
  const page = await signIn('fi');
  await page.getByText(LABELS.fi.pending).waitFor();

  // Back: recorded, and the open page shows it (the order change is pushed live).
  await centre.up();
  const [row] = await waitForStatus(app, order.itemIds, 'recorded');
  await page.getByText(LABELS.fi.recorded).waitFor();
  const [{ decision_time: authoredOn }] = await app.sql<{ decision_time: Date }>(`SELECT decision_time FROM order_item WHERE id = $1`, [order.itemIds[0]]);
  const until = ePrescriptionRenewableUntil(authoredOn, row.valid_until!);

  for (const language of ['fi', 'sv', 'en'] as const) {
    const l = LABELS[language];
    const shown = language === 'fi' ? page : await signIn(language);
    const card = shown.getByTestId('e-prescription');
    await card.getByText(l.recorded).waitFor();
    await card.getByText(`${l.id}${row.centre_id}`).waitFor();
    await card.getByText(renewableTillText(until, language)).waitFor();
  }
});

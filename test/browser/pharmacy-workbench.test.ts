/**
 * The pharmacy workbench in Chromium: a pharmacist identifies the patient by hetu (typed, then
 * Enter), gives the names, picks two medicines in the chat, chooses express handling and sends;
 * the card appears in Reseptilista and shows the doctor's decision as soon as it is pushed.
 * Also: the notice in the header, the admin's user administration (another administrator is
 * read-only, a failed edit save says 'Tallennus epäonnistui!'), narcotic and PKV medicines never
 * offered in the chat. (The session-expiry prompt that replaced the keep-alive: workbench-states.test.ts.)
 */
import type { Page } from 'playwright-core';
import { browserSuite, submitLogin } from '../support/browser';
import { loginAs } from '../support/http';
import { APPROVAL } from '../support/prescribing';

const suite = browserSuite();

async function signIn(username: string): Promise<Page> {
  const page = await suite.openPage('/loginapteekki', { width: 1400, height: 1000 });
  await submitLogin(page, username, 'Apteekki123');
  return page;
}

describe('pharmacy workbench', () => {
  it('sends an order built in the chat and shows the doctor’s decision without a reload', async () => {
    const page = await signIn('apteekki');
    // one office: selected automatically
    await page.waitForURL(`${suite.app.baseUrl}/reseptitapteekki`);
    await page.getByRole('heading', { name: 'Työpöytä', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Reseptin tilaus' }).waitFor();
    await page.getByRole('heading', { name: 'Reseptilista' }).waitFor();
    await page.getByText('Reaaliaikainen').waitFor();

    // step 1: hetu; 'Seuraava' disabled until valid; a wrong check character is refused
    const hetu = page.getByLabel('Henkilötunnus');
    const next = page.getByRole('button', { name: 'Seuraava' });
    expect(await next.isDisabled()).toBe(true);
    await hetu.pressSequentially('121212-913X');
    await page.getByText('Tarkista henkilöturvatunnus').waitFor();
    expect(await next.isDisabled()).toBe(true);
    await hetu.fill('');
    await hetu.pressSequentially('121212-913Y');
    expect(await next.isEnabled()).toBe(true);
    await hetu.press('Enter');

    // step 2: names, 'Potilasinfo annettu' checked by default, the patient-info modal
    const fetchButton = page.getByRole('button', { name: 'Hae reseptiä' });
    await fetchButton.waitFor();
    expect(await page.getByLabel('Potilasinfo annettu').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Näytä potilasinfo' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByText('toimii potilastietojen rekisterinpitäjänä', { exact: false }).waitFor();
    expect(await modal.getByRole('link', { name: 'Tulosta' }).getAttribute('href')).toBe('/print');
    expect(await modal.getByRole('link', { name: 'Tulosta' }).getAttribute('target')).toBe('_blank');
    await modal.getByRole('button', { name: 'Sulje' }).click();
    await modal.waitFor({ state: 'hidden' });
    expect(await fetchButton.isDisabled()).toBe(true);
    await page.getByLabel('Etunimi').fill('Matti');
    await page.getByLabel('Sukunimi').fill('Meikäläinen');
    await fetchButton.click();

    // step 3: the chat
    await page.getByText('Potilas: Matti Meikäläinen, 121212-913Y').waitFor();
    const search = page.getByRole('combobox', { name: 'Lääkkeen nimi' });
    await search.pressSequentially('Kest');
    await page.getByRole('option', { name: /Kestine 10 mg/ }).click();
    await page.getByRole('button', { name: 'Jatka' }).click();
    await page.getByText('Luotu pyyntö').waitFor();
    await page.getByRole('button', { name: 'Kyllä, uusitaan resepti' }).click();
    await page.getByText('Kestine 10 mg lisätty tilaukseen.').waitFor();
    await page.getByRole('button', { name: 'Hae toista reseptiä' }).click();

    // nothing matches: the hint with the narcotic/PKV note
    await search.pressSequentially('Xyzzy');
    await page.getByText('Hakemaasi lääkettä ei löydy').waitFor();
    await page.getByText('PKV-lääkkeitä', { exact: false }).first().waitFor();
    await search.fill('');
    await search.pressSequentially('Cetir');
    await search.press('Enter');
    await page.getByLabel('Lisätietoa lääkärille').fill('Kevään allergiat');
    await page.getByLabel('Lisätietoa lääkärille').press('Enter');
    await page.getByText('Lisätieto: Kevään allergiat').waitFor();
    await page.getByRole('button', { name: 'Kyllä, uusitaan resepti' }).click();
    await page.getByRole('button', { name: 'Tilaus valmis' }).click();

    // the processing time: express, with its price; then 'Lähetä tilaus'
    await page.getByText('Pikakäsittely 15 min').click();
    await page.getByText('Käsittelymaksu yhteensä 19,80 €').waitFor();
    await page.getByRole('button', { name: 'Lähetä tilaus' }).click();
    await page.getByText('Tilaus lähetetty lääkärille.').waitFor();
    await page.getByLabel('Henkilötunnus').waitFor();

    const [order] = await suite.app.sql<any>("SELECT * FROM orders WHERE source = 'pharmacy' ORDER BY id DESC LIMIT 1");
    expect(order).toMatchObject({ delivery_option_id: 'delivery-20-min', price_cents: 1980, patient_hetu: '121212-913Y', delivery_status: 'waiting' });

    // the card in Reseptilista
    const card = page.getByRole('article', { name: 'Matti Meikäläinen' });
    await card.waitFor();
    await card.getByText('Kestine 10 mg', { exact: true }).waitFor();
    await card.getByText('Cetirizin Sandoz 10 mg', { exact: true }).waitFor();
    expect(await card.getByText('Odottaa käsittelyä').count()).toBe(2);
    expect(await card.getByRole('button', { name: /Poista/ }).count()).toBe(0);

    // a doctor approves both through the API: the card changes without a reload
    const doctor = await loginAs(suite.app, 'doctor');
    const picked = await doctor.post<{ id: number; prescriptions: { id: number }[] }>('/order/pick-first');
    expect(picked.body.id).toBe(order.id);
    await card.getByText('Käsittelyssä').first().waitFor();
    for (const item of picked.body.prescriptions) {
      await doctor.post(`/order/process-item/${item.id}`, { ...APPROVAL, reasonForDecision: 'Jatkuu ennallaan' });
    }
    await doctor.post('/order/mark-delivered');
    await card.getByText('Hyväksytty').first().waitFor();
    expect(await card.getByText('Hyväksytty').count()).toBe(2);
    expect(await card.getByText('Perustelu: Jatkuu ennallaan').count()).toBe(2);
    await card.getByText(/Käsitelty klo \d{1,2}\.\d\d/).waitFor();

    // the trash removes a decided prescription from Reseptilista
    await card.getByRole('button', { name: 'Poista Kestine 10 mg listalta' }).click();
    // it asks first (the check cannot be undone)
    await card.getByRole('group', { name: /Poistetaanko Kestine 10 mg listalta/ }).getByRole('button', { name: 'Poista', exact: true }).click();
    await card.getByText('Kestine 10 mg', { exact: true }).waitFor({ state: 'detached' });
    await card.getByText('Cetirizin Sandoz 10 mg', { exact: true }).waitFor();
    const [checked] = await suite.app.sql<any>("SELECT pharmacy_checked FROM order_item WHERE order_id = $1 AND display_name = 'Kestine 10 mg'", [order.id]);
    expect(checked.pharmacy_checked).toBe(true);

    // Historia (changing the mode refetches): the removed prescription is still there
    await page.getByRole('button', { name: /Näytä/ }).click();
    await page.getByRole('option', { name: 'Historia' }).click();
    await page.getByRole('heading', { name: 'Historia', level: 2 }).waitFor();
    const historyCard = page.getByRole('article', { name: 'Matti Meikäläinen' });
    await historyCard.getByText('Kestine 10 mg', { exact: true }).waitFor();
    await historyCard.getByText('Poistettu listalta').waitFor();

    // with one office there is nothing to change to (the header has long had the offices)
    expect(await page.getByRole('link', { name: 'Vaihda toimipaikka' }).count()).toBe(0);
  });

  it('/print opens the print dialog once, then closes the tab', async () => {
    const page = await signIn('apteekki');
    await page.waitForURL(`${suite.app.baseUrl}/reseptitapteekki`);
    const printPage = await page.context().newPage();
    await printPage.addInitScript(() => {
      const w = window as unknown as { printCalls: number; closeCalls: number };
      w.printCalls = 0;
      w.closeCalls = 0;
      window.print = () => {
        w.printCalls += 1;
      };
      window.close = () => {
        w.closeCalls += 1;
      };
    });
    await printPage.goto(`${suite.app.baseUrl}/print`);
    await printPage.getByRole('heading', { name: 'Potilasinfo', level: 1 }).waitFor();
    await printPage.getByText('toimii potilastietojen rekisterinpitäjänä', { exact: false }).waitFor();
    await printPage.waitForFunction(() => (window as unknown as { closeCalls: number }).closeCalls > 0);
    expect(await printPage.evaluate(() => (window as unknown as { printCalls: number }).printCalls)).toBe(1);
    expect(await printPage.evaluate(() => (window as unknown as { closeCalls: number }).closeCalls)).toBe(1);
  });

  it('shows the published notice in the header at once, unchecked; clicking marks it read', async () => {
    const page = await signIn('apteekki');
    await page.waitForURL(`${suite.app.baseUrl}/reseptitapteekki`);
    await page.getByText('Reaaliaikainen').waitFor();
    const doctor = await loginAs(suite.app, 'doctor');
    await doctor.post('/set-pharmacy-message', { header: 'Huoltokatko sunnuntaina', additionalDetails: 'Palvelu kiinni klo 2-4.', status: 'published' });
    const notice = page.getByRole('button', { name: /Huoltokatko sunnuntaina/ });
    await notice.waitFor();
    expect(await notice.getAttribute('aria-pressed')).toBe('false');
    await notice.getByText('Uusi').waitFor();
    await notice.click();
    await page.waitForFunction(() => document.querySelector('.pharmacy-notice__button')?.getAttribute('aria-pressed') === 'true');
    expect(await notice.getByText('Uusi').count()).toBe(0);
    // the nav has no admin page for a plain pharmacist
    expect(await page.getByRole('link', { name: 'Järjestelmänvalvoja' }).count()).toBe(0);
  });

  it('lets an admin choose an office and manage the users of the pharmacy', async () => {
    const page = await signIn('apteekki.admin');
    // two offices: the chooser
    await page.waitForURL(`${suite.app.baseUrl}/toimipaikka`);
    await page.getByRole('heading', { name: 'Valitse toimipaikkasi' }).waitFor();
    await page.getByRole('button', { name: /Keskusapteekki Asema/ }).click();
    await page.waitForURL(`${suite.app.baseUrl}/reseptitapteekki`);
    await page.getByText('Keskusapteekki Asema (Sivuapteekki)').waitFor();

    await page.getByRole('link', { name: 'Vaihda toimipaikka' }).waitFor();
    await page.getByRole('link', { name: 'Järjestelmänvalvoja' }).click();
    await page.getByRole('heading', { name: 'Järjestelmänvalvoja', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Käyttäjätunnukset' }).waitFor();
    // the first user (the admin) is selected; administrators cannot be deleted
    await page.getByRole('heading', { name: 'Anna Apteekkari', level: 2 }).waitFor();
    expect(await page.getByRole('button', { name: 'Poista käyttäjätunnus' }).count()).toBe(0);

    // inline edit: saved on Enter, a taken username refused
    await page.getByRole('button', { name: /Pekka Farmaseutti/ }).click();
    await page.getByRole('heading', { name: 'Pekka Farmaseutti', level: 2 }).waitFor();
    const firstName = page.getByLabel('Etunimi');
    await firstName.fill('Petteri');
    await firstName.press('Enter');
    await page.getByText('Tallennettu').waitFor();
    const [pekka] = await suite.app.sql<any>("SELECT first_name FROM pharmacy_user WHERE username = 'apteekki'");
    expect(pekka.first_name).toBe('Petteri');
    const username = page.getByLabel('Käyttäjätunnus');
    await username.fill('kyla');
    await username.press('Tab');
    await page.getByText('Käyttäjätunnus on jo varattu!').waitFor();

    // 'Lisää käyttäjä': the username check on blur, the create messages, then save
    await page.getByRole('button', { name: 'Lisää käyttäjä' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByLabel('Käyttäjätunnus').fill('Apteekki');
    await modal.getByLabel('Etunimi').click();
    await modal.getByText('Käyttäjätunnus on varattu').waitFor();
    await modal.getByLabel('Käyttäjätunnus').fill('uusi.tyontekija');
    await modal.getByLabel('Etunimi').fill('Uusi');
    await modal.getByLabel('Sukunimi').fill('Työntekijä');
    await modal.getByLabel('Salasana', { exact: true }).fill('lyhyt');
    await modal.getByLabel('Salasana uudelleen').click();
    await modal.getByText('Salasanan pitää olla vähintään kahdeksan merkkiä pitkä.').waitFor();
    const save = modal.getByRole('button', { name: 'Tallenna' });
    expect(await save.isDisabled()).toBe(true);
    await modal.getByLabel('Salasana', { exact: true }).fill('Pilvi-Laiva-42');
    await modal.getByLabel('Salasana uudelleen').fill('Pilvi-Laiva-43');
    await modal.getByLabel('Etunimi').click();
    await modal.getByText('Salasanat eivät täsmää.').waitFor();
    await modal.getByLabel('Salasana uudelleen').fill('Pilvi-Laiva-42');
    await save.click();
    await modal.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'Uusi Työntekijä', level: 2 }).waitFor();

    // delete with the confirmation
    await page.getByRole('button', { name: 'Poista käyttäjätunnus' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('Oletko varma, että haluat poistaa käyttäjätunnuksen? Toimintaa ei voi perua.').waitFor();
    await confirm.getByRole('button', { name: 'Poista', exact: true }).click();
    await confirm.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'Anna Apteekkari', level: 2 }).waitFor();
    expect(await page.getByRole('button', { name: /Uusi Työntekijä/ }).count()).toBe(0);
    expect(await suite.app.sql("SELECT id FROM pharmacy_user WHERE username = 'uusi.tyontekija'")).toEqual([]);
  });

  it('never offers narcotic or PKV medicines in the chat: their names get the not-found hint with its note', async () => {
    // they are in the catalogue, only not renewable (the cart's server check stays as the backstop)
    const locked = await suite.app.sql<{ name: string; renewable: boolean; available: boolean }>(
      "SELECT name, renewable, available FROM product WHERE name IN ('Diapam', 'Tramadol Vitabalans') ORDER BY name",
    );
    expect(locked).toEqual([
      { name: 'Diapam', renewable: false, available: true },
      { name: 'Tramadol Vitabalans', renewable: false, available: true },
    ]);

    const page = await signIn('kyla');
    await page.waitForURL(`${suite.app.baseUrl}/reseptitapteekki`);
    await page.getByLabel('Henkilötunnus').pressSequentially('121212-913Y');
    await page.getByLabel('Henkilötunnus').press('Enter');
    await page.getByLabel('Etunimi').fill('Matti');
    await page.getByLabel('Sukunimi').fill('Meikäläinen');
    await page.getByRole('button', { name: 'Hae reseptiä' }).click();
    const search = page.getByRole('combobox', { name: 'Lääkkeen nimi' });

    // 'Tr': the renewable Trimetoprim is offered, the narcotic Tramadol is not
    await search.pressSequentially('Tr');
    await page.getByRole('option', { name: /Trimetoprim Orion 160 mg/ }).waitFor();
    expect(await page.getByRole('option', { name: /Tramadol/ }).count()).toBe(0);

    for (const name of ['Diapam', 'Tramadol', 'Oxynorm', 'Panacod', 'Tenox']) {
      await search.fill('');
      await search.pressSequentially(name);
      await page.getByText('Hakemaasi lääkettä ei löydy').waitFor();
      await page.getByText('Huumausaineiksi luokiteltuja lääkkeitä ja PKV-lääkkeitä', { exact: false }).waitFor();
      expect(await page.getByRole('option').count()).toBe(0);
    }
    // Enter picks nothing: the chat stays at the search (no additional-info step)
    await search.press('Enter');
    await page.getByText('Hakemaasi lääkettä ei löydy').waitFor();
    expect(await page.getByLabel('Lisätietoa lääkärille').count()).toBe(0);
  });

  it('shows another administrator read-only; the admin’s own account stays editable; a failed edit save says "Tallennus epäonnistui!"', async () => {
    // The demo data has one admin per pharmacy: a second one for Keskusapteekki, for this test only.
    await suite.app.sql(
      `INSERT INTO pharmacy_user (pharmacy_id, username, password_hash, first_name, last_name, user_level)
       SELECT pharmacy_id, 'toinen.admin', password_hash, 'Toini', 'Toinen', 'admin' FROM pharmacy_user WHERE username = 'apteekki.admin'`,
    );
    try {
      const page = await signIn('apteekki.admin');
      await page.waitForURL(`${suite.app.baseUrl}/toimipaikka`);
      await page.getByRole('button', { name: /Keskusapteekki Kauppatori/ }).click();
      await page.waitForURL(`${suite.app.baseUrl}/reseptitapteekki`);
      await page.getByRole('link', { name: 'Järjestelmänvalvoja' }).click();
      await page.getByRole('heading', { name: 'Käyttäjätunnukset' }).waitFor();

      // another administrator: the details as text with the reason, no inputs, no delete
      await page.getByRole('button', { name: /Toini Toinen/ }).click();
      const other = page.getByRole('region', { name: 'Toini Toinen' });
      await other.getByRole('heading', { name: 'Toini Toinen', level: 2 }).waitFor();
      await other.getByText('Toisen järjestelmänvalvojan tietoja ei voi muokata eikä poistaa.').waitFor();
      await other.getByText('toinen.admin', { exact: true }).waitFor();
      expect(await other.getByRole('textbox').count()).toBe(0);
      expect(await page.getByLabel('Etunimi').count()).toBe(0);
      expect(await page.getByLabel('Uusi salasana').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Poista käyttäjätunnus' }).count()).toBe(0);

      // the admin's own account: editable (and still not deletable)
      await page.getByRole('button', { name: /Anna Apteekkari/ }).click();
      const own = page.getByRole('region', { name: 'Anna Apteekkari' });
      await own.getByLabel('Etunimi').waitFor();
      expect(await own.getByLabel('Etunimi').isEditable()).toBe(true);
      expect(await own.getByLabel('Käyttäjätunnus').isEditable()).toBe(true);
      expect(await page.getByText('Toisen järjestelmänvalvojan tietoja ei voi muokata', { exact: false }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Poista käyttäjätunnus' }).count()).toBe(0);

      // an emptied username: the edit form's message, not the new-user form's 'puuttuu'
      const ownUsername = own.getByLabel('Käyttäjätunnus');
      await ownUsername.fill('');
      await ownUsername.press('Enter');
      await own.getByText('Käyttäjätunnus on oltava vähintään 2 merkkiä pitkä').waitFor();
      expect(await page.getByText('Käyttäjätunnus puuttuu').count()).toBe(0);
      await ownUsername.fill('apteekki.admin');
      await ownUsername.press('Enter');
      await own.getByText('Käyttäjätunnus on oltava vähintään 2 merkkiä pitkä').waitFor({ state: 'detached' });

      // a save that fails on the server (5xx) or the network: 'Tallennus epäonnistui!', not the create text
      await page.getByRole('button', { name: /Pekka Farmaseutti|Petteri Farmaseutti/ }).click();
      const pekka = page.getByRole('region', { name: /Farmaseutti/ });
      const lastName = pekka.getByLabel('Sukunimi');
      await lastName.waitFor();
      await page.route('**/ui-api/v1/update-pharmacy-user', (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ statusCode: 500, message: 'Internal server error' }) }),
      );
      await lastName.fill('Farmaseutti-Virhe');
      await lastName.press('Enter');
      await pekka.getByText('Tallennus epäonnistui!').waitFor();
      expect(await page.getByText('Käyttäjän lisääminen ei onnistunut', { exact: false }).count()).toBe(0);
      await page.unroute('**/ui-api/v1/update-pharmacy-user');
      await page.route('**/ui-api/v1/update-pharmacy-user', (route) => route.abort('connectionfailed'));
      await lastName.fill('Farmaseutti-Verkko');
      await lastName.press('Enter');
      await pekka.getByText('Tallennus epäonnistui!').waitFor();
      expect(await page.getByText('Käyttäjän lisääminen ei onnistunut', { exact: false }).count()).toBe(0);
      await page.unroute('**/ui-api/v1/update-pharmacy-user');
      const [row] = await suite.app.sql<{ last_name: string }>("SELECT last_name FROM pharmacy_user WHERE username = 'apteekki'");
      expect(row.last_name).toBe('Farmaseutti');
    } finally {
      await suite.app.sql("DELETE FROM pharmacy_user WHERE username = 'toinen.admin'");
    }
  });
});

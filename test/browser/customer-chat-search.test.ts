/**
 * The renewal chat's search and lines (issue 45), in Chromium: an English ingredient name finds
 * the medicine; a brand not on sale (Losec) is said to be not on sale, with the available medicine
 * of the same ingredient offered, and never the narcotic/PKV note, which stays for the narcotic and
 * PKV medicines; switching the language mid-chat shows the earlier lines in the new language; a
 * man's questionnaire numbers its questions 1..n without the gap of the pregnancy question.
 */
import type { Page } from 'playwright-core';
import { checkScreenWithLandmarks, WIDE } from '../support/a11y';
import { browserSuite, signInCustomer } from '../support/browser';
import { DEMO } from '../support/http';

const suite = browserSuite();

async function signIn(): Promise<Page> {
  await suite.app.sql('DELETE FROM customer_cart_item');
  const page = await suite.openPage('/login', WIDE);
  await signInCustomer(page, suite.app.baseUrl);
  return page;
}

/** The question numbers the chat shows, in order. */
const questionLabels = (page: Page) => page.locator('.chat__step').allInnerTexts();

describe("the renewal chat's search", () => {
  it("says 'not on sale' for Losec and offers the omeprazole on sale; the narcotic note only for narcotics", async () => {
    const page = await signIn();
    const chat = page.getByRole('complementary', { name: 'Hae Reseptiä' });
    await chat.getByRole('button', { name: 'Vanhan reseptin uusinta' }).click();
    const search = chat.getByRole('combobox', { name: 'Lääkkeen nimi' });

    // The English name finds the medicine on sale; Losec (not on sale) is not offered.
    await search.pressSequentially('omeprazole');
    await chat.getByRole('option', { name: /^Omeprazol ratiopharm 20 mg/ }).waitFor();
    expect(await chat.getByRole('option').allInnerTexts()).toEqual([expect.stringMatching(/^Omeprazol ratiopharm 20 mg/)]);

    await search.fill('');
    await search.pressSequentially('Losec');
    await chat.getByText('Hakemasi lääke ei ole nyt myynnissä: Losec 20 mg.').waitFor();
    await chat.getByText('Samaa lääkeainetta sisältävät lääkkeet, jotka ovat myynnissä:').waitFor();
    const alternative = chat.getByRole('button', { name: 'Omeprazol ratiopharm 20 mg enterokapseli, kova' });
    await alternative.waitFor();
    expect(await chat.getByText('Hakemaasi lääkettä ei löydy').count()).toBe(0);
    expect(await chat.getByText('PKV-lääkkeitä', { exact: false }).count()).toBe(0);
    expect(await checkScreenWithLandmarks(page, 'a medicine not on sale')).toEqual([]);

    // Without an alternative on sale, it says so.
    await search.fill('');
    await search.pressSequentially('Ranitidin');
    await chat.getByText('Hakemasi lääke ei ole nyt myynnissä: Ranitidin ratiopharm 150 mg.').waitFor();
    await chat.getByText('Samaa lääkeainetta sisältävää lääkettä ei ole nyt myynnissä.').waitFor();

    // A narcotic: not found, with the note.
    await search.fill('');
    await search.pressSequentially('Diapam');
    await chat.getByText('Hakemaasi lääkettä ei löydy').waitFor();
    await chat.getByText('Huumausaineiksi luokiteltuja lääkkeitä ja PKV-lääkkeitä', { exact: false }).waitFor();
    expect(await chat.getByText('ei ole nyt myynnissä', { exact: false }).count()).toBe(0);

    // The alternative is taken by keyboard: Tab from the search, Enter.
    await search.fill('');
    await search.pressSequentially('Cipralex');
    await chat.getByText('Hakemasi lääke ei ole nyt myynnissä: Cipralex 10 mg.').waitFor();
    await chat.getByRole('button', { name: /^Escitalopram Orion 10 mg/ }).waitFor();
    await search.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).innerText.trim())).toBe('Escitalopram Orion 10 mg tabletti, kalvopäällysteinen');
    await page.keyboard.press('Enter');
    await chat.getByText('Escitalopram Orion 10 mg', { exact: true }).waitFor();
    await chat.getByLabel('Perustelu lääkärille').waitFor();
  });

  it('shows the earlier lines in the new language when the language is switched mid-chat', async () => {
    const page = await signIn();
    const chat = page.getByRole('complementary', { name: 'Hae Reseptiä' });
    await chat.getByRole('button', { name: 'Uusi resepti' }).click();
    await chat.getByRole('button', { name: 'Allergia', exact: true }).click();
    await chat.getByRole('button', { name: 'Nenässä', exact: true }).click();
    await chat.getByText('Ovatko oireesi kausiluonteisia vai ympärivuotisia?').waitFor();

    await page.getByRole('banner').getByRole('combobox', { name: 'Kieli' }).selectOption('en');
    const english = page.getByRole('complementary', { name: 'Find a prescription' });
    await english.getByText('Hello Aino! Would you like to renew an old prescription or request a new prescription?').waitFor();
    const lines = await english.locator('.chat__bubble').allInnerTexts();
    expect(lines.map((line) => line.replace(/\s+/g, ' ').trim())).toEqual([
      'Hello Aino! Would you like to renew an old prescription or request a new prescription?',
      'New prescription',
      'What condition are you requesting a prescription for?',
      'Allergy',
      'Question 1 Where do your allergy symptoms appear?',
      'In the nose',
      'Question 2 Are your symptoms seasonal or all year round?',
    ]);
    // The chat goes on in English, and back in Finnish every line is Finnish again.
    await english.getByRole('button', { name: 'Seasonal', exact: true }).click();
    await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption('fi');
    await chat.getByText('Kausiluonteisia', { exact: true }).waitFor();
    await chat.getByText('Hei Aino! Haluatko uusia vanhan reseptin vai hakea uutta reseptiä?').waitFor();
    expect(await chat.getByText(/Hello Aino|In the nose|Question/).count()).toBe(0);
  });

  it("numbers a man's questions 1..n, the pregnancy question passed over without a gap", async () => {
    await suite.app.sql(`UPDATE customer SET sex = 'm' WHERE email = $1`, [DEMO.customer.email]);
    try {
      const page = await signIn();
      const chat = page.getByRole('complementary', { name: 'Hae Reseptiä' });
      await chat.getByRole('button', { name: 'Uusi resepti' }).click();
      await chat.getByRole('button', { name: 'Allergia', exact: true }).click();
      await chat.getByRole('button', { name: 'Nenässä', exact: true }).click();
      await chat.getByRole('button', { name: 'Kausiluonteisia', exact: true }).click();
      await chat.getByLabel('Vastauksesi').fill('Koivu keväisin');
      await chat.getByRole('button', { name: 'Jatka', exact: true }).click();
      await chat.getByText('Onko sinulla lääkeaineallergioita?').waitFor();
      expect(await chat.getByText('Oletko raskaana?').count()).toBe(0);
      expect(await chat.getByRole('group', { name: 'Kysymys 4' }).count()).toBe(1);
      await chat.getByRole('button', { name: 'Kyllä', exact: true }).click();
      await chat.getByLabel('Vastauksesi').fill('Penisilliini');
      await chat.getByRole('button', { name: 'Jatka', exact: true }).click();
      await chat.getByRole('button', { name: 'Kyllä, haetaan reseptiä' }).waitFor();
      expect(await questionLabels(page)).toEqual(['Kysymys 1', 'Kysymys 2', 'Kysymys 3', 'Kysymys 4', 'Kysymys 5']);
      // The server replays the path by the questionnaire's own steps: the request is accepted.
      await chat.getByRole('button', { name: 'Kyllä, haetaan reseptiä' }).click();
      await page.getByText('Reseptipyyntö', { exact: true }).waitFor();
    } finally {
      await suite.app.sql(`UPDATE customer SET sex = 'f' WHERE email = $1`, [DEMO.customer.email]);
    }
  });
});

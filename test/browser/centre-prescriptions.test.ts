/**
 * 'Uusittavat reseptisi' in Chromium (issue 41): the renewal chat first offers the demo customer's
 * renewable prescriptions from the Prescription Centre (the embedded stand-in's demo history), keeps
 * SPEC's search below them, and a pick continues the chat like a searched medicine. Axe at 1280 and
 * 390 px without sideways scroll.
 */
import type { Page } from 'playwright-core';
import { checkScreenWithLandmarks, WIDE } from '../support/a11y';
import { browserSuite, signInCustomer } from '../support/browser';

const suite = browserSuite();

async function signIn(): Promise<Page> {
  const page = await suite.openPage('/login', WIDE);
  await signInCustomer(page, suite.app.baseUrl);
  return page;
}

describe("the renewal chat's offer from the Prescription Centre", () => {
  it('lists only the renewable prescriptions the catalogue sells, above the search, and a pick goes on to the reason', async () => {
    const page = await signIn();
    const chat = page.getByRole('complementary', { name: 'Hae Reseptiä' });
    await chat.getByRole('button', { name: 'Vanhan reseptin uusinta' }).click();
    const offer = chat.getByRole('region', { name: 'Uusittavat reseptisi' });
    await offer.getByRole('listitem').first().waitFor();
    const items = await offer.getByRole('listitem').allInnerTexts();
    expect(items.map((text) => text.split('\n')[0])).toEqual(['Amlodipin Orion 5 mg', 'Atorvastatin Krka 20 mg', 'Levothyroxin Sandoz 50 mikrog']);
    expect(items[0]).toMatch(/Määrätty \d{1,2}\.\d{1,2}\.\d{4}, Kaisa Korhonen/);
    expect(items[0]).toMatch(/Uusittavissa \d{1,2}\.\d{1,2}\.\d{4} asti/);
    // Never dispensed, past 28 months, an antibiotic, a narcotic, 'ne repete': not offered.
    for (const name of ['Losartan', 'Simvastatin', 'Pivmecillinam', 'Oxynorm', 'Montelukast']) expect(await offer.getByText(name).count()).toBe(0);
    // SPEC's search stays below the offer, and keeps the focus.
    const search = chat.getByRole('combobox', { name: 'Lääkkeen nimi' });
    await expect(search.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    expect(await checkScreenWithLandmarks(page, 'renewal chat with the Centre offer')).toEqual([]);

    await offer.getByRole('listitem').filter({ hasText: 'Atorvastatin Krka 20 mg' }).getByRole('button', { name: /^Uusi tämä/ }).click();
    await chat.getByLabel('Perustelu lääkärille').fill('Lääke loppumassa');
    await chat.getByLabel('Perustelu lääkärille').press('Enter');
    await chat.getByRole('button', { name: 'Kyllä, uusitaan resepti' }).click();
    await chat.getByText(/Atorvastatin Krka 20 mg lisättiin valittuihin resepteihin/).waitFor();
  });
});

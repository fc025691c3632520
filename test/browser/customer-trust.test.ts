/**
 * A landing page that earns trust (issue 27), in Chromium: the provider with its business ID and
 * address, customer service with its hours, who the doctors are, the data-protection contact, the
 * accessibility statement page, the checkout's expiry formatting and error styling, and after
 * payment 'Maksu vastaanotettu' with the handling time and the SMS promise. Each screen passes axe (with its `region` rule) at 1280 and 390 px.
 */
import { formatPhone } from '@resepti/domain';
import { checkScreen, checkScreenWithLandmarks, WIDE } from '../support/a11y';
import { browserSuite, postAsPage } from '../support/browser';
import { DEMO } from '../support/http';

const suite = browserSuite();

describe('a landing page that earns trust', () => {
  it('names the provider, customer service and its hours, the doctors and the data-protection contact; links the accessibility statement', async () => {
    const page = await suite.openPage('/', WIDE);
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'Palvelun lääkärit' }).waitFor();
    await main.getByText('Tilauksesi käsittelee aina Suomessa laillistettu lääkäri.', { exact: false }).waitFor();
    const service = main.getByRole('region', { name: 'Asiakaspalvelu' });
    await service.getByRole('link', { name: '09 4242 4242' }).waitFor();
    await service.getByRole('link', { name: 'asiakaspalvelu@resepti.fi' }).waitFor();
    await service.getByText('arkisin klo 8–18').waitFor();
    const provider = main.getByRole('region', { name: 'Palveluntarjoaja' });
    await provider.getByText('Resepti Oy').waitFor();
    await provider.getByText('3141593-8').waitFor();
    await provider.getByText('Mannerheimintie 10, 00100 Helsinki').waitFor();
    await main.getByRole('region', { name: 'Tietosuoja' }).getByRole('link', { name: 'tietosuoja@resepti.fi' }).waitFor();
    const footer = page.getByRole('contentinfo');
    await footer.getByText('Y-tunnus 3141593-8').waitFor();
    expect(await checkScreenWithLandmarks(page, '/')).toEqual([]);

    // The statement by keyboard: the footer's link, Enter.
    await footer.getByRole('link', { name: 'Saavutettavuusseloste' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${suite.app.baseUrl}/saavutettavuusseloste`);
    await page.getByRole('heading', { name: 'Saavutettavuusseloste', level: 1 }).waitFor();
    await page.getByText('WCAG 2.1', { exact: false }).first().waitFor();
    await page.getByRole('link', { name: 'saavutettavuus@resepti.fi' }).waitFor();
    await page.getByRole('heading', { name: 'Valvontaviranomainen' }).waitFor();
    expect(await checkScreenWithLandmarks(page, '/saavutettavuusseloste')).toEqual([]);
  });

  it("the checkout formats the expiry and shows a declined card as an error; after payment: 'Maksu vastaanotettu', by when a doctor handles the order, and the SMS", async () => {
    await suite.app.sql('DELETE FROM customer_cart_item');
    const page = await suite.openPage('/login', WIDE);
    await page.getByLabel('Sähköposti', { exact: true }).fill(DEMO.customer.email);
    await page.getByLabel('Salasana', { exact: true }).fill(DEMO.customer.password);
    await page.getByLabel('Salasana', { exact: true }).press('Enter');
    await page.waitForURL(`${suite.app.baseUrl}/reseptit`);
    const [kestine] = await suite.app.sql<{ id: number }>(`SELECT id FROM product WHERE name LIKE 'Kestine%' ORDER BY id LIMIT 1`);
    expect(await postAsPage(page, '/my-shopping-cart/item', { type: 'renewal', productId: kestine.id, reason: 'Lääke loppumassa' })).toBe(200);
    await page.goto(`${suite.app.baseUrl}/handling`);
    await page.getByRole('button', { name: 'Siirry kassalle 9,90 €' }).click();
    await page.waitForURL(/\/kassa\/cs_test_/);
    // The expiry needs no slash typed: '1234' becomes '12/34'. A declined card is shown as an error.
    await page.getByLabel('Kortin numero').fill('4000 0000 0000 0002');
    await page.getByLabel('Voimassa (KK/VV)').pressSequentially('1234');
    expect(await page.getByLabel('Voimassa (KK/VV)').inputValue()).toBe('12/34');
    await page.getByLabel('Turvakoodi (CVC)').fill('123');
    await page.getByRole('button', { name: 'Maksa 9,90 €' }).click();
    const declined = page.getByText(/Korttimaksu hylättiin/);
    await declined.waitFor();
    expect(await declined.evaluate((el) => el.className)).toContain('error-text');
    expect(await declined.evaluate((el) => getComputedStyle(el).borderLeftStyle)).toBe('solid');
    await page.getByLabel('Kortin numero').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Maksa 9,90 €' }).click();
    await page.waitForURL((url) => url.pathname === '/reseptit' && url.searchParams.has('maksu'));
    const confirmation = page.getByRole('status', { name: 'Maksu vastaanotettu' });
    await confirmation.getByText('Maksu onnistui. Tilauksesi odottaa lääkärin käsittelyä.').waitFor();
    await confirmation.getByText(/^Lääkäri käsittelee tilauksesi viimeistään \d{1,2}\.\d{1,2}\.\d{4} klo \d{1,2}\.\d{2}\.$/).waitFor();
    await confirmation.getByText('Tilaukset käsitellään arkipäivisin 12 tunnin kuluessa.', { exact: false }).waitFor();
    const [{ phone }] = await suite.app.sql<{ phone: string }>('SELECT phone FROM customer WHERE email = $1', [DEMO.customer.email]);
    // The number grouped, as everywhere it is shown (issue 45): '+358 40 123 4567'.
    await confirmation.getByText(`Saat tekstiviestin numeroon ${formatPhone(phone)}, kun tilauksesi on käsitelty.`).waitFor();
    expect(await checkScreen(page, '/reseptit after payment')).toEqual([]);
  });
});

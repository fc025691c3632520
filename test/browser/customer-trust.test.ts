/**
 * A landing page that earns trust (issue 27, issue 45), in Chromium: the provider configured for
 * the deployment (PROVIDER_NAME …) with its business ID, address and registration, customer service
 * with its hours, who the doctors are with the responsible physician, the data-protection contact,
 * the accessibility statement page with the supervisory authority's link, the checkout's expiry formatting and error styling, and after
 * payment 'Maksu vastaanotettu' with the handling time and the SMS promise. Each screen passes axe (with its `region` rule) at 1280 and 390 px.
 */
import { formatPhone } from '@resepti/domain';
import { checkScreen, checkScreenWithLandmarks, WIDE } from '../support/a11y';
import { browserSuite, postAsPage } from '../support/browser';
import { DEMO } from '../support/http';

/** The deployment's provider (PROVIDER_NAME …): the pages show these, never the demo's. */
const PROVIDER = {
  PROVIDER_NAME: 'Pohjolan Etälääkärit Oy',
  PROVIDER_BUSINESS_ID: '7654321-2',
  PROVIDER_ADDRESS: 'Kauppakatu 3, 40100 Jyväskylä',
  CUSTOMER_SERVICE_PHONE: '014 555 0100',
  RESPONSIBLE_PHYSICIAN: 'LT Anna Vastaava',
  PROVIDER_REGISTRATION: 'Valviran palveluntuottajarekisteri (Valveri), rekisteröity 1.3.2026',
};

const suite = browserSuite({ env: PROVIDER });

describe('a landing page that earns trust', () => {
  it('names the configured provider with its registration, customer service and its hours, the doctors with the responsible physician and the data-protection contact; links the accessibility statement and its supervisory authority', async () => {
    const page = await suite.openPage('/', WIDE);
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'Palvelun lääkärit' }).waitFor();
    await main.getByText('Tilauksesi käsittelee aina Suomessa laillistettu lääkäri.', { exact: false }).waitFor();
    const service = main.getByRole('region', { name: 'Asiakaspalvelu' });
    const phone = service.getByRole('link', { name: PROVIDER.CUSTOMER_SERVICE_PHONE });
    await phone.waitFor();
    expect(await phone.getAttribute('href')).toBe('tel:+358145550100');
    await main.getByRole('region', { name: 'Palvelun lääkärit' }).getByText(PROVIDER.RESPONSIBLE_PHYSICIAN).waitFor();
    await service.getByRole('link', { name: 'asiakaspalvelu@resepti.fi' }).waitFor();
    await service.getByText('arkisin klo 8–18').waitFor();
    const provider = main.getByRole('region', { name: 'Palveluntarjoaja' });
    await provider.getByText(PROVIDER.PROVIDER_NAME).waitFor();
    await provider.getByText(PROVIDER.PROVIDER_BUSINESS_ID).waitFor();
    await provider.getByText(PROVIDER.PROVIDER_ADDRESS).waitFor();
    await provider.getByText(PROVIDER.PROVIDER_REGISTRATION).waitFor();
    await main.getByRole('region', { name: 'Tietosuoja' }).getByRole('link', { name: 'tietosuoja@resepti.fi' }).waitFor();
    const footer = page.getByRole('contentinfo');
    await footer.getByText(`Y-tunnus ${PROVIDER.PROVIDER_BUSINESS_ID}`).waitFor();
    await footer.getByText(`© ${PROVIDER.PROVIDER_NAME}`).waitFor();
    expect(await checkScreenWithLandmarks(page, '/')).toEqual([]);

    // The statement by keyboard: the footer's link, Enter.
    await footer.getByRole('link', { name: 'Saavutettavuusseloste' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${suite.app.baseUrl}/saavutettavuusseloste`);
    await page.getByRole('heading', { name: 'Saavutettavuusseloste', level: 1 }).waitFor();
    await page.getByText('WCAG 2.1', { exact: false }).first().waitFor();
    await page.getByRole('link', { name: 'saavutettavuus@resepti.fi' }).waitFor();
    await page.getByRole('heading', { name: 'Valvontaviranomainen' }).waitFor();
    await page.getByText(`Palvelun tarjoaa ${PROVIDER.PROVIDER_NAME}.`, { exact: false }).waitFor();
    await page.getByText('Liikenne- ja viestintävirasto Traficom, saavutettavuusvalvonta').waitFor();
    const authority = page.getByRole('link', { name: /saavutettavuusvaatimukset\.fi/ });
    expect(await authority.getAttribute('href')).toBe('https://www.saavutettavuusvaatimukset.fi');
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

/**
 * The provider's real details from configuration (issue 45): GET /provider answers anyone with
 * the deployment's PROVIDER_NAME, PROVIDER_BUSINESS_ID, PROVIDER_ADDRESS, CUSTOMER_SERVICE_PHONE,
 * RESPONSIBLE_PHYSICIAN and PROVIDER_REGISTRATION; the demo's values are plainly made up, and
 * production refuses to start while any of them is the demo's, naming the variable.
 */
import type { Provider } from '@resepti/domain';
import { loadConfig } from '../../apps/api/src/platform/config/config';
import { PROVIDER_SETTINGS } from '../../apps/api/src/platform/config/provider';
import { PRODUCTION_ENV, startApp } from '../support/app';
import { ApiClient } from '../support/http';

const CONFIGURED = {
  PROVIDER_NAME: 'Pohjolan Etälääkärit Oy',
  PROVIDER_BUSINESS_ID: '7654321-2',
  PROVIDER_ADDRESS: 'Kauppakatu 3, 40100 Jyväskylä',
  CUSTOMER_SERVICE_PHONE: '014 555 0100',
  RESPONSIBLE_PHYSICIAN: 'LT Anna Vastaava',
  PROVIDER_REGISTRATION: 'Valviran palveluntuottajarekisteri (Valveri), rekisteröity 1.3.2026',
};

describe('GET /provider', () => {
  it("answers anyone, without a session, with the deployment's details", async () => {
    const app = await startApp({ env: CONFIGURED });
    try {
      const res = await new ApiClient(app.apiUrl).get<Provider>('/provider');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        name: CONFIGURED.PROVIDER_NAME,
        businessId: CONFIGURED.PROVIDER_BUSINESS_ID,
        address: CONFIGURED.PROVIDER_ADDRESS,
        customerServicePhone: CONFIGURED.CUSTOMER_SERVICE_PHONE,
        responsiblePhysician: CONFIGURED.RESPONSIBLE_PHYSICIAN,
        registration: CONFIGURED.PROVIDER_REGISTRATION,
      });
    } finally {
      await app.stop();
    }
  }, 180_000);
});

describe("the demo's details", () => {
  it('are plausible but plainly made up: not the digits of π, nor a test card’s', () => {
    const demo = loadConfig({ NODE_ENV: 'development' }).provider;
    expect(demo.name).toMatch(/Demo/);
    expect(demo.businessId).toBe('1234567-1');
    for (const value of Object.values(demo)) expect(value).not.toMatch(/3141|4242/);
  });

  it('stop a production start, naming the variable', async () => {
    const withoutName: Record<string, string> = { ...PRODUCTION_ENV, PROVIDER_NAME: '' };
    await expect(startApp({ env: withoutName })).rejects.toThrow(/PROVIDER_NAME is the demo's value/);
  }, 180_000);

  it.each(Object.values(PROVIDER_SETTINGS).map((s) => [s.variable, s.demo]))("%s set to the demo's value is refused in production", (variable, demo) => {
    expect(() => loadConfig({ ...PRODUCTION_ENV, SESSION_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://resepti.example.fi', [variable]: demo })).toThrow(
      new RegExp(`^${variable} is the demo's value`),
    );
  });

  it('a business ID without the right check digit, or a phone that is no number, stops any start', () => {
    expect(() => loadConfig({ PROVIDER_BUSINESS_ID: '1234567-2' })).toThrow(/PROVIDER_BUSINESS_ID must be a Finnish business ID/);
    expect(() => loadConfig({ CUSTOMER_SERVICE_PHONE: 'soita meille' })).toThrow(/CUSTOMER_SERVICE_PHONE must be a phone number/);
    expect(loadConfig({ ...CONFIGURED }).provider.businessId).toBe('7654321-2');
  });
});

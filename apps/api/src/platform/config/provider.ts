/**
 * Who provides the service, as the landing page, its trust sections and the accessibility
 * statement name it (GET /provider): the company, its business ID and address, the customer
 * service's phone, the responsible physician and the provider's registration as a health-care
 * provider. The demo's values are plausible but plainly made up; production refuses to start
 * while any of them is the demo's, so no real patient reads a made-up provider.
 */
import { ConfigError } from './config-error.js';

export interface ProviderDetails {
  name: string;
  businessId: string;
  address: string;
  customerServicePhone: string;
  responsiblePhysician: string;
  registration: string;
}

/** Each detail's variable and the demo's value (also the README's default). */
export const PROVIDER_SETTINGS = {
  name: { variable: 'PROVIDER_NAME', demo: 'Resepti Demo Oy' },
  businessId: { variable: 'PROVIDER_BUSINESS_ID', demo: '1234567-1' },
  address: { variable: 'PROVIDER_ADDRESS', demo: 'Esimerkkikatu 1, 00100 Helsinki' },
  customerServicePhone: { variable: 'CUSTOMER_SERVICE_PHONE', demo: '09 123 4567' },
  responsiblePhysician: { variable: 'RESPONSIBLE_PHYSICIAN', demo: 'LL Maija Esimerkki (demo)' },
  registration: { variable: 'PROVIDER_REGISTRATION', demo: 'Demo: ei rekisteröity terveydenhuollon palveluntuottaja' },
} as const satisfies Record<keyof ProviderDetails, { variable: string; demo: string }>;

/** A Finnish business ID (Y-tunnus): seven digits, a dash and the check digit. */
export function isValidBusinessId(id: string): boolean {
  const match = /^(\d{7})-(\d)$/.exec(id);
  if (!match) return false;
  const weights = [7, 9, 10, 5, 8, 4, 2];
  const remainder = [...match[1]].reduce((sum, digit, i) => sum + Number(digit) * weights[i], 0) % 11;
  if (remainder === 1) return false;
  return Number(match[2]) === (remainder === 0 ? 0 : 11 - remainder);
}

export function providerConfig(env: NodeJS.ProcessEnv, production: boolean): ProviderDetails {
  const details = Object.fromEntries(
    Object.entries(PROVIDER_SETTINGS).map(([key, { variable, demo }]) => {
      const value = (env[variable] ?? '').trim() || demo;
      if (value.length > 200) throw new ConfigError(`${variable} must be at most 200 characters`);
      if (production && value === demo) {
        throw new ConfigError(`${variable} is the demo's value ('${demo}'): set the provider's real details when NODE_ENV=production`);
      }
      return [key, value];
    }),
  ) as unknown as ProviderDetails;
  if (!isValidBusinessId(details.businessId)) {
    throw new ConfigError(`PROVIDER_BUSINESS_ID must be a Finnish business ID (Y-tunnus) with its check digit, e.g. 1234567-1 (got '${details.businessId}')`);
  }
  if (!/^\+?[\d ()-]{5,20}$/.test(details.customerServicePhone)) {
    throw new ConfigError(`CUSTOMER_SERVICE_PHONE must be a phone number such as 09 123 4567 or +358 9 123 4567 (got '${details.customerServicePhone}')`);
  }
  return details;
}

/**
 * Every string the web app shows, in one catalogue (SPEC sections 1, 2 and 8). The Finnish source
 * is kept in one file per area (common, public, trust, customer, doctor, pharmacy), exactly as
 * SPEC.md says; sv.ts and en.ts translate the patient's areas (docs/i18n.md has the glossary).
 * Each exported catalog is one i18next namespace, read through a live view: a screen imports
 * `CUSTOMER_TEXTS` as before and reads the current language (see i18n/live-catalog.ts). Staff
 * namespaces (doctor, pharmacy) have Finnish only. Messages the server also sends (e.g. the login
 * failure) come from @resepti/domain.
 */
import { liveCatalog } from '../live-catalog';
import { COMMON_TEXTS, MEDICINE_SEARCH_TEXTS as MEDICINE_SEARCH_FI } from './common';
import { CUSTOMER_NAV_TEXTS, CUSTOMER_TEXTS as CUSTOMER_FI } from './customer';
import { DOCTOR_NAV_TEXTS, DOCTOR_TEXTS as DOCTOR_FI } from './doctor';
import { OFFICE_TEXTS, PHARMACY_TEXTS as PHARMACY_FI } from './pharmacy';
import { PUBLIC_TEXTS } from './public';
import { PROVIDER as PROVIDER_FI, TRUST_TEXTS } from './trust';

/** The Finnish catalog: one namespace per exported catalog (the main bundle holds it). */
export const FINNISH = {
  /** The app shell: common words, the public pages, trust, and each role's navigation. */
  app: {
    ...COMMON_TEXTS,
    ...PUBLIC_TEXTS,
    ...TRUST_TEXTS,
    doctor: DOCTOR_NAV_TEXTS,
    pharmacy: OFFICE_TEXTS,
    customer: CUSTOMER_NAV_TEXTS,
  },
  customer: CUSTOMER_FI,
  medicineSearch: MEDICINE_SEARCH_FI,
  provider: PROVIDER_FI,
  doctor: DOCTOR_FI,
  pharmacy: PHARMACY_FI,
  /** Finnish message → its translation (filled by sv.ts and en.ts from @resepti/domain). */
  messages: {} as Readonly<Record<string, string>>,
} as const;

export const TEXTS = liveCatalog('app', FINNISH.app);
export const CUSTOMER_TEXTS = liveCatalog('customer', FINNISH.customer);
export const MEDICINE_SEARCH_TEXTS = liveCatalog('medicineSearch', FINNISH.medicineSearch);
export const PROVIDER = liveCatalog('provider', FINNISH.provider);
export const DOCTOR_TEXTS = liveCatalog('doctor', FINNISH.doctor);
export const PHARMACY_TEXTS = liveCatalog('pharmacy', FINNISH.pharmacy);
const MESSAGES = liveCatalog('messages', FINNISH.messages);

/** A Finnish message of the shared rules (a validation message) in the current language. */
export function localizedMessage(finnish: string): string {
  return MESSAGES[finnish] ?? finnish;
}

export { PROVIDER_NAME } from './common';

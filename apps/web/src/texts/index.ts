/**
 * Every Finnish string the web app shows, in one catalogue (SPEC sections 1, 2 and 8), kept in one
 * file per area (common, public, customer, doctor, pharmacy) so that a Swedish or English
 * catalogue can sit beside each. Messages the server also sends (e.g. the login failure) come
 * from @resepti/domain. Screens import from here, by the names below.
 */
import { COMMON_TEXTS } from './common';
import { CUSTOMER_NAV_TEXTS } from './customer';
import { DOCTOR_NAV_TEXTS } from './doctor';
import { OFFICE_TEXTS } from './pharmacy';
import { PUBLIC_TEXTS } from './public';
import { TRUST_TEXTS } from './trust';

/** The app shell's texts: common words, the public pages, and each role's navigation. */
export const TEXTS = {
  ...COMMON_TEXTS,
  ...PUBLIC_TEXTS,
  ...TRUST_TEXTS,
  doctor: DOCTOR_NAV_TEXTS,
  pharmacy: OFFICE_TEXTS,
  customer: CUSTOMER_NAV_TEXTS,
} as const;

export { MEDICINE_SEARCH_TEXTS, PROVIDER_NAME } from './common';
export { CUSTOMER_TEXTS } from './customer';
export { PROVIDER } from './trust';
export { DOCTOR_TEXTS } from './doctor';
export { PHARMACY_TEXTS } from './pharmacy';

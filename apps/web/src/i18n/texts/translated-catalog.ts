/** What sv.ts and en.ts must give: every patient-facing namespace, complete (staff screens stay Finnish). */
import type { Translation } from './catalog-types';
import type { FINNISH } from './index';

type Finnish = typeof FINNISH;

export interface TranslatedCatalog {
  /** The doctor's and pharmacy's navigation and the staff TOTP page are Finnish only. */
  app: Omit<Translation<Finnish['app']>, 'doctor' | 'pharmacy' | 'mfa'>;
  customer: Translation<Finnish['customer']>;
  medicineSearch: Translation<Finnish['medicineSearch']>;
  /** The provider's name, ids and addresses are the same in every language. */
  provider: Pick<Translation<Finnish['provider']>, 'serviceHours'>;
  messages: Readonly<Record<string, string>>;
}

/**
 * The Prescription Centre's validity and renewal rules, as Kanta publishes them (docs/eprescriptions.md
 * cites the pages): pure functions of a product or a Centre prescription and a date, shared by the API
 * (the validity it records, the flags the doctor and the renewal chat see) and the web.
 *
 * - A prescription is valid for two years from its date; one year for central nervous system (PKV)
 *   medicines, narcotics, patient-specific special-permit products and biological medicines
 *   (https://www.kanta.fi/reseptit; biological: decree amendment in force 1.1.2023).
 * - A renewal can be requested for a prescription already dispensed at least once: a two-year
 *   prescription for 28 months from its date, any other for 16 months
 *   (https://www.kanta.fi/en/instructions-on-sending-a-prescription-renewal-request).
 * - Not renewed: curative courses (antibiotics), 'ne repete', telephone prescriptions, special-permit
 *   products; narcotics and PKV medicines are never renewed through Resepti (SPEC).
 *
 * Dates are Helsinki calendar dates ('YYYY-MM-DD'); a period ends on the same day of the month
 * (the last day of a shorter month: 29 February + 2 years → 28 February), that day included.
 */
import type { CentrePrescription } from './e-prescription.js';
import { helsinkiIsoDate, helsinkiParts } from './time.js';

/** Months from a prescription's date during which a renewal can be requested: two-year prescriptions. */
export const RENEWAL_WINDOW_MONTHS_TWO_YEAR = 28;
/** …and every other prescription (one-year classes, or a validity the prescriber restricted). */
export const RENEWAL_WINDOW_MONTHS_OTHER = 16;

/**
 * ATC prefixes of biological medicines (one-year validity). The catalogue has no "biological" flag, so
 * the class is read from the ATC code: insulins, the biological immunosuppressants and antineoplastic
 * antibodies, and the other recombinant proteins Fimea lists as biologicals (docs/eprescriptions.md).
 */
export const BIOLOGICAL_ATC_PREFIXES: readonly string[] = [
  'A10A', // insulins and analogues
  'A16AB', // enzymes (enzyme replacement therapies)
  'B01AB', // heparins (low-molecular-weight heparins have biosimilars)
  'B03XA', // erythropoietins
  'G03GA', // gonadotropins
  'H01AC', // somatropin
  'H05AA', // parathyroid hormone and analogues (teriparatide)
  'L01F', // monoclonal antibodies and antibody-drug conjugates (ATC 2021)
  'L01XC', // monoclonal antibodies (before ATC 2021)
  'L03AA', // colony-stimulating factors (filgrastim)
  'L03AB', // interferons
  'L04AB', // tumour necrosis factor alpha (TNF-α) inhibitors
  'L04AC', // interleukin inhibitors
  'L04AG', // monoclonal antibodies for immunosuppression (ATC 2024)
  'M05BX04', // denosumab
];

/** What the rules read of a catalogue product. */
export interface ProductClassFacts {
  atcCode: string;
  /** The catalogue's flag: false for narcotic and PKV medicines. */
  renewable: boolean;
  /** A patient-specific special-permit product (erityislupavalmiste); the catalogue's products are not. */
  specialPermit?: boolean;
}

/** Why a medicine's prescription is valid one year, or 'standard' (two years). */
export type MedicineValidityClass = 'narcotic-or-pkv' | 'special-permit' | 'biological' | 'standard';

export function isBiologicalAtc(atcCode: string): boolean {
  const code = atcCode.trim().toUpperCase();
  return code !== '' && BIOLOGICAL_ATC_PREFIXES.some((prefix) => code.startsWith(prefix));
}

export function medicineValidityClass(product: ProductClassFacts): MedicineValidityClass {
  if (!product.renewable) return 'narcotic-or-pkv';
  if (product.specialPermit) return 'special-permit';
  if (isBiologicalAtc(product.atcCode)) return 'biological';
  return 'standard';
}

/** 2 for a standard medicine, 1 for the restricted classes. */
export function validityYearsOf(product: ProductClassFacts): 1 | 2 {
  return medicineValidityClass(product) === 'standard' ? 2 : 1;
}

/** The Helsinki date `months` after the Helsinki date of `from` (day clamped to the month's end). */
export function addMonthsToDate(from: Date | string, months: number): string {
  const p = helsinkiParts(from);
  const monthIndex = p.year * 12 + (p.month - 1) + months;
  const year = Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${pad2(month)}-${pad2(Math.min(p.day, lastDay))}`;
}

/** The ISO date until which a prescription of `product` written at `authoredOn` is valid. */
export function prescriptionValidUntil(product: ProductClassFacts, authoredOn: Date | string): string {
  return addMonthsToDate(authoredOn, 12 * validityYearsOf(product));
}

/** The renewal window of a prescription valid `validityYears`: 28 months for two years, else 16. */
export function renewalWindowMonths(validityYears: number): number {
  return validityYears >= 2 ? RENEWAL_WINDOW_MONTHS_TWO_YEAR : RENEWAL_WINDOW_MONTHS_OTHER;
}

/** The last day a renewal of a prescription of `product` written at `authoredOn` can be requested. */
export function renewalRequestableUntil(product: ProductClassFacts, authoredOn: Date | string): string {
  return addMonthsToDate(authoredOn, renewalWindowMonths(validityYearsOf(product)));
}

/** Why a Centre prescription cannot be renewed through Resepti. */
export type NotRenewableReason =
  | 'never-dispensed'
  | 'window-passed'
  | 'curative'
  | 'ne-repete'
  | 'telephone'
  | 'special-permit'
  | 'narcotic-or-pkv';

export interface Renewal {
  /** No reason against it. */
  renewable: boolean;
  /** The last day (ISO date, Helsinki) a renewal can be requested: its date + 28 or 16 months. */
  renewableUntil: string;
  /** Every reason against renewing it, in this order: never dispensed, window, curative, ne repete, telephone, special permit, narcotic/PKV. */
  reasons: NotRenewableReason[];
}

/**
 * Whether a Centre prescription is a two-year one: valid until at least two years from its date.
 * A one-year class, or a validity the prescriber restricted, gives the 16-month window.
 */
export function isTwoYearPrescription(p: Pick<CentrePrescription, 'authoredOn' | 'validUntil' | 'narcoticOrPkv' | 'specialPermit'>): boolean {
  if (p.narcoticOrPkv || p.specialPermit) return false;
  return helsinkiIsoDate(p.validUntil) >= addMonthsToDate(p.authoredOn, 24);
}

/** The renewal rules applied to one Centre prescription on `today`. */
export function renewalOf(p: CentrePrescription, today: Date | string): Renewal {
  const renewableUntil = addMonthsToDate(p.authoredOn, renewalWindowMonths(isTwoYearPrescription(p) ? 2 : 1));
  const reasons: NotRenewableReason[] = [];
  if (!p.dispensed) reasons.push('never-dispensed');
  if (helsinkiIsoDate(today) > renewableUntil) reasons.push('window-passed');
  if (p.curative) reasons.push('curative');
  if (p.neRepete) reasons.push('ne-repete');
  if (p.telephone) reasons.push('telephone');
  if (p.specialPermit) reasons.push('special-permit');
  if (p.narcoticOrPkv) reasons.push('narcotic-or-pkv');
  return { renewable: reasons.length === 0, renewableUntil, reasons };
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/**
 * What a doctor's approval prescribes (issues 41 and 45): the medicine (a catalogue product), the
 * dosage text (annosteluohje) and the number of packages, and who may prescribe (a Valvira register
 * number). The API checks these on `POST /order/process-item/{id}`; the decision panel offers them.
 */
import type { TopicId } from './questionnaires.js';

/** Packages one approval may prescribe (the dispenseRequest's quantity). */
export const PACKAGES_MIN = 1;
export const PACKAGES_MAX = 10;
/** The longest dosage text. */
export const DOSAGE_MAX_LENGTH = 500;

/**
 * A register number of Valvira's register of health-care professionals (Terhikki): digits only.
 * Real ones are 11 digits; the check allows 5–12 so that test numbers of other registers fit.
 */
export const REGISTER_NUMBER_PATTERN = /^\d{5,12}$/;

export function isRegisterNumber(value: string): boolean {
  return REGISTER_NUMBER_PATTERN.test(value);
}

/**
 * The usual medicines of a new-prescription topic, as ATC code prefixes: the decision panel offers
 * the catalogue's available products of these first (allergy: antihistamines, nasal corticosteroids,
 * eye drops; urinary tract infection: the first-line antibiotics; erectile dysfunction: PDE5 inhibitors).
 */
export const TOPIC_USUAL_ATC: Record<TopicId, readonly string[]> = {
  allergy: ['R06A', 'R01AD', 'S01GX'],
  urethritis: ['J01XE01', 'J01EA01', 'J01XX01', 'J01CA08'],
  erection_disorder: ['G04BE'],
};

/** The usual ATC prefixes of a topic (none for an unknown topic). */
export function usualAtcOf(topic: string | null | undefined): readonly string[] {
  return topic && topic in TOPIC_USUAL_ATC ? TOPIC_USUAL_ATC[topic as TopicId] : [];
}

/** The API's messages about prescribing (catalog keys; the texts name the limits above: 500 characters, 1–10 packages). */
export const PRESCRIBING_MESSAGES = {
  registerNumberMissing: 'errors.registerNumberMissing',
  dosageRequired: 'errors.dosageRequired',
  dosageNoPrevious: 'errors.dosageNoPrevious',
  dosageTooLong: 'errors.dosageTooLong',
  productRequired: 'errors.prescribedProductRequired',
  productNotPrescribable: 'errors.prescribedProductNotPrescribable',
  packagesInvalid: 'errors.packagesInvalid',
  centreUnavailable: 'errors.centreUnavailable',
} as const;

/** The prescribed product as the catalogue named it at the approval (order_item.prescribed_medication). */
export interface PrescribedMedication {
  name: string;
  strength: string;
  form: string;
  packageSize: string;
  vnr: string | null;
  atcCode: string;
}

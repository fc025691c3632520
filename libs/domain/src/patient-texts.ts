/**
 * Texts stored in Finnish that a patient reads in their own language (issue 44): the doctors'
 * standard reasons, the new-prescription topics and the medicines' forms are catalog keys
 * (docs/i18n.md, "Standard texts"); a doctor's own words are shown as written.
 */
import { t, type TextKey } from './i18n.js';
import type { Language } from './language.js';
import { isTopicId } from './questionnaires.js';
import { DEFAULT_REJECTION_REASON } from './status.js';

/**
 * The doctors' standard reasons, by the code stored with a decision (order_item.reason_code): the
 * Finnish text the doctor's screen offers, exactly as SPEC gives it.
 */
export const STANDARD_REASONS = {
  insufficientInformation: DEFAULT_REJECTION_REASON,
} as const;
export type StandardReasonCode = keyof typeof STANDARD_REASONS;

function isStandardReasonCode(code: string | null | undefined): code is StandardReasonCode {
  return typeof code === 'string' && Object.hasOwn(STANDARD_REASONS, code);
}

/** The code of a doctor's reason when it is a standard one, word for word; null for the doctor's own text. */
export function standardReasonCode(reason: string): StandardReasonCode | null {
  const text = reason.trim();
  return (Object.keys(STANDARD_REASONS) as StandardReasonCode[]).find((code) => STANDARD_REASONS[code] === text) ?? null;
}

/** A doctor's reason as the patient reads it: a standard one in the patient's language, the doctor's own words as written (and said to be theirs). */
export interface PatientReason {
  text: string;
  doctorsOwn: boolean;
}

export function patientReason(item: { reasonForDecision: string; reasonCode?: string | null }, language: Language): PatientReason {
  const code = item.reasonCode ?? standardReasonCode(item.reasonForDecision);
  if (isStandardReasonCode(code)) return { text: t(`decisionReasons.${code}`, language), doctorsOwn: false };
  return { text: item.reasonForDecision, doctorsOwn: true };
}

/** 'Lääkärin oma teksti' after a doctor's own words; nothing after a standard reason. */
export function patientReasonLine(reason: PatientReason, language: Language): string {
  return reason.doctorsOwn ? `${reason.text} (${t('decisionReasons.doctorsOwn', language)})` : reason.text;
}

/** An item's name in the patient's language: a new-prescription request's topic ('Allergia' → 'Allergi'), a medicine's own name. */
export function patientItemName(item: { medicalProblem?: string | null; displayName: string }, language: Language): string {
  return isTopicId(item.medicalProblem) ? t(`questionnaire.topics.${item.medicalProblem}`, language) : item.displayName;
}

/**
 * The pharmaceutical forms of the catalogue as EDQM Standard Terms (the terms the national
 * registers use): the code and the Finnish term of Fimea's register (LAAKEMUOTO). Their Swedish
 * and English terms are the catalogs' `dosageForms.e<code>`. Every form of the imported catalogue
 * (docs/samples/products.csv) is here; add a new form's term when the register brings one.
 */
export const DOSAGE_FORMS: ReadonlyArray<{ code: string; fi: string }> = [
  { code: '10219000', fi: 'tabletti' },
  { code: '10221000', fi: 'tabletti, kalvopäällysteinen' },
  { code: '10225000', fi: 'enterotabletti' },
  { code: '10226000', fi: 'depottabletti' },
  { code: '10210000', fi: 'kapseli, kova' },
  { code: '10212000', fi: 'enterokapseli, kova' },
  { code: '11109000', fi: 'inhalaatiojauhe' },
  { code: '10809000', fi: 'nenäsumute, suspensio' },
];

/** The EDQM code of a form by its Finnish term (case and spacing ignored), or null for a form not in the list. */
export function dosageFormCode(finnish: string): string | null {
  const term = finnish.trim().replace(/\s+/g, ' ').toLocaleLowerCase('fi');
  return DOSAGE_FORMS.find((f) => f.fi === term)?.code ?? null;
}

/** A form in the patient's language ('tabletti, kalvopäällysteinen' → 'filmdragerad tablett'); an unknown form keeps its Finnish text. */
export function dosageFormName(finnish: string, language: Language): string {
  const code = dosageFormCode(finnish);
  return code ? t(`dosageForms.e${code}` as TextKey, language) : finnish;
}

/** Decisions and the patient-facing status texts (SPEC section 4). */
import type { Decision, ItemType } from './api-rules.js';
import { FINNISH_CATALOG, t } from './i18n.js';
import type { Language } from './language.js';
import { addMonthsToDate, isTwoYearPrescription, renewalWindowMonths } from './e-prescription-rules.js';
import { fromHelsinkiLocal, helsinkiParts } from './time.js';

/**
 * The status lines of a patient's prescription card, in Finnish (each language's are under `status`
 * in its catalog). Marked pure: a bundle that never reads it (the web's) leaves the catalog out.
 */
export const STATUS_TEXTS = /* @__PURE__ */ (() => FINNISH_CATALOG.status)();

export const DEFAULT_REJECTION_REASON = 'Lääkettä ei voida myöntää annettujen tietojen perusteella.';

export const RECENT_DECISION_WINDOW_MS = 24 * 60 * 60 * 1000;
export const RENEWABLE_YEARS = 2;

/** 'rejected' and 'rejected-with-coupon' (any value starting with 'rejected'). */
export function isRejected(decision: string | null | undefined): boolean {
  return typeof decision === 'string' && decision.startsWith('rejected');
}

export function isApproved(decision: string | null | undefined): boolean {
  return decision === 'approved';
}

/** Approved or rejected (of any kind). */
export function isDecided(decision: string | null | undefined): boolean {
  return isApproved(decision) || isRejected(decision);
}

/** True when a decision delivered at deliveryTime is still within the 24 h "recent" window at now. */
export function isRecentDecision(deliveryTime: Date | string, now: Date = new Date()): boolean {
  const delivered = new Date(deliveryTime).getTime();
  const diff = now.getTime() - delivered;
  return diff >= 0 && diff < RECENT_DECISION_WINDOW_MS;
}

/**
 * Delivery time plus two years (same Helsinki wall-clock time; 29 Feb → 28 Feb).
 */
export function renewableTill(deliveryTime: Date): Date {
  const p = helsinkiParts(deliveryTime);
  const year = p.year + RENEWABLE_YEARS;
  const lastDay = new Date(Date.UTC(year, p.month, 0)).getUTCDate();
  return fromHelsinkiLocal(year, p.month, Math.min(p.day, lastDay), p.hour, p.minute, p.second);
}

/** 'Uusittavissa 11/2028 asti' (Helsinki month/year of the given date). */
export function renewableTillText(d: Date | string, language: Language = 'fi'): string {
  const p = helsinkiParts(d);
  return t('customer.prescriptions.renewableTill', language, { date: `${p.month}/${p.year}` });
}

/**
 * Until when the patient can ask to renew a prescription recorded in the Prescription Centre
 * (e-prescription-rules): its date (the approval) + 28 months when it is valid two years, + 16
 * months when one (its medicine's class). An ISO date (Helsinki).
 */
export function ePrescriptionRenewableUntil(authoredOn: Date | string, validUntil: string): string {
  const twoYear = isTwoYearPrescription({ authoredOn: new Date(authoredOn).toISOString(), validUntil, narcoticOrPkv: false, specialPermit: false });
  return addMonthsToDate(authoredOn, renewalWindowMonths(twoYear ? 2 : 1));
}

export interface StatusTextItem {
  type: ItemType | string;
  decision: Decision | '' | null;
  /** Decided and delivered within the last 24 hours. */
  recent?: boolean;
  /** false while the order is not delivered: the item then counts as undecided. */
  delivered?: boolean;
}

/** Which status line a patient's prescription card shows (a key of STATUS_TEXTS, so each language has it). */
export function patientStatusKey(item: StatusTextItem): keyof typeof STATUS_TEXTS {
  const isNew = item.type === 'prescription';
  const decision = item.decision ?? '';
  if (decision === '') return isNew ? 'prescriptionRequest' : 'selectedForRenewal';
  if (item.delivered === false || !isDecided(decision)) return 'waiting';
  if (isRejected(decision)) return isNew ? 'prescriptionRejected' : 'renewalRejected';
  if (isNew) return 'prescriptionGranted';
  return item.recent ? 'renewed' : 'renewable';
}

/** The status line of a patient's prescription card ('Uusittavissa', 'Kan förnyas', 'Renewable'). */
export function patientStatusText(item: StatusTextItem, language: Language = 'fi'): string {
  return t(`status.${patientStatusKey(item)}`, language);
}

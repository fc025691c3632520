/**
 * Finnish personal identity code (henkilötunnus, "hetu"): DDMMYYCNNNT.
 *  - DDMMYY birth date, C century separator, NNN individual number,
 *    T check character.
 * Century separators follow the 2023 reform:
 *   1800s '+'; 1900s '-', 'Y', 'X', 'W', 'V', 'U'; 2000s 'A', 'B', 'C', 'D', 'E', 'F'.
 * Individual numbers 002–899 are ordinary, 900–999 temporary identifiers
 * (accepted); 000 and 001 are never issued (rejected).
 */
import { MESSAGES } from './messages.js';

export const HETU_LENGTH = 11;

const CHECK_CHARS = '0123456789ABCDEFHJKLMNPRSTUVWXY';

const CENTURY_BY_SEPARATOR: Readonly<Record<string, number>> = {
  '+': 1800,
  '-': 1900,
  Y: 1900,
  X: 1900,
  W: 1900,
  V: 1900,
  U: 1900,
  A: 2000,
  B: 2000,
  C: 2000,
  D: 2000,
  E: 2000,
  F: 2000,
};

const HETU_SHAPE = /^(\d{2})(\d{2})(\d{2})([-+A-FU-Y])(\d{3})([0-9A-Y])$/;

/** Trims surrounding whitespace and uppercases. */
export function normalizeHetu(v: string): string {
  return v.trim().toUpperCase();
}

/** Check character for the nine digits DDMMYY + NNN. */
export function hetuCheckChar(dateDigits: string, individualNumber: string): string {
  return CHECK_CHARS[Number(dateDigits + individualNumber) % 31]!;
}

function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

function daysInMonth(y: number, m: number): number {
  return [31, isLeapYear(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]!;
}

interface HetuParts {
  year: number;
  month: number;
  day: number;
  individual: number;
}

function decompose(v: string): HetuParts | null {
  const h = normalizeHetu(v);
  if (h.length !== HETU_LENGTH) return null;
  const m = HETU_SHAPE.exec(h);
  if (!m) return null;
  const [, dd, mm, yy, sep, nnn, check] = m as unknown as [string, string, string, string, string, string, string];
  const century = CENTURY_BY_SEPARATOR[sep];
  if (century === undefined) return null;
  const day = Number(dd);
  const month = Number(mm);
  const year = century + Number(yy);
  if (month < 1 || month > 12) return null;
  if (day < 1 || day > daysInMonth(year, month)) return null;
  const individual = Number(nnn);
  if (individual < 2) return null;
  if (hetuCheckChar(dd + mm + yy, nnn) !== check) return null;
  return { year, month, day, individual };
}

/** null when valid, otherwise the Finnish error message. */
export function validateHetu(v: string): string | null {
  return decompose(v) ? null : MESSAGES.hetuInvalid;
}

export function isValidHetu(v: string): boolean {
  return decompose(v) !== null;
}

/** A valid hetu with a temporary individual number (900–999): test identities are of these, never a permanent hetu. */
export function isTemporaryHetu(v: string): boolean {
  return (decompose(v)?.individual ?? 0) >= 900;
}

export interface ParsedHetu {
  /** YYYY-MM-DD */
  birthDate: string;
  sex: 'm' | 'f';
}

export function parseHetu(v: string): ParsedHetu | null {
  const p = decompose(v);
  if (!p) return null;
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return {
    birthDate: `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`,
    sex: p.individual % 2 === 1 ? 'm' : 'f',
  };
}

/** The default minimum age of a customer at registration (MIN_AGE, issue 27). */
export const DEFAULT_MIN_AGE = 18;

/** Age in whole years on `today` (a Helsinki date YYYY-MM-DD) of someone born on `birthDate` (YYYY-MM-DD). */
export function ageOn(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** What the doctor's order view tells of the patient: age in whole years and sex, from the hetu. */
export interface PatientFacts {
  age: number;
  sex: 'm' | 'f';
}

/** The patient's age on `today` (a Helsinki date YYYY-MM-DD) and sex, read from the hetu; null when it is not a valid hetu. */
export function patientFactsOf(hetu: string, today: string): PatientFacts | null {
  const parsed = parseHetu(hetu);
  return parsed ? { age: ageOn(parsed.birthDate, today), sex: parsed.sex } : null;
}

/** Whole days from the Helsinki date `from` to `to` (both YYYY-MM-DD): 0 on the same day. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

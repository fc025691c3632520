/**
 * The search parameters of GET /api/fhir/MedicationRequest (pure): `_lastUpdated` with the
 * prefixes gt, ge, lt and le (repeatable: both ends of a window), `_count` (1–100, default 50)
 * and `_cursor`, the paging token of a `next` link. Anything else a client sends is ignored, as
 * FHIR servers do by default (lenient handling); a bad value of these three is 400.
 */
import { FhirError } from './fhir-outcome.js';

export const FHIR_PAGE_DEFAULT = 50;
export const FHIR_PAGE_MAX = 100;
/** The largest PostgreSQL integer: beyond it no record exists. */
export const MAX_ID = 2_147_483_647;

export interface LastUpdatedBound {
  op: '>' | '>=' | '<' | '<=';
  at: Date;
}

export interface MedicationRequestSearch {
  lastUpdated: LastUpdatedBound[];
  count: number;
  after: { updatedAt: Date; itemId: number } | null;
}

/** 400 naming the parameter: its code is `<parameter in snake case>_invalid` (count_invalid, last_updated_invalid, cursor_invalid). */
const invalid = (parameter: string, en: string, fi: string) =>
  new FhirError(400, `${parameter.replace(/^_/, '').replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}_invalid`, en, fi, parameter);

const LAST_UPDATED = () =>
  invalid(
    '_lastUpdated',
    '_lastUpdated is gt, ge, lt or le followed by a date or an instant with its time zone, e.g. gt2026-11-25T08:00:00Z.',
    '_lastUpdated on gt, ge, lt tai le ja päivä tai aikaleima aikavyöhykkeineen, esim. gt2026-11-25T08:00:00Z.',
  );

/**
 * One `_lastUpdated` value. A date alone stands for the whole (UTC) day: gt a day is after its end,
 * ge from its start, lt before its start, le to its end.
 */
function lastUpdatedBound(value: string): LastUpdatedBound {
  const match = /^(gt|ge|lt|le)((\d{4})-\d\d-\d\d(T\d\d:\d\d(:\d\d(\.\d{1,9})?)?(Z|[+-]\d\d:\d\d))?)$/.exec(value);
  if (!match || Number(match[3]) < 1) throw LAST_UPDATED();
  const dateOnly = match[4] === undefined;
  const at = new Date(dateOnly ? `${match[2]}T00:00:00Z` : match[2]);
  if (Number.isNaN(at.getTime())) throw LAST_UPDATED();
  const dayEnd = new Date(at.getTime() + 86_400_000);
  switch (match[1]) {
    case 'gt':
      return dateOnly ? { op: '>=', at: dayEnd } : { op: '>', at };
    case 'ge':
      return { op: '>=', at };
    case 'lt':
      return { op: '<', at };
    default:
      return dateOnly ? { op: '<', at: dayEnd } : { op: '<=', at };
  }
}

const list = (value: unknown): string[] => (value === undefined ? [] : Array.isArray(value) ? value.map(String) : [String(value)]);

export function encodeFhirCursor(updatedAt: Date, itemId: number): string {
  return Buffer.from(`${updatedAt.toISOString()}|${itemId}`).toString('base64url');
}

function decodeFhirCursor(cursor: string): { updatedAt: Date; itemId: number } {
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString().split('|');
  const updatedAt = new Date(at ?? '');
  const wrong = rest.length > 0 || !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(at ?? '') || Number.isNaN(updatedAt.getTime()) || !/^\d{1,10}$/.test(id ?? '') || Number(id) > MAX_ID;
  if (wrong) throw invalid('_cursor', 'The _cursor is not one this server wrote: follow the next link as it is.', 'Sivutustunniste (_cursor) on virheellinen.');
  return { updatedAt, itemId: Number(id) };
}

export function parseMedicationRequestSearch(query: Record<string, unknown>): MedicationRequestSearch {
  const counts = list(query._count);
  if (counts.length > 1 || (counts.length === 1 && !/^\d{1,3}$/.test(counts[0])) || (counts.length === 1 && (Number(counts[0]) < 1 || Number(counts[0]) > FHIR_PAGE_MAX))) {
    throw invalid('_count', `_count is an integer from 1 to ${FHIR_PAGE_MAX}.`, `_count on kokonaisluku 1–${FHIR_PAGE_MAX}.`);
  }
  const cursors = list(query._cursor);
  if (cursors.length > 1 || (cursors[0] ?? '').length > 200) throw invalid('_cursor', 'The _cursor is not one this server wrote: follow the next link as it is.', 'Sivutustunniste (_cursor) on virheellinen.');
  const lastUpdated = list(query._lastUpdated);
  if (lastUpdated.length > 2) throw LAST_UPDATED();
  return {
    lastUpdated: lastUpdated.map(lastUpdatedBound),
    count: counts.length ? Number(counts[0]) : FHIR_PAGE_DEFAULT,
    after: cursors.length ? decodeFhirCursor(cursors[0]) : null,
  };
}

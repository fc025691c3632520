/**
 * The search parameters of GET /api/fhir/MedicationRequest (pure): `_lastUpdated` with the
 * prefixes gt, ge, lt and le (repeatable: both ends of a window), `_count` (1–100, default 50)
 * and `_cursor`, the paging token of a `next` link (and `_format`, checked before: fhir-format.ts).
 * Anything else a client sends is ignored, as FHIR servers do by default (lenient handling), unless
 * the client asks `Prefer: handling=strict`: then it is 400 naming the parameter. A bad value of
 * the three is 400 either way.
 */
import { FhirError } from './fhir-outcome.js';

export const FHIR_PAGE_DEFAULT = 50;
/** The error catalogue's count_invalid names it (libs/domain/src/integrator-errors.ts). */
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
  after: FhirCursor | null;
}

/**
 * Where a next link continues: after the item (changeXid, itemId) of the feed by commit (see
 * orders/change-feed.ts), and, for a link of the first version (by clock), after its
 * (updatedAt, itemId) too, so a client that follows an old link neither repeats nor skips.
 */
export interface FhirCursor {
  changeXid: string;
  itemId: number;
  floor: { updatedAt: Date; itemId: number } | null;
}

/** 400 naming the parameter in `expression`, with its code of the error catalogue. */
const invalid = (parameter: '_count' | '_lastUpdated' | '_cursor', code: 'count_invalid' | 'last_updated_invalid' | 'cursor_invalid') => new FhirError(400, code, { parameter });

const LAST_UPDATED = () => invalid('_lastUpdated', 'last_updated_invalid');
const CURSOR = () => invalid('_cursor', 'cursor_invalid');

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

/** `2|<change_xid>|<item id>`, plus the floor of a first-version link being followed, base64url. */
export function encodeFhirCursor(cursor: FhirCursor): string {
  const { changeXid, itemId, floor } = cursor;
  return Buffer.from([2, changeXid, itemId, ...(floor ? [floor.updatedAt.toISOString(), floor.itemId] : [])].join('|')).toString('base64url');
}

const isItemId = (id: string | undefined) => /^\d{1,10}$/.test(id ?? '') && Number(id) <= MAX_ID;

/** The (updated_at, item id) of a first-version link, or null. */
function clockFloor(at: string | undefined, id: string | undefined): { updatedAt: Date; itemId: number } | null {
  const updatedAt = new Date(at ?? '');
  const ok = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(at ?? '') && !Number.isNaN(updatedAt.getTime()) && isItemId(id);
  return ok ? { updatedAt, itemId: Number(id) } : null;
}

function decodeFhirCursor(cursor: string): FhirCursor {
  const parts = Buffer.from(cursor, 'base64url').toString().split('|');
  if (parts.length === 2) {
    const floor = clockFloor(parts[0], parts[1]);
    if (!floor) throw CURSOR();
    return { changeXid: '0', itemId: 0, floor };
  }
  const [version, xid, id, ...rest] = parts;
  const floor = rest.length === 2 ? clockFloor(rest[0], rest[1]) : null;
  if (version !== '2' || !/^\d{1,18}$/.test(xid ?? '') || !isItemId(id) || (rest.length > 0 && !floor)) throw CURSOR();
  return { changeXid: xid, itemId: Number(id), floor };
}

/** The parameters the search knows; in a self link only the first two are repeated (FHIR: the parameters the server used). */
export const SEARCH_PARAMETERS = ['_lastUpdated', '_count', '_cursor', '_format'] as const;

/** Whether `Prefer` asks for strict handling of search parameters (FHIR's `handling=strict`; lenient is the default). */
export const prefersStrict = (prefer: string | undefined): boolean => (prefer ?? '').split(/[,;]/).some((part) => /^\s*handling\s*=\s*"?strict"?\s*$/i.test(part));

export function parseMedicationRequestSearch(query: Record<string, unknown>, strict = false): MedicationRequestSearch {
  if (strict) {
    const unknown = Object.keys(query).find((name) => !(SEARCH_PARAMETERS as readonly string[]).includes(name));
    if (unknown !== undefined) {
      const name = unknown.slice(0, 64);
      throw new FhirError(400, 'search_parameter_unsupported', { about: name, parameter: name, issueType: 'not-supported' });
    }
  }
  const counts = list(query._count);
  if (counts.length > 1 || (counts.length === 1 && !/^\d{1,3}$/.test(counts[0])) || (counts.length === 1 && (Number(counts[0]) < 1 || Number(counts[0]) > FHIR_PAGE_MAX))) {
    throw invalid('_count', 'count_invalid');
  }
  const cursors = list(query._cursor);
  if (cursors.length > 1 || (cursors[0] ?? '').length > 200) throw CURSOR();
  const lastUpdated = list(query._lastUpdated);
  if (lastUpdated.length > 2) throw LAST_UPDATED();
  return {
    lastUpdated: lastUpdated.map(lastUpdatedBound),
    count: counts.length ? Number(counts[0]) : FHIR_PAGE_DEFAULT,
    after: cursors.length ? decodeFhirCursor(cursors[0]) : null,
  };
}

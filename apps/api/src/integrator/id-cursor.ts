import { INTEGRATOR_MESSAGES as M } from '@resepti/domain';
import { fieldRefusal } from '../platform/http/validation.js';

/**
 * An opaque cursor over a list ordered by a row id: `<kind>|<id>` in base64url, the id of the
 * page's last row. A list by id is stable under inserts: a new row gets a larger id, so it never
 * shifts a page that was already read (newest-first lists meet new rows only at their start).
 */
export const idCursor = (kind: string, id: number): string => Buffer.from(`${kind}|${id}`).toString('base64url');

/** The id in a cursor idCursor wrote for `kind`; anything else is 400 cursor_invalid at the parameter `cursor`. */
export function idOfCursor(kind: string, cursor: string): number {
  const match = /^([a-z0-9]+)\|(\d{1,10})$/.exec(Buffer.from(cursor, 'base64url').toString());
  const id = match?.[1] === kind ? Number(match[2]) : NaN;
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) throw fieldRefusal(M.cursorInvalid, ['cursor'], 'query');
  return id;
}

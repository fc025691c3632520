/**
 * The medicine catalogue file (docs/catalogue.md): one row per sales package, modelled on the
 * Finnish Medicines Agency's (Fimea) text files for databases: fields separated by semicolons,
 * the first line a header of column names, ISO 8859-1 (Fimea's own encoding) or UTF-8. Columns
 * are found by name, so their order does not matter and columns we do not use are ignored.
 * A file with any bad row is refused whole, with the rows at fault named.
 */

import { dosageFormCode } from '@resepti/domain';

/** The columns we read, by Fimea's names. */
export const PRODUCT_FILE_COLUMNS = {
  vnr: 'VNRNRO', // Nordic article number: identifies the package
  name: 'LAAKENIMI', // trade name
  strength: 'VAHVUUS',
  form: 'LAAKEMUOTO', // pharmaceutical form
  packageSize: 'PAKKAUSKOKO',
  atcCode: 'ATCKOODI',
  activeIngredient: 'LAAKEAINE', // the ATC substance name in Finnish, e.g. atorvastatiini
  prescription: 'RESEPTISTATUS', // R prescription only, K self-care
  pkv: 'PKV', // K: a PKV medicine (mainly acting on the central nervous system)
  narcotic: 'HUUMAUSAINE', // K: classified as a narcotic
  marketed: 'MYYNNISSA', // K: on the market; E: withdrawn
} as const;

type Field = keyof typeof PRODUCT_FILE_COLUMNS;

/** One package of the file, as the catalogue stores it. */
export interface CatalogueRow {
  vnr: string;
  name: string;
  strength: string;
  form: string;
  /** The form's EDQM Standard Term (dosageFormCode of LAAKEMUOTO), null for a form the list does not know. */
  formCode: string | null;
  packageSize: string;
  atcCode: string;
  activeIngredient: string;
  available: boolean;
  /** False for narcotic and PKV medicines: never renewed through the service (SPEC section 1). */
  renewable: boolean;
}

export class ProductFileError extends Error {}

const MAX_REPORTED_ERRORS = 20;

/** UTF-8 when the bytes are valid UTF-8, otherwise ISO 8859-1 (Fimea's files); a BOM is dropped. */
function decode(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('latin1').decode(bytes);
  }
  return text.replace(/^\uFEFF/, '');
}

/** The fields of one line: split at semicolons; a field in double quotes may hold ; and "" for ". */
function splitLine(line: string): string[] | null {
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    let field = '';
    if (line[i] === '"') {
      i++;
      for (;;) {
        const quote = line.indexOf('"', i);
        if (quote < 0) return null; // an unterminated quote
        field += line.slice(i, quote);
        i = quote + 1;
        if (line[i] !== '"') break;
        field += '"';
        i++;
      }
      if (i < line.length && line[i] !== ';') return null;
    } else {
      const end = line.indexOf(';', i);
      field = line.slice(i, end < 0 ? line.length : end);
      i = end < 0 ? line.length : end;
    }
    fields.push(field.trim());
    if (i >= line.length) return fields;
    i++; // past the semicolon
  }
}

/** K (kyllä) or E (ei), as Fimea writes yes/no. */
function yesNo(value: string): boolean | null {
  const v = value.toUpperCase();
  return v === 'K' ? true : v === 'E' ? false : null;
}

const ATC_CODE = /^[A-Z](\d{2}([A-Z]([A-Z](\d{2})?)?)?)?$/;

/** The rows of a catalogue file; throws ProductFileError naming the lines at fault. */
export function parseProductFile(bytes: Uint8Array): CatalogueRow[] {
  const lines = decode(bytes).split(/\r?\n/);
  const header = splitLine(lines[0] ?? '')?.map((h) => h.toUpperCase()) ?? [];
  const missing = Object.values(PRODUCT_FILE_COLUMNS).filter((c) => !header.includes(c));
  if (missing.length) throw new ProductFileError(`the header line lacks the column(s) ${missing.join(', ')} (columns are separated by ;)`);
  const index = Object.fromEntries(Object.entries(PRODUCT_FILE_COLUMNS).map(([field, column]) => [field, header.indexOf(column)])) as Record<Field, number>;

  const rows: CatalogueRow[] = [];
  const errors: string[] = [];
  const seen = new Map<string, number>();
  lines.forEach((line, i) => {
    if (i === 0 || line.trim() === '') return;
    const lineNo = i + 1;
    const fail = (problem: string) => errors.push(`line ${lineNo}: ${problem}`);
    const fields = splitLine(line);
    if (!fields || fields.length < header.length) return fail(`expected ${header.length} fields separated by ;`);
    const get = (field: Field) => fields[index[field]] ?? '';
    const row = {
      vnr: get('vnr'),
      name: get('name'),
      strength: get('strength'),
      form: get('form'),
      packageSize: get('packageSize'),
      atcCode: get('atcCode').toUpperCase(),
      activeIngredient: get('activeIngredient'),
    };
    if (!/^\d{6}$/.test(row.vnr)) return fail(`${PRODUCT_FILE_COLUMNS.vnr} must be 6 digits, not '${row.vnr}'`);
    if (seen.has(row.vnr)) return fail(`${PRODUCT_FILE_COLUMNS.vnr} ${row.vnr} is also on line ${seen.get(row.vnr)}`);
    seen.set(row.vnr, lineNo);
    for (const field of ['name', 'strength', 'form', 'packageSize', 'activeIngredient'] as const) {
      if (row[field] === '' || row[field].length > 200) return fail(`${PRODUCT_FILE_COLUMNS[field]} must be 1–200 characters`);
    }
    if (row.atcCode !== '' && !ATC_CODE.test(row.atcCode)) return fail(`${PRODUCT_FILE_COLUMNS.atcCode} '${row.atcCode}' is no ATC code`);
    if (!['R', 'K'].includes(get('prescription').toUpperCase())) return fail(`${PRODUCT_FILE_COLUMNS.prescription} must be R or K`);
    const pkv = yesNo(get('pkv'));
    const narcotic = yesNo(get('narcotic'));
    const marketed = yesNo(get('marketed'));
    if (pkv === null || narcotic === null || marketed === null) return fail(`${PRODUCT_FILE_COLUMNS.pkv}, ${PRODUCT_FILE_COLUMNS.narcotic} and ${PRODUCT_FILE_COLUMNS.marketed} must be K or E`);
    rows.push({ ...row, formCode: dosageFormCode(row.form), available: marketed, renewable: !pkv && !narcotic });
  });
  if (errors.length) {
    const more = errors.length > MAX_REPORTED_ERRORS ? `\n… and ${errors.length - MAX_REPORTED_ERRORS} more` : '';
    throw new ProductFileError(`the file has ${errors.length} bad row(s); nothing was imported:\n${errors.slice(0, MAX_REPORTED_ERRORS).join('\n')}${more}`);
  }
  if (rows.length === 0) throw new ProductFileError('the file has no products; nothing was imported');
  return rows;
}

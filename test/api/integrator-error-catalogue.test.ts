/**
 * One error catalogue for the whole integrator surface (issue 42): the FHIR view's
 * OperationOutcomes carry the same codes and fi/sv/en texts as /api/v1's problem+json
 * (libs/domain/src/integrator-errors.ts), and docs/integrators.md says what the API really
 * answers: its Errors example is the answer to that request, its code table is the catalogue.
 */
import type { Element, OperationOutcome, OperationOutcomeIssue } from '@medplum/fhirtypes';
import { PROBLEM_TEXTS, problemTextOf, type ProblemDetails, type ProblemText } from '@resepti/domain';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fhirErrors } from '../../apps/api/src/prescription-centre/fhir-validation';
import { startApp, type TestApp } from '../support/app';
import { createApiClient, IntegratorClient } from '../support/integrator';

const ROOT = path.resolve(__dirname, '../..');
const TRANSLATION = 'http://hl7.org/fhir/StructureDefinition/translation';

let app: TestApp;
let keskus: IntegratorClient;
let officeId: number;
let productId: number;
let guide: string;

beforeAll(async () => {
  app = await startApp();
  keskus = await IntegratorClient.signIn(app, await createApiClient(app, 'Keskusapteekki', 'Virhekassa'));
  [{ id: officeId }] = await app.sql<{ id: number }>(`SELECT id FROM pharmacy_office WHERE name = 'Keskusapteekki Kauppatori'`);
  [{ id: productId }] = await app.sql<{ id: number }>(`SELECT id FROM product WHERE renewable AND available ORDER BY id LIMIT 1`);
  guide = await readFile(path.join(ROOT, 'docs/integrators.md'), 'utf8');
  // A budget for a start and the admin CLI on a shared, loaded machine; not a measurement.
}, 180_000);
afterAll(async () => {
  await app?.stop();
});

/** The guide's Errors section (to the next `## ` heading). */
function errorsSection(): string {
  const start = guide.indexOf('\n## Errors\n');
  const end = guide.indexOf('\n## ', start + 1);
  return guide.slice(start, end === -1 ? undefined : end);
}

/** The rows of the guide's code table: `| \`code\` | English | Finnish | Swedish |` (a `\|` is a `|` of the text). */
function documentedCodes(): ProblemText[] {
  return errorsSection()
    .split('\n')
    .filter((line) => /^\| `[a-z_0-9]+` \|/.test(line))
    .map((line) => line.slice(2, -2).split(/ (?<!\\)\| /).map((cell) => cell.replace(/\\\|/g, '|')))
    .filter((cells) => cells.length === 4)
    .map(([code, en, fi, sv]) => ({ code: code.replace(/`/g, ''), en, fi, sv }))
    // The table's own header row.
    .filter((row) => row.code !== 'code');
}

// Each entry as answered (a Finnish text that is a key of the catalogs read).
const catalogue = new Map(PROBLEM_TEXTS.map((entry) => [entry.code, problemTextOf(entry.code)!]));

/** A text as the catalogue has it, or with what it is about after ': ' (a parameter's or resource's name). */
const isCatalogued = (given: string | undefined, text: string) => given === text || (given ?? '').startsWith(`${text}: `);

/** The Swedish (or other) translation of an issue's details.text (FHIR's translation extension). */
const translationOf = (issue: OperationOutcomeIssue, lang: string) =>
  // `_text`: the extensions of details.text (FHIR JSON's primitive extensions; not in @medplum/fhirtypes' types).
  (issue.details as { _text?: Element } | undefined)?._text?.extension
    ?.filter((e) => e.url === TRANSLATION)
    .find((e) => e.extension?.some((part) => part.url === 'lang' && part.valueCode === lang))
    ?.extension?.find((part) => part.url === 'content')?.valueString;

describe('the FHIR view’s errors', () => {
  it('carry a catalogued code with its English, Finnish and Swedish texts, are valid R4, and the guide’s table lists each code', async () => {
    const token = keskus.token;
    const cases: Array<[string, string, RequestInit, number, string]> = [
      ['a bad _count', '/MedicationRequest?_count=0', {}, 400, 'count_invalid'],
      ['a bad _lastUpdated', '/MedicationRequest?_lastUpdated=yesterday', {}, 400, 'last_updated_invalid'],
      ['a cursor it never wrote', '/MedicationRequest?_cursor=bm90LWEtY3Vyc29y', {}, 400, 'cursor_invalid'],
      ['an unknown parameter, strictly', '/MedicationRequest?_sort=date', { headers: { prefer: 'handling=strict' } }, 400, 'search_parameter_unsupported'],
      ['XML asked for', '/MedicationRequest', { headers: { accept: 'application/fhir+xml' } }, 406, 'format_not_acceptable'],
      ['an unknown MedicationRequest', '/MedicationRequest/2147483647', {}, 404, 'resource_not_found'],
      ['an unknown Organization', '/Organization/office-2147483647', {}, 404, 'resource_not_found'],
      ['a write', '/MedicationRequest', { method: 'POST', headers: { 'content-type': 'application/fhir+json' }, body: '{"resourceType":"MedicationRequest"}' }, 405, 'method_not_allowed'],
      ['an unknown path', '/Patient', {}, 404, 'route_not_found'],
      ['no token', '/MedicationRequest', { headers: { authorization: '' } }, 401, 'token_missing'],
      ['a wrong token', '/MedicationRequest', { headers: { authorization: 'Bearer rat_wrong' } }, 401, 'token_invalid'],
      ['a malformed JSON body', '/MedicationRequest/_search', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"no' }, 400, 'malformed_json'],
      ['a body over 100 kB', '/MedicationRequest', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ note: 'x'.repeat(200_000) }) }, 413, 'payload_too_large'],
      // Refused by the router with no message of the catalogue's: the status's own code (it was `http_400`).
      ['an id that is no URL encoding', '/Practitioner/%E0%A4%A', {}, 400, 'bad_request'],
    ];
    const documented = new Set(documentedCodes().map((row) => row.code));
    for (const [what, at, init, status, code] of cases) {
      const res = await fetch(`${app.baseUrl}/api/fhir${at}`, { ...init, headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) } });
      const outcome = (await res.json()) as OperationOutcome;
      const issue = outcome.issue?.[0] ?? ({} as OperationOutcomeIssue);
      const given = issue.details?.coding?.[0]?.code ?? '';
      const entry = catalogue.get(given);
      expect({ what, status: res.status, type: res.headers.get('content-type')?.split(';')[0], code: given, invalid: fhirErrors(outcome) }).toEqual({ what, status, type: 'application/fhir+json', code, invalid: [] });
      expect({ what, code, inCatalogue: Boolean(entry), inGuide: documented.has(code) }).toEqual({ what, code, inCatalogue: true, inGuide: true });
      const texts = { en: issue.details?.text, display: issue.details?.coding?.[0]?.display, fi: issue.diagnostics, fiTranslation: translationOf(issue, 'fi'), sv: translationOf(issue, 'sv') };
      expect({ what, en: isCatalogued(texts.en, entry!.en), display: isCatalogued(texts.display, entry!.en), fi: isCatalogued(texts.fi, entry!.fi), fiTranslation: texts.fiTranslation === texts.fi, sv: isCatalogued(texts.sv, entry!.sv), texts }).toEqual({
        what,
        en: true,
        display: true,
        fi: true,
        fiTranslation: true,
        sv: true,
        texts,
      });
    }
  });
});

describe('the guide’s Errors section', () => {
  it('shows as its example what the API answers to that request (a hetu whose check character is wrong)', async () => {
    const block = /```json\n([\s\S]*?)\n```/.exec(errorsSection())?.[1];
    const example = JSON.parse(block ?? 'null') as ProblemDetails;
    expect(example.code).toBe('hetu_invalid');
    const res = await keskus.call<ProblemDetails>('POST', '/orders', {
      officeId,
      patient: { hetu: '121212-913X', firstName: 'Matti', lastName: 'Meikäläinen' },
      items: [{ productId, reason: 'Lääke loppumassa' }],
      deliveryOption: 'delivery-20-min',
    });
    expect(res.status).toBe(example.status);
    // Each answer has its own requestId; everything else is the example's.
    expect({ ...res.body, requestId: '(any)' }).toEqual({ ...example, requestId: '(any)' });
    expect(res.body.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('lists in its code table exactly the catalogue, with the catalogue’s texts', () => {
    const rows = documentedCodes();
    expect(rows.length).toBeGreaterThan(50);
    expect(rows.map((row) => row.code).sort()).toEqual(PROBLEM_TEXTS.map((entry) => entry.code).sort());
    const differing = rows.filter((row) => JSON.stringify(row) !== JSON.stringify({ code: row.code, en: catalogue.get(row.code)?.en, fi: catalogue.get(row.code)?.fi, sv: catalogue.get(row.code)?.sv }));
    expect(differing).toEqual([]);
  });
});

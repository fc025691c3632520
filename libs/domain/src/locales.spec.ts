/**
 * The one catalog per language (locales/fi.json, sv.json, en.json): the same keys everywhere, every
 * key the code asks for is there, SPEC.md's Finnish as SPEC writes it, and no Swedish text in any
 * source file outside the catalogs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { formatDate, formatDateTime, formatTime } from './language.js';
import { formatDateTimeFi } from './time.js';
import { accountClosedSms, credentialChangedSms, MESSAGES, orderHandledSms } from './messages.js';
import { isTextKey, localizeMessage, t, type TextKey } from './locales/all.js';
import { QUESTIONNAIRE_ACCEPTANCE_TEXT, QUESTIONNAIRE_ORDER_CONFIRM, QUESTIONNAIRE_REJECTION_TEXT, QUESTIONNAIRES, questionnaireKeys, TOPICS } from './questionnaires.js';
import { patientStatusText, renewableTillText, STATUS_TEXTS } from './status.js';
import { VALIDATION_MESSAGES } from './validation.js';

const ROOT = join(__dirname, '..', '..', '..');
const LOCALES = join(__dirname, 'locales');
const catalog = (language: string) => JSON.parse(readFileSync(join(LOCALES, `${language}.json`), 'utf8')) as Record<string, unknown>;

/** 'customer.cart.title' → its text, for every text of a catalog (list items by index). */
function flatten(node: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (node !== null && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) for (const [kk, vv] of flatten(v, prefix ? `${prefix}.${k}` : k)) out.set(kk, vv);
  } else out.set(prefix, node);
  return out;
}

const FI = flatten(catalog('fi'));
const SV = flatten(catalog('sv'));
const EN = flatten(catalog('en'));

/** The hand-written source files of apps/ and libs/ (no builds, no dependencies). */
function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', 'coverage'].includes(entry.name) || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(path, out);
    else if (/\.(ts|tsx|mjs|cjs|js)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}
const SOURCES = [...sourceFiles(join(ROOT, 'apps')), ...sourceFiles(join(ROOT, 'libs'))];

/** A key the code names: itself, or its plural forms. */
const known = (key: string) => FI.has(key) || (FI.has(`${key}_one`) && FI.has(`${key}_other`));

describe('the catalogs', () => {
  it('have the same keys in Finnish, Swedish and English, none of them empty, and at least 300 of them', () => {
    expect([...SV.keys()].sort()).toEqual([...FI.keys()].sort());
    expect([...EN.keys()].sort()).toEqual([...FI.keys()].sort());
    for (const texts of [FI, SV, EN]) {
      expect([...texts].filter(([, text]) => typeof text !== 'string' || text.trim() === '').map(([key]) => key)).toEqual([]);
    }
    expect(FI.size).toBeGreaterThanOrEqual(300);
    // The registration wizard counts five steps (apps/web/src/customer/RegisterHelloPage.tsx).
    expect([...FI.keys()].filter((k) => k.startsWith('customer.register.stepNames.'))).toHaveLength(5);
  });

  it('have every key the code asks for: t(…), tObject(…) and the message keys of the API', () => {
    const missing: string[] = [];
    for (const file of SOURCES.filter((f) => !f.includes(`${join('locales', '')}`))) {
      const text = readFileSync(file, 'utf8');
      const where = relative(ROOT, file);
      // t('key'), t('key', …), tObject<…>('key')
      for (const [, key] of text.matchAll(/\bt(?:Object(?:<[^>]*>)?)?\(\s*'([a-zA-Z][\w.]*)'/g)) if (!known(key) && ![...FI.keys()].some((k) => k.startsWith(`${key}.`))) missing.push(`${where}: ${key}`);
      // t(`app.wrongRole.for.${level}`): some key fits
      for (const [, pattern] of text.matchAll(/\bt\(\s*`([a-zA-Z][\w.]*\$\{[^`]*)`/g)) {
        const re = new RegExp(`^${pattern.replace(/\./g, '\\.').replace(/\$\{[^}]*\}/g, '[\\w]+')}(_one|_other)?$`);
        if (![...FI.keys()].some((k) => re.test(k))) missing.push(`${where}: ${pattern}`);
      }
      // Message constants thrown by key ('errors.cartEmpty').
      for (const [, key] of text.matchAll(/'((?:errors|sms|status|idp|questionnaire)\.[\w.]+)'/g)) if (!known(key)) missing.push(`${where}: ${key}`);
    }
    expect(missing).toEqual([]);
  });

  it("hold SPEC.md's Finnish texts exactly as SPEC writes them", () => {
    // Copied from SPEC.md (the contract; it lives outside the repository, so the test holds the copy).
    const fromSpec = [
      'Kirjautumistiedot virheelliset. Yritä uudelleen',
      'Tarkista henkilöturvatunnus',
      'Salasanan pitää olla vähintään kahdeksan merkkiä pitkä.',
      'Salasanan pitää sisältää vähintään yksi pieni, yksi iso kirjain ja yksi numero.',
      'Sähköpostin muoto on virheellinen.',
      'Valittu uusittavaksi',
      'Odottaa käsittelyä',
      'Resepti uusittu',
      'Hylätty - ei uusittavissa',
      'Lisätietoa hyväksynnästä',
    ];
    const finnish = new Set(FI.values());
    expect(fromSpec.filter((text) => !finnish.has(text))).toEqual([]);
    expect(t(MESSAGES.loginFailed, 'fi')).toBe('Kirjautumistiedot virheelliset. Yritä uudelleen');
    expect(t(MESSAGES.hetuInvalid, 'fi')).toBe('Tarkista henkilöturvatunnus');
    expect(STATUS_TEXTS.waiting).toBe('Odottaa käsittelyä');
  });

  it("hold the questionnaires' Finnish texts under their keys (the screen shows the keys' texts, the record keeps the Finnish)", () => {
    expect(t(questionnaireKeys.orderConfirm, 'fi')).toBe(QUESTIONNAIRE_ORDER_CONFIRM);
    for (const topic of TOPICS) {
      expect(t(questionnaireKeys.topic(topic.id), 'fi')).toBe(topic.name);
      for (const step of QUESTIONNAIRES[topic.id]) {
        expect(t(questionnaireKeys.question(topic.id, step), 'fi')).toBe(step.question);
        for (const answer of step.answers ?? []) expect(t(questionnaireKeys.answer(topic.id, step, answer.text) as TextKey, 'fi')).toBe(answer.text);
        if (step.placeholder) expect(t(questionnaireKeys.placeholder(topic.id, step), 'fi')).toBe(step.placeholder);
      }
    }
    expect([QUESTIONNAIRE_REJECTION_TEXT, QUESTIONNAIRE_ACCEPTANCE_TEXT].every((text) => new Set(FI.values()).has(text))).toBe(true);
    expect(t(questionnaireKeys.question('allergy', QUESTIONNAIRES.allergy[0]), 'sv')).toBe('Var uppträder dina allergisymtom?');
  });
});

describe('t()', () => {
  it('gives the text of a key in each language, with its values and plural forms', () => {
    expect(t('errors.cartEmpty', 'fi')).toBe('Ostoskori on tyhjä.');
    expect(t('errors.cartEmpty', 'sv')).toBe('Varukorgen är tom.');
    expect(t('errors.cartEmpty', 'en')).toBe('The basket is empty.');
    expect(localizeMessage(VALIDATION_MESSAGES.tooYoung(20), 'sv')).toBe('Tjänsten kan användas endast av personer som fyllt 20 år. Kontakta din egen hälsocentral eller läkare.');
    expect(localizeMessage(VALIDATION_MESSAGES.tooYoung(18), 'fi')).toBe('Palvelua voivat käyttää vain vähintään 18-vuotiaat. Ota yhteyttä omaan terveysasemaasi tai lääkäriisi.');
    expect(t('doctor.history.count', 'fi', { count: 1 })).toBe('1 tilaus');
    expect(t('doctor.history.count', 'fi', { count: 1234 })).toBe(`${(1234).toLocaleString('fi-FI')} tilausta`);
    expect(t('customer.register.progress', 'sv', { step: 2, total: 5 })).toBe('Steg 2/5');
    const when = '2026-11-22T12:05:00Z';
    expect(formatDateTime(when, 'fi')).toBe(formatDateTimeFi(when));
    expect(formatDateTime(when, 'sv')).toBe(`${formatDate(when, 'sv')} kl. ${formatTime(when, 'sv')}`);
    expect(formatDateTime(when, 'en')).toBe(`${formatDate(when, 'en')} at ${formatTime(when, 'en')}`);
  });

  it('leaves a text that is no key as it is (a staff message that is Finnish only, a typed answer)', () => {
    expect(isTextKey('errors.cartEmpty')).toBe(true);
    expect(isTextKey('Käyttäjätunnus puuttuu')).toBe(false);
    expect(localizeMessage('Käyttäjätunnus puuttuu', 'sv')).toBe('Käyttäjätunnus puuttuu');
  });

  it('writes the text messages in the customer’s language from the same catalog', () => {
    expect(orderHandledSms('https://resepti.example.fi/')).toBe('Resepti: lääkäri on käsitellyt tilauksesi. Kanta-palveluun tallennetut reseptisi voit noutaa mistä tahansa apteekista. Näet päätökset kirjautumalla palveluun: https://resepti.example.fi/reseptit');
    expect(orderHandledSms('https://r.fi', 'sv')).toMatch(/^Resepti: läkaren har behandlat din beställning\..*https:\/\/r\.fi\/reseptit$/);
    expect(orderHandledSms('https://r.fi', 'en')).toMatch(/^Resepti: a doctor has handled your order\..*https:\/\/r\.fi\/reseptit$/);
    expect(credentialChangedSms('https://r.fi', 'password')).toBe('Resepti: tilisi salasana on vaihdettu. Jos et tehnyt muutosta itse, vaihda salasana heti tunnistautumalla: https://r.fi/login');
    expect(credentialChangedSms('https://r.fi', 'email', 'sv')).toMatch(/^Resepti: e-postadressen till ditt konto har bytts\./);
    expect(accountClosedSms('https://r.fi', 'en')).toMatch(/^Resepti: your account has been deleted\..*https:\/\/r\.fi\/login$/);
  });

  it("writes a prescription card's status lines in each language", () => {
    expect(patientStatusText({ type: 'renewal', decision: 'approved' }, 'sv')).toBe('Kan förnyas');
    expect(patientStatusText({ type: 'prescription', decision: '' }, 'en')).toBe('Prescription request');
    expect(renewableTillText('2028-11-15T10:00:00Z')).toBe('Uusittavissa 11/2028 asti');
    expect(renewableTillText('2028-11-15T10:00:00Z', 'sv')).toBe('Kan förnyas till 11/2028');
    expect(renewableTillText('2028-11-15T10:00:00Z', 'en')).toBe('Renewable until 11/2028');
  });
});

/** Swedish in a string: the letter å, or words Finnish and English do not have. Names and test data are not in these files. */
const SWEDISH = /[åÅ]|\b(och|inte|är|för|på|eller|eller|från|läkare|beställning\w*|Recept(et|begäran)?|Logga|Svenska|Försök|hittades|Varukorgen)\b/;

/** The string literals and template texts of a source file (comments and regular expressions are not text). */
function strings(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node) || ts.isJsxText(node)) out.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

describe('Swedish text', () => {
  it('is only in the catalogs: no source file outside locales/ holds a Swedish string', () => {
    // Outside: the catalogs, the tests' own data (names like 'Åsa'), and the migrations' product data (letters of drug names).
    const files = SOURCES.filter((f) => !f.includes(join('src', 'locales')) && !f.endsWith('.spec.ts') && !f.includes(join('database', 'migrations')));
    const found = files.flatMap((file) => strings(file).filter((s) => SWEDISH.test(s)).map((s) => `${relative(ROOT, file)}: ${s.slice(0, 80)}`));
    expect(found).toEqual([]);
  });

  it('is found by the scan when it is there', () => {
    expect(SWEDISH.test('Varukorgen är tom.')).toBe(true);
    expect(SWEDISH.test('Försök igen')).toBe(true);
    expect(SWEDISH.test('Ostoskori on tyhjä. Yritä uudelleen.')).toBe(false);
    expect(SWEDISH.test('The basket is empty.')).toBe(false);
  });
});

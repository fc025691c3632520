/**
 * One `t()` for every text a person reads (web screens, API messages, text messages, the
 * identification pages), through i18next: one keyed catalog per language in ./locales (fi.json,
 * sv.json, en.json, the same keys in each; docs/i18n.md). Finnish is bundled here (the source, the
 * default, SPEC.md's texts exactly); Swedish and English are added by whoever holds them: the API
 * at start (./locales/all.ts), the web when the language is first used (lazily, one chunk each).
 * Interpolation is i18next's `{{name}}`; plurals are its `_one`/`_other` keys picked by
 * Intl.PluralRules from the `count` parameter; `{{count, number}}` formats with Intl.NumberFormat.
 *
 * i18next itself is handed in by startI18n (the API at start through ./locales/all.ts; the web
 * before its first render, by a dynamic import: issue 24, the first load of / stays without it),
 * with the Finnish it starts with: the API all of it, the web the texts of its first load, the
 * rest area by area with the screens that show them (apps/web/finnish-texts.ts).
 */
import type { i18n as I18next } from 'i18next';
import fi from './locales/fi.json' with { type: 'json' };
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './language.js';

type Catalog = typeof fi;
/** Part of a catalog: some of its keys, with their texts (the web's Finnish comes area by area). */
export type CatalogPart<T = Catalog> = { readonly [K in keyof T]?: T[K] extends string | readonly unknown[] ? T[K] : CatalogPart<T[K]> };

/** 'customer.cart.title': the dotted path of every text (a plural's `_one`/`_other` named once). */
type Leaves<T, P extends string = ''> = T extends string
  ? P
  : T extends readonly unknown[]
    ? never
    : { [K in keyof T & string]: Leaves<T[K], P extends '' ? K : `${P}.${K}`> }[keyof T & string];
type Paths<T, P extends string = ''> = T extends string
  ? P
  : { [K in keyof T & string]: P | Paths<T[K], P extends '' ? K : `${P}.${K}`> }[keyof T & string];
type Unplural<K extends string> = K extends `${infer B}_one` | `${infer B}_other` ? B : K;

/** A text's key. */
export type TextKey = Unplural<Leaves<Catalog>>;
/** A key of a text or of a group of texts (a list of paragraphs, the FAQ): read with tObject. */
export type TextGroupKey = Exclude<Paths<Catalog>, Leaves<Catalog>> | TextKey;
/** Values for a text's {{placeholders}}; `count` picks a plural form. */
export type TextParams = Readonly<Record<string, string | number>>;

/** A message meant for a person, by key, with its values: what the API throws and answers in the asker's language. */
export interface KeyedMessage {
  readonly key: TextKey;
  readonly params?: TextParams;
}

/** The catalog as JSON, key by key (the Finnish one: the source). */
export const FINNISH_CATALOG: Catalog = fi;

let engine: I18next | null = null;

/** Starts the one t() on `i18next` with `finnish` (the whole catalog, or the part needed first; once: later calls keep the first). */
export function startI18n(i18next: I18next, finnish: CatalogPart): void {
  if (engine) return;
  const instance = i18next.createInstance();
  void instance.init({
    // The Finnish is in memory, so init is done when it returns: t() works at once.
    initAsync: false,
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    load: 'languageOnly',
    resources: { fi: { translation: finnish } },
    partialBundledLanguages: true,
    // The API escapes where it writes HTML (the identification pages); React escapes on the web.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  engine = instance;
}

function started(): I18next {
  if (!engine) throw new Error('i18n is not started: import @resepti/domain/locales (API) or await initI18n() (web) first');
  return engine;
}

/** Adds the catalog of a language (Swedish, English), or more of the Finnish, to the one t(). */
export function addCatalog(language: Language, catalog: CatalogPart): void {
  started().addResourceBundle(language, 'translation', catalog, true, true);
}

/** Whether `language`'s catalog is here (Finnish always is). */
export function hasCatalog(language: Language): boolean {
  return started().hasResourceBundle(language, 'translation');
}

/** The text of `key` in `language` (Finnish when that language's catalog lacks it). */
export function t(key: TextKey, language: Language, params?: TextParams): string {
  return started().t(key, { lng: language, ...params }) as string;
}

/** A group of texts (a list, the FAQ) in `language`, as the catalog holds it. */
export function tObject<T = unknown>(key: TextGroupKey, language: Language): T {
  return started().t(key, { lng: language, returnObjects: true }) as T;
}

/** Whether `value` is the key of a text (a thrown message that the API's answer translates). */
export function isTextKey(value: unknown): value is TextKey {
  return typeof value === 'string' && /^[a-zA-Z]+(\.[a-zA-Z0-9_]+)+$/.test(value) && started().exists(value, { lng: DEFAULT_LANGUAGE });
}

/** A message meant for a person in `language`: a key (with its values) is translated; any other text stays as it is. */
export function localizeMessage(message: string | KeyedMessage, language: Language): string {
  if (typeof message !== 'string') return t(message.key, language, message.params);
  return isTextKey(message) ? t(message, language) : message;
}

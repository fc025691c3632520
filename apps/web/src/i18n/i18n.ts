/**
 * The web app's languages (issue 27). Every text comes from the one keyed catalog per language of
 * @resepti/domain (libs/domain/src/locales), read with `t('customer.chat.heading', params)` through
 * the same i18next `t()` as the API's messages. Finnish is the source and the default: the first
 * load carries the texts it shows, and every other area of them comes with the screens that show it
 * (`import 'virtual:finnish-texts/<area>'`, apps/web/finnish-texts.ts), before they render;
 * i18next is imported before the first render (its own chunk: issue 24, the first load of / stays
 * small), and Swedish and English are loaded on first use, each catalog one chunk. The language follows the
 * browser (navigator.languages: sv* → Swedish, en* → English, else Finnish) until the user picks one
 * in the switch; the pick is kept in a cookie (and on a signed-in customer's account, see
 * useAccountLanguage). It sets <html lang> and the Accept-Language of every API call, so the API's
 * messages follow it too.
 */
import { useSyncExternalStore } from 'react';
import FIRST_TEXTS from 'virtual:finnish-texts/first';
import {
  addCatalog,
  type CatalogPart,
  DEFAULT_LANGUAGE,
  hasCatalog,
  isLanguage,
  LANGUAGE_COOKIE,
  localizeMessage,
  pickLanguage,
  startI18n,
  t as translate,
  tObject as translateObject,
  type KeyedMessage,
  type Language,
  type TextGroupKey,
  type TextKey,
  type TextParams,
} from '@resepti/domain';

const COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** The language the screens show now. */
let language: Language = DEFAULT_LANGUAGE;
const listeners = new Set<() => void>();

/** The user's pick on this browser, if any. */
export function pickedLanguage(): Language | null {
  const value = document.cookie
    .split(';')
    .map((c) => c.trim().split('='))
    .find(([name]) => name === LANGUAGE_COOKIE)?.[1];
  return isLanguage(value) ? value : null;
}

/** The pick if there is one, else the browser's first language the service has, else Finnish. */
function initialLanguage(): Language {
  return pickedLanguage() ?? pickLanguage(navigator.languages ?? [navigator.language]) ?? DEFAULT_LANGUAGE;
}

export function currentLanguage(): Language {
  return language;
}

/** A text of the current language (`params` fill its {{placeholders}}; `count` picks a plural form). */
export function t(key: TextKey, params?: TextParams): string {
  return translate(key, language, params);
}

/** A group of texts of the current language (a list of paragraphs, the FAQ), as the catalog holds it. */
export function tObject<T>(key: TextGroupKey): T {
  return translateObject<T>(key, language);
}

/** A message of the shared rules (a key, e.g. a validation message) in the current language; any other text as it is. */
export function localized(message: string | KeyedMessage): string {
  return localizeMessage(message, language);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current language; the component renders again when it changes (every screen then reads the new catalog). */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, currentLanguage);
}

/** Finnish texts of an area, added by that area's module (it runs after initI18n: screens render only then). */
export function addFinnishTexts(texts: CatalogPart): void {
  addCatalog(DEFAULT_LANGUAGE, texts);
}

/** Swedish and English catalogs, one chunk each, imported only when that language is used. */
const lazyCatalogs = {
  sv: () => import('@resepti/locales/sv.json'),
  en: () => import('@resepti/locales/en.json'),
} as const;

async function loadCatalog(lng: Language): Promise<void> {
  if (lng === DEFAULT_LANGUAGE || hasCatalog(lng)) return;
  addCatalog(lng, (await lazyCatalogs[lng as keyof typeof lazyCatalogs]()).default);
}

/** Shows `lng`, its catalog loaded first (a key it lacks shows in Finnish). Rejects if its catalog cannot be loaded. */
async function showLanguage(lng: Language): Promise<void> {
  await loadCatalog(lng);
  language = lng;
  document.documentElement.lang = lng;
  listeners.forEach((listener) => listener());
}

/** When the browser or the pick is Swedish or English, waits for that catalog before the first render (Finnish if it fails). */
export async function initI18n(): Promise<void> {
  document.documentElement.lang = DEFAULT_LANGUAGE;
  startI18n((await import('i18next')).default, FIRST_TEXTS);
  const lng = initialLanguage();
  if (lng !== DEFAULT_LANGUAGE) await showLanguage(lng).catch((err: unknown) => console.info('Language catalog did not load; Finnish instead', err));
}

/** The switch: the language now, kept in the cookie for the next visit. */
export async function chooseLanguage(lng: Language): Promise<void> {
  document.cookie = `${LANGUAGE_COOKIE}=${lng}; Max-Age=${COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax`;
  // Offline while the language's code loads: the screens stay in the language they had.
  await showLanguage(lng).catch((err: unknown) => console.info('Language catalog did not load', err));
}

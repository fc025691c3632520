/**
 * The web app's languages (issue 27). Finnish is bundled (the source and the default); Swedish
 * and English are loaded on first use, each catalog one chunk, and are held by i18next, which is
 * itself loaded only then (issue 24: a first load in Finnish downloads neither i18next nor another
 * language). The language follows the browser (navigator.languages: sv* → Swedish, en* → English,
 * else Finnish) until the user picks one in the switch; the pick is kept in a cookie (and on a
 * signed-in customer's account, see useAccountLanguage). It sets <html lang> and the
 * Accept-Language of every API call, so the API's messages follow it too.
 */
import { useSyncExternalStore } from 'react';
import type { BackendModule, i18n as I18next, ResourceLanguage } from 'i18next';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, LANGUAGES, pickLanguage, type Language } from '@resepti/domain';

const COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** The language the screens show now. */
let language: Language = DEFAULT_LANGUAGE;
const listeners = new Set<() => void>();
/** i18next with the Finnish catalog and the lazily loaded ones, once a language other than Finnish is used. */
let engine: Promise<I18next> | null = null;
let loaded: I18next | null = null;
let finnishCatalog: Record<string, object> = {};

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

/** The loaded catalog of `lng` (Swedish or English), namespace by namespace; none for Finnish. */
export function languageBundle(lng: Language): Record<string, unknown> | undefined {
  return lng === DEFAULT_LANGUAGE ? undefined : (loaded?.getDataByLanguage(lng) as Record<string, unknown> | undefined);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current language; the component renders again when it changes (every screen then reads the new catalog). */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, currentLanguage);
}

/** Swedish and English catalogs, one chunk each, imported only when that language is used. */
const lazyCatalogs: BackendModule = {
  type: 'backend',
  init() {},
  read(lng, namespace, callback) {
    const catalog = lng === 'sv' ? import('./texts/sv').then((m) => m.SV) : lng === 'en' ? import('./texts/en').then((m) => m.EN) : Promise.resolve(null);
    catalog.then(
      (c) => callback(null, ((c as Record<string, ResourceLanguage> | null)?.[namespace] ?? {}) as ResourceLanguage),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), false),
    );
  },
};

/** i18next, imported and started once (a failed import is tried again on the next change). */
function loadEngine(): Promise<I18next> {
  engine ??= import('i18next').then(
    async ({ default: i18next }) => {
      const instance = i18next.createInstance();
      await instance.use(lazyCatalogs).init({
        lng: DEFAULT_LANGUAGE,
        fallbackLng: DEFAULT_LANGUAGE,
        supportedLngs: [...LANGUAGES],
        load: 'languageOnly',
        ns: Object.keys(finnishCatalog),
        defaultNS: 'app',
        // The Finnish bundle is given here; the other languages come from the backend above.
        resources: { fi: finnishCatalog as Record<string, ResourceLanguage> },
        partialBundledLanguages: true,
        interpolation: { escapeValue: false }, // React escapes
      });
      loaded = instance;
      return instance;
    },
    (err: unknown) => {
      engine = null;
      throw err;
    },
  );
  return engine;
}

/** Shows `lng`, its catalog loaded first (a key it lacks shows in Finnish). Rejects if i18next itself cannot be loaded. */
async function showLanguage(lng: Language): Promise<void> {
  if (lng !== DEFAULT_LANGUAGE) {
    const instance = await loadEngine();
    await instance.changeLanguage(lng);
  }
  language = lng;
  document.documentElement.lang = lng;
  listeners.forEach((listener) => listener());
}

/**
 * Keeps the Finnish catalog (one resource bundle per namespace) and, when the browser or the pick
 * is Swedish or English, waits for that catalog before the first render (Finnish if it fails).
 */
export async function initI18n(finnish: Record<string, object>): Promise<void> {
  finnishCatalog = finnish;
  document.documentElement.lang = DEFAULT_LANGUAGE;
  const lng = initialLanguage();
  if (lng !== DEFAULT_LANGUAGE) await showLanguage(lng).catch((err: unknown) => console.info('Language catalog did not load; Finnish instead', err));
}

/** The switch: the language now, kept in the cookie for the next visit. */
export async function chooseLanguage(lng: Language): Promise<void> {
  document.cookie = `${LANGUAGE_COOKIE}=${lng}; Max-Age=${COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax`;
  // Offline while the language's code loads: the screens stay in the language they had.
  await showLanguage(lng).catch((err: unknown) => console.info('Language catalog did not load', err));
}

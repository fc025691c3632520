/**
 * The web app's languages (issue 27), held by i18next: Finnish is bundled (the source and the
 * default), Swedish and English are loaded on first use by a dynamic import, so a first load in
 * Finnish downloads no other language. The language follows the browser (navigator.languages:
 * sv* → Swedish, en* → English, else Finnish) until the user picks one in the switch; the pick is
 * kept in a cookie (and on a signed-in customer's account, see useAccountLanguage). It sets
 * <html lang> and the Accept-Language of every API call, so the API's messages follow it too.
 */
import i18next, { type BackendModule, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, LANGUAGES, pickLanguage, type Language } from '@resepti/domain';

const COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export const i18n = i18next.createInstance();

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
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(lng) ? lng : DEFAULT_LANGUAGE;
}

/** Swedish and English catalogs, one chunk each, imported only when that language is used. */
const lazyCatalogs: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const catalog = language === 'sv' ? import('../texts/sv').then((m) => m.SV) : language === 'en' ? import('../texts/en').then((m) => m.EN) : Promise.resolve(null);
    catalog.then(
      (c) => callback(null, ((c as Record<string, ResourceLanguage> | null)?.[namespace] ?? {}) as ResourceLanguage),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), false),
    );
  },
};

/**
 * Starts i18next with the Finnish catalog (one resource bundle per namespace) and, when the
 * browser or the pick is Swedish or English, waits for that catalog before the first render.
 */
export async function initI18n(finnish: Record<string, object>): Promise<void> {
  i18n.on('languageChanged', () => {
    document.documentElement.lang = currentLanguage();
  });
  await i18n
    .use(lazyCatalogs)
    .use(initReactI18next)
    .init({
      lng: initialLanguage(),
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      load: 'languageOnly',
      ns: Object.keys(finnish),
      defaultNS: 'app',
      // The Finnish bundle is given here; the other languages come from the backend above.
      resources: { fi: finnish as Record<string, ResourceLanguage> },
      partialBundledLanguages: true,
      interpolation: { escapeValue: false }, // React escapes
      react: { useSuspense: false },
    });
  document.documentElement.lang = currentLanguage();
}

/** The switch: the language now, kept in the cookie for the next visit. */
export async function chooseLanguage(language: Language): Promise<void> {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Max-Age=${COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax`;
  await i18n.changeLanguage(language);
}

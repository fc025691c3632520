/**
 * The patient's languages (issue 27): Finnish is the source and the default, Swedish and English
 * are translations of it. The same rules pick the language on the web (navigator.languages),
 * on the API (Accept-Language) and for text messages (the customer's saved language), and format
 * money and time in it.
 */
import { formatDateFi, formatTimeFi, HELSINKI_TZ } from './time.js';
import { formatEuro } from './money.js';
import { t } from './i18n.js';

export const LANGUAGES = ['fi', 'sv', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'fi';

/** The cookie that keeps the language picked in the web app's switch (the API reads it where no Accept-Language is the app's). */
export const LANGUAGE_COOKIE = 'resepti_kieli';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** 'sv-FI' → 'sv', 'EN' → 'en', 'de-DE' → null. */
export function languageOfTag(tag: string): Language | null {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : null;
}

/** The first of the user's preferred languages (most preferred first) that the service has. */
export function pickLanguage(preferred: readonly string[]): Language | null {
  for (const tag of preferred) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return null;
}

/** The tags of an Accept-Language header, most preferred first ('sv-FI,sv;q=0.9,en;q=0.8'); q=0 ones left out. */
export function acceptLanguageTags(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
      return { tag: (tag ?? '').trim(), q: q ? Number(q[1]) : 1, index };
    })
    .filter((t) => t.tag !== '' && t.tag !== '*' && t.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((t) => t.tag);
}

/** The locale each language formats numbers and times in (Finland's, so Swedish keeps '9,90 €'). */
const LOCALES: Readonly<Record<Language, string>> = { fi: 'fi-FI', sv: 'sv-FI', en: 'en-GB' };

export function localeOf(language: Language): string {
  return LOCALES[language];
}

/** '9,90 €' (fi, sv), '€9.90' (en). Finnish keeps the one format of formatEuro exactly. */
export function formatMoney(cents: number, language: Language): string {
  if (language === 'fi') return formatEuro(cents);
  return new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency: 'EUR' }).format(Math.round(cents) / 100);
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
function helsinkiFormat(language: Language, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALES[language], { timeZone: HELSINKI_TZ, ...options });
    dateFormats.set(key, format);
  }
  return format;
}

/** '22.11.2026' (fi, sv), '22/11/2026' (en), in Helsinki time. */
export function formatDate(d: Date | string, language: Language): string {
  if (language === 'fi') return formatDateFi(d);
  return helsinkiFormat(language, { day: 'numeric', month: 'numeric', year: 'numeric' }).format(new Date(d));
}

/** '14.05' (fi, sv), '14:05' (en), in Helsinki time. */
export function formatTime(d: Date | string, language: Language): string {
  if (language === 'fi') return formatTimeFi(d);
  return helsinkiFormat(language, { hour: 'numeric', minute: '2-digit', hourCycle: 'h23' }).format(new Date(d));
}

/** '22.11.2026 klo 14.05', '22.11.2026 kl. 14.05', '22/11/2026 at 14:05'. */
export function formatDateTime(d: Date | string, language: Language): string {
  return t('app.common.dateTime', language, { date: formatDate(d, language), time: formatTime(d, language) });
}

/** Money and Helsinki time in the current language (Finnish keeps the exact formats of @resepti/domain). */
import { formatDate, formatDateTime, formatMoney, formatTime } from '@resepti/domain';
import { currentLanguage } from './i18n';

/**
 * '9,90 €' (fi, sv), '€9.90' (en), with a no-break space before the '€' so a narrow button never
 * leaves the sign alone on a line (the Finnish format of @resepti/domain has a plain space, as SPEC writes it).
 */
export const price = (cents: number): string => formatMoney(cents, currentLanguage()).replace(/ €$/, '\u00a0€');
export const date = (d: Date | string): string => formatDate(d, currentLanguage());
export const time = (d: Date | string): string => formatTime(d, currentLanguage());
export const dateTime = (d: Date | string): string => formatDateTime(d, currentLanguage());

/** Money and Helsinki time in the current language (Finnish keeps the exact formats of @resepti/domain). */
import { formatDate, formatDateTime, formatMoney, formatTime } from '@resepti/domain';
import { currentLanguage } from './i18n';

/** '9,90 €' (fi, sv), '€9.90' (en). */
export const price = (cents: number): string => formatMoney(cents, currentLanguage());
export const date = (d: Date | string): string => formatDate(d, currentLanguage());
export const time = (d: Date | string): string => formatTime(d, currentLanguage());
export const dateTime = (d: Date | string): string => formatDateTime(d, currentLanguage());

/**
 * What a failed call tells the user. A 4xx answer carries the server's own Finnish message about
 * what was wrong (a taken e-mail, a used code): it is shown as sent. Anything else (a 5xx, no
 * answer at all) has no message meant for users, so the screen's own fallback is shown.
 */
import { time } from '../i18n/format';
import { t } from '../i18n/i18n';
import { isApiError } from './client';

export function errorText(error: unknown, fallback: string = t('app.common.unexpectedError')): string {
  return isApiError(error) && error.status < 500 ? error.message : fallback;
}

/** errorText, and when the server says when to try again (Retry-After: a payment still being taken) that time, as `retryAt` words it. */
export function errorTextWithRetry(error: unknown, fallback: string, retryAt: (time: string) => string): string {
  const text = errorText(error, fallback);
  if (!isApiError(error) || error.status >= 500 || error.retryAfterSeconds === null) return text;
  return `${text} ${retryAt(time(new Date(Date.now() + error.retryAfterSeconds * 1000)))}`;
}

/** The same as a list: one line per validation message of a 4xx answer. */
export function errorMessages(error: unknown, fallback: string): string[] {
  return isApiError(error) && error.status < 500 ? error.messages : [fallback];
}

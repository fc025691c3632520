/**
 * What a failed call tells the user. A 4xx answer carries the server's own Finnish message about
 * what was wrong (a taken e-mail, a used code): it is shown as sent. Anything else (a 5xx, no
 * answer at all) has no message meant for users, so the screen's own fallback is shown.
 */
import { TEXTS } from '../texts';
import { isApiError } from './client';

export function errorText(error: unknown, fallback: string = TEXTS.common.unexpectedError): string {
  return isApiError(error) && error.status < 500 ? error.message : fallback;
}

/** The same as a list: one line per validation message of a 4xx answer. */
export function errorMessages(error: unknown, fallback: string): string[] {
  return isApiError(error) && error.status < 500 ? error.messages : [fallback];
}

/**
 * The language of the API's answers to people (issue 27): the first of the request's
 * Accept-Language that the service has, otherwise Finnish. The web sends the language of its
 * switch as Accept-Language, so a customer who chose Swedish reads Swedish messages whatever the
 * browser's own setting; clients that send nothing (or '*') keep the Finnish messages of SPEC.md.
 */
import type { Request } from 'express';
import { acceptLanguageTags, addMessageTranslations, DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, pickLanguage, translateMessage, type Language } from '@resepti/domain';
import {
  COUPON_TRY_THROTTLED_MESSAGE,
  EMAIL_CHANGE_THROTTLED_MESSAGE,
  LOGIN_THROTTLED_MESSAGE,
  PASSWORD_CHOICE_THROTTLED_MESSAGE,
  PASSWORD_WORK_THROTTLED_MESSAGE,
} from '../../accounts/login-throttle.js';

// The API's own messages that customers meet (the rest of the table is in libs/domain/src/translations.ts).
addMessageTranslations([
  [LOGIN_THROTTLED_MESSAGE, 'För många misslyckade inloggningsförsök. Försök igen om 15 minuter.', 'Too many failed login attempts. Please try again in 15 minutes.'],
  [PASSWORD_WORK_THROTTLED_MESSAGE, 'För många lösenord har angetts på kort tid. Försök igen om 15 minuter.', 'Too many passwords set in a short time. Please try again in 15 minutes.'],
  [PASSWORD_CHOICE_THROTTLED_MESSAGE, 'För många lösenordsförsök på kort tid. Försök igen om 15 minuter.', 'Too many passwords tried in a short time. Please try again in 15 minutes.'],
  [COUPON_TRY_THROTTLED_MESSAGE, 'För många försök med kampanjkoder. Försök igen om 15 minuter.', 'Too many campaign code attempts. Please try again in 15 minutes.'],
  [EMAIL_CHANGE_THROTTLED_MESSAGE, 'För många försök att byta e-postadress. Försök igen om 15 minuter.', 'Too many attempts to change the e-mail address. Please try again in 15 minutes.'],
]);

export function responseLanguage(req: Request): Language {
  return pickLanguage(acceptLanguageTags(req.headers['accept-language'])) ?? DEFAULT_LANGUAGE;
}

/**
 * The language of a page the browser navigates to by itself (a plain link, not the app's API
 * call): the pick of the web app's switch (its cookie) first, then the browser's languages.
 */
export function navigationLanguage(req: Request): Language {
  const picked = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([a-z]{2})(?:;|$)`).exec(req.headers.cookie ?? '')?.[1];
  return isLanguage(picked) ? picked : responseLanguage(req);
}

/** An error body ({statusCode, message: string | string[], …}) with its messages in `language`. */
export function localizedBody(body: unknown, language: Language): unknown {
  if (language === DEFAULT_LANGUAGE || typeof body !== 'object' || body === null) return body;
  const { message } = body as { message?: unknown };
  if (typeof message === 'string') return { ...body, message: translateMessage(message, language) };
  if (Array.isArray(message)) return { ...body, message: message.map((m: unknown) => (typeof m === 'string' ? translateMessage(m, language) : m)) };
  return body;
}

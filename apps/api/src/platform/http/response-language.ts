/**
 * The language of the API's answers to people (issue 27): the first of the request's
 * Accept-Language that the service has, otherwise Finnish. The web sends the language of its
 * switch as Accept-Language, so a customer who chose Swedish reads Swedish messages whatever the
 * browser's own setting; clients that send nothing (or '*') keep the Finnish messages of SPEC.md.
 */
import type { Request } from 'express';
import { acceptLanguageTags, DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, pickLanguage, type KeyedMessage, type Language } from '@resepti/domain';
// Every language's catalog (the one t() of @resepti/domain; the web loads its own lazily).
import { localizeMessage } from '@resepti/domain/locales';

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

/** A message as thrown: a key of the catalogs (with its values), or a text that is sent as it is. */
type ThrownMessage = string | KeyedMessage;

function isKeyed(value: unknown): value is KeyedMessage {
  return typeof value === 'object' && value !== null && typeof (value as { key?: unknown }).key === 'string';
}

function localized(message: unknown, language: Language): unknown {
  return typeof message === 'string' || isKeyed(message) ? localizeMessage(message as ThrownMessage, language) : message;
}

/** An error body ({statusCode, message: key | text | list of them, …}) with its messages in `language`. */
export function localizedBody(body: unknown, language: Language): unknown {
  if (typeof body !== 'object' || body === null) return body;
  const { message } = body as { message?: unknown };
  if (message === undefined) return body;
  return { ...body, message: Array.isArray(message) ? message.map((m: unknown) => localized(m, language)) : localized(message, language) };
}

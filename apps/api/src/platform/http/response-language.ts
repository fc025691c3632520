/**
 * The language of the API's answers to people (issue 27): the first of the request's
 * Accept-Language that the service has, otherwise Finnish. The web sends the language of its
 * switch as Accept-Language, so a customer who chose Swedish reads Swedish messages whatever the
 * browser's own setting; clients that send nothing (or '*') keep the Finnish messages of SPEC.md.
 */
import type { Request } from 'express';
import { acceptLanguageTags, DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, pickLanguage, translateMessage, type Language } from '@resepti/domain';


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

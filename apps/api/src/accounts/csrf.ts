import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { parse as parseCookies, serialize as serializeCookie } from 'cookie';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { CSRF_ERROR_CODE, CSRF_HEADER } from '@resepti/domain';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { isAllowedOrigin } from '../platform/http/same-origin.js';
import { hasStoredSession } from '../platform/http/session-user.js';

/** A random value per browser (HttpOnly): the token is its HMAC, bound to the session too. */
export const CSRF_SEED_COOKIE = 'resepti.csrf';

/**
 * Changes that are not cookie-authenticated and so need no CSRF token: the payment provider's
 * webhook (verified by its signature instead). Everything under /api/ (Bearer tokens) is outside
 * /ui-api and never checked.
 */
export const CSRF_EXEMPT_PATHS: readonly string[] = ['/ui-api/v1/payments/webhook'];

export const CSRF_MESSAGES = {
  crossSite: 'Pyyntö toiselta sivustolta hylättiin.',
  token: 'Suojaustunniste puuttuu tai on vanhentunut. Lataa sivu uudelleen.',
  notJson: 'Pyynnön sisällön pitää olla JSON-muotoinen (Content-Type: application/json).',
} as const;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const PROTECTED_PREFIX = '/ui-api/';

/**
 * CSRF protection of every cookie-authenticated change under /ui-api (login and logout included:
 * login CSRF), three locks deep:
 * 1. a browser's word on where the request comes from: `Sec-Fetch-Site` other than same-origin
 *    or an `Origin` of another site is refused (403);
 * 2. JSON bodies only (415): a cross-site HTML form can send only form-encoded, multipart or
 *    text/plain bodies, and a cross-site fetch with JSON needs a CORS preflight we never grant;
 * 3. a token in the X-CSRF-Token header: HMAC(SESSION_SECRET, browser seed + session id), from
 *    GET /csrf-token (a signed double-submit token bound to the session, ASVS 3.5.1). It changes
 *    when the session does (login, logout, expiry): the web fetches a new one and sends again.
 */
@Injectable()
export class CsrfProtection {
  private readonly secret: string;
  private readonly secureCookie: boolean;
  private readonly allowedOrigins: readonly string[];

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.secret = config.sessionSecret;
    this.secureCookie = config.production;
    this.allowedOrigins = config.allowedOrigins;
  }

  /** The token for this browser and session (sets the browser's seed cookie when it has none). */
  tokenFor(req: Request, res: Response): string {
    let seed = this.seedOf(req);
    if (!seed) {
      seed = randomBytes(32).toString('base64url');
      res.append(
        'Set-Cookie',
        serializeCookie(CSRF_SEED_COOKIE, seed, { httpOnly: true, sameSite: 'strict', secure: this.secureCookie, path: '/' }),
      );
    }
    return this.token(seed, sessionBinding(req));
  }

  readonly handler: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
    // The prefix in any letter case: the decision never rests on the router's case setting
    // (main.ts makes routes case-sensitive; a path this check skipped must never reach a handler).
    // The exemption stays exact: only the webhook's own spelling skips the check.
    if (SAFE_METHODS.has(req.method) || !req.path.toLowerCase().startsWith(PROTECTED_PREFIX) || CSRF_EXEMPT_PATHS.includes(req.path)) return next();

    const site = req.headers['sec-fetch-site'];
    const origin = req.headers.origin;
    if ((site !== undefined && site !== 'same-origin' && site !== 'none') || (origin !== undefined && !isAllowedOrigin(origin, req.headers.host, this.allowedOrigins))) {
      return refuse(res, 403, CSRF_MESSAGES.crossSite);
    }
    if (!isJsonOrEmpty(req)) return refuse(res, 415, CSRF_MESSAGES.notJson);

    const seed = this.seedOf(req);
    const sent = req.headers[CSRF_HEADER.toLowerCase()];
    if (!seed || typeof sent !== 'string' || !sameText(sent, this.token(seed, sessionBinding(req)))) {
      return refuse(res, 403, CSRF_MESSAGES.token, CSRF_ERROR_CODE);
    }
    next();
  };

  private seedOf(req: Request): string | undefined {
    const header = req.headers.cookie;
    return header ? parseCookies(header)[CSRF_SEED_COOKIE] || undefined : undefined;
  }

  private token(seed: string, binding: string): string {
    return createHmac('sha256', this.secret).update(`csrf\0${seed}\0${binding}`).digest('base64url');
  }
}

/** The session a token is bound to: its id when the request has a stored session, else '' (anonymous). */
function sessionBinding(req: Request): string {
  return hasStoredSession(req) ? req.sessionID : '';
}

function isJsonOrEmpty(req: Request): boolean {
  const type = req.headers['content-type'];
  if (type === undefined) return !hasBody(req);
  return /^application\/json\s*(;|$)/i.test(type);
}

function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function refuse(res: Response, status: 403 | 415, message: string, code?: string): void {
  res.status(status).json({ statusCode: status, message, error: status === 403 ? 'Forbidden' : 'Unsupported Media Type', ...(code ? { code } : {}) });
}

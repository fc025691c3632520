import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/** Placeholder that the web build (vite `html.cspNonce`) writes where each page's nonce goes. */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';

const NONCE_BYTES = 16;
/** Nonces drawn per call for randomness (one call for 256 answers, as crypto.randomUUID pools its own). */
const NONCES_PER_DRAW = 256;
let randomPool = Buffer.alloc(0);
let poolAt = 0;

/** A fresh nonce: 128 random bits, each byte used once (a call for 16 bytes per request was a system call per request). */
function nextNonce(): string {
  if (poolAt + NONCE_BYTES > randomPool.length) {
    randomPool = randomBytes(NONCE_BYTES * NONCES_PER_DRAW);
    poolAt = 0;
  }
  const nonce = randomPool.toString('base64', poolAt, poolAt + NONCE_BYTES);
  poolAt += NONCE_BYTES;
  return nonce;
}

/** This response's CSP nonce (set by `securityHeaders` before anything else runs). */
export function cspNonceOf(res: Response | ServerResponse): string {
  return String((res as Response).locals?.cspNonce ?? '');
}

/**
 * Security headers on every answer (ASVS V3.4): helmet with a strict Content-Security-Policy.
 * Scripts and style elements run only from this origin or with this response's nonce (the
 * server writes it into index.html; styled-components reads it from the csp-nonce meta tag for
 * the styles it injects), so no inline script can run even if markup were injected. Style
 * *attributes* are not used by the app; React sets styles through the CSSOM, which CSP allows.
 * Framing is refused, HSTS only in production (TLS ends at the load balancer there), no referrer.
 * Every /ui-api answer is `Cache-Control: no-store`: it may hold identity codes and health data.
 */
export function securityHeaders(options: { production: boolean }): RequestHandler[] {
  const nonce = (_req: IncomingMessage, res: ServerResponse) => `'nonce-${cspNonceOf(res)}'`;
  return [
    (_req: Request, res: Response, next: NextFunction) => {
      res.locals.cspNonce = nextNonce();
      next();
    },
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", nonce],
          styleSrc: ["'self'", nonce],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(options.production ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      strictTransportSecurity: options.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      xFrameOptions: { action: 'deny' },
      referrerPolicy: { policy: 'no-referrer' },
      xContentTypeOptions: true,
      // The app loads nothing from other origins; these add nothing and can break the dev IdP.
      crossOriginEmbedderPolicy: false,
    }),
    (req: Request, res: Response, next: NextFunction) => {
      if (req.path.startsWith('/ui-api/')) res.setHeader('Cache-Control', 'no-store');
      next();
    },
  ];
}

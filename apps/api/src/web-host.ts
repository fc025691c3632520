import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { CSP_NONCE_PLACEHOLDER, cspNonceOf } from './platform/http/security-headers.js';

// Any letter case: /UI-API/… is an API path that no route serves (404), never the web app.
// /.well-known/ holds machine-read documents (SMART's configuration): never the web app's HTML.
const NOT_WEB = /^\/(ui-api|api|socket\.io|health|metrics|dev-idp|dev-prescription-centre|dev|\.well-known)(\/|$)/i;

/**
 * Serves the built React app at / and its index.html for every client-side route. index.html is
 * never served as a file: each answer gets this response's CSP nonce in place of the build's
 * placeholder (see common/security-headers.ts).
 */
/** The web app's switch for SPEC's scroll-accept of cookies (COOKIE_CONSENT_ON_SCROLL), read by public/cookie-consent.ts. */
const CONSENT_ON_SCROLL_META = '<meta name="resepti-consent-on-scroll" content="true"';

export function serveWebApp(app: Express, webDist: string, log: (m: string) => void, options: { cookieConsentOnScroll?: boolean } = {}): void {
  const indexFile = path.join(webDist, 'index.html');
  if (!existsSync(indexFile)) {
    log(`web app not built (${indexFile} missing): run npm run build:web`);
    return;
  }
  const built = readFileSync(indexFile, 'utf8');
  const index = options.cookieConsentOnScroll === false ? built.replace(CONSENT_ON_SCROLL_META, CONSENT_ON_SCROLL_META.replace('"true"', '"false"')) : built;
  const sendIndex = (res: Response) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(index.replaceAll(CSP_NONCE_PLACEHOLDER, cspNonceOf(res)));
  };
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method === 'GET' || req.method === 'HEAD') && (req.path === '/' || req.path === '/index.html')) return sendIndex(res);
    next();
  });
  // Registered before Nest's routes (they are added at listen): API paths skip the file lookup,
  // which would otherwise cost a failed stat() on every API request.
  const files = express.static(webDist, { index: false, maxAge: '1h' });
  app.use((req: Request, res: Response, next: NextFunction) => (NOT_WEB.test(req.path) ? next() : files(req, res, next)));
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || NOT_WEB.test(req.path)) return next();
    sendIndex(res);
  });
}

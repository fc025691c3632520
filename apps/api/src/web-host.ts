import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { CSP_NONCE_PLACEHOLDER, cspNonceOf } from './common/security-headers.js';

// Any letter case: /UI-API/… is an API path that no route serves (404), never the web app.
const NOT_WEB = /^\/(ui-api|api|socket\.io|health|metrics|dev-idp|dev)(\/|$)/i;

/**
 * Serves the built React app at / and its index.html for every client-side route. index.html is
 * never served as a file: each answer gets this response's CSP nonce in place of the build's
 * placeholder (see common/security-headers.ts).
 */
export function serveWebApp(app: Express, webDist: string, log: (m: string) => void): void {
  const indexFile = path.join(webDist, 'index.html');
  if (!existsSync(indexFile)) {
    log(`web app not built (${indexFile} missing): run npm run build:web`);
    return;
  }
  const index = readFileSync(indexFile, 'utf8');
  const sendIndex = (res: Response) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(index.replaceAll(CSP_NONCE_PLACEHOLDER, cspNonceOf(res)));
  };
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method === 'GET' || req.method === 'HEAD') && (req.path === '/' || req.path === '/index.html')) return sendIndex(res);
    next();
  });
  app.use(express.static(webDist, { index: false, maxAge: '1h' }));
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || NOT_WEB.test(req.path)) return next();
    sendIndex(res);
  });
}

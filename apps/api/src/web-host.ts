import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';

const NOT_WEB = /^\/(ui-api|socket\.io|health|dev-idp)(\/|$)/;

/** Serves the built React app at / and its index.html for every client-side route. */
export function serveWebApp(app: Express, webDist: string, log: (m: string) => void): void {
  const index = path.join(webDist, 'index.html');
  if (!existsSync(index)) {
    log(`web app not built (${index} missing): run npm run build:web`);
    return;
  }
  app.use(express.static(webDist, { index: false, maxAge: '1h', setHeaders: noCacheForHtml }));
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || NOT_WEB.test(req.path)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}

function noCacheForHtml(res: Response, file: string): void {
  if (file.endsWith('.html')) res.setHeader('Cache-Control', 'no-cache');
}

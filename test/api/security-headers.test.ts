/**
 * Security headers (issue "Trust"): a strict Content-Security-Policy with a per-page nonce, no
 * framing, no sniffing, no referrer, HSTS in production, no caching of API answers, and the
 * OpenAPI documents only where API_DOCS allows them.
 */
import { PRODUCTION_ENV, startApp, type TestApp } from '../support/app';
import { loginAs } from '../support/http';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.stop();
});

function directives(csp: string | null): Map<string, string[]> {
  return new Map((csp ?? '').split(';').map((d) => d.trim().split(/\s+/)).filter((p) => p[0]).map(([name, ...values]) => [name, values]));
}

describe('the web app page', () => {
  it('has a CSP whose nonce is the one in the page, new for every answer, and no inline script allowance', async () => {
    const pages = await Promise.all([fetch(`${app.baseUrl}/`), fetch(`${app.baseUrl}/doctor/history`)]);
    const nonces: string[] = [];
    for (const res of pages) {
      expect(res.status).toBe(200);
      const csp = directives(res.headers.get('content-security-policy'));
      const html = await res.text();
      const nonce = /<meta property="csp-nonce" nonce="([^"]+)"/.exec(html)?.[1];
      expect(nonce).toMatch(/^[A-Za-z0-9+/=]{20,}$/);
      expect(csp.get('script-src')).toEqual(["'self'", `'nonce-${nonce}'`]);
      expect(csp.get('style-src')).toEqual(["'self'", `'nonce-${nonce}'`]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      // Every script and stylesheet tag of the page carries the nonce; no placeholder is left.
      expect(html).not.toContain('__CSP_NONCE__');
      for (const tag of html.match(/<script[^>]*>/g) ?? []) expect(tag).toContain(`nonce="${nonce}"`);
      nonces.push(nonce!);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('refuses framing, sniffing and referrers; no HSTS outside production', async () => {
    const res = await fetch(`${app.baseUrl}/login`);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(res.headers.get('x-powered-by')).toBeNull();
  });
});

describe('API answers', () => {
  it('are never cached: Cache-Control no-store, on data, errors and the refusal of an anonymous caller', async () => {
    const customer = await loginAs(app, 'customer');
    for (const res of [await customer.get('/my-user'), await customer.get('/products'), await customer.post('/my-user/change-password', {})]) {
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
    const anonymous = await fetch(`${app.apiUrl}/my-user`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('cache-control')).toBe('no-store');
  });

  it('serve the OpenAPI documents outside production (API_DOCS defaults to true)', async () => {
    expect((await fetch(`${app.baseUrl}/ui-api/docs-json`)).status).toBe(200);
  });
});

describe('in production', () => {
  it('adds HSTS and hides the OpenAPI documents unless API_DOCS=true, and the SMS outbox listing', async () => {
    const prod = await startApp({ env: PRODUCTION_ENV });
    try {
      const page = await fetch(`${prod.baseUrl}/`);
      expect(page.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect((await fetch(`${prod.baseUrl}/ui-api/docs-json`)).status).toBe(404);
      expect((await fetch(`${prod.baseUrl}/ui-api/docs`)).status).toBe(404);
      // The development listing of text messages (SMS_PROVIDER=log) never exists in production.
      expect((await fetch(`${prod.baseUrl}/dev/sms-outbox`)).status).toBe(404);
    } finally {
      await prod.stop();
    }
  });
});

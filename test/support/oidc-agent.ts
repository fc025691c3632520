/**
 * A minimal user agent for the strong-identification round trip over real HTTP: cookies per
 * host and path (the app and the embedded IdP are different hosts: 127.0.0.1 and localhost),
 * redirects followed by hand so a test can look at (and tamper with) each hop.
 */
import { CSRF_HEADER } from '@resepti/domain';
import type { TestApp } from './app';

interface StoredCookie {
  value: string;
  path: string;
}

export interface Hop {
  status: number;
  url: string;
  location: string | null;
  body: string;
}

export class OidcAgent {
  private readonly jar = new Map<string, Map<string, StoredCookie>>();

  constructor(readonly app: TestApp) {}

  private cookieHeader(url: URL): string {
    const cookies = this.jar.get(url.host) ?? new Map<string, StoredCookie>();
    return [...cookies]
      .filter(([, c]) => url.pathname.startsWith(c.path))
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
  }

  private store(url: URL, res: Response): void {
    const cookies = this.jar.get(url.host) ?? new Map<string, StoredCookie>();
    this.jar.set(url.host, cookies);
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const pathAttr = attrs.map((a) => a.trim()).find((a) => /^path=/i.test(a));
      const expired = attrs.some((a) => /expires=thu, 01 jan 1970/i.test(a)) || value === '';
      if (expired) cookies.delete(name);
      else cookies.set(name, { value, path: pathAttr ? pathAttr.slice(5) : '/' });
    }
  }

  /** One request, no redirect following. */
  async send(method: string, target: string, body?: { form?: Record<string, string>; json?: unknown }, extraHeaders: Record<string, string> = {}): Promise<Hop> {
    const url = new URL(target, this.app.baseUrl);
    const headers: Record<string, string> = { ...extraHeaders };
    const cookie = this.cookieHeader(url);
    if (cookie) headers.cookie = cookie;
    let payload: string | undefined;
    if (body?.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(body.form).toString();
    } else if (body?.json !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body.json);
    }
    const res = await fetch(url, { method, headers, body: payload, redirect: 'manual' });
    this.store(url, res);
    const location = res.headers.get('location');
    return { status: res.status, url: url.href, location: location && new URL(location, url).href, body: await res.text() };
  }

  /** Follows redirects from `target` until a non-redirect answer or until `stopAt` matches a Location. */
  async follow(target: string, stopAt?: RegExp): Promise<Hop> {
    let hop = await this.send('GET', target);
    for (let i = 0; i < 10 && hop.location && !(stopAt && stopAt.test(hop.location)); i++) hop = await this.send('GET', hop.location);
    return hop;
  }

  /** A JSON call to the API under /ui-api/v1 with this agent's cookies. */
  async api<T = any>(method: string, path: string, json?: unknown): Promise<{ status: number; body: T }> {
    // Changes carry the CSRF token of this agent's session, as the web app sends them.
    const csrf: Record<string, string> = {};
    if (method !== 'GET') {
      const token = JSON.parse((await this.send('GET', `${this.app.apiUrl}/csrf-token`)).body) as { token: string };
      Object.assign(csrf, { origin: new URL(this.app.baseUrl).origin, [CSRF_HEADER.toLowerCase()]: token.token });
    }
    const hop = await this.send(method, `${this.app.apiUrl}${path}`, json === undefined ? undefined : { json }, csrf);
    let parsed: unknown = hop.body;
    try {
      parsed = hop.body ? JSON.parse(hop.body) : undefined;
    } catch {
      // not JSON
    }
    return { status: hop.status, body: parsed as T };
  }
}

export interface TestPerson {
  hetu: string;
  firstName: string;
  lastName: string;
}

/** The login page's form action (the IdP's interaction). */
export function formAction(html: string): string {
  const m = /<form method="post" action="([^"]+\/login)"/.exec(html);
  if (!m) throw new Error(`no login form in:\n${html.slice(0, 500)}`);
  return m[1].replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c)));
}

/**
 * Start → the IdP's login page → pick `person` → back at the app's callback URL (not yet
 * followed). Returns the callback URL the IdP redirected to.
 */
export async function identifyAtIdp(agent: OidcAgent, person: TestPerson, purpose?: 'password-reset'): Promise<{ callbackUrl: string; loginPage: string }> {
  const start = await agent.send('GET', `${agent.app.apiUrl}/registration/start${purpose ? `?purpose=${purpose}` : ''}`);
  if (start.status !== 302 || !start.location) throw new Error(`start answered ${start.status}`);
  const page = await agent.follow(start.location);
  if (page.status !== 200) throw new Error(`IdP login page answered ${page.status}: ${page.body.slice(0, 300)}`);
  const submitted = await agent.send('POST', new URL(formAction(page.body), page.url).href, { form: { ...person } });
  if (!submitted.location) throw new Error(`IdP login answered ${submitted.status}: ${submitted.body.slice(0, 300)}`);
  const back = await agent.follow(submitted.location, /\/ui-api\/v1\/registration\/callback/);
  if (!back.location) throw new Error(`IdP did not return to the app: ${back.status} ${back.body.slice(0, 300)}`);
  return { callbackUrl: back.location, loginPage: page.body };
}

/** The whole identification: returns where the app's callback sent the browser. */
export async function identify(agent: OidcAgent, person: TestPerson, purpose?: 'password-reset'): Promise<string | null> {
  const { callbackUrl } = await identifyAtIdp(agent, person, purpose);
  return (await agent.send('GET', callbackUrl)).location;
}

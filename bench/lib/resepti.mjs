// A signed-in user of Resepti's REST API (cookie jar), the logins and the pharmacy's send flow
// (as test/support/http.ts and test/support/pharmacy-flow.ts do it).

export const API = '/ui-api/v1';
export const DEMO_PASSWORDS = { doctor: 'Laakari123', pharmacy: 'Apteekki123' };
export const PATIENT = { firstName: 'Matti', lastName: 'Meikäläinen', hetu: '121212-913Y' };

export class Session {
  cookies = new Map();
  /** The CSRF token of this session (changes at login): every change sends it, as the web app does. */
  csrfToken = undefined;

  constructor(baseUrl) {
    this.baseUrl = baseUrl;
  }

  get cookie() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** The same session against another API node. */
  onNode(baseUrl) {
    const other = new Session(baseUrl);
    other.cookies = this.cookies;
    other.csrfToken = this.csrfToken;
    return other;
  }

  async refreshCsrf() {
    this.csrfToken = (await this.send('GET', '/csrf-token')).body.token;
  }

  /** Headers for changes sent outside this object (load workers): cookie, Origin and CSRF token. */
  async changeHeaders() {
    if (!this.csrfToken) await this.refreshCsrf();
    return { cookie: this.cookie, origin: new URL(this.baseUrl).origin, 'x-csrf-token': this.csrfToken };
  }

  async request(method, path, body) {
    if (method === 'GET') return this.send(method, path, body);
    if (!this.csrfToken) await this.refreshCsrf();
    let r = await this.send(method, path, body);
    if (r.status === 403 && r.body?.code === 'csrf') {
      await this.refreshCsrf();
      r = await this.send(method, path, body);
    }
    return r;
  }

  async send(method, path, body) {
    const t0 = performance.now();
    const headers = { accept: 'application/json' };
    if (method !== 'GET') Object.assign(headers, { origin: new URL(this.baseUrl).origin, 'x-csrf-token': this.csrfToken ?? '' });
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.cookies.size) headers.cookie = this.cookie;
    const res = await fetch(this.baseUrl + API + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    const text = await res.text();
    let parsed;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = text;
    }
    return { status: res.status, body: parsed, ms: performance.now() - t0 };
  }

  async ok(method, path, body, expected = [200]) {
    const r = await this.request(method, path, body);
    if (!expected.includes(r.status)) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r;
  }
}

export async function loginDoctor(baseUrl, email, password = DEMO_PASSWORDS.doctor) {
  const s = new Session(baseUrl);
  await s.ok('POST', '/doctor-login', { email, password });
  await s.refreshCsrf();
  return s;
}

/** A pharmacist signed in with their first office selected. */
export async function loginPharmacist(baseUrl, username = 'apteekki', password = DEMO_PASSWORDS.pharmacy) {
  const s = new Session(baseUrl);
  await s.ok('POST', '/pharmacist-login', { username, password });
  await s.refreshCsrf();
  const [office] = (await s.ok('GET', '/users-offices')).body;
  await s.ok('PATCH', `/selected-office/${office.id}`);
  return s;
}

/**
 * The pharmacy's order flow: patient, one renewal, the option, then send. Calls `beforeSend`
 * right before the send request (the moment a push is measured from); returns the send's ms.
 */
export async function sendPharmacyOrder(pharmacist, productId, beforeSend = () => undefined) {
  await pharmacist.ok('POST', '/patient-info', PATIENT);
  await pharmacist.ok('POST', '/pharmacy-shopping-cart/item', { type: 'renewal', productId, reason: '', patientHetu: PATIENT.hetu });
  await pharmacist.ok('POST', '/pharmacy-shopping-cart/delivery-option', { id: 'delivery-20-min' });
  beforeSend();
  const sent = await pharmacist.ok('POST', '/pharmacy-shopping-cart/send');
  return sent.ms;
}

export async function firstProductId(pharmacist) {
  const products = (await pharmacist.ok('GET', '/products')).body;
  return products.find((p) => p.displayName.startsWith('Burana'))?.productId ?? products[0].productId;
}

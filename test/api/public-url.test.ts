/**
 * Absolute URLs come from PUBLIC_URL only (issue 21, finding 7): a request's Host header is the
 * client's to choose, and once went into the identification's redirect_uri (and Stripe's return
 * pages), sending a victim's identification code to the attacker's host. Production does not
 * start without PUBLIC_URL; development defaults it from PORT.
 */
import { request } from 'node:http';
import { PRODUCTION_ENV, startApp, type TestApp } from '../support/app';

/** GET with a Host header of our choosing (fetch would not send one). */
function getWithHost(app: TestApp, path: string, host: string): Promise<{ status: number; location: string | undefined }> {
  const url = new URL(path, app.baseUrl);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: url.pathname + url.search, headers: { host, 'x-forwarded-host': host } }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, location: res.headers.location });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('PUBLIC_URL', () => {
  it('without it in development, the identification returns to http://localhost:PORT whatever the Host header says', async () => {
    const app = await startApp({ env: { PUBLIC_URL: '' } });
    try {
      const port = new URL(app.baseUrl).port;
      const start = await getWithHost(app, '/ui-api/v1/registration/start', 'attacker.example');
      expect(start.status).toBe(302);
      const authorize = new URL(start.location!);
      expect(authorize.searchParams.get('redirect_uri')).toBe(`http://localhost:${port}/ui-api/v1/registration/callback`);
      expect(authorize.origin).toBe(`http://localhost:${port}`);
    } finally {
      await app.stop();
    }
  });

  it('with it, every redirect_uri is under PUBLIC_URL, not the Host header', async () => {
    const app = await startApp();
    try {
      const start = await getWithHost(app, '/ui-api/v1/registration/start', 'attacker.example:8080');
      expect(new URL(start.location!).searchParams.get('redirect_uri')).toBe(`${app.baseUrl}/ui-api/v1/registration/callback`);
    } finally {
      await app.stop();
    }
  });

  it('is required in production', async () => {
    await expect(startApp({ env: { ...PRODUCTION_ENV, PUBLIC_URL: '' } })).rejects.toThrow(/PUBLIC_URL is required when NODE_ENV=production/);
  });
});

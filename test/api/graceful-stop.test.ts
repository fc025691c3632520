/** SIGTERM lets the requests in flight finish, then the process exits 0. */
import { startApp } from '../support/app';
import { ApiClient, DEMO } from '../support/http';

// Budget: start + ten serialised password checks + shutdown, on a loaded 2-core machine.
jest.setTimeout(120_000);

it('SIGTERM during 10 in-flight requests completes all 10 and exits with 0', async () => {
  // The default 10 s is plenty in production; a loaded test machine gets a wider budget.
  const app = await startApp({ env: { SHUTDOWN_TIMEOUT_SECONDS: '60' } });
  try {
    // Each client has its CSRF token first: the login is then its only request, already sent when
    // SIGTERM comes (a token fetched after it would meet a closed listener, as it should).
    const clients = await Promise.all(Array.from({ length: 10 }, () => new ApiClient(app.apiUrl).prepareChanges()));
    // Password checks run one at a time: ten logins keep the server busy for a while.
    const inFlight = clients.map((c) => c.post('/doctor-login', { email: DEMO.doctor.email, password: DEMO.doctor.password }));
    await new Promise((r) => setTimeout(r, 300));
    const exited = app.signal('SIGTERM');
    const results = await Promise.all(inFlight);
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await exited).toBe(0);
  } finally {
    await app.stop();
  }
});

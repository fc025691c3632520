/**
 * The web API's published contract (issue 26): the committed docs/openapi/web-api.json is what the
 * app serves at /ui-api/docs-json, nearly every operation has a summary and a schema of its 2xx
 * body, every error is the one WebError schema, redocly finds no errors, and the checker every web
 * API test answer goes through (test/support/http.ts) catches a mismatch, and the types generated from the
 * documents (libs/domain/src/generated, which the web and the API import) are current.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startApp, type TestApp } from '../support/app';
import { ApiClient, loginAs } from '../support/http';
import { webContract, WEB_API_SPEC_PATH } from '../support/openapi-contract';

const ROOT = path.resolve(__dirname, '../..');
const run = promisify(execFile);

let app: TestApp;

beforeAll(async () => {
  app = await startApp();
  // A budget for a start on a shared, loaded machine; not a measurement.
}, 120_000);
afterAll(async () => {
  await app?.stop();
});

type Operation = { at: string; method: string; op: Record<string, any> };
const operations = (): Operation[] =>
  Object.entries(webContract().spec.paths as Record<string, Record<string, any>>).flatMap(([p, item]) => Object.entries(item).map(([method, op]) => ({ at: `${method.toUpperCase()} ${p}`, method, op })));

describe('the web API document', () => {
  it('is the committed docs/openapi/web-api.json (regenerate with npm run openapi)', async () => {
    const served = (await (await fetch(`${app.baseUrl}/ui-api/docs-json`)).json()) as unknown;
    expect(served).toEqual(JSON.parse(await readFile(WEB_API_SPEC_PATH, 'utf8')));
  });

  it('gives at least 95 % of the operations a summary and a JSON schema of the 2xx body (204 has none)', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(60);
    const complete = all.filter(({ op }) => {
      const success = Object.entries(op.responses as Record<string, any>).filter(([s]) => s.startsWith('2'));
      const bodies = success.every(([s, r]) => s === '204' || Boolean(r.content?.['application/json']?.schema));
      return typeof op.summary === 'string' && op.summary.length > 0 && success.length > 0 && bodies;
    });
    const missing = all.filter((o) => !complete.includes(o)).map((o) => o.at);
    const share = (100 * complete.length) / all.length;
    console.log(`web API operations with a summary and a 2xx schema: ${complete.length} of ${all.length} (${share.toFixed(1)} %); without: ${missing.join(', ') || 'none'}`);
    expect(share).toBeGreaterThanOrEqual(95);
    // Only the identification redirects (302 to the identity provider or back to the app) have no 2xx,
    // and the data export's printable page answers text/html (its string schema) instead of JSON.
    expect(new Set(missing)).toEqual(new Set(['GET /ui-api/v1/registration/start', 'GET /ui-api/v1/registration/callback', 'GET /ui-api/v1/my-data/page']));
  });

  it('shows an example of every request body and every JSON answer, errors included (redocly checks each against its schema)', () => {
    const withoutExample: string[] = [];
    for (const { at, op } of operations()) {
      const json = op.requestBody?.content?.['application/json'];
      if (json && json.example === undefined) withoutExample.push(`${at} request`);
      for (const [status, response] of Object.entries(op.responses as Record<string, any>)) {
        const body = response.content?.['application/json'];
        if (body && body.example === undefined) withoutExample.push(`${at} ${status}`);
      }
    }
    expect(withoutExample).toEqual([]);
  });

  it('declares every error as the one WebError schema, the session on signed-in operations and CSRF on changes', () => {
    const { spec } = webContract();
    for (const { at, method, op } of operations()) {
      // 431 is Node's own answer to an oversized request line, before the app: it has no body.
      expect({ at, status431: op.responses['431'] }).toEqual({ at, status431: { description: expect.any(String) } });
      for (const [status, response] of Object.entries(op.responses as Record<string, any>).filter(([s]) => Number(s) >= 400 && s !== '431')) {
        const expected = ['GET /health', 'GET /health/ready'].includes(at) && status === '503' ? ['Health', 'Readiness'] : ['WebError'];
        const schema = String(response.content?.['application/json']?.schema?.$ref ?? '').replace('#/components/schemas/', '');
        expect({ at, status, schema: expected.includes(schema) }).toEqual({ at, status, schema: true });
      }
      const schemes = (op.security as Record<string, string[]>[]).flatMap((s) => Object.keys(s));
      if (op['x-roles']) expect({ at, session: schemes.includes('session') }).toEqual({ at, session: true });
      if (method !== 'get') expect({ at, csrf: schemes.includes('csrf') }).toEqual({ at, csrf: true });
    }
    expect(Object.keys(spec.components.securitySchemes).sort()).toEqual(['csrf', 'session']);
    expect(spec.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'resepti.sid' });
    // Nothing of the integrator API's document: no problem+json, no bearer, none of its schemas.
    expect(JSON.stringify(spec)).not.toMatch(/problem\+json|"bearer"|#\/components\/schemas\/(Problem|OrderPage|TokenResponse)"/);
  });

  it('passes redocly lint (recommended rules) with no errors; the warnings are the ones docs/web-api.md justifies', async () => {
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
    const { stdout } = await run(path.join(ROOT, 'node_modules/.bin/redocly'), ['lint', WEB_API_SPEC_PATH, '--extends', 'recommended', '--format', 'json'], { env, maxBuffer: 10_000_000 });
    const problems = (JSON.parse(stdout.slice(stdout.indexOf('{'))) as { problems: Array<{ ruleId: string; severity: string; location: Array<{ pointer: string }> }> }).problems;
    expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
    const warnings = [...new Set(problems.map((p) => `${p.severity} ${p.ruleId}`))].sort();
    expect(warnings).toEqual(['warn info-license', 'warn operation-2xx-response']);
    const docs = await readFile(path.join(ROOT, 'docs/web-api.md'), 'utf8');
    for (const rule of ['info-license', 'operation-2xx-response']) expect(docs).toContain(`\`${rule}\``);
    // A budget for one CLI on a shared 2-core machine, not a measurement.
  }, 120_000);
});

describe('the types generated from the committed documents', () => {
  it('are current: openapi-typescript gives libs/domain/src/generated/ exactly (regenerate with npm run openapi)', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'resepti-web-types-'));
    try {
      // The integrator's types are the SDK's (libs/integrator-client/integrator-v1.d.ts): integrator-contract checks them.
      const pairs = [[WEB_API_SPEC_PATH, 'web-api.ts']];
      for (const [spec, file] of pairs) {
        await run(path.join(ROOT, 'node_modules/.bin/openapi-typescript'), [spec, '-o', path.join(dir, file)]);
        expect({ file, text: await readFile(path.join(dir, file), 'utf8') }).toEqual({ file, text: await readFile(path.join(ROOT, 'libs/domain/src/generated', file), 'utf8') });
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    // A budget for two generator runs on a shared 2-core machine, not a measurement.
  }, 120_000);
});

describe('the contract check of the test client', () => {
  it('passes the real answers and fails a mismatch: an undeclared status, another body, another media type', async () => {
    const doctor = await loginAs(app, 'doctor');
    expect((await doctor.get('/system-status')).status).toBe(200);
    expect((await new ApiClient(app.apiUrl).get('/system-status')).status).toBe(401);
    const check = webContract().checkAnswer;
    const url = '/ui-api/v1/system-status';
    expect(() => check('GET', url, 418, 'application/json', { statusCode: 418, message: 'teapot' })).toThrow(/status not declared/);
    expect(() => check('GET', url, 200, 'application/json', { waitingForDoctor: 'many' })).toThrow(/does not match the contract/);
    expect(() => check('GET', url, 200, 'text/html', '<html></html>')).toThrow(/media type text\/html not declared/);
    expect(() => check('GET', '/ui-api/v1/no-such-route', 404, 'application/problem+json', {})).toThrow(/not in the contract/);
    expect(() => check('GET', '/ui-api/v1/no-such-route', 404, 'application/json', { statusCode: 404, message: 'Cannot GET /ui-api/v1/no-such-route' })).not.toThrow();
  });
});

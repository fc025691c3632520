/**
 * The quick start of docs/integrators.md works as written on an empty database (issue 26): its
 * `sh` blocks, in order, as one script (bash, stopping at the first failing command), against an
 * app started without demo data. Only the `export` line that names the database is given by the
 * test instead (its own database); the service's and the receiver's ports come as PORT and
 * RECEIVER_PORT, as the page tells a reader on other ports. The receiver verifies and types the
 * deliveries with the SDK package (@resepti/integrator-client, built by `npm run build`); the
 * simulated doctor of the quick start's sandbox client decides in 2 s instead of 10.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startApp, type TestApp } from '../support/app';
import { freePort } from '../support/ports';

const ROOT = path.resolve(__dirname, '../..');
let app: TestApp;
let scratch: string;

beforeAll(async () => {
  // The quick start's sandbox client: the simulated doctor decides within seconds.
  app = await startApp({ env: { SEED_DEMO: 'false', WEBHOOK_SEND_INTERVAL_SECONDS: '0.5', SANDBOX_DECISION_SECONDS: '2' } });
  scratch = await mkdtemp(path.join(tmpdir(), 'resepti-quickstart-'));
  // A budget for a start on a shared, loaded machine; not a measurement.
}, 180_000);
afterAll(async () => {
  await app?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/** The `sh` blocks of the "Quick start" section, in order. */
async function quickStartBlocks(): Promise<string[]> {
  const docs = await readFile(path.join(ROOT, 'docs/integrators.md'), 'utf8');
  const section = docs.slice(docs.indexOf('## Quick start'), docs.indexOf('\n## ', docs.indexOf('## Quick start') + 1));
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]);
}

function run(script: string, env: Record<string, string>): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', script], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code) => resolve({ code, out, err }));
  });
}

describe('the quick start of docs/integrators.md', () => {
  it('runs as written on an empty database: pharmacy, products, sandbox credentials, token, verified webhooks, order decided, check, paging, events, rotation', async () => {
    const [{ n: pharmacies }] = await app.sql<{ n: number }>(`SELECT count(*)::int AS n FROM pharmacy`);
    const [{ n: products }] = await app.sql<{ n: number }>(`SELECT count(*)::int AS n FROM product`);
    expect([pharmacies, products]).toEqual([0, 0]);

    const blocks = await quickStartBlocks();
    expect(blocks.length).toBeGreaterThanOrEqual(8);
    // The service's and the receiver's ports come from the environment (PORT, RECEIVER_PORT), as the page says.
    const given = /^export DATABASE_URL=.*$/gm;
    expect(blocks[0].match(given)).toHaveLength(1);
    const script = [
      'set -euo pipefail',
      // The receiver runs in the background: it must not outlive a script that stops early.
      "trap 'kill $(jobs -p) 2>/dev/null || true' EXIT",
      ...blocks.map((b) => b.replace(given, '')),
    ].join('\n');
    const port = new URL(app.baseUrl).port;
    const result = await run(script, { DATABASE_URL: app.databaseUrl, PORT: port, RECEIVER_PORT: String(await freePort()), TMPDIR: scratch });
    const shown = `exit ${result.code}\n--- stdout\n${result.out}\n--- stderr\n${result.err}`;
    expect({ code: result.code, shown }).toEqual({ code: 0, shown });

    const [order] = await app.sql<{ id: number; pharmacy: string; sandbox: boolean }>(`SELECT o.id, p.name AS pharmacy, o.sandbox FROM orders o JOIN pharmacy p ON p.id = o.pharmacy_id`);
    expect([order.pharmacy, order.sandbox]).toEqual(['Esimerkkiapteekki', true]);
    expect(result.out).toMatch(/^idempotent-replayed: true/im);
    // The simulated doctor's decision, told by verified webhooks in order, then read back and checked off.
    const lines = result.out.split('\n');
    const firstOf = (type: string) => lines.findIndex((l) => new RegExp(`^verified ${type.replace('.', '\\.')} evt_`).test(l));
    expect(['order.created', 'order.processing', 'order.delivered'].map(firstOf).every((i, n, all) => i >= 0 && (n === 0 || i > all[n - 1]))).toBe(true);
    expect(result.out).toMatch(new RegExp(`^order ${order.id}: delivered, 200 cents, Amlodipin Orion 5 mg.* approved$`, 'm'));
    expect(result.out).toContain('checked: true');
    expect(result.out).toMatch(new RegExp(`^${order.id} delivered `, 'm'));
    expect(result.out).toMatch(/^evt_\S+ order\.delivered$/m);
    const tests = lines.filter((l) => /^verified webhook\.test evt_/.test(l));
    // The test event before the rotation and the one after it (signed by both secrets; the receiver still has the old one).
    expect(new Set(tests).size).toBe(2);
    expect(result.out).not.toContain('REJECTED');
    expect((await app.sql(`SELECT 1 FROM orders`)).length).toBe(1);
  }, 240_000);
});

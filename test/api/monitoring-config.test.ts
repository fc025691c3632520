/**
 * deploy/monitoring (issue 25): the Prometheus scrape config, the alert rules and the Grafana
 * dashboard parse, are shaped as their tools expect, and ask only for metrics the API exports
 * (read from a real scrape, with Redis so that resepti_redis_up exists). Prometheus's own promtool
 * checks the rules and the config (the Debian package `prometheus`; .ci/run installs it), and the
 * dashboard's panels are shaped as its schemaVersion (Grafana 10) expects.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { load } from 'js-yaml';
import { startApp, type TestApp } from '../support/app';
import { scrape } from '../support/metrics';
import { TestRedis } from '../support/redis-server';

const ROOT = path.resolve(__dirname, '../..');
const MONITORING = path.join(ROOT, 'deploy/monitoring');
const TOKEN = 'monitoring-config-test-token-0123';

interface Rule {
  alert?: string;
  expr?: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}
interface Panel {
  id: number;
  type: string;
  title: string;
  gridPos: { h: number; w: number; x: number; y: number };
  datasource?: unknown;
  fieldConfig?: { defaults?: unknown; overrides?: unknown };
  options?: unknown;
  collapsed?: boolean;
  panels?: unknown[];
  targets?: Array<{ expr: string; refId: string; datasource?: unknown }>;
}

const yaml = (file: string) => load(readFileSync(path.join(MONITORING, file), 'utf8')) as Record<string, unknown>;
const rules = (yaml('alerts.yml').groups as Array<{ name: string; rules: Rule[] }>).flatMap((g) => g.rules);
const dashboard = JSON.parse(readFileSync(path.join(MONITORING, 'grafana/dashboards/resepti.json'), 'utf8')) as {
  schemaVersion: number;
  uid: string;
  title: string;
  panels: Panel[];
  time: { from: string; to: string };
  templating: { list: unknown[] };
  annotations: { list: unknown[] };
};

/** Runs promtool (Prometheus's checker); fails, never skips, when it is not installed. */
function promtool(...args: string[]): { status: number | null; output: string } {
  const run = spawnSync('promtool', args, { cwd: MONITORING, encoding: 'utf8' });
  if (run.error) throw new Error(`promtool could not run (${run.error.message}): install the Debian package 'prometheus' (apt-get install -y prometheus); .ci/run does`);
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** Metric names in a PromQL expression (Prometheus's own `up` aside). */
function metricNames(expr: string): string[] {
  const names = expr.match(/\b(resepti_[a-z_]+|http_request_duration_seconds[a-z_]*|nodejs_[a-z_]+|process_[a-z_]+)\b/g) ?? [];
  return [...new Set(names)];
}

let app: TestApp;
let redis: TestRedis;
/** Metric names the API exports, with a histogram's _bucket/_count/_sum series. */
let exported: Set<string>;

beforeAll(async () => {
  redis = await TestRedis.reserve();
  await redis.start();
  app = await startApp({ env: { METRICS_TOKEN: TOKEN, REDIS_URL: redis.url } });
  const { text } = await scrape(app.baseUrl, TOKEN);
  exported = new Set();
  for (const m of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    exported.add(m[1]);
    if (m[2] === 'histogram') for (const suffix of ['_bucket', '_count', '_sum']) exported.add(m[1] + suffix);
  }
});
afterAll(async () => {
  await app?.stop();
  await redis?.kill();
});

it('has a scrape config that scrapes /metrics with the bearer token and loads the alert rules', () => {
  const config = yaml('prometheus.yml') as { rule_files: string[]; scrape_configs: Array<{ job_name: string; metrics_path: string; authorization: { type: string; credentials_file: string } }> };
  expect(config.rule_files).toEqual(['/etc/prometheus/alerts.yml']);
  expect(config.scrape_configs[0]).toMatchObject({ job_name: 'resepti-api', metrics_path: '/metrics', authorization: { type: 'Bearer', credentials_file: expect.any(String) } });
});

it('has an alert for each thing the runbook names, each with severity and summary', () => {
  expect(rules.map((r) => r.alert).sort()).toEqual(
    [
      'ReseptiAuditAppendFailures',
      'ReseptiDeadlineSoonNoDoctorOnline',
      'ReseptiEPrescriptionNotRecorded',
      'ReseptiEPrescriptionRefused',
      'ReseptiHttp5xxRate',
      'ReseptiLoginAttack',
      'ReseptiNotReady',
      'ReseptiOrderPastDeadline',
      'ReseptiOutboxBacklog',
      'ReseptiPushLatencyHigh',
      'ReseptiRedisDown',
      'ReseptiSharedStateUnreadable',
    ].sort(),
  );
  for (const rule of rules) {
    expect([rule.alert, typeof rule.expr, rule.labels?.severity, typeof rule.annotations?.summary]).toEqual([rule.alert, 'string', expect.stringMatching(/^(critical|warning)$/), 'string']);
    if (rule.for !== undefined) expect(rule.for).toMatch(/^\d+[smh]$/);
  }
  const runbook = readFileSync(path.join(ROOT, 'docs/operations.md'), 'utf8');
  for (const rule of rules) expect([rule.alert, runbook.includes(`### ${rule.alert}`)]).toEqual([rule.alert, true]);
});

it('asks the alert rules and the dashboard only for metrics the API exports', () => {
  const asked = [...rules.map((r) => r.expr!), ...dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => t.expr))];
  const missing = [...new Set(asked.flatMap(metricNames))].filter((name) => !exported.has(name));
  expect(missing).toEqual([]);
  expect(asked.flatMap(metricNames).length).toBeGreaterThan(20);
});

it('has a dashboard with a schema version, the six areas, and panels that do not overlap', () => {
  expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(36);
  expect(dashboard.uid).toBe('resepti-operations');
  expect(dashboard.panels.filter((p) => p.type === 'row').map((p) => p.title)).toEqual([
    'Queue and deadlines',
    'Pushes and sockets',
    'Outboxes (SMS, webhooks)',
    'Logins, payments, audit',
    'HTTP and processes',
  ]);
  const cells = new Set<string>();
  for (const p of dashboard.panels) {
    expect(p.gridPos.x + p.gridPos.w).toBeLessThanOrEqual(24);
    for (let x = p.gridPos.x; x < p.gridPos.x + p.gridPos.w; x++) {
      for (let y = p.gridPos.y; y < p.gridPos.y + p.gridPos.h; y++) {
        expect([p.title, cells.has(`${x},${y}`)]).toEqual([p.title, false]);
        cells.add(`${x},${y}`);
      }
    }
  }
});

it('passes promtool check rules and check config', () => {
  const rulesCheck = promtool('check', 'rules', 'alerts.yml');
  expect([rulesCheck.status, rulesCheck.output]).toEqual([0, expect.stringContaining(`SUCCESS: ${rules.length} rules found`)]);
  // The config names the rules and token files by their paths inside the Prometheus container: its syntax is what can be checked here.
  const configCheck = promtool('check', 'config', '--syntax-only', 'prometheus.yml');
  expect([configCheck.status, configCheck.output]).toEqual([0, expect.stringContaining('SUCCESS')]);
});

it("has panels shaped as the dashboard's schemaVersion expects (Grafana 10: object datasources, fieldConfig, options, rows with panels)", () => {
  expect(dashboard.schemaVersion).toBe(39);
  expect(dashboard.time).toEqual({ from: expect.any(String), to: expect.any(String) });
  expect(Array.isArray(dashboard.templating.list) && Array.isArray(dashboard.annotations.list)).toBe(true);
  const ids = dashboard.panels.map((p) => p.id);
  expect(new Set(ids).size).toBe(ids.length);
  for (const p of dashboard.panels) {
    expect([p.title, Number.isInteger(p.id) && p.id > 0]).toEqual([p.title, true]);
    if (p.type === 'row') {
      // An open row lists no panels of its own (they follow it at the top level).
      expect([p.title, p.collapsed, p.panels, p.gridPos.h, p.gridPos.w]).toEqual([p.title, false, [], 1, 24]);
      continue;
    }
    // Since schemaVersion 36 a datasource is an object {type, uid}, not a name; 'graph' gave way to 'timeseries'.
    expect([p.title, p.type]).toEqual([p.title, expect.stringMatching(/^(timeseries|stat|gauge|bargauge|table|text)$/)]);
    expect([p.title, p.datasource]).toEqual([p.title, { type: 'prometheus', uid: expect.any(String) }]);
    expect([p.title, typeof p.fieldConfig?.defaults, Array.isArray(p.fieldConfig?.overrides), typeof p.options]).toEqual([p.title, 'object', true, 'object']);
    expect([p.title, (p.targets ?? []).length > 0]).toEqual([p.title, true]);
    const refIds = (p.targets ?? []).map((t) => t.refId);
    expect([p.title, new Set(refIds).size === refIds.length]).toEqual([p.title, true]);
    for (const t of p.targets ?? []) {
      expect([p.title, t.refId, typeof t.expr]).toEqual([p.title, expect.stringMatching(/^[A-Z]$/), 'string']);
      if (t.datasource !== undefined) expect([p.title, t.datasource]).toEqual([p.title, p.datasource]);
    }
  }
});

it('shows the clients on the polling fallback and the login steps', () => {
  const exprs = dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => t.expr));
  expect(exprs).toContain('sum by (role) (resepti_polling_fallback_clients)');
  expect(exprs.some((e) => e.includes('resepti_login_attempts_total') && e.includes('step'))).toBe(true);
});

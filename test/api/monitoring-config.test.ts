/**
 * deploy/monitoring (issue 25): the Prometheus scrape config, the alert rules and the Grafana
 * dashboard parse, are shaped as their tools expect, and ask only for metrics the API exports
 * (read from a real scrape, with Redis so that resepti_redis_up exists). `promtool check rules`
 * and Grafana itself are the final word; docs/operations.md says how to run them.
 */
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
  type: string;
  title: string;
  gridPos: { h: number; w: number; x: number; y: number };
  targets?: Array<{ expr: string; refId: string }>;
}

const yaml = (file: string) => load(readFileSync(path.join(MONITORING, file), 'utf8')) as Record<string, unknown>;
const rules = (yaml('alerts.yml').groups as Array<{ name: string; rules: Rule[] }>).flatMap((g) => g.rules);
const dashboard = JSON.parse(readFileSync(path.join(MONITORING, 'grafana/dashboards/resepti.json'), 'utf8')) as { schemaVersion: number; uid: string; title: string; panels: Panel[] };

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

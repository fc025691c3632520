import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * This process's Prometheus metrics (prom-client), served at GET /metrics (metrics.controller.ts).
 * Per-process series: counters and histograms of what this process did, and gauges of what it
 * holds (its sockets). Prometheus gives each scraped process its own `instance` label, so sums
 * over instances are right. Gauges of shared state (the queue, the outboxes) are read from the
 * database at the scrape (shared-state.collector.ts): every process reports the same value, and
 * queries take max() over instances, never sum().
 *
 * Labels are low-cardinality by construction: route patterns, roles, outcomes, channels, never an
 * id, a hetu or a raw URL.
 */
export const registry = new Registry();

let processMetrics = false;
/** Node's and the process's own metrics (CPU, heap, event loop lag), once per process: only the API's, not the CLI's. */
export function collectProcessMetrics(): void {
  if (processMetrics) return;
  processMetrics = true;
  collectDefaultMetrics({ register: registry });
}

const registers = [registry];

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP requests by method, route pattern and status class.',
  labelNames: ['method', 'route', 'status_class'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

export const socketConnections = new Gauge({
  name: 'resepti_socket_connections',
  help: "Socket.IO connections open on this process, by the user's role.",
  labelNames: ['role'] as const,
  registers,
});

export const pushesTotal = new Counter({
  name: 'resepti_pushes_total',
  help: 'Live pushes sent by this process, by socket event.',
  labelNames: ['event'] as const,
  registers,
});

export const pushFailures = new Counter({
  name: 'resepti_push_failures_total',
  help: 'Live pushes that failed to go out, by socket event.',
  labelNames: ['event'] as const,
  registers,
});

export const pushResyncs = new Counter({
  name: 'resepti_push_resyncs_total',
  help: "resync events sent after this process's Redis link returned (each to a room or to all of its sockets), by reason.",
  labelNames: ['reason'] as const,
  registers,
});

export const pushLatency = new Histogram({
  name: 'resepti_push_latency_seconds',
  help: 'From the commit of a change (its after-commit listener) to the emit of its push.',
  labelNames: ['event'] as const,
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers,
});

export const orderChanges = new Counter({
  name: 'resepti_order_changes_total',
  help: 'Committed order lifecycle changes, by kind (placed, picked, released, decided, delivered, checked, e-prescription).',
  labelNames: ['kind'] as const,
  registers,
});

export const outboxAttempts = new Counter({
  name: 'resepti_outbox_attempts_total',
  help: 'Delivery tries of outbox rows by this process, by channel and result (sent, retry, failed).',
  labelNames: ['channel', 'result'] as const,
  registers,
});

export const loginAttempts = new Counter({
  name: 'resepti_login_attempts_total',
  help: 'Login steps, by role, step (password, code, setup) and outcome (ok: signed in; mfa: password right, a code must follow; wrong; throttled).',
  labelNames: ['role', 'step', 'outcome'] as const,
  registers,
});

export const paymentOutcomes = new Counter({
  name: 'resepti_payment_outcomes_total',
  help: 'Settled payments by outcome: placed (an order), seen (a repeat), refused (an anomaly, refunded), not-ours.',
  labelNames: ['outcome'] as const,
  registers,
});

export const paymentAnomalies = new Counter({
  name: 'resepti_payment_anomalies_total',
  help: 'Payments refused as anomalies, by reason.',
  labelNames: ['reason'] as const,
  registers,
});

export const auditAppends = new Counter({
  name: 'resepti_audit_appends_total',
  help: 'Rows appended to the audit chain by this process.',
  registers,
});

export const auditChainGuessMisses = new Counter({
  name: 'resepti_audit_chain_guess_misses_total',
  help: 'Appends whose guess of the chain head was wrong (another process appended, or a transaction rolled back): one more round trip each.',
  registers,
});

export const reseptilistaReads = new Counter({
  name: 'resepti_reseptilista_reads_total',
  help: "Reseptilista reads, by where the page came from: 'memory' (ReseptilistaCache) or 'database'.",
  labelNames: ['from'] as const,
  registers,
});

export const auditAppendFailures = new Counter({
  name: 'resepti_audit_append_failures_total',
  help: 'Failed appends to the audit chain (the action answered 503 and rolled back).',
  registers,
});

export const ePrescriptionSendSeconds = new Histogram({
  name: 'resepti_e_prescription_send_seconds',
  help: "From an order's delivery (the approval final) to its prescription's record in the Prescription Centre, retries included.",
  buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600],
  registers,
});

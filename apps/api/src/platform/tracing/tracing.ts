import type { IncomingMessage } from 'node:http';
import type { Span } from '@opentelemetry/api';

/**
 * Traces (OpenTelemetry), only when OTEL_EXPORTER_OTLP_ENDPOINT is set. Off, nothing of the SDK
 * is even loaded (this file imports types only) and the hooks below are no-ops. On, the SDK
 * starts before the app's own modules load (main.ts imports the server only after it): the
 * instrumentations of http, express, pg and ioredis patch those libraries as they are required.
 *
 * Spans carry no patient data: the server span has the route pattern (http.route), never the
 * path or query (ids, a hetu in a search); pg spans the parameterised statement, never the
 * values; ioredis spans the command name only. tracing-sdk.ts holds the rules, and a last
 * processor there scrubs any hetu or phone number left in an attribute.
 */

export interface TracingConfig {
  /** OTLP/HTTP base address; traces go to `${endpoint}/v1/traces` (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT). */
  endpoint: string;
}

/** What tracing adds to the app while it runs; every member is a no-op while tracing is off. */
export interface TracingHooks {
  /** The trace and span ids of the span active now, for a log line. */
  activeIds(): TraceIds | undefined;
  /** Marks the server span of a request with its request id; answers the span's ids (its log line carries them). */
  requestStarted(req: IncomingMessage, requestId: string): TraceIds | undefined;
  /** Sends the spans still buffered and stops (graceful shutdown). */
  shutdown(): Promise<void>;
}

export interface TraceIds {
  trace_id: string;
  span_id: string;
}

const OFF: TracingHooks = {
  activeIds: () => undefined,
  requestStarted: () => undefined,
  shutdown: async () => undefined,
};

let hooks: TracingHooks = OFF;

/** The tracing of this process (no-ops while off). */
export function tracing(): TracingHooks {
  return hooks;
}

/** Starts the SDK when configured; call before the app's modules are imported. */
export async function startTracing(config: TracingConfig | null): Promise<void> {
  if (!config || hooks !== OFF) return;
  const { startSdk } = await import('./tracing-sdk.js');
  hooks = startSdk();
}

/** The ids of a span, as log fields. */
export function idsOf(span: Span): TraceIds {
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

import { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import { isSpanContextValid, trace, type Attributes, type AttributeValue, type Span } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { ExpressInstrumentation, ExpressLayerType } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { BatchSpanProcessor, type Span as SdkSpan, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { scrub } from '../logging/scrub.js';
import { idsOf, type TracingHooks } from './tracing.js';

/**
 * The OpenTelemetry SDK with the four instrumentations, loaded only when tracing is on
 * (tracing.ts). Spans go over OTLP/HTTP as JSON to OTEL_EXPORTER_OTLP_ENDPOINT in batches
 * (OTEL_BSP_*); OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES and OTEL_TRACES_SAMPLER(_ARG) work
 * as the SDK documents them. Metrics and logs stay with Prometheus and pino: none are sent.
 */

/** Probes, scrapes and Socket.IO's transport: frequent, and nothing to follow in a trace. */
const UNTRACED = /^\/(health|metrics|socket\.io)(\/|\?|$)/;

/**
 * What an incoming request's span must not carry, dropped before the span starts: its path and
 * query (ids, a hetu typed into a search; http.route carries the pattern instead) and the
 * client's address.
 */
const WITHOUT_REQUEST_DETAILS: Attributes = {
  'url.path': undefined,
  'url.query': undefined,
  'client.address': undefined,
  'network.peer.address': undefined,
  'network.peer.port': undefined,
};

/**
 * The last look at every span before it is sent (its attributes, events and status message):
 * a hetu or a phone number that slipped into one (an error message, a statement written with a
 * value in it) becomes [hetu] / [phone]. Names cannot be recognised: they are kept out at the
 * source (no values, no paths, no bodies).
 */
class PatientDataScrubber implements SpanProcessor {
  onStart(): void {}

  onEnding(span: SdkSpan): void {
    for (const [key, value] of Object.entries(span.attributes)) {
      const clean = scrubValue(value);
      if (clean !== value && clean !== undefined) span.setAttribute(key, clean);
    }
    for (const event of span.events) {
      const attributes = event.attributes ?? {};
      for (const [key, value] of Object.entries(attributes)) attributes[key] = scrubValue(value);
    }
    if (span.status.message) span.setStatus({ ...span.status, message: scrub(span.status.message) });
  }

  onEnd(): void {}
  forceFlush(): Promise<void> {
    return Promise.resolve();
  }
  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}

function scrubValue(value: AttributeValue | undefined): AttributeValue | undefined {
  if (typeof value === 'string') {
    const clean = scrub(value);
    return clean === value ? value : clean;
  }
  if (Array.isArray(value) && value.some((v) => typeof v === 'string' && scrub(v) !== v)) {
    return value.map((v) => (typeof v === 'string' ? scrub(v) : v)) as AttributeValue;
  }
  return value;
}

export function startSdk(): TracingHooks {
  /** The server span of each request in flight (its request id and its log line need it). */
  const serverSpans = new WeakMap<IncomingMessage, Span>();

  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME?.trim() || 'resepti-api',
    spanProcessors: [new PatientDataScrubber(), new BatchSpanProcessor(new OTLPTraceExporter())],
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => UNTRACED.test(req.url ?? ''),
        startIncomingSpanHook: () => WITHOUT_REQUEST_DETAILS,
        requestHook: (span, request) => {
          if (request instanceof IncomingMessage) serverSpans.set(request, span);
        },
      }),
      // Route handlers only: a span for each of the dozen middlewares of every request would
      // cost more than it tells (their PostgreSQL queries still show, under the request).
      new ExpressInstrumentation({ ignoreLayersType: [ExpressLayerType.MIDDLEWARE] }),
      // The statement with its $1 placeholders, never the values (enhancedDatabaseReporting);
      // only inside a traced request: the outbox workers' polls would be a trace each.
      new PgInstrumentation({ enhancedDatabaseReporting: false, addSqlCommenterCommentToQueries: false, requireParentSpan: true }),
      // The command's name only: keys and values stay out.
      new IORedisInstrumentation({ requireParentSpan: true, dbStatementSerializer: (command) => command }),
    ],
  });
  sdk.start();
  // The app imports these as ES modules, which Node loads without require(), where the
  // instrumentations hook in: they would never see them. Required here first, they are patched
  // in place, and the app's imports get the same (patched) modules from the module cache.
  const require = createRequire(import.meta.url);
  for (const name of ['express', 'pg', 'ioredis']) require(name);

  return {
    activeIds: () => {
      const span = trace.getActiveSpan();
      return span && isSpanContextValid(span.spanContext()) ? idsOf(span) : undefined;
    },
    requestStarted: (req, requestId) => {
      const span = serverSpans.get(req);
      if (!span) return undefined;
      span.setAttribute('resepti.request_id', requestId);
      return idsOf(span);
    },
    shutdown: () => sdk.shutdown(),
  };
}

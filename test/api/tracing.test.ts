/**
 * Traces (issue 25), read as a trace backend reads them: the API sends OTLP/HTTP JSON to
 * OTEL_EXPORTER_OTLP_ENDPOINT (here a small receiver of the test's own). A pharmacy's flow (the
 * patient identified by hetu, an order sent, pushed through Redis) gives one trace per request
 * with its server span, its PostgreSQL queries and its Redis commands; the request's log line
 * carries the same trace id, and the span carries the request id. No span attribute anywhere
 * holds the patient's hetu, name or phone. Without the variable nothing is sent.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startApp, type TestApp } from '../support/app';
import { clearOrders } from '../support/order-fixtures';
import { pharmacistAtOffice, PHARMACY_PATIENT, sendPharmacyOrder } from '../support/pharmacy-flow';
import { TestRedis } from '../support/redis-server';

jest.setTimeout(120_000);

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
  arrayValue?: { values?: OtlpValue[] };
}
interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: OtlpAttribute[];
  events?: Array<{ name: string; attributes?: OtlpAttribute[] }>;
  status?: { message?: string };
}
interface OtlpExport {
  resourceSpans: Array<{ resource?: { attributes?: OtlpAttribute[] }; scopeSpans: Array<{ scope: { name: string }; spans: OtlpSpan[] }> }>;
}

/** An OTLP/HTTP receiver: keeps every POST's path and parsed JSON body. */
class OtlpReceiver {
  readonly posts: Array<{ path: string; contentType: string | undefined; body: OtlpExport }> = [];
  private constructor(private readonly server: Server) {}

  static async start(): Promise<OtlpReceiver> {
    const server = createServer();
    const receiver = new OtlpReceiver(server);
    server.on('request', (req, res) => {
      let text = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (text += chunk));
      req.on('end', () => {
        receiver.posts.push({ path: req.url ?? '', contentType: req.headers['content-type'], body: JSON.parse(text) as OtlpExport });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Every span received so far, with the name of the instrumentation that made it. */
  spans(): Array<OtlpSpan & { scope: string }> {
    return this.posts.flatMap((p) => p.body.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans.map((span) => ({ ...span, scope: s.scope.name })))));
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const attribute = (span: OtlpSpan, key: string): string | number | boolean | undefined => {
  const v = span.attributes?.find((a) => a.key === key)?.value;
  return v?.stringValue ?? (v?.intValue !== undefined ? Number(v.intValue) : undefined) ?? v?.boolValue ?? v?.doubleValue;
};

/** Every text in a span that a backend would store: name, attribute values, events, status. */
function textsOf(span: OtlpSpan): string[] {
  const values = (attrs: OtlpAttribute[] = []): string[] =>
    attrs.flatMap((a) => [a.key, JSON.stringify(a.value)]);
  return [span.name, ...values(span.attributes), ...(span.events ?? []).flatMap((e) => [e.name, ...values(e.attributes)]), span.status?.message ?? ''];
}

const until = async (check: () => boolean, what: string): Promise<void> => {
  for (let i = 0; i < 150; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`not seen: ${what}`);
};

describe('with OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  let receiver: OtlpReceiver;
  let redis: TestRedis;
  let app: TestApp;

  beforeAll(async () => {
    receiver = await OtlpReceiver.start();
    redis = await TestRedis.reserve();
    await redis.start();
    app = await startApp({
      env: {
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_BSP_SCHEDULE_DELAY: '200',
        OTEL_SERVICE_NAME: 'resepti-api-test',
        REDIS_URL: redis.url,
        LOG_FORMAT: 'json',
      },
    });
    await clearOrders(app);
  });
  afterAll(async () => {
    await app?.stop();
    await redis?.kill();
    await receiver?.close();
  });

  it("sends a pharmacy order's request, queries and Redis commands as one trace, tied to its log line, with no patient data", async () => {
    const { client: pharmacist } = await pharmacistAtOffice(app, 'pharmacy');
    await sendPharmacyOrder(pharmacist, ['Kestine'], { option: 'delivery-12-h' });
    // The patient is identified by hetu (the identification step) and the order is sent: find the send's server span.
    const isSend = (s: OtlpSpan) => s.kind === 2 && attribute(s, 'http.route') === '/ui-api/v1/pharmacy-shopping-cart/send';
    await until(() => receiver.spans().some(isSend), 'the server span of the send');
    const send = receiver.spans().find(isSend)!;
    const trace = () => receiver.spans().filter((s) => s.traceId === send.traceId);
    await until(() => trace().some((s) => s.scope.includes('ioredis')) && trace().some((s) => s.scope.includes('instrumentation-pg')), 'the pg and ioredis spans of the send');

    expect(receiver.posts.every((p) => p.path === '/v1/traces' && p.contentType?.startsWith('application/json'))).toBe(true);
    const service = receiver.posts[0].body.resourceSpans[0].resource?.attributes?.find((a) => a.key === 'service.name')?.value.stringValue;
    expect(service).toBe('resepti-api-test');

    // The server span: the route pattern and status, the request id; no path or query of its own.
    expect(send.name).toBe('POST /ui-api/v1/pharmacy-shopping-cart/send');
    expect(attribute(send, 'http.response.status_code')).toBe(200);
    const requestId = attribute(send, 'resepti.request_id');
    expect(requestId).toEqual(expect.stringMatching(/^[0-9a-f-]{36}$/));
    expect(attribute(send, 'url.path')).toBeUndefined();
    expect(send.parentSpanId ?? '').toBe('');

    // Its queries and commands are in the same trace, below it; statements are parameterised.
    const queries = trace().filter((s) => s.scope.includes('instrumentation-pg') && attribute(s, 'db.query.text') !== undefined);
    expect(queries.length).toBeGreaterThan(2);
    expect(queries.some((q) => /INSERT INTO "?orders"?/i.test(String(attribute(q, 'db.query.text'))))).toBe(true);
    const commands = trace().filter((s) => s.scope.includes('ioredis'));
    expect(commands.length).toBeGreaterThan(0);
    for (const command of commands) expect(String(attribute(command, 'db.query.text') ?? attribute(command, 'db.statement'))).toMatch(/^[a-z]+$/);
    const ids = new Set(trace().map((s) => s.spanId));
    for (const span of trace()) if (span.spanId !== send.spanId) expect([span.name, ids.has(span.parentSpanId ?? '')]).toEqual([span.name, true]);
    expect(trace().some((s) => s.scope.includes('instrumentation-express'))).toBe(true);

    // The request's log line (JSON lines are written within 200 ms of being made): same request id, same trace and span.
    const requestLine = () =>
      app
        .output()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .find((l) => l.msg === 'request' && l.reqId === requestId);
    await until(() => requestLine() !== undefined, "the send's log line");
    const line = requestLine();
    expect(line).toMatchObject({ route: '/ui-api/v1/pharmacy-shopping-cart/send', trace_id: send.traceId, span_id: send.spanId });

    // Nothing of the patient anywhere: not in the send's trace, not in any other span (the hetu step, the lookups).
    await until(() => receiver.spans().some((s) => attribute(s, 'http.route') === '/ui-api/v1/patient-info'), 'the identification step');
    const everything = receiver.spans().flatMap(textsOf).join('\n');
    for (const secret of [PHARMACY_PATIENT.hetu, PHARMACY_PATIENT.firstName, PHARMACY_PATIENT.lastName, '+358401234567', '0401234567', 'Apteekki123']) {
      expect([secret, everything.includes(secret)]).toEqual([secret, false]);
    }
  });

  it('keeps a search word with a hetu out of the span of a request that did not match a route', async () => {
    const res = await fetch(`${app.apiUrl}/no-such-route/${PHARMACY_PATIENT.hetu}?hetu=${PHARMACY_PATIENT.hetu}`, { headers: { 'x-request-id': 'tracing-unmatched-0001' } });
    expect(res.status).toBe(404);
    const isIt = (s: OtlpSpan) => attribute(s, 'resepti.request_id') === 'tracing-unmatched-0001';
    await until(() => receiver.spans().some(isIt), 'the 404 span');
    const span = receiver.spans().find(isIt)!;
    // Its name is the method and at most the catch-all's pattern; no path, no query.
    expect(span.name).toMatch(/^GET( \/ui-api\/v1\*path)?$/);
    expect(textsOf(span).join('\n')).not.toContain(PHARMACY_PATIENT.hetu);
  });

  it('does not trace probes and scrapes', async () => {
    expect((await fetch(`${app.baseUrl}/health/ready`, { headers: { 'x-request-id': 'tracing-probe-000001' } })).status).toBe(200);
    // A traced request after it: once its span is in, the probe's would be too.
    await fetch(`${app.apiUrl}/csrf-token`, { headers: { 'x-request-id': 'tracing-after-probe-01' } });
    await until(() => receiver.spans().some((s) => attribute(s, 'resepti.request_id') === 'tracing-after-probe-01'), 'the request after the probe');
    expect(receiver.spans().filter((s) => attribute(s, 'resepti.request_id') === 'tracing-probe-000001')).toEqual([]);
  });
});

describe('without OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  it('sends nothing and loads no SDK: log lines carry no trace ids', async () => {
    const receiver = await OtlpReceiver.start();
    // The receiver's address in the other OTEL_* variables: an SDK started by mistake would send there.
    const app = await startApp({ env: { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${receiver.url}/v1/traces`, OTEL_BSP_SCHEDULE_DELAY: '100', LOG_FORMAT: 'json' } });
    try {
      const { client: pharmacist } = await pharmacistAtOffice(app, 'pharmacy');
      await sendPharmacyOrder(pharmacist, ['Kestine'], { option: 'delivery-12-h' });
      const res = await fetch(`${app.apiUrl}/csrf-token`, { headers: { 'x-request-id': 'untraced-request-0001' } });
      expect(res.status).toBe(200);
      const lines = () =>
        app
          .output()
          .split('\n')
          .filter((l) => l.startsWith('{'))
          .map((l) => JSON.parse(l) as Record<string, unknown>);
      await until(() => lines().some((l) => l.reqId === 'untraced-request-0001' && l.msg === 'request'), 'the request line');
      expect(lines().filter((l) => 'trace_id' in l || 'span_id' in l)).toEqual([]);
      // Past the batch delay an SDK would have used: still nothing.
      await new Promise((r) => setTimeout(r, 500));
      expect(receiver.posts).toEqual([]);
    } finally {
      await app.stop();
      await receiver.close();
    }
  });
});

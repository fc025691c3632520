import { format } from 'node:util';
import type { LoggerService } from '@nestjs/common';
import { pino, type DestinationStream, type Logger } from 'pino';
import { PinoPretty } from 'pino-pretty';
import type { ObservabilityConfig } from '../config/config.js';
import { currentRequestId } from './request-context.js';
import { tracing } from '../tracing/tracing.js';
import { scrub } from './scrub.js';

export { scrub };

/**
 * Fields never written: cookies, authorization headers, passwords, tokens, hetu, names, phone
 * numbers and chat text, at the top or one level down (pino's redaction, fast-redact paths).
 */
const SECRET_FIELDS = ['cookie', 'authorization', 'password', 'newPassword', 'token', 'accessToken', 'secret', 'hetu', 'patientHetu', 'firstName', 'lastName', 'phone', 'text', 'body'];
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS.flatMap((f) => [`*.${f}`, `*.*.${f}`]),
];

/**
 * The process's logger (pino): JSON lines (LOG_FORMAT=json, production's default) or pretty text
 * (development). Each line made while a request runs carries its id (`reqId`). Messages are
 * scrubbed of hetus and phone numbers; known secret fields are redacted.
 */
export function createLogger(config: Pick<ObservabilityConfig, 'logFormat' | 'logLevel'>): Logger {
  const options = {
    level: config.logLevel,
    base: { pid: process.pid },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    // A line made inside a request gets its id, unless it names one itself (the request line);
    // with tracing, also the trace and span ids of the span active then.
    mixin: (merge: object) => {
      const requestId = 'reqId' in merge ? undefined : currentRequestId();
      const traceIds = 'trace_id' in merge ? undefined : tracing().activeIds();
      return { ...(requestId ? { reqId: requestId } : {}), ...traceIds };
    },
    hooks: {
      logMethod(this: Logger, args: Parameters<Logger['info']>, method: (...a: unknown[]) => void) {
        method.apply(this, args.map((a) => (typeof a === 'string' ? scrub(a) : a)));
      },
    },
  };
  if (config.logFormat === 'json') return pino({ ...options, timestamp: pino.stdTimeFunctions.isoTime }, jsonOut());
  return pino(
    options,
    PinoPretty({ sync: true, colorize: false, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,context', messageFormat: '{if context}[{context}] {end}{msg}' }),
  );
}

/**
 * The logger of the one line per request (observeRequests): in JSON, a pino of its own without
 * redaction, scrubbing or mixin, which that line never needs (its fields are fixed: request id,
 * trace ids, method, route pattern, status, duration; it carries its ids itself) and which cost
 * more than the rest of a cheap request's logging. Pretty text keeps the process's logger.
 */
export function createRequestLogger(config: Pick<ObservabilityConfig, 'logFormat' | 'logLevel'>, processLogger: Logger): Logger {
  if (config.logFormat !== 'json') return processLogger;
  return pino({ level: config.logLevel, base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime }, jsonOut());
}

let stdout: DestinationStream | undefined;

/**
 * Standard output for the JSON lines, shared by both loggers (their lines stay in order), written
 * asynchronously and together: lines gather until 4 KiB or a fifth of a second has passed, then
 * go out in one write off the event loop (a write a line cost the busy API more than a request's
 * own work). pino writes what is left when the process exits; a process killed outright loses at
 * most that fifth of a second of lines.
 */
function jsonOut(): DestinationStream {
  return (stdout ??= pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 200 }));
}

/** Nest's logger on pino: `new Logger('Context')` lines become pino lines with `context`. */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  /** Nest passes the context last; an error's stack before it. */
  private write(level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace', message: unknown, params: unknown[]): void {
    const rest = [...params];
    const context = typeof rest.at(-1) === 'string' && rest.length >= 1 ? (rest.pop() as string) : undefined;
    const stack = level === 'error' || level === 'fatal' ? rest.find((p): p is string => typeof p === 'string') : undefined;
    const fields: Record<string, unknown> = {};
    if (context) fields.context = context;
    if (stack) fields.stack = scrub(stack);
    if (message instanceof Error) this.logger[level]({ ...fields, err: message }, scrub(message.message));
    else if (typeof message === 'object' && message !== null) this.logger[level]({ ...fields, ...message });
    else this.logger[level](fields, scrub(String(message)));
  }
}

/**
 * With JSON logs, what libraries print with console.* (the test IdP's notices, a crash) becomes a
 * log line too (context 'console'), so that every line a collector reads is JSON.
 */
export function routeConsole(logger: Logger): void {
  const line = (level: 'debug' | 'info' | 'warn' | 'error') => (...args: unknown[]) => logger[level]({ context: 'console' }, format(...args));
  console.debug = line('debug');
  console.log = line('info');
  console.info = line('info');
  console.warn = line('warn');
  console.error = line('error');
}

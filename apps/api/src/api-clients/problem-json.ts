/**
 * Every error under /api (the integrator API and its token endpoint) as RFC 9457
 * `application/problem+json`: a stable `type` URI per kind, an English `title`, a stable `code`,
 * `detail` in English, `detailFi` in Finnish and `detailSv` in Swedish (all from the catalogue), the `instance` path, a `requestId` (also in the
 * server log for a 500), and for validation errors `errors[]` with each field's `pointer` (body)
 * or `parameter` (query, path). Routes, methods and media types are checked here too, so a
 * client never meets NestJS's or Express's own error shapes.
 */
import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { localizeMessage } from '@resepti/domain/locales';
import {
  catalogued,
  fallbackCodeOf,
  findProblemText,
  INTEGRATOR_MESSAGES as M,
  PROBLEM_KINDS,
  PROBLEM_TYPE_PREFIX,
  problemKindOf,
  REQUEST_MESSAGES,
  type ProblemDetails,
  type ProblemFieldError,
  type ProblemKind,
  type ProblemText,
} from '@resepti/domain';
import { AuditWriteError } from '../platform/audit/audit-chain.js';
import { isDatabaseUnavailable } from '../platform/database/database-unavailable.js';
import { isDataException } from '../platform/http/http-exception.filter.js';
import { FieldValidationException, type FieldFailure } from '../platform/http/validation.js';

/** The integrator API's paths (its own document's, and the token endpoint). */
export const isIntegratorPath = (path: string): boolean => path.startsWith('/api/');

const logger = new Logger('IntegratorApi');

/** The integrator API's routes and their methods, from its OpenAPI document: the 405's `Allow`. */
let routes: Array<{ pattern: RegExp; methods: string[] }> = [];

export function registerIntegratorRoutes(paths: Record<string, object>): void {
  routes = Object.entries(paths).map(([path, item]) => ({
    pattern: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}/?$`),
    methods: Object.keys(item)
      .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
      .map((m) => m.toUpperCase()),
  }));
}

function allowedMethods(path: string): string[] {
  const methods = routes.filter((r) => r.pattern.test(path)).flatMap((r) => r.methods);
  return [...new Set(methods.includes('GET') ? [...methods, 'HEAD'] : methods)].sort();
}

interface ProblemInput {
  status: number;
  kind?: ProblemKind;
  /** The Finnish message (looked up in the catalogue for its code and English text). */
  fi?: string;
  errors?: ProblemFieldError[];
}

/** A message's catalogue entry, or its kind's: a message the catalogue lacks is logged, never answered raw. */
function textOf(fi: string | undefined, fallbackCode: string): ProblemText {
  const found = fi === undefined ? null : findProblemText(fi);
  if (fi !== undefined && !found) logger.warn(`a message not in the error catalogue answered as ${fallbackCode}: ${fi}`);
  return found ?? catalogued(undefined, fallbackCode);
}

function problemOf(req: Request, input: ProblemInput): ProblemDetails {
  const kind = input.kind ?? problemKindOf(input.status);
  const text = textOf(input.fi, fallbackCodeOf(kind));
  return {
    type: `${PROBLEM_TYPE_PREFIX}${kind}`,
    title: PROBLEM_KINDS[kind].title,
    status: input.status,
    code: text.code,
    detail: text.en,
    detailFi: text.fi,
    detailSv: text.sv,
    instance: req.originalUrl.split('?')[0],
    requestId: randomUUID(),
    ...(input.errors ? { errors: input.errors } : {}),
  };
}

export function sendProblem(req: Request, res: Response, input: ProblemInput): ProblemDetails {
  const problem = problemOf(req, input);
  if (problem.status === 401) res.setHeader('WWW-Authenticate', 'Bearer realm="resepti", error="invalid_token"');
  res.setHeader('Cache-Control', 'no-store');
  res.status(problem.status).type('application/problem+json').send(JSON.stringify(problem));
  return problem;
}

/** The code of a failed rule whose message is class-validator's own (English, not for an integrator). */
const CONSTRAINT_CODES: Record<string, string> = { isInt: 'integer_required', isString: 'string_required', whitelistValidation: 'unknown_field', nestedValidation: 'object_required', isObject: 'object_required' };

/** RFC 6901: the pointer of a path into the body (`""` is the whole body). */
const pointerOf = (path: string[]) => path.map((p) => `/${p.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

function fieldErrors(exception: FieldValidationException): ProblemFieldError[] {
  return exception.fields.map((f: FieldFailure) => {
    const text = textOf(localizeMessage(f.message, 'fi'), CONSTRAINT_CODES[f.constraint] ?? 'invalid_value');
    const where = exception.location === 'body' ? { pointer: pointerOf(f.path) } : { parameter: f.path.join('.') };
    return { ...where, code: text.code, detail: text.en, detailFi: text.fi, detailSv: text.sv };
  });
}

/** One field error as the answer: validation-failed, its code the field's (several fields: validation_failed). */
function sendFieldErrors(req: Request, res: Response, errors: ProblemFieldError[]): void {
  const problem = problemOf(req, { status: 400, kind: 'validation-failed', fi: errors.length === 1 ? errors[0].detailFi : REQUEST_MESSAGES.validationFailed, errors });
  res.setHeader('Cache-Control', 'no-store');
  res.status(400).type('application/problem+json').send(JSON.stringify(problem));
}

/** A body that is JSON but no object (`null`, `"x"`, `1`): the parser's strict mode refused it, yet it is not malformed. */
function isJsonButNoObject(rawBody: unknown): boolean {
  if (typeof rawBody !== 'string') return false;
  try {
    JSON.parse(rawBody);
    return true;
  } catch {
    return false;
  }
}

interface BodyParserError {
  type?: string;
  status?: number;
  /** The raw text the parser refused. */
  body?: unknown;
}

/** The problem for any exception (also one thrown before routing: a body parser's, Nest's 404). */
export function writeProblem(exception: unknown, req: Request, res: Response): void {
  if (res.headersSent) return;
  if (exception instanceof FieldValidationException) return sendFieldErrors(req, res, fieldErrors(exception));
  // A body parser's error (Nest's adapter wraps it in an HttpException with the original as its cause).
  const parserError = (exception instanceof HttpException ? exception.cause : exception) as BodyParserError | null | undefined;
  if (parserError?.type === 'entity.parse.failed' && isJsonButNoObject(parserError.body)) {
    const text = catalogued(REQUEST_MESSAGES.objectRequired, 'object_required');
    return sendFieldErrors(req, res, [{ pointer: '', code: text.code, detail: text.en, detailFi: text.fi, detailSv: text.sv }]);
  }
  if (parserError?.type === 'entity.parse.failed') return void sendProblem(req, res, { status: 400, kind: 'malformed-json', fi: M.malformedJson });
  if (parserError?.type === 'entity.too.large') return void sendProblem(req, res, { status: 413, kind: 'payload-too-large', fi: M.payloadTooLarge });
  if (parserError?.type === 'charset.unsupported' || parserError?.type === 'encoding.unsupported') {
    return void sendProblem(req, res, { status: 415, kind: 'unsupported-media-type', fi: M.unsupportedMediaType });
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const body = exception.getResponse();
    const message = typeof body === 'string' ? body : (body as { message?: unknown }).message;
    const messages = (Array.isArray(message) ? message : [message]).filter((m): m is string => typeof m === 'string').map((m) => localizeMessage(m, 'fi'));
    if (status === HttpStatus.NOT_FOUND && /^Cannot [A-Z]+ /.test(messages[0] ?? '')) {
      // Nest's own "no such route": 405 with Allow when the path exists with other methods.
      const allowed = allowedMethods(req.path);
      if (allowed.length > 0) {
        res.setHeader('Allow', allowed.join(', '));
        sendProblem(req, res, { status: 405, kind: 'method-not-allowed', fi: M.methodNotAllowed });
      } else sendProblem(req, res, { status: 404, kind: 'route-not-found', fi: M.routeNotFound });
      return;
    }
    if (status === HttpStatus.SERVICE_UNAVAILABLE && !res.getHeader('Retry-After')) res.setHeader('Retry-After', '2');
    sendProblem(req, res, { status, fi: messages.length ? messages.join(' ') : undefined });
    return;
  }
  if (typeof parserError?.status === 'number' && parserError.status >= 400 && parserError.status < 500) return void sendProblem(req, res, { status: parserError.status });
  if (isDataException(exception)) {
    // A value PostgreSQL refuses (out of range) that validation let through: the caller's input, nothing changed.
    logger.warn(`refused by the database as data: ${exception.message}`);
    return void sendProblem(req, res, { status: 400, fi: REQUEST_MESSAGES.invalidInput });
  }
  if (isDatabaseUnavailable(exception) || exception instanceof AuditWriteError) {
    // The database away, or the action's audit rows not writable (nothing of it committed): try again.
    if (exception instanceof AuditWriteError) logger.error(exception.message);
    res.setHeader('Retry-After', '5');
    return void sendProblem(req, res, { status: 503 });
  }
  const problem = sendProblem(req, res, { status: 500 });
  logger.error(`${req.method} ${req.originalUrl} failed [${problem.requestId}]`, exception instanceof Error ? exception.stack : String(exception));
}

/** The integrator controllers' filter (the global filter sends /api paths here too). */
@Catch()
export class ProblemJsonFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    writeProblem(exception, host.switchToHttp().getRequest<Request>(), host.switchToHttp().getResponse<Response>());
  }
}

const hasBody = (req: Request) => Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;

/**
 * 415 before any parsing: /api/v1 takes JSON bodies, the token endpoint OAuth's form. (Without
 * this a text/plain body reached validation as an empty object and answered field errors.) Only
 * where a route takes the method: elsewhere the answer is the route's 404 or 405.
 */
export function requireIntegratorMediaType(req: Request, res: Response, next: NextFunction): void {
  if (!isIntegratorPath(req.path) || !hasBody(req) || req.method === 'GET' || req.method === 'HEAD') return next();
  // No route takes this method here (a FHIR write, an unknown path): routing answers 404 or 405, not 415.
  if (!allowedMethods(req.path).includes(req.method)) return next();
  const wanted = req.path === '/api/oauth/token' ? 'application/x-www-form-urlencoded' : 'application/json';
  if (req.is(wanted)) return next();
  sendProblem(req, res, { status: 415, kind: 'unsupported-media-type', fi: M.unsupportedMediaType });
}

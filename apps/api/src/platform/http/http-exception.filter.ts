import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { QueryFailedError } from 'typeorm';
import { AuditWriteError } from '../audit/audit-chain.js';
import { AuditService } from '../audit/audit.service.js';
import { errorFormatFor } from './error-formats.js';
import { requestIdOf, routePattern } from '../logging/request-context.js';
import { isDatabaseUnavailable, sendDatabaseUnavailable } from '../database/database-unavailable.js';
import { DEFAULT_LANGUAGE } from '@resepti/domain';
import { localizedBody, responseLanguage } from './response-language.js';

interface BodyParserError {
  type?: string;
  status?: number;
}

/** PostgreSQL SQLSTATE class 22, "data exception" (e.g. 22003 out of range, 22021 bad byte). */
export function isDataException(exception: unknown): exception is QueryFailedError & { code: string } {
  return exception instanceof QueryFailedError && /^22/.test(String((exception as { code?: unknown }).code ?? ''));
}

/**
 * Errors have one shape: {statusCode, message, error}. 4xx messages are for the user;
 * anything unexpected is a 500 that only shows the request id (X-Request-Id), and is logged with it.
 * Logs name the route pattern, never the raw URL (ids, search words).
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpError');

  constructor(private readonly audit: AuditService) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const res = ctx.getResponse<Response>();
    const req = ctx.getRequest<Request>();
    if (res.headersSent) return;
    // An edge with its own format (the FHIR view's OperationOutcome, the integrator API's problem+json) answers in it.
    const edgeFormat = errorFormatFor(req.path);
    if (edgeFormat) return edgeFormat.write(exception, req, res);
    const where = `${req.method} ${routePattern(req, 500)}`;
    // The user's messages in the language the request asks for (Finnish unless it asks otherwise).
    const language = responseLanguage(req);
    res.setHeader('Vary', 'Accept-Language');

    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const body = exception.getResponse();
      // Busy (e.g. the password-hashing queue is full): worth retrying in a moment.
      if (status === HttpStatus.SERVICE_UNAVAILABLE) res.setHeader('Retry-After', '2');
      // A refusal that knows when it ends (a payment being taken) says so.
      const { retryAfterSeconds } = (typeof body === 'object' ? body : {}) as { retryAfterSeconds?: unknown };
      if (typeof retryAfterSeconds === 'number') res.setHeader('Retry-After', String(retryAfterSeconds));
      const send = () => res.status(status).json(localizedBody(typeof body === 'string' ? { statusCode: status, message: body } : body, language));
      // A signed-in user refused (another role's endpoint, another pharmacy's record) is audited
      // before the answer goes: attempts to reach what is not one's own are what the log is for.
      if (status === HttpStatus.FORBIDDEN && req.user) {
        this.audit
          .record(req.user, { action: 'access.refused', subject: `${req.method} ${req.path}` })
          .catch((err: unknown) => this.logger.error(`audit of a refusal failed: ${String(err)}`))
          .finally(send);
        return;
      }
      send();
      return;
    }
    const parserError = exception as BodyParserError;
    if (parserError?.type === 'entity.parse.failed') {
      res.status(400).json(localizedBody({ statusCode: 400, message: 'errors.jsonInvalid', error: 'Bad Request' }, language));
      return;
    }
    if (parserError?.type === 'entity.too.large') {
      // Answered in Finnish whatever the request's language (as it always has been).
      res.status(413).json(localizedBody({ statusCode: 413, message: 'errors.tooLarge', error: 'Payload Too Large' }, DEFAULT_LANGUAGE));
      return;
    }
    if (typeof parserError?.status === 'number' && parserError.status >= 400 && parserError.status < 500) {
      res.status(parserError.status).json(localizedBody({ statusCode: parserError.status, message: 'errors.requestInvalid', error: 'Bad Request' }, DEFAULT_LANGUAGE));
      return;
    }
    if (exception instanceof AuditWriteError) {
      // Nothing of the action was committed (its audit rows roll back with it): try again.
      this.logger.error(`${where} refused: ${exception.message}`);
      sendDatabaseUnavailable(res);
      return;
    }
    if (isDatabaseUnavailable(exception)) {
      this.logger.warn(`${where}: database unavailable (${(exception as Error).message})`);
      sendDatabaseUnavailable(res);
      return;
    }
    if (isDataException(exception)) {
      // Input the validation let through but PostgreSQL refuses as a value (out of range,
      // not representable): still the caller's input, and the statement changed nothing.
      this.logger.warn(`${where} refused by the database as data: ${exception.message}`);
      res.status(400).json(localizedBody({ statusCode: 400, message: 'errors.inputInvalid', error: 'Bad Request' }, language));
      return;
    }
    const requestId = requestIdOf(req) ?? 'unknown';
    this.logger.error(`${where} failed [${requestId}]`, exception instanceof Error ? exception.stack : String(exception));
    res.status(HttpStatus.INTERNAL_SERVER_ERROR).json(localizedBody({ statusCode: 500, message: 'errors.serverError', requestId }, language));
  }
}

/**
 * Every error under /api/fhir as a FHIR OperationOutcome (`application/fhir+json`), never
 * problem+json: FHIR clients read OperationOutcome. Each issue carries the error's stable code
 * (the same catalogue as problem+json), the English text and the Finnish one.
 */
import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import type { OperationOutcome, OperationOutcomeIssue } from '@medplum/fhirtypes';
import { problemText } from '@resepti/domain';
import { localizeMessage } from '@resepti/domain/locales';
import { AuditWriteError } from '../platform/audit/audit-chain.js';
import { isDatabaseUnavailable } from '../platform/database/database-unavailable.js';
import { isDataException } from '../platform/http/http-exception.filter.js';

export const FHIR_PATH = '/api/fhir';
export const FHIR_JSON = 'application/fhir+json';
export const isFhirPath = (path: string): boolean => path === FHIR_PATH || path.startsWith(`${FHIR_PATH}/`);

const logger = new Logger('FhirView');

/** The FHIR issue type of each status (http://hl7.org/fhir/R4/valueset-issue-type.html). */
const ISSUE_CODES: Record<number, OperationOutcomeIssue['code']> = {
  400: 'invalid',
  401: 'login',
  403: 'forbidden',
  404: 'not-found',
  405: 'not-supported',
  406: 'not-supported',
  429: 'throttled',
  503: 'transient',
};

/**
 * An error of the FHIR view, with the search parameter at fault (FHIRPath of the issue's
 * `expression`) and, when the status's usual issue type would mislead, its own (an unsupported
 * parameter is 400 `not-supported`, not `invalid`).
 */
export class FhirError extends HttpException {
  constructor(
    status: number,
    readonly code: string,
    readonly en: string,
    readonly fi: string,
    readonly parameter?: string,
    readonly issueType?: OperationOutcomeIssue['code'],
  ) {
    super(en, status);
  }
}

/** The view's paths (any id, and _search, which is a POST in FHIR): another method on them is 405, not 404. */
const ROUTES: Array<{ pattern: RegExp; methods: string[] }> = [
  { pattern: /^\/api\/fhir\/(metadata|\.well-known\/smart-configuration)\/?$/, methods: ['GET', 'HEAD'] },
  { pattern: /^\/api\/fhir\/(MedicationRequest|Practitioner|Organization)(\/[^/]+)?\/?$/, methods: ['GET', 'HEAD'] },
];

export function sendOutcome(
  req: Request,
  res: Response,
  status: number,
  issue: { code: string; en: string; fi: string; parameter?: string; issueType?: OperationOutcomeIssue['code'] },
): void {
  const outcome: OperationOutcome = {
    resourceType: 'OperationOutcome',
    id: randomUUID(),
    issue: [
      {
        severity: status >= 500 ? 'fatal' : 'error',
        code: issue.issueType ?? ISSUE_CODES[status] ?? (status >= 500 ? 'exception' : 'processing'),
        details: { coding: [{ system: 'urn:resepti:problem-code', code: issue.code, display: issue.en }], text: issue.en },
        diagnostics: issue.fi,
        ...(issue.parameter ? { expression: [issue.parameter] } : {}),
      },
    ],
  };
  if (status === 401) res.setHeader('WWW-Authenticate', 'Bearer realm="resepti", error="invalid_token"');
  res.setHeader('Cache-Control', 'no-store');
  res.status(status).type(FHIR_JSON).send(JSON.stringify(outcome));
}

/** The outcome for any exception under /api/fhir (a guard's 401/429, a 404, an unknown route). */
export function writeOutcome(exception: unknown, req: Request, res: Response): void {
  if (res.headersSent) return;
  if (exception instanceof FhirError) return sendOutcome(req, res, exception.getStatus(), exception);
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const body = exception.getResponse();
    const message = typeof body === 'string' ? body : (body as { message?: unknown }).message;
    const first = (Array.isArray(message) ? message[0] : message) as unknown;
    if (status === HttpStatus.NOT_FOUND && /^Cannot [A-Z]+ /.test(typeof first === 'string' ? first : '')) {
      const route = ROUTES.find((r) => r.pattern.test(req.path));
      if (route) {
        res.setHeader('Allow', route.methods.join(', '));
        return sendOutcome(req, res, 405, { code: 'method_not_allowed', en: 'The FHIR view is read-only: GET only.', fi: 'FHIR-näkymä on vain luettavissa: vain GET.' });
      }
      return sendOutcome(req, res, 404, { code: 'route_not_found', en: 'No such FHIR resource type or operation; GET /api/fhir/metadata lists them.', fi: 'FHIR-resurssia ei ole; GET /api/fhir/metadata luettelee ne.' });
    }
    const text = problemText(typeof first === 'string' ? localizeMessage(first, 'fi') : '', { code: `http_${status}`, en: exception.message });
    if (status === HttpStatus.SERVICE_UNAVAILABLE && !res.getHeader('Retry-After')) res.setHeader('Retry-After', '2');
    return sendOutcome(req, res, status, text);
  }
  if (isDataException(exception)) {
    logger.warn(`refused by the database as data: ${exception.message}`);
    return sendOutcome(req, res, 400, { code: 'invalid_input', en: 'A value is out of range.', fi: 'Virheellinen syöte' });
  }
  if (isDatabaseUnavailable(exception) || exception instanceof AuditWriteError) {
    res.setHeader('Retry-After', '5');
    return sendOutcome(req, res, 503, { code: 'service_unavailable', en: 'Service unavailable.', fi: 'Palvelu ei ole käytettävissä.' });
  }
  const requestId = randomUUID();
  logger.error(`${req.method} ${req.originalUrl} failed [${requestId}]`, exception instanceof Error ? exception.stack : String(exception));
  sendOutcome(req, res, 500, { code: 'internal_error', en: `Internal server error (${requestId}).`, fi: `Palvelinvirhe (${requestId}).` });
}

@Catch()
export class FhirOutcomeFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    writeOutcome(exception, host.switchToHttp().getRequest<Request>(), host.switchToHttp().getResponse<Response>());
  }
}

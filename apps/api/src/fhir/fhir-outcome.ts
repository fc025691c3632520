/**
 * Every error under /api/fhir as a FHIR OperationOutcome (`application/fhir+json`), never
 * problem+json: FHIR clients read OperationOutcome. Each issue carries the error's stable code
 * and its English, Finnish and Swedish texts, all from the integrator error catalogue
 * (libs/domain/src/integrator-errors.ts, the same as problem+json's): no code or text of its own.
 */
import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import type { CodeableConcept, Element, Extension, OperationOutcome, OperationOutcomeIssue } from '@medplum/fhirtypes';
import { catalogued, fallbackCodeOf, problemKindOf, problemTextOf, type ProblemText } from '@resepti/domain';
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
  413: 'too-long',
  415: 'not-supported',
  429: 'throttled',
  503: 'transient',
};

/**
 * An error of the FHIR view: a code of the integrator error catalogue (its English, Finnish and
 * Swedish texts come from there), what it is about when that helps (`about`, a parameter's or a
 * resource's name, after ': '), the search parameter at fault (FHIRPath of the issue's
 * `expression`) and, when the status's usual issue type would mislead, its own (an unsupported
 * parameter is 400 `not-supported`, not `invalid`).
 */
export class FhirError extends HttpException {
  readonly text: ProblemText;
  readonly parameter?: string;
  readonly issueType?: OperationOutcomeIssue['code'];

  constructor(status: number, code: string, options: { about?: string; parameter?: string; issueType?: OperationOutcomeIssue['code'] } = {}) {
    const text = aboutText(cataloguedText(code, status), options.about);
    super(text.en, status);
    this.text = text;
    this.parameter = options.parameter;
    this.issueType = options.issueType;
  }
}

/** A code's catalogue entry; a code the catalogue lacks is logged and answered as its status's kind (never a text of its own). */
function cataloguedText(code: string, status: number): ProblemText {
  const entry = problemTextOf(code);
  if (!entry) logger.warn(`a FHIR error code not in the error catalogue answered as its kind's: ${code}`);
  return entry ?? catalogued(undefined, fallbackCodeOf(problemKindOf(status)));
}

/** The texts followed by what they are about, as the catalogue writes a message with a name after it. */
const aboutText = (text: ProblemText, about: string | undefined): ProblemText =>
  about === undefined ? text : { code: text.code, en: `${text.en}: ${about}`, fi: `${text.fi}: ${about}`, sv: `${text.sv}: ${about}` };

/** FHIR's own extension for a string in another language (R4 core: StructureDefinition-translation). */
const TRANSLATION = 'http://hl7.org/fhir/StructureDefinition/translation';
const translation = (lang: string, content: string): Extension => ({
  url: TRANSLATION,
  extension: [
    { url: 'lang', valueCode: lang },
    { url: 'content', valueString: content },
  ],
});

/** The body parsers' refusals (their error's `type`), as problem+json answers them. */
const PARSER_CODES: Record<string, { status: number; code: string }> = {
  'entity.parse.failed': { status: 400, code: 'malformed_json' },
  'entity.too.large': { status: 413, code: 'payload_too_large' },
  'charset.unsupported': { status: 415, code: 'unsupported_media_type' },
  'encoding.unsupported': { status: 415, code: 'unsupported_media_type' },
};

/** The view's paths (any id, and _search, which is a POST in FHIR): another method on them is 405, not 404. */
const ROUTES: Array<{ pattern: RegExp; methods: string[] }> = [
  { pattern: /^\/api\/fhir\/(metadata|\.well-known\/smart-configuration)\/?$/, methods: ['GET', 'HEAD'] },
  { pattern: /^\/api\/fhir\/(MedicationRequest|Practitioner|Organization)(\/[^/]+)?\/?$/, methods: ['GET', 'HEAD'] },
];

/**
 * The OperationOutcome of an error: its code and English text in `details` (the text's Finnish
 * and Swedish as FHIR translations of it), the Finnish also in `diagnostics` (what a workbench
 * shows), and as its `id` the request's id (problem+json's `requestId`: quoted to support, logged
 * with a 500).
 */
export function sendOutcome(
  req: Request,
  res: Response,
  status: number,
  issue: { text: ProblemText; parameter?: string; issueType?: OperationOutcomeIssue['code'] },
  requestId: string = randomUUID(),
): void {
  const { text } = issue;
  // `_text` (the extensions of details.text, FHIR's JSON for a primitive's extensions) is not in @medplum/fhirtypes' types.
  const details: CodeableConcept & { _text: Element } = {
    coding: [{ system: 'urn:resepti:problem-code', code: text.code, display: text.en }],
    text: text.en,
    _text: { extension: [translation('fi', text.fi), translation('sv', text.sv)] },
  };
  const outcome: OperationOutcome = {
    resourceType: 'OperationOutcome',
    id: requestId,
    issue: [
      {
        severity: status >= 500 ? 'fatal' : 'error',
        code: issue.issueType ?? ISSUE_CODES[status] ?? (status >= 500 ? 'exception' : 'processing'),
        details,
        diagnostics: text.fi,
        ...(issue.parameter ? { expression: [issue.parameter] } : {}),
      },
    ],
  };
  if (status === 401) res.setHeader('WWW-Authenticate', 'Bearer realm="resepti", error="invalid_token"');
  res.setHeader('Cache-Control', 'no-store');
  res.status(status).type(FHIR_JSON).send(JSON.stringify(outcome));
}

/** The catalogue's entry of an exception's (first) message, or its status's kind's: never a text of its own. */
function textOfException(exception: HttpException, status: number): ProblemText {
  const body = exception.getResponse();
  const message = typeof body === 'string' ? body : (body as { message?: unknown }).message;
  const first = (Array.isArray(message) ? message[0] : message) as unknown;
  return catalogued(typeof first === 'string' ? localizeMessage(first, 'fi') : undefined, fallbackCodeOf(problemKindOf(status)));
}

/** The outcome for any exception under /api/fhir (a guard's 401/429, a 404, an unknown route, a body parser's). */
export function writeOutcome(exception: unknown, req: Request, res: Response): void {
  if (res.headersSent) return;
  if (exception instanceof FhirError) return sendOutcome(req, res, exception.getStatus(), exception);
  // A body parser's refusal (before routing; Nest wraps it with the original as its cause): what problem+json names it.
  const parserError = (exception instanceof HttpException ? exception.cause : exception) as { type?: string } | null | undefined;
  const parserCode = PARSER_CODES[parserError?.type ?? ''];
  if (parserCode) return sendOutcome(req, res, parserCode.status, { text: problemTextOf(parserCode.code)! });
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    if (status === HttpStatus.NOT_FOUND && /^Cannot [A-Z]+ /.test(exception.message)) {
      const route = ROUTES.find((r) => r.pattern.test(req.path));
      if (route) {
        res.setHeader('Allow', route.methods.join(', '));
        return sendOutcome(req, res, 405, { text: problemTextOf('method_not_allowed')! });
      }
      return sendOutcome(req, res, 404, { text: problemTextOf('route_not_found')! });
    }
    if (status === HttpStatus.SERVICE_UNAVAILABLE && !res.getHeader('Retry-After')) res.setHeader('Retry-After', '2');
    return sendOutcome(req, res, status, { text: textOfException(exception, status) });
  }
  if (isDataException(exception)) {
    logger.warn(`refused by the database as data: ${exception.message}`);
    return sendOutcome(req, res, 400, { text: problemTextOf('invalid_input')! });
  }
  if (isDatabaseUnavailable(exception) || exception instanceof AuditWriteError) {
    res.setHeader('Retry-After', '5');
    return sendOutcome(req, res, 503, { text: problemTextOf('service_unavailable')! });
  }
  const requestId = randomUUID();
  logger.error(`${req.method} ${req.originalUrl} failed [${requestId}]`, exception instanceof Error ? exception.stack : String(exception));
  sendOutcome(req, res, 500, { text: problemTextOf('internal_error')! }, requestId);
}

@Catch()
export class FhirOutcomeFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    writeOutcome(exception, host.switchToHttp().getRequest<Request>(), host.switchToHttp().getResponse<Response>());
  }
}

/**
 * The view speaks FHIR JSON only. A client that asks for XML (or anything else not JSON), by
 * `_format` or by `Accept`, gets 406 (an OperationOutcome, in JSON: HTTP lets an error disregard
 * Accept, and it is the one format we have). `_format` wins over `Accept`, as FHIR says; no
 * Accept, or one that takes any type, any application type, application/json or
 * application/fhir+json (with a q above 0) is fine.
 */
import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { FhirError } from './fhir-outcome.js';

const JSON_FORMATS = ['json', 'application/json', 'application/fhir+json', 'application/json+fhir'];
const JSON_RANGES = ['*/*', 'application/*', 'application/json', 'application/fhir+json', 'application/json+fhir'];

/** A media type without its parameters, lower case; a `+` a query string turned into a space is put back. */
const bare = (type: string) => type.split(';')[0].trim().toLowerCase().replace(/ /g, '+');

/** Whether the request accepts FHIR JSON: its `_format` values, else its Accept header. */
export function acceptsJson(format: unknown, accept: string | undefined): boolean {
  const formats = format === undefined ? [] : (Array.isArray(format) ? format : [format]).map(String);
  if (formats.length > 0) return formats.every((f) => JSON_FORMATS.includes(bare(f)));
  if (!accept?.trim()) return true;
  return accept.split(',').some((range) => {
    const q = /;\s*q\s*=\s*([0-9.]+)/i.exec(range);
    return JSON_RANGES.includes(bare(range)) && (q ? Number(q[1]) > 0 : true);
  });
}

@Injectable()
export class FhirFormatGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    if (!acceptsJson(req.query._format, req.headers.accept)) {
      throw new FhirError(406, 'format_not_acceptable', { issueType: 'not-supported' });
    }
    return true;
  }
}

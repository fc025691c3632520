import { applyDecorators, type CallHandler, createParamDecorator, type ExecutionContext, type NestInterceptor, UseInterceptors } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { Observable } from 'rxjs';
import {
  API_VERSION_HEADER,
  INTEGRATOR_DATED_VERSION_DEFAULT,
  INTEGRATOR_DATED_VERSION_LIST,
  INTEGRATOR_DATED_VERSIONS,
  INTEGRATOR_MESSAGES as M,
  type IntegratorDatedVersion,
} from '@resepti/domain';
import { fieldRefusal } from '../platform/http/validation.js';

type VersionedRequest = Request & { datedVersion?: IntegratorDatedVersion };

/** The version a request asked for by `Resepti-Version` (none: the oldest); an unknown value is 400 `api_version_unknown`. */
export function requestedVersion(header: string | string[] | undefined): IntegratorDatedVersion {
  if (header === undefined) return INTEGRATOR_DATED_VERSION_DEFAULT;
  const value = Array.isArray(header) ? header.join(',') : header.trim();
  if (!Object.hasOwn(INTEGRATOR_DATED_VERSIONS, value)) throw fieldRefusal(M.apiVersionUnknown, [API_VERSION_HEADER], 'header');
  return value as IntegratorDatedVersion;
}

/** Dated versions are ISO dates: their order is the strings' order. */
export const isAtLeast = (version: IntegratorDatedVersion, since: IntegratorDatedVersion): boolean => version >= since;

class DatedVersionInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const req = http.getRequest<VersionedRequest>();
    req.datedVersion = requestedVersion(req.headers[API_VERSION_HEADER.toLowerCase()]);
    // Echoed before the handler runs: an error answer names the version it was judged by too.
    http.getResponse<Response>().setHeader(API_VERSION_HEADER, req.datedVersion);
    return next.handle();
  }
}

/** The answer's header naming the version it followed, as the document declares it. */
export const API_VERSION_RESPONSE_HEADER = {
  [API_VERSION_HEADER]: {
    description: 'The dated version this answer follows (the one asked for, or the oldest when none was).',
    schema: { type: 'string' as const, enum: INTEGRATOR_DATED_VERSION_LIST },
  },
};

const versionTable = INTEGRATOR_DATED_VERSION_LIST.map((v) => `\`${v}\`: ${INTEGRATOR_DATED_VERSIONS[v]}`).join(' ');

/**
 * An operation whose answer's shape depends on the dated version: it reads `Resepti-Version`
 * (declared in the document with every known value), refuses an unknown one and echoes the one
 * it followed. The handler takes the version with `@DatedVersion()`.
 */
export const VersionedByDate = () =>
  applyDecorators(
    ApiHeader({
      name: API_VERSION_HEADER,
      required: false,
      description: `The dated version of the answer's shape; without it the oldest. Any other value is 400 \`api_version_unknown\`. ${versionTable}`,
      schema: { type: 'string', enum: INTEGRATOR_DATED_VERSION_LIST },
    }),
    UseInterceptors(new DatedVersionInterceptor()),
  );

/** The version VersionedByDate settled for this request. */
export const DatedVersion = createParamDecorator(
  (_data: unknown, context: ExecutionContext): IntegratorDatedVersion => context.switchToHttp().getRequest<VersionedRequest>().datedVersion ?? INTEGRATOR_DATED_VERSION_DEFAULT,
);

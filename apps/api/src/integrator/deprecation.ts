import { applyDecorators, type CallHandler, type ExecutionContext, type NestInterceptor, UseInterceptors } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import type { Response } from 'express';
import type { Observable } from 'rxjs';

/**
 * Something of /api/v1 on its way out: when it was deprecated, its earliest removal (the sunset,
 * at least 6 months later: the versioning policy of docs/integrators.md) and where to read
 * what replaces it.
 */
export interface ApiDeprecation {
  since: string;
  sunset: string;
  /** What to use instead (the OpenAPI description and the docs' deprecation table say the same). */
  instead: string;
}

/** Every deprecation of /api/v1 (docs/integrators.md, "Versions and deprecation", lists them). */
export const DEPRECATIONS = {
  /** A cursor of the order list written by API 1.2 or earlier (`<updated_at>|<id>`, by clock). */
  firstVersionCursor: {
    since: '2026-11-25T00:00:00Z',
    sunset: '2027-06-01T00:00:00Z',
    instead: 'the nextCursor of API 1.3 (page once from updatedSince or from the start, then keep the new cursors)',
  },
  /** `offset` of the product list (API 1.4 or earlier): every list pages by `cursor` now. */
  productsOffset: { since: '2026-11-29T00:00:00Z', sunset: '2027-06-01T00:00:00Z', instead: 'cursor = the nextCursor of the previous page (while hasMore)' },
  /** `after` of the event list (API 1.4 or earlier): the same position is the page's nextCursor, passed as `cursor`. */
  eventsAfter: { since: '2026-11-29T00:00:00Z', sunset: '2027-06-01T00:00:00Z', instead: 'cursor = the nextCursor of the previous page' },
  /**
   * `GET /api/v1/webhook-endpoints` and `…/{id}/deliveries` as bare arrays (dated version 2026-11-24,
   * what a request without `Resepti-Version` gets): the page shape of version 2026-12-01 replaces them.
   */
  bareWebhookLists: {
    since: '2026-12-01T00:00:00Z',
    sunset: '2027-06-01T00:00:00Z',
    instead: 'the header `Resepti-Version: 2026-12-01`: the page {data, hasMore, nextCursor} by `limit` and `cursor` (the deliveries: the whole log, newest first)',
  },
} as const satisfies Record<string, ApiDeprecation>;

/** Where a deprecation is explained: the contract (its descriptions and `deprecated` flags). */
const DEPRECATION_LINK = '</api/docs-json>; rel="deprecation"; type="application/json"';

/**
 * The answer's `Deprecation` (RFC 9745: `@<unix seconds>` of when it was deprecated), `Sunset`
 * (RFC 8594: an HTTP date, the earliest removal) and `Link: <…>; rel="deprecation"` headers.
 */
export function announceDeprecation(res: Response, deprecation: ApiDeprecation): void {
  res.setHeader('Deprecation', `@${Math.floor(Date.parse(deprecation.since) / 1000)}`);
  res.setHeader('Sunset', new Date(deprecation.sunset).toUTCString());
  res.append('Link', DEPRECATION_LINK);
}

/** The headers of a deprecated answer, as the document declares them. */
export const DEPRECATION_HEADERS = {
  Deprecation: { description: 'RFC 9745: `@<unix seconds>`, when this was deprecated.', schema: { type: 'string', example: '@1795651200' } },
  Sunset: { description: 'RFC 8594: the earliest time it may be removed (an HTTP date).', schema: { type: 'string', example: 'Tue, 01 Jun 2027 00:00:00 GMT' } },
  Link: { description: '`</api/docs-json>; rel="deprecation"`: where it is explained.', schema: { type: 'string' } },
} as const;

class DeprecationInterceptor implements NestInterceptor {
  constructor(private readonly deprecation: ApiDeprecation) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    // Before the handler: an error answer of a deprecated operation carries the headers too.
    announceDeprecation(context.switchToHttp().getResponse<Response>(), this.deprecation);
    return next.handle();
  }
}

/**
 * Marks a whole operation deprecated: every answer carries the headers, and the document marks it
 * `deprecated` with the headers on its answers (finishIntegratorDocument reads `x-deprecation`).
 */
export const Deprecated = (deprecation: ApiDeprecation) => applyDecorators(UseInterceptors(new DeprecationInterceptor(deprecation)), ApiExtension('x-deprecation', deprecation));

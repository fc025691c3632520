import {
  type CallHandler,
  type CanActivate,
  type ExecutionContext,
  HttpException,
  Injectable,
  Logger,
  type NestInterceptor,
  UnauthorizedException,
  UseFilters,
  UseGuards,
  UseInterceptors,
  SetMetadata,
  applyDecorators,
  createParamDecorator,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { InjectRepository } from '@nestjs/typeorm';
import { ApiBearerAuth } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { catchError, concatMap, from, mergeMap, type Observable, throwError } from 'rxjs';
import type { Repository } from 'typeorm';
import { INTEGRATOR_MESSAGES, type IntegratorOrder } from '@resepti/domain';
import { AuditService, type AuditEntry } from '../platform/audit/audit.service.js';
import { Public } from '../platform/http/roles.decorator.js';
import { ApiClient } from './api-client.entity.js';
import { AccessTokens } from './integrator-credentials.js';
import { ProblemJsonFilter } from './problem-json.js';
import { IntegratorRateLimits } from './rate-limits.js';

type IntegratorRequest = Request & { integrator?: ApiClient };

/**
 * Failed integrator authentications (a wrong client secret at /api/oauth/token, a forged, expired
 * or revoked Bearer token) in the audit log, at most one row per kind, client id tried and client
 * address per minute and process: a flood cannot grow the log (or the chain's lock) without
 * bound. The next row counts the attempts left out before it.
 */
@Injectable()
export class FailedIntegratorAuthLog {
  private readonly logger = new Logger('IntegratorAuth');
  private readonly windows = new Map<string, { start: number; skipped: number }>();

  constructor(private readonly audit: AuditService) {}

  async record(kind: 'client-credentials' | 'bearer-token', req: Request, details: { clientId?: string; clientRowId?: number; reason: string }, now = Date.now()): Promise<void> {
    const key = `${kind}|${details.clientId ?? details.clientRowId ?? ''}|${req.ip ?? ''}`;
    const window = this.windows.get(key);
    if (window && now - window.start < 60_000) {
      window.skipped++;
      return;
    }
    if (this.windows.size > 10_000) this.windows.clear();
    this.windows.set(key, { start: now, skipped: 0 });
    const { clientRowId, ...rest } = details;
    const entry: AuditEntry = {
      action: 'integrator.auth-failed',
      subject: kind === 'client-credentials' ? 'POST /api/oauth/token' : `${req.method} ${req.path}`,
      details: { kind, ...rest, ...(window?.skipped ? { notLoggedBefore: window.skipped } : {}) },
    };
    // Logged, never in the way: a refused caller gets its 401 even when the audit write fails.
    await this.audit.record({ role: 'integrator', id: clientRowId ?? null }, entry).catch((err: unknown) => this.logger.error(`audit of a failed authentication failed: ${String(err)}`));
  }
}

/**
 * /api/v1: a Bearer access token only (a session cookie is never looked at), of a client that is
 * not revoked, within its rate limit (IntegratorRateLimits: 429 with Retry-After).
 */
@Injectable()
export class IntegratorGuard implements CanActivate {
  constructor(
    @InjectRepository(ApiClient) private readonly clients: Repository<ApiClient>,
    private readonly tokens: AccessTokens,
    private readonly failures: FailedIntegratorAuthLog,
    private readonly limits: IntegratorRateLimits,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<IntegratorRequest>();
    // Answers carry patients' data (and refusals should not be cached either): never stored by a cache.
    context.switchToHttp().getResponse<Response>().setHeader('Cache-Control', 'no-store');
    const bearer = /^Bearer +(\S+)$/i.exec(req.headers.authorization ?? '');
    if (!bearer) throw new UnauthorizedException(INTEGRATOR_MESSAGES.tokenMissing);
    const id = this.tokens.verify(bearer[1]);
    const client = id === null ? null : await this.clients.findOneBy({ id });
    if (!client || client.revokedAt) {
      await this.failures.record('bearer-token', req, { clientRowId: client?.id, clientId: client?.clientId, reason: id === null ? 'invalid or expired token' : 'client revoked' });
      throw new UnauthorizedException(INTEGRATOR_MESSAGES.tokenInvalid);
    }
    await this.limits.takeCall(client.id, context.switchToHttp().getResponse<Response>());
    req.integrator = client;
    return true;
  }
}

/** The calling client of an /api/v1 handler. */
export const CurrentClient = createParamDecorator((_data: unknown, context: ExecutionContext): ApiClient => {
  const client = context.switchToHttp().getRequest<IntegratorRequest>().integrator;
  if (!client) throw new UnauthorizedException(INTEGRATOR_MESSAGES.tokenMissing);
  return client;
});

const isOrder = (v: unknown): v is IntegratorOrder => typeof (v as IntegratorOrder | null)?.orderId === 'number' && typeof (v as IntegratorOrder).patient?.hetu === 'string';

/** The orders (and their patients) an answer shows: `one` for a single record, `listed` for a page. */
export interface OrdersRead {
  one: { orderId: number; hetu: string } | null;
  listed: Array<{ orderId: number; hetu: string }>;
}

/** /api/v1's answers: an order, or a page of them in `data`. */
function ordersInV1Answer(answer: unknown): OrdersRead {
  const page = (answer as { data?: unknown } | undefined)?.data;
  return {
    one: isOrder(answer) ? { orderId: answer.orderId, hetu: answer.patient.hetu } : null,
    listed: (Array.isArray(page) ? page.filter(isOrder) : []).map((o) => ({ orderId: o.orderId, hetu: o.patient.hetu })),
  };
}

const AUDITED_READS = 'integrator:audited-reads';
/** Another answer shape than /api/v1's (the FHIR view): how IntegratorAudit finds the orders it shows. */
export const AuditedReads = (find: (answer: unknown) => OrdersRead) => SetMetadata(AUDITED_READS, find);

/**
 * Every /api/v1 call in the audit log, with the client as the actor: the route, the object ids
 * asked for (the path's parameters) and the answer's status. An answer with one order names it
 * and its patient on the row; a page of orders adds one `integrator.order.read` row listing each
 * order and its patient, so each patient's access log shows which system read their data.
 */
@Injectable()
export class IntegratorAudit implements NestInterceptor {
  constructor(
    private readonly audit: AuditService,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<IntegratorRequest>();
    const ordersIn = this.reflector.getAllAndOverride<((answer: unknown) => OrdersRead) | undefined>(AUDITED_READS, [context.getHandler(), context.getClass()]) ?? ordersInV1Answer;
    const route = (req.route as { path?: string } | undefined)?.path ?? req.path;
    const params = Object.keys(req.params ?? {}).length > 0 ? { params: req.params } : {};
    // Recorded before the answer goes out (refusals too, with their status): a client that reads
    // its audit trail sees this call.
    const record = async (status: number, answer?: unknown) => {
      const client = req.integrator;
      if (!client) return;
      const { one, listed } = answer === undefined ? { one: null, listed: [] } : ordersIn(answer);
      const entries: AuditEntry[] = [
        {
          action: 'integrator.request',
          subject: `${req.method} ${route}`,
          orderId: one?.orderId ?? null,
          patientHetu: one?.hetu ?? null,
          details: { clientId: client.clientId, status, ...params },
        },
        ...(listed.length > 0 ? [{ action: 'integrator.order.read' as const, listed: listed.map((o) => ({ orderId: o.orderId, patientHetu: o.hetu })) }] : []),
      ];
      await this.audit.record({ role: 'integrator', id: client.id }, entries);
    };
    return next.handle().pipe(
      concatMap(async (value: unknown) => {
        await record(context.switchToHttp().getResponse<Response>().statusCode, value);
        return value;
      }),
      catchError((err: unknown) => from(record(err instanceof HttpException ? err.getStatus() : 500)).pipe(mergeMap(() => throwError(() => err)))),
    );
  }
}

/** An /api/v1 controller: Bearer only (not a session: the session guard lets it through), problem+json errors, audited. */
export const IntegratorApi = () =>
  applyDecorators(Public(), UseGuards(IntegratorGuard), UseFilters(ProblemJsonFilter), UseInterceptors(IntegratorAudit), ApiBearerAuth());

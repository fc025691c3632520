import { applyDecorators, type CallHandler, type ExecutionContext, Injectable, type NestInterceptor, UseInterceptors } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { from, lastValueFrom, map, type Observable } from 'rxjs';
import type { ApiClient } from '../api-clients/api-client.entity.js';
import { IdempotencyKeys } from './idempotency-keys.service.js';

/** The Idempotency-Key header as the contract declares it on every POST that takes it. */
export const IDEMPOTENCY_KEY_HEADER = {
  name: 'Idempotency-Key',
  required: false,
  description: 'Up to 200 printable ASCII characters. A repeat with the same key and body within 24 hours does nothing again and answers the first answer (marked `Idempotent-Replayed: true`); the same key with another request is 409.',
  schema: { type: 'string', maxLength: 200 },
} as const;

/** The header of a replayed answer, for the answers' documentation. */
export const IDEMPOTENT_REPLAYED_HEADER = {
  'Idempotent-Replayed': { description: '`true` when this is the stored answer to an earlier request with the same key.', schema: { type: 'string' as const, enum: ['true'] } },
};

@Injectable()
class IdempotencyInterceptor implements NestInterceptor {
  constructor(private readonly keys: IdempotencyKeys) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request & { integrator?: ApiClient }>();
    const res = http.getResponse<Response>();
    const header = req.headers['idempotency-key'];
    const key = typeof header === 'string' ? header : undefined;
    // The guard has put the client there (the route is the integrator API's); the handler's
    // validation and writes run inside `once`, in the key's transaction.
    const request = { method: req.method, path: req.path, body: req.body as unknown };
    return from(this.keys.once(req.integrator!, key, request, res.statusCode, () => lastValueFrom(next.handle(), { defaultValue: undefined }))).pipe(
      map(({ answer, replayed }) => {
        if (replayed) res.setHeader('Idempotent-Replayed', 'true');
        return answer;
      }),
    );
  }
}

/**
 * A POST that creates or sends something, made safe to retry by an Idempotency-Key: the key is
 * claimed in the handler's transaction, so however many repeats race, it acts once (the handler
 * must write through Transactions.run / OwnRepository, which join that transaction).
 */
export const Idempotent = () => applyDecorators(ApiHeader(IDEMPOTENCY_KEY_HEADER), UseInterceptors(IdempotencyInterceptor));

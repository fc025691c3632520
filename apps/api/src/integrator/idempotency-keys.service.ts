import { ConflictException, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { LessThan } from 'typeorm';
import { INTEGRATOR_MESSAGES as M } from '@resepti/domain';
import type { ApiClient } from '../api-clients/api-client.entity.js';
import { fieldRefusal } from '../platform/http/validation.js';
import { InjectOwn, type OwnRepository, Transactions } from '../platform/database/transactions.js';
import { ApiIdempotencyKey } from './idempotency-key.entity.js';

/** How long an Idempotency-Key is kept: after that the same key acts anew. */
export const IDEMPOTENCY_KEY_HOURS = 24;

/** JSON with every object's keys sorted: the same body with its keys in another order hashes the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What a key was first used for: its request's hash, and the answer to replay. */
interface StoredAnswer<T> {
  requestHash: string;
  answer: T | null;
}

/**
 * The integrator API's Idempotency-Key (every POST that creates or sends something): the key is
 * claimed in the same transaction as the request's writes, so a repeat (even a concurrent twin,
 * which waits on the key's row until the first commits) does nothing and answers the first answer
 * again; the same key with another request is 409. Keys live IDEMPOTENCY_KEY_HOURS.
 */
@Injectable()
export class IdempotencyKeys {
  constructor(
    @InjectOwn(ApiIdempotencyKey) private readonly keys: OwnRepository<ApiIdempotencyKey>,
    private readonly transactions: Transactions,
  ) {}

  /** 400 for a key that is not 1–200 printable ASCII characters. */
  check(key: string | undefined): void {
    if (key !== undefined && !/^[\x21-\x7e]{1,200}$/.test(key)) throw fieldRefusal(M.idempotencyKeyInvalid, ['Idempotency-Key'], 'header');
  }

  /** The hash that tells one request from another under the same key. */
  hash(request: unknown): string {
    return createHash('sha256').update(canonicalJson(request)).digest('hex');
  }

  /** Forgets every key older than IDEMPOTENCY_KEY_HOURS (of every client, by their age's index). */
  async expire(now = new Date()): Promise<void> {
    await this.keys.repo.delete({ createdAt: LessThan(new Date(now.getTime() - IDEMPOTENCY_KEY_HOURS * 3_600_000)) });
  }

  /** Claims the key in the calling transaction: false when it was claimed before (then act on nothing). */
  async claim(client: ApiClient, key: string, requestHash: string, status: number): Promise<boolean> {
    const claimed = (await this.keys.query(
      `INSERT INTO api_idempotency_key (api_client_id, key, request_hash, status, body) VALUES ($1, $2, $3, $4, '{}')
       ON CONFLICT (api_client_id, key) DO NOTHING RETURNING id`,
      [client.id, key, requestHash, status],
    )) as unknown[];
    return claimed.length === 1;
  }

  /** Keeps what a repeat of the key is answered (merged into what is kept already). */
  async remember(client: ApiClient, key: string, body: Record<string, unknown>): Promise<void> {
    const kept = await this.keys.repo.findOneByOrFail({ apiClientId: client.id, key });
    await this.keys.repo.update({ id: kept.id }, { body: { ...(kept.body as object), ...body } });
  }

  /** What the key was used for before (null: never); 409 when that was another request. */
  async earlier<T>(client: ApiClient, key: string, requestHash: string): Promise<StoredAnswer<T> & { body: Record<string, unknown> } | null> {
    const row = await this.keys.repo.findOneBy({ apiClientId: client.id, key });
    if (!row) return null;
    if (row.requestHash !== requestHash) throw new ConflictException(M.idempotencyConflict);
    const body = row.body as Record<string, unknown>;
    return { requestHash: row.requestHash, answer: (body.response as T | undefined) ?? null, body };
  }

  /**
   * Runs `act` once per key: the key's claim and `act`'s writes commit together (act must write
   * in the calling transaction: Transactions.run, OwnRepository), and its answer is kept for the
   * repeats. Without a key `act` just runs.
   */
  async once<T>(client: ApiClient, key: string | undefined, request: unknown, status: number, act: () => Promise<T>): Promise<{ answer: T; replayed: boolean }> {
    this.check(key);
    if (key === undefined) return { answer: await act(), replayed: false };
    const requestHash = this.hash(request);
    await this.expire();
    return this.transactions.run(async () => {
      if (!(await this.claim(client, key, requestHash, status))) {
        const first = await this.earlier<T>(client, key, requestHash);
        return { answer: first!.answer as T, replayed: true };
      }
      const answer = await act();
      await this.remember(client, key, { response: answer as unknown });
      return { answer, replayed: false };
    });
  }
}

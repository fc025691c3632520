import { type ArgumentMetadata, BadRequestException, Param, type PipeTransform } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

/** The largest value of a PostgreSQL `integer` (every id column). */
const MAX_ID = 2_147_483_647;

export const INVALID_ID_MESSAGE = 'Virheellinen tunniste: odotettiin positiivista kokonaislukua';
export const NUL_CHARACTER_MESSAGE = 'Pyynnössä on kielletty merkki (NUL)';
export const TOO_DEEP_MESSAGE = 'Pyynnön rakenne on liian syvä';

/** No payload of the API nests deeper than a few levels; 32 leaves room and stops stack-overflow input. */
export const MAX_JSON_DEPTH = 32;

/** Whether objects/arrays nest deeper than `max` (iterative: a hostile depth cannot overflow the stack here). */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth > max) return true;
    for (const child of Object.values(current)) if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * Express middleware after the JSON parser: a body nested beyond MAX_JSON_DEPTH is a 400 before
 * any guard or pipe walks it (class-transformer recurses and would overflow the stack: a 500).
 */
export function rejectDeepJson(req: Request, _res: Response, next: NextFunction): void {
  next(nestsDeeperThan(req.body, MAX_JSON_DEPTH) ? new BadRequestException(TOO_DEEP_MESSAGE) : undefined);
}

/** A database id from the path: digits only, 1 … 2^31-1, or a 400 (an id beyond it cannot exist). */
export class ParseIdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    const id = /^[1-9]\d{0,9}$/.test(value) ? Number(value) : NaN;
    if (!(id <= MAX_ID)) throw new BadRequestException(INVALID_ID_MESSAGE);
    return id;
  }
}

/** `@IdParam() id: number`: the path's `:id` through ParseIdPipe. */
export const IdParam = (name = 'id'): ParameterDecorator => Param(name, new ParseIdPipe());

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  // Only parsed JSON, path and query values: plain objects and arrays, never class instances.
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== Array.prototype && prototype !== null) return false;
  return Object.entries(value).some(([key, v]) => key.includes('\u0000') || containsNul(v, depth + 1));
}

/**
 * Global: PostgreSQL text cannot hold U+0000, so a body, path or query carrying it would fail
 * deep in a query. It is refused up front with a 400, before anything is read or written.
 */
export class RejectNulPipe implements PipeTransform {
  transform<T>(value: T, { type }: ArgumentMetadata): T {
    if (type !== 'custom' && containsNul(value)) throw new BadRequestException(NUL_CHARACTER_MESSAGE);
    return value;
  }
}

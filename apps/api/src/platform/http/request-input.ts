import { type ArgumentMetadata, BadRequestException, Param, type PipeTransform } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { REQUEST_MESSAGES } from '@resepti/domain';
import { fieldRefusal } from './validation.js';

/** The largest value of a PostgreSQL `integer` (every id column). */
const MAX_ID = 2_147_483_647;

export const INVALID_ID_MESSAGE = REQUEST_MESSAGES.idInvalid;
export const NUL_CHARACTER_MESSAGE = REQUEST_MESSAGES.nulCharacter;
export const TOO_DEEP_MESSAGE = REQUEST_MESSAGES.tooDeep;
export const FORBIDDEN_KEY_MESSAGE = REQUEST_MESSAGES.forbiddenKey;
export const REQUEST_TARGET_MESSAGE = 'Virheellinen pyynnön kohde: polun pitää alkaa merkillä /';

/**
 * Keys no payload has, that reach object prototypes: class-transformer reads `value.constructor`
 * of every nested object (a 500 on `{"a":{"constructor":1}}`), and `__proto__` is the classic
 * prototype-pollution key. Refused wherever they appear.
 */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** No payload of the API nests deeper than a few levels; 32 leaves room and stops stack-overflow input. */
export const MAX_JSON_DEPTH = 32;

/**
 * What is wrong with a parsed JSON value's shape, if anything: nesting deeper than `maxDepth`
 * or a forbidden key (iterative: a hostile depth cannot overflow the stack here).
 */
export function jsonShapeProblem(value: unknown, maxDepth: number): string | null {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth > maxDepth) return TOO_DEEP_MESSAGE;
    for (const [key, child] of Object.entries(current)) {
      if (FORBIDDEN_KEYS.has(key)) return FORBIDDEN_KEY_MESSAGE;
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return null;
}

/**
 * Express middleware after the JSON parser: a body nested beyond MAX_JSON_DEPTH or holding a
 * prototype key is a 400 before any guard or pipe walks it (class-transformer recurses, and
 * would overflow the stack or trip over `constructor`: a 500).
 */
export function rejectHostileJson(req: Request, _res: Response, next: NextFunction): void {
  if (Buffer.isBuffer(req.body)) return next(); // a raw body (the payment webhook) is not parsed JSON
  const problem = jsonShapeProblem(req.body, MAX_JSON_DEPTH);
  next(problem ? new BadRequestException(problem) : undefined);
}

/**
 * Express middleware before the session: only an origin-form request target ('/path?query')
 * reaches the app. `*` (asterisk-form) and `http://host/path` (absolute-form) are for proxies;
 * express-session skips a target outside its cookie path, and passport then threw "Login
 * sessions require session support" (a 500). Answered here, nothing further runs.
 */
export function requireOriginForm(req: Request, res: Response, next: NextFunction): void {
  if (req.url.startsWith('/')) return next();
  res.status(400).json({ statusCode: 400, message: REQUEST_TARGET_MESSAGE, error: 'Bad Request' });
}

/** A database id from the path: digits only, 1 … 2^31-1, or a 400 (an id beyond it cannot exist). */
export class ParseIdPipe implements PipeTransform<string, number> {
  /** `name`: the path parameter, for the integrator API's `errors[].parameter`. */
  constructor(private readonly name = 'id') {}

  transform(value: string): number {
    const id = /^[1-9]\d{0,9}$/.test(value) ? Number(value) : NaN;
    if (!(id <= MAX_ID)) throw fieldRefusal(INVALID_ID_MESSAGE, [this.name], 'param');
    return id;
  }
}

/** `@IdParam() id: number`: the path's `:id` through ParseIdPipe. */
export const IdParam = (name = 'id'): ParameterDecorator => Param(name, new ParseIdPipe(name));

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

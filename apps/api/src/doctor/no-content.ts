import type { Response } from 'express';

/** Answers 204 No Content when there is nothing to return (SPEC: "204 means none"). */
export function orNoContent<T>(res: Response, value: T | null): T | undefined {
  if (value === null) {
    res.status(204);
    return undefined;
  }
  return value;
}

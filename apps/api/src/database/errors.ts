import { QueryFailedError } from 'typeorm';

/** PostgreSQL's unique_violation: two writers raced past a check, and the unique index decided. */
export function isUniqueViolation(err: unknown): boolean {
  return err instanceof QueryFailedError && ((err as { code?: unknown }).code ?? (err.driverError as { code?: unknown } | undefined)?.code) === '23505';
}

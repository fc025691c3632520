import { QueryFailedError } from 'typeorm';

/** PostgreSQL's unique_violation: two writers raced past a check, and the unique index decided. */
export function isUniqueViolation(err: unknown): boolean {
  return err instanceof QueryFailedError && ((err as { code?: unknown }).code ?? (err.driverError as { code?: unknown } | undefined)?.code) === '23505';
}

/** The SQLSTATE of a database error (TypeORM's, or the driver's own). */
function sqlState(err: unknown): unknown {
  if (err instanceof QueryFailedError) return (err as { code?: unknown }).code ?? (err.driverError as { code?: unknown } | undefined)?.code;
  return (err as { code?: unknown } | null)?.code;
}

/**
 * PostgreSQL gave up one transaction to let another go on: 40001 serialization_failure or
 * 40P01 deadlock_detected. Nothing of it was committed, so running it again is safe.
 */
export function isTransientConflict(err: unknown): boolean {
  const code = sqlState(err);
  return code === '40001' || code === '40P01';
}

/** Runs `work`, and once more when PostgreSQL gave it up for another transaction (see isTransientConflict). */
export async function retryOnConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!isTransientConflict(err)) throw err;
    return work();
  }
}

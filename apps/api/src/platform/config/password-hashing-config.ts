import { availableParallelism } from 'node:os';
import { ConfigError } from './config-error.js';
import { int } from './config-values.js';

/** How passwords are hashed (argon2id) and how many hashes a process runs and queues at once. */
export interface PasswordHashingConfig {
  concurrency: number;
  maxQueued: number;
  /** argon2's memory cost in KiB (m) and its number of passes (t). */
  memoryKib: number;
  timeCost: number;
}

/** OWASP's minimum for argon2id: 19 MiB and two passes. Production refuses less. */
export const ARGON2_PRODUCTION_MINIMUM = { memoryKib: 19_456, timeCost: 2 } as const;

/**
 * PASSWORD_HASH_MEMORY_KIB and PASSWORD_HASH_TIME_COST lower argon2's cost only outside production:
 * the test suite signs in hundreds of times, and each check at the default cost is over half a
 * second of a core. Every hash records its parameters, so hashes made with either cost verify.
 */
export function passwordHashingConfig(env: NodeJS.ProcessEnv, production: boolean): PasswordHashingConfig {
  const memoryKib = int(env, 'PASSWORD_HASH_MEMORY_KIB', 65_536, 64, 4_194_304);
  const timeCost = int(env, 'PASSWORD_HASH_TIME_COST', 3, 1, 100);
  if (production && (memoryKib < ARGON2_PRODUCTION_MINIMUM.memoryKib || timeCost < ARGON2_PRODUCTION_MINIMUM.timeCost)) {
    throw new ConfigError(
      `PASSWORD_HASH_MEMORY_KIB and PASSWORD_HASH_TIME_COST must be at least ${ARGON2_PRODUCTION_MINIMUM.memoryKib} and ${ARGON2_PRODUCTION_MINIMUM.timeCost} when NODE_ENV=production (got ${memoryKib} and ${timeCost})`,
    );
  }
  return {
    concurrency: int(env, 'PASSWORD_HASH_CONCURRENCY', Math.max(1, availableParallelism() - 1), 1, 64),
    maxQueued: int(env, 'PASSWORD_HASH_QUEUE', 32, 0, 10_000),
    memoryKib,
    timeCost,
  };
}

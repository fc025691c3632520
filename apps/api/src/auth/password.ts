import { availableParallelism } from 'node:os';
import argon2 from 'argon2';
import { BadRequestException, ServiceUnavailableException } from '@nestjs/common';
import { commonPasswordProblem } from './password-blocklist.js';

export const HASHING_BUSY_MESSAGE = 'Kirjautumispalvelu on ruuhkautunut. Yritä hetken kuluttua uudelleen.';

/**
 * argon2 is deliberately expensive (memory and CPU). Unbounded, a burst of bogus logins fills
 * libuv's thread pool and every core, and the whole server stalls (health checks, other users'
 * requests). So at most `concurrency` hashes run at once, leaving a core for the event loop;
 * up to `maxQueued` wait their turn, and beyond that a caller is refused at once.
 */
export class HashingLimiter {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private concurrency = Math.max(1, availableParallelism() - 1),
    private maxQueued = 32,
  ) {}

  /** Set once at start from the configuration (PASSWORD_HASH_CONCURRENCY, PASSWORD_HASH_QUEUE). */
  configure(concurrency: number, maxQueued: number): void {
    this.concurrency = concurrency;
    this.maxQueued = maxQueued;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxQueued) throw new ServiceUnavailableException(HASHING_BUSY_MESSAGE);
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter; `running` drops only when none waits.
      if (next) next();
      else this.running--;
    }
  }
}

/** The one limiter of this process: logins, password changes and account creation share it. */
export const hashing = new HashingLimiter();

/**
 * argon2id cost parameters (the library's recommended ones, above OWASP's minimum of 19 MiB, t=2).
 * Each hash records its own parameters; a login with an older hash re-hashes it with these
 * (see needsRehash), so raising them upgrades every account as its user signs in.
 */
export const ARGON2_PARAMETERS = { type: argon2.argon2id, memoryCost: 65_536, timeCost: 3, parallelism: 4 } as const;

/** A hash for a stored password (demo data and re-hashing; a password a user chose goes through hashNewPassword). */
export function hashPassword(plain: string): Promise<string> {
  return hashing.run(() => argon2.hash(plain, ARGON2_PARAMETERS));
}

/**
 * The hash of a password a user has just chosen: refused with 400 when it is common or breached
 * (the format rules are checked before, by the DTOs and libs/domain). `context`: the user's own
 * names and login, which make no password either.
 */
export function hashNewPassword(plain: string, context: readonly string[] = []): Promise<string> {
  const problem = commonPasswordProblem(plain, context);
  if (problem) throw new BadRequestException([problem]);
  return hashPassword(plain);
}

/** True when the hash was made with other parameters than today's (or another algorithm variant). */
export function needsRehash(hash: string): boolean {
  try {
    return !hash.startsWith('$argon2id$') || argon2.needsRehash(hash, ARGON2_PARAMETERS);
  } catch {
    return true;
  }
}

export function verifyPassword(hash: string, plain: string): Promise<boolean> {
  return hashing.run(async () => {
    try {
      return await argon2.verify(hash, plain);
    } catch {
      return false;
    }
  });
}

/**
 * A hash of a random password, verified against when the account does not exist,
 * so a wrong username costs as much time as a wrong password.
 */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= argon2.hash(`dummy-${Math.random()}`, ARGON2_PARAMETERS);
  return dummyHash;
}

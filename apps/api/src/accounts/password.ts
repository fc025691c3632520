import { availableParallelism } from 'node:os';
import argon2 from 'argon2';
import { BadRequestException, ServiceUnavailableException } from '@nestjs/common';
import type { PasswordHashingConfig } from '../platform/config/password-hashing-config.js';
import { commonPasswordProblem } from './password-blocklist.js';

export const HASHING_BUSY_MESSAGE = 'Kirjautumispalvelu on ruuhkautunut. Yritä hetken kuluttua uudelleen.';

/**
 * Which waiting line a hash joins. Sign-ins go first: a burst of registrations, resets or
 * password changes (issue 21: bystanders' logins got 503 while one identity kept hashing busy)
 * must not keep users from signing in. Everything else waits in a line of its own.
 */
export type HashingLane = 'sign-in' | 'other';

/**
 * argon2 is deliberately expensive (memory and CPU). Unbounded, a burst of bogus logins fills
 * libuv's thread pool and every core, and the whole server stalls (health checks, other users'
 * requests). So at most `concurrency` hashes run at once, leaving a core for the event loop;
 * up to `maxQueued` per lane wait their turn, and beyond that a caller is refused at once. A freed
 * slot goes to the sign-in lane first, so a login waits at most for the hashes already running.
 */
export class HashingLimiter {
  private running = 0;
  private readonly waiting: Record<HashingLane, Array<() => void>> = { 'sign-in': [], other: [] };

  constructor(
    private concurrency = Math.max(1, availableParallelism() - 1),
    private maxQueued = 32,
  ) {}

  /** Set once at start from the configuration (configurePasswordHashing). */
  configure(concurrency: number, maxQueued: number): void {
    this.concurrency = concurrency;
    this.maxQueued = maxQueued;
  }

  async run<T>(work: () => Promise<T>, lane: HashingLane = 'other'): Promise<T> {
    if (this.running >= this.concurrency) {
      const line = this.waiting[lane];
      if (line.length >= this.maxQueued) throw new ServiceUnavailableException(HASHING_BUSY_MESSAGE);
      await new Promise<void>((resolve) => line.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await work();
    } finally {
      const next = this.waiting['sign-in'].shift() ?? this.waiting.other.shift();
      // The slot passes straight to the next waiter; `running` drops only when none waits.
      if (next) next();
      else this.running--;
    }
  }
}

/** The one limiter of this process: logins, password changes and account creation share its slots. */
export const hashing = new HashingLimiter();

/**
 * argon2id cost parameters: by default the library's recommended ones, above OWASP's minimum of
 * 19 MiB, t=2 (PASSWORD_HASH_MEMORY_KIB and PASSWORD_HASH_TIME_COST, never below that minimum in
 * production). Each hash records its own parameters; a login with a hash made with others re-hashes
 * it with these (see needsRehash), so raising them upgrades every account as its user signs in.
 */
let argon2Parameters: argon2.HashOptions & { raw?: false } = { type: argon2.argon2id, memoryCost: 65_536, timeCost: 3, parallelism: 4 };

/** At start, before any hash (the demo data's included): the cost and the limiter's slots. */
export function configurePasswordHashing(config: PasswordHashingConfig): void {
  hashing.configure(config.concurrency, config.maxQueued);
  argon2Parameters = { ...argon2Parameters, memoryCost: config.memoryKib, timeCost: config.timeCost };
}

/** A hash for a stored password (a password a user chose is first counted and checked: LoginThrottle.checkChosenPassword). */
export function hashPassword(plain: string): Promise<string> {
  return hashing.run(() => argon2.hash(plain, argon2Parameters));
}

/**
 * A password a user has just chosen, refused with 400 when it is common or breached (the format
 * rules are checked before, by the DTOs and libs/domain). `context`: the user's own names and
 * login, which make no password either. Cheap, but an oracle for the lists: callers go through
 * LoginThrottle.checkChosenPassword, which counts it first.
 */
export function checkNewPassword(plain: string, context: readonly string[] = []): void {
  const problem = commonPasswordProblem(plain, context);
  if (problem) throw new BadRequestException([problem]);
}

/** True when the hash was made with other parameters than today's (or another algorithm variant). */
export function needsRehash(hash: string): boolean {
  try {
    return !hash.startsWith('$argon2id$') || argon2.needsRehash(hash, argon2Parameters);
  } catch {
    return true;
  }
}

/** `lane`: 'sign-in' for logins; a password checked again before a credential change waits as 'other'. */
export function verifyPassword(hash: string, plain: string, lane: HashingLane = 'sign-in'): Promise<boolean> {
  return hashing.run(async () => {
    try {
      return await argon2.verify(hash, plain);
    } catch {
      return false;
    }
  }, lane);
}

/**
 * A hash of a random password, verified against when the account does not exist,
 * so a wrong username costs as much time as a wrong password.
 */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= argon2.hash(`dummy-${Math.random()}`, argon2Parameters);
  return dummyHash;
}

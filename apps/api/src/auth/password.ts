import { availableParallelism } from 'node:os';
import argon2 from 'argon2';
import { ServiceUnavailableException } from '@nestjs/common';

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

/** argon2id with the library's recommended cost parameters. */
export function hashPassword(plain: string): Promise<string> {
  return hashing.run(() => argon2.hash(plain, { type: argon2.argon2id }));
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
  dummyHash ??= argon2.hash(`dummy-${Math.random()}`, { type: argon2.argon2id });
  return dummyHash;
}

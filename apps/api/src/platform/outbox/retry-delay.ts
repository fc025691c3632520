/** The outboxes' retry waits (pure: also unit-tested). */

/** Wait after the n-th failed try: base, 2 × base, 4 × base … */
export function retryDelayMs(attempts: number, baseSeconds: number): number {
  return Math.round(baseSeconds * 1000 * 2 ** Math.max(0, attempts - 1));
}

/**
 * "Equal jitter": half the delay fixed, half random. Receivers that were down together (one
 * integrator's endpoint, many events) are not all retried in the same instant when they return.
 */
export function withJitter(delayMs: number, random: () => number = Math.random): number {
  return Math.round(delayMs / 2 + (delayMs / 2) * random());
}

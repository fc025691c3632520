import type { Redis } from 'ioredis';

/**
 * A Redis channel on which a process tells the others what to forget from memory (sessions,
 * Reseptilista pages). Without Redis, or while it is away, nothing is sent nor heard: each
 * cache's own time bound is then what limits how stale another process's copy can be.
 */
export class InvalidationChannel {
  private readonly subscriber: Redis | null;
  /** Settles once the other processes' messages arrive here (at once without Redis). */
  readonly subscribed: Promise<void> = Promise.resolve();

  constructor(
    private readonly redis: Redis | null,
    private readonly channel: string,
    onMessage: (message: string) => void,
  ) {
    this.subscriber = redis?.duplicate() ?? null;
    if (!this.subscriber) return;
    // A subscriber that cannot connect retries in the background; meanwhile the caches' time bounds hold.
    this.subscriber.on('error', () => undefined);
    this.subscriber.on('message', (from: string, message: string) => {
      if (from === channel) onMessage(message);
    });
    this.subscribed = this.subscriber.subscribe(channel).then(
      () => undefined,
      () => undefined,
    );
  }

  /** Tells the other processes; never fails (`warn` hears why a message was not sent). */
  async publish(message: string, warn: (reason: string) => void): Promise<void> {
    if (this.redis?.status !== 'ready') return;
    await this.redis.publish(this.channel, message).catch((err: unknown) => warn(String(err)));
  }

  close(): void {
    this.subscriber?.disconnect();
  }
}

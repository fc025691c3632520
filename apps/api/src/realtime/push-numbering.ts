import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { PushMeta } from '@resepti/domain';
import { RedisConnection, withTimeout } from '../platform/redis/redis-connection.js';

const EPOCH_KEY = 'resepti:push:epoch';
const roomKey = (room: string) => `resepti:push:seq:${room}`;
const REDIS_TIMEOUT_MS = 500;

/**
 * Numbers every push per room (PushMeta), so a client can tell it missed some.
 * With Redis the counters are shared by all processes (INCR; the epoch is reset with
 * Redis). Without Redis, or while it is away, this process counts alone in its own
 * epoch; clients see the epoch change both ways and refetch. A room this process pushed
 * to alone is stepped by 2 on its next shared number, so clients of other processes,
 * which never got those pushes, see a gap even when Redis kept its counters.
 */
@Injectable()
export class PushNumbering {
  private readonly localEpoch = `local-${randomBytes(6).toString('hex')}`;
  private readonly local = new Map<string, number>();
  private readonly pushedAlone = new Set<string>();

  constructor(private readonly redis: RedisConnection) {}

  /**
   * The numbers of several pushes, in the order they will be emitted: `pushes[i]` is the rooms of
   * push i. With Redis all of them are counted in one round trip (one MULTI), so a commit's pushes
   * wait for Redis once, not once each.
   */
  async next(pushes: ReadonlyArray<readonly string[]>): Promise<PushMeta[]> {
    const client = this.redis.client;
    if (client && this.redis.ready()) {
      try {
        return await withTimeout(this.shared(pushes), REDIS_TIMEOUT_MS, 'push numbering');
      } catch {
        // fall through: number locally
      }
    }
    return this.alone(pushes, client !== null);
  }

  private async shared(pushes: ReadonlyArray<readonly string[]>): Promise<PushMeta[]> {
    const multi = this.redis.client!.multi().set(EPOCH_KEY, randomBytes(6).toString('hex'), 'NX').get(EPOCH_KEY);
    const stepped = new Set<string>();
    for (const rooms of pushes) {
      for (const room of rooms) {
        // Only a room's first number in this batch skips the ones pushed alone.
        const step = this.pushedAlone.has(room) && !stepped.has(room) ? 2 : 1;
        stepped.add(room);
        multi.incrby(roomKey(room), step);
      }
    }
    const results = await multi.exec();
    if (!results || results.some(([err]) => err)) throw new Error('push numbering failed');
    stepped.forEach((room) => this.pushedAlone.delete(room));
    const epoch = String(results[1][1]);
    let at = 2;
    return pushes.map((rooms) => {
      const ids: Record<string, number> = {};
      for (const room of rooms) ids[room] = Number(results[at++][1]);
      return { epoch, ids };
    });
  }

  private alone(pushes: ReadonlyArray<readonly string[]>, redisConfigured: boolean): PushMeta[] {
    return pushes.map((rooms) => {
      const ids: Record<string, number> = {};
      for (const room of rooms) {
        const id = (this.local.get(room) ?? 0) + 1;
        this.local.set(room, id);
        ids[room] = id;
        if (redisConfigured) this.pushedAlone.add(room);
      }
      return { epoch: this.localEpoch, ids };
    });
  }
}

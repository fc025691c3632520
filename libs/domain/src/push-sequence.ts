import type { PushMeta } from './events.js';

function isPushMeta(value: unknown): value is PushMeta {
  if (!value || typeof value !== 'object') return false;
  const meta = value as Partial<PushMeta>;
  return typeof meta.epoch === 'string' && !!meta.ids && typeof meta.ids === 'object';
}

/**
 * Follows the per-room push numbers (PushMeta) a client receives and tells when pushes
 * were missed: a number that skips ahead, or a new epoch (the counters were reset, e.g.
 * Redis restarted or the process counts alone while Redis is away). A number at or below
 * the last one seen is a late or repeated push, not a loss. Only the client's own rooms
 * count: a push to several rooms carries the numbers of rooms the client is not in.
 */
export class PushSequence {
  private rooms = new Set<string>();
  private last = new Map<string, { epoch: string; id: number }>();

  /** The rooms this connection is in (from `session:info`). */
  setRooms(rooms: readonly string[]): void {
    this.rooms = new Set(rooms);
  }

  /** Forget what was seen (after a reconnect that did not recover the missed pushes). */
  reset(): void {
    this.last.clear();
  }

  /** Records a push's numbers; true when pushes to one of the client's rooms were missed before it. */
  missedBefore(meta: unknown): boolean {
    if (!isPushMeta(meta)) return false;
    let missed = false;
    for (const [room, id] of Object.entries(meta.ids)) {
      if (!this.rooms.has(room) || typeof id !== 'number') continue;
      const last = this.last.get(room);
      if (last && last.epoch === meta.epoch && id <= last.id) continue;
      if (last && (last.epoch !== meta.epoch || id !== last.id + 1)) missed = true;
      this.last.set(room, { epoch: meta.epoch, id });
    }
    return missed;
  }
}

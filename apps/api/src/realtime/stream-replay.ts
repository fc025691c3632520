import type { Redis } from 'ioredis';

/** What Socket.IO stores of a socket whose connection broke, and gets back (with what it missed) on its reconnect. */
export interface RecoverableSession {
  sid: string;
  pid: string;
  rooms: string[];
  data: unknown;
  missedPackets?: unknown[][];
}

/** A broadcast of the stream, decoded once: its packet's data and the rooms it went to. */
interface Broadcast {
  id: string;
  rooms: string[];
  except: string[];
  data: unknown[];
}

/** Stream ids ("<ms>-<seq>") in order. */
export function compareIds(a: string, b: string): number {
  const [am, as] = a.split('-').map(Number);
  const [bm, bs] = b.split('-').map(Number);
  return am !== bm ? am - bm : as - bs;
}
const nextId = (id: string) => {
  const [ms, seq] = id.split('-');
  return `${ms}-${Number(seq) + 1}`;
};

const SESSION_KEY_PREFIX = 'sio:session:';

/**
 * The streams adapter's session store and replay, for a reconnect storm. The adapter's own
 * replay reads, for each reconnecting socket, every stream entry since that socket's offset and
 * decodes each: after a process restart 5,000 pages came back at once, each reading the same
 * few hundred entries, and most replays ran out of time (211 of 5,000 recovered in the
 * patients' bench phase). Here the entries are read from Redis once, decoded once, and each
 * replay is cut from them; sessions are stored as JSON (they are ids and rooms).
 *
 * A replay must include every entry published before it began (after it, the socket is in its
 * rooms again and hears them live): so a replay waits for a read that starts after it asked,
 * and the replays asking while a read runs share the next one.
 */
export class StreamReplay {
  /** Entries after `coveredFrom` up to the last read, oldest first. */
  private entries: Broadcast[] = [];
  private coveredFrom: string | null = null;
  /** The read running now. */
  private reading: Promise<void> | null = null;
  /** The replays that asked while it ran: they share the read after it. */
  private nextBatch: { offsets: string[]; done: Promise<void> } | null = null;

  constructor(
    private readonly redis: Redis,
    private readonly stream: string,
    private readonly nsp: string,
    private readonly windowMs: number,
  ) {}

  persist(session: RecoverableSession): void {
    void this.redis.set(SESSION_KEY_PREFIX + session.pid, JSON.stringify(session), 'PX', this.windowMs).catch(() => undefined);
  }

  /** The session of `pid` with the packets of its rooms published after `offset`; rejects when it cannot be restored (the client then refetches). */
  async restore(pid: string, offset: string): Promise<RecoverableSession> {
    if (!/^[0-9]+-[0-9]+$/.test(offset)) throw new Error('invalid offset');
    const [stored, offsetEntry] = await Promise.all([this.redis.getdel(SESSION_KEY_PREFIX + pid), this.redis.xrange(this.stream, offset, offset)]);
    // The offset's entry gone: the stream was trimmed past it, so what came after may be incomplete.
    if (!stored || offsetEntry.length === 0) throw new Error('session or offset not found');
    const session = JSON.parse(stored) as RecoverableSession;
    await this.readAfter(offset);
    const rooms = session.rooms;
    session.missedPackets = [];
    for (let i = this.firstAfter(offset); i < this.entries.length; i++) {
      const b = this.entries[i];
      const included = b.rooms.length === 0 || rooms.some((room) => b.rooms.includes(room));
      if (included && rooms.every((room) => !b.except.includes(room))) session.missedPackets.push([...b.data, b.id]);
    }
    return session;
  }

  /** Index of the first entry after `offset`. */
  private firstAfter(offset: string): number {
    let lo = 0;
    let hi = this.entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compareIds(this.entries[mid].id, offset) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Resolves once a read that started after this call has brought the entries after `offset` up to date. */
  private readAfter(offset: string): Promise<void> {
    if (!this.reading) return (this.reading = this.settled(this.read([offset])));
    if (!this.nextBatch) {
      const offsets: string[] = [];
      // starts once the running read has settled (its `settled` hook made this batch the running one)
      this.nextBatch = { offsets, done: this.reading.catch(() => undefined).then(() => this.read(offsets)) };
    }
    this.nextBatch.offsets.push(offset);
    return this.nextBatch.done;
  }

  /** When `read` settles, the batch that waited for it becomes the running read (or none runs). */
  private settled(read: Promise<void>): Promise<void> {
    return read.finally(() => {
      const batch = this.nextBatch;
      this.nextBatch = null;
      this.reading = batch ? this.settled(batch.done) : null;
    });
  }

  /** Reads what the cache lacks: the entries before its start that the oldest offset needs, and every entry since its last read. */
  private async read(offsets: string[]): Promise<void> {
    const oldest = offsets.reduce((a, b) => (compareIds(a, b) <= 0 ? a : b));
    if (this.coveredFrom === null || compareIds(oldest, this.coveredFrom) < 0) {
      const end = this.coveredFrom ?? '+';
      const earlier = this.decode(await this.redis.xrange(this.stream, nextId(oldest), end));
      const known = this.entries.length ? this.entries[0].id : null;
      this.entries = [...earlier.filter((b) => known === null || compareIds(b.id, known) < 0), ...this.entries];
      this.coveredFrom = oldest;
      if (end === '+') return this.trim();
    }
    const last = this.entries.at(-1)?.id ?? this.coveredFrom;
    this.entries.push(...this.decode(await this.redis.xrange(this.stream, nextId(last), '+')));
    this.trim();
  }

  /** Entries older than the recovery window cannot be asked for (their sessions have expired). */
  private trim(): void {
    const oldestMs = Date.now() - this.windowMs - 60_000;
    let drop = 0;
    while (drop < this.entries.length && Number(this.entries[drop].id.split('-')[0]) < oldestMs) drop++;
    if (drop === 0) return;
    this.coveredFrom = this.entries[drop - 1].id;
    this.entries = this.entries.slice(drop);
  }

  /** This namespace's broadcasts among raw stream entries ([id, [field, value, …]]); other entries are skipped, as the adapter skips them. */
  private decode(raw: Array<[string, string[]]>): Broadcast[] {
    const out: Broadcast[] = [];
    for (const [id, fields] of raw) {
      const m: Record<string, string> = {};
      for (let i = 0; i + 1 < fields.length; i += 2) m[fields[i]] = fields[i + 1];
      if (m.nsp !== this.nsp || m.type !== '3' || !m.data) continue;
      // The adapter writes JSON (onlyPlaintext); anything else cannot be replayed here.
      if (!m.data.startsWith('{')) throw new Error(`entry ${id} is not JSON`);
      const { packet, opts } = JSON.parse(m.data) as { packet: { data: unknown[] }; opts: { rooms?: string[]; except?: string[] } };
      out.push({ id, rooms: opts.rooms ?? [], except: opts.except ?? [], data: packet.data });
    }
    return out;
  }
}

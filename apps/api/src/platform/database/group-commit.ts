interface Waiting<T> {
  item: T;
  resolve: () => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit: while one write runs, the items arriving meanwhile wait and then go together in
 * the next one, in one transaction. A write that takes a lock every other one waits for (the
 * audit chain's head) and a commit costs one lock and one commit for ten concurrent items
 * instead of ten queued behind each other; when nothing else is running an item is written at
 * once, alone. Each caller still waits for its own item to be committed. A failed shared write is
 * retried item by item, so one bad item cannot fail another's. `sizeOf` and `maxSize` bound a
 * write (e.g. the statement's parameters).
 */
export class GroupCommit<T> {
  private waiting: Array<Waiting<T>> = [];
  private draining = false;

  constructor(
    private readonly write: (items: T[]) => Promise<void>,
    private readonly sizeOf: (item: T) => number = () => 1,
    private readonly maxSize = Number.POSITIVE_INFINITY,
  ) {}

  /** Resolves once `item` is written (rejects when writing it alone failed). */
  add(item: T): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (!this.draining) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.waiting.length > 0) {
        const batch = this.takeBatch();
        try {
          await this.write(batch.map((w) => w.item));
          for (const w of batch) w.resolve();
        } catch (err) {
          if (batch.length === 1) {
            batch[0].reject(err);
            continue;
          }
          for (const w of batch) await this.write([w.item]).then(w.resolve, w.reject);
        }
      }
    } finally {
      this.draining = false;
    }
  }

  private takeBatch(): Array<Waiting<T>> {
    let size = 0;
    let n = 0;
    while (n < this.waiting.length && (n === 0 || size + this.sizeOf(this.waiting[n].item) <= this.maxSize)) size += this.sizeOf(this.waiting[n++].item);
    return this.waiting.splice(0, n);
  }
}

import type { PendingAuditRow } from './audit-chain.js';

/** Rows per shared transaction at most (15 parameters a row; PostgreSQL takes 65,535). */
const MAX_ROWS = 2_000;

interface Waiting {
  rows: PendingAuditRow[];
  resolve: () => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit for audit rows recorded outside a change (reads, refused requests): while one
 * append to the chain runs, the rows of the requests arriving meanwhile wait and then go
 * together in the next one. Every append takes the chain's head lock and a commit, so ten
 * concurrent reads cost one lock and one commit instead of ten queued behind each other; and
 * appends of one process never race each other's guess of the head (appendOnItsOwn). Each
 * caller still waits for its own rows to be committed before it answers. A failed shared write
 * is retried group by group, so one bad row cannot fail another request's read.
 */
export class AuditGroupCommit {
  private waiting: Waiting[] = [];
  private draining = false;

  constructor(private readonly write: (rows: PendingAuditRow[]) => Promise<void>) {}

  append(rows: PendingAuditRow[]): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ rows, resolve, reject });
      if (!this.draining) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.waiting.length > 0) {
        const groups = this.takeBatch();
        try {
          await this.write(groups.flatMap((g) => g.rows));
          for (const g of groups) g.resolve();
        } catch (err) {
          if (groups.length === 1) {
            groups[0].reject(err);
            continue;
          }
          for (const g of groups) await this.write(g.rows).then(g.resolve, g.reject);
        }
      }
    } finally {
      this.draining = false;
    }
  }

  private takeBatch(): Waiting[] {
    let rows = 0;
    let n = 0;
    while (n < this.waiting.length && (n === 0 || rows + this.waiting[n].rows.length <= MAX_ROWS)) rows += this.waiting[n++].rows.length;
    return this.waiting.splice(0, n);
  }
}

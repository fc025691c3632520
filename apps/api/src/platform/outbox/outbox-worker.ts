import { createHash, randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { ObjectLiteral } from 'typeorm';
import type { OwnRepository, Transactions } from '../database/transactions.js';
import { GroupCommit } from '../database/group-commit.js';
import { outboxAttempts } from '../metrics/metrics.js';

/** The columns every outbox table has (sms_outbox, webhook_delivery). */
export interface OutboxRow {
  id: number;
  attempts: number;
  created_at: Date;
}

/** One try's outcome: error null when it went out; `recordedColumns` are set on the row with it. */
export interface SendOutcome {
  error: string | null;
  recordedColumns?: Record<string, unknown>;
}

/**
 * How long one send may take (OUTBOX_SEND_TIMEOUT_SECONDS) and how much longer a claim lasts
 * (OUTBOX_LEASE_MARGIN_SECONDS): the same for every channel.
 */
export interface OutboxTiming {
  sendTimeoutMs: number;
  leaseMarginMs: number;
}

/** What makes one outbox a channel: its table, pace, claim conditions, how to send, when to give up. */
export interface OutboxChannel<Row extends OutboxRow, Outcome extends SendOutcome = SendOutcome> {
  /** In logs: 'SMS', 'webhook'. */
  readonly name: string;
  readonly table: string;
  /** A sent row: its status and the column that gets the time. */
  readonly done: { status: string; timeColumn: string };
  /** Rows claimed per round, all sent at once. */
  readonly concurrency: number;
  readonly intervalMs: number;
  /** Which pending rows may be claimed besides being due (joins and conditions on `x`, the table's row). */
  readonly claimable?: { joins: string; where: string };
  /** The claimed rows with what sending needs from other tables (default: as claimed). */
  load?(claimed: Row[]): Promise<Row[]>;
  /** Must stop sending when `signal` aborts (pass it to the network call): the row's lease ends soon after. */
  send(row: Row, signal: AbortSignal): Promise<Outcome>;
  /** After a failed try (`outcome`: what send answered, or its error): the wait before the next one, or give up ('failed'). */
  retry(row: Row, outcome: Outcome): { giveUp: boolean; delayMs: number };
  /**
   * Written with the try's result, in its transaction (e.g. an audit row). `kept`: the result was
   * recorded on the row (false: this worker no longer held it, e.g. its lease ran out and another
   * worker took it; the try itself still happened). Tries that finish together are recorded in one
   * transaction, so a write here waits for the rows before it in that transaction.
   */
  recorded?(row: Row, outcome: Outcome, kept: boolean): Promise<void>;
  /**
   * Once the try's result has committed (`kept` as for `recorded`): what must not happen twice,
   * such as a metric. `recorded` may run again when a shared transaction fails and its tries are
   * recorded one by one.
   */
  committed?(row: Row, outcome: Outcome, kept: boolean): void;
}

/** A try's outcome, to be recorded on its row: `retry` null when it went out. */
interface Try<Row extends OutboxRow, Outcome extends SendOutcome> {
  row: Row;
  outcome: Outcome;
  retry: { giveUp: boolean; delayMs: number } | null;
  /** Set as it is recorded: whether this worker still held the row. */
  kept?: boolean;
}

/**
 * Delivers one outbox on every API process: claim → send → record → retry. A round claims as many
 * due rows as it sends at once, in one short statement (FOR UPDATE SKIP LOCKED + a lease: two
 * processes never hold the same row), commits, sends each outside any transaction (no locks held
 * over network calls; a failed commit cannot re-send what went out), then records the result on
 * the rows it still holds (claimed_by; results that arrive together share a transaction). The
 * lease is one send's timeout plus a margin, and the send is aborted at its timeout, counted from
 * before the claim: no send outlives its lease, so a slow receiver never gets one row from two
 * processes at once, and a dead worker's rows go to another within one lease. Rounds run on a
 * timer and when woken (its channel got a row on this node); a wake during a round makes the round
 * go on instead of starting another.
 */
export class OutboxWorker<Row extends OutboxRow, Outcome extends SendOutcome = SendOutcome> implements OnApplicationBootstrap, OnApplicationShutdown {
  /** Every outbox of this process (the shared-state metrics read their backlogs). */
  private static readonly workers = new Set<OutboxWorker<OutboxRow, SendOutcome>>();

  /** The outboxes of this process, one per channel. */
  static registered(): ReadonlyArray<OutboxWorker<OutboxRow, SendOutcome>> {
    return [...OutboxWorker.workers];
  }

  private readonly logger: Logger;
  private readonly workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private again = false;
  /**
   * Tries' results waiting to be recorded: those of sends that finish while a record is being
   * written go together in the next transaction (one commit, one audit append for a round's
   * prescriptions instead of sixteen, each holding the audit chain's head until its commit).
   */
  private readonly tries = new GroupCommit<Try<Row, Outcome>>((tries) => this.recordTries(tries));

  /** `outbox`: the channel's table (its module's OwnRepository); tries' results are recorded in transactions of the worker's own (see `tries`). */
  constructor(
    private readonly outbox: OwnRepository<ObjectLiteral>,
    private readonly transactions: Transactions,
    private readonly channel: OutboxChannel<Row, Outcome>,
    private readonly timing: OutboxTiming,
  ) {
    this.logger = new Logger(`Outbox:${channel.name}`);
    OutboxWorker.workers.add(this as unknown as OutboxWorker<OutboxRow, SendOutcome>);
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.wake(), this.channel.intervalMs);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** Rounds until nothing is due; returns how many rows went out. */
  async wake(): Promise<number> {
    if (this.running) {
      this.again = true;
      return 0;
    }
    this.running = true;
    let sent = 0;
    try {
      do {
        this.again = false;
        // Taken before the claim: the lease, counted from the claim's statement, ends later still.
        const abandonAt = Date.now() + this.timing.sendTimeoutMs;
        const rows = await this.claim();
        const results = await Promise.all(rows.map((row) => this.deliver(row, abandonAt)));
        sent += results.filter(Boolean).length;
        if (rows.length === this.channel.concurrency) this.again = true;
      } while (this.again);
    } catch (err) {
      this.logger.error(`round failed: ${String(err)}`);
    } finally {
      this.running = false;
    }
    return sent;
  }

  private async claim(): Promise<Row[]> {
    const { table, claimable } = this.channel;
    // (Wrapped in a SELECT: TypeORM answers a bare UPDATE … RETURNING as [rows, count].)
    // Not prepared: it answers every column (d.*), and a prepared statement whose columns change
    // under it (a newer node's migration adds one) fails until its connection closes.
    const claimed = (await this.outbox.queryOnItsOwn(
      `WITH claimed AS (
         UPDATE ${table} d SET claimed_by = $1, lease_until = now() + ($2::int * interval '1 millisecond'), attempts = attempts + 1
          WHERE d.id IN (
            SELECT x.id FROM ${table} x ${claimable?.joins ?? ''}
             WHERE x.status = 'pending' AND x.next_attempt_at <= now() AND (x.lease_until IS NULL OR x.lease_until < now())
               ${claimable ? `AND ${claimable.where}` : ''}
             ORDER BY x.id LIMIT $3 FOR UPDATE OF x SKIP LOCKED)
          RETURNING d.*)
       SELECT * FROM claimed ORDER BY id`,
      [this.workerId, this.timing.sendTimeoutMs + this.timing.leaseMarginMs, this.channel.concurrency],
    )) as Row[];
    return claimed.length > 0 && this.channel.load ? this.channel.load(claimed) : claimed;
  }

  /** Sends one claimed row, aborted at `abandonAt`, and records the outcome (only while this worker still holds it). */
  private async deliver(row: Row, abandonAt: number): Promise<boolean> {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(new Error(`no answer in ${this.timing.sendTimeoutMs} ms`)), abandonAt - Date.now());
    let outcome: Outcome;
    try {
      outcome = await this.channel.send(row, abort.signal);
    } catch (err) {
      outcome = { error: (err instanceof Error ? err.message : String(err)).slice(0, 300) } as Outcome;
    } finally {
      clearTimeout(timer);
    }
    const retry = outcome.error === null ? null : this.channel.retry(row, outcome);
    const tried: Try<Row, Outcome> = { row, outcome, retry };
    await this.tries.add(tried);
    this.channel.committed?.(row, outcome, tried.kept ?? false);
    outboxAttempts.inc({ channel: this.channel.name.toLowerCase(), result: retry === null ? 'sent' : retry.giveUp ? 'failed' : 'retry' });
    if (retry) this.logger.warn(`${this.channel.name} ${row.id} try ${row.attempts} failed${retry.giveUp ? ' (giving up)' : ''}: ${outcome.error}`);
    return retry === null;
  }

  /** recordTry's prepared statements' names, by their text. */
  private readonly recordNames = new Map<string, string>();

  /** Records tries' results in one transaction, by row id (the order every process locks them in). */
  private async recordTries(tries: Array<Try<Row, Outcome>>): Promise<void> {
    await this.transactions.runApart(async () => {
      for (const t of [...tries].sort((a, b) => a.row.id - b.row.id)) await this.recordTry(t);
    });
  }

  /** One try's result on its row (only while this worker still holds it), and what the channel writes with it. */
  private async recordTry(tried: Try<Row, Outcome>): Promise<void> {
    const { row, outcome, retry } = tried;
    const columns: Record<string, unknown> =
      retry === null ? { status: this.channel.done.status, last_error: null } : { status: retry.giveUp ? 'failed' : 'pending', last_error: outcome.error };
    Object.assign(columns, outcome.recordedColumns);
    const names = Object.keys(columns);
    const values = names.map((n) => columns[n]);
    // Times from the database's clock, as the claim compares them.
    const time =
      retry === null
        ? `${this.channel.done.timeColumn} = now()`
        : `next_attempt_at = now() + ($${names.length + 3}::int * interval '1 millisecond')`;
    const text = `WITH recorded AS (
         UPDATE ${this.channel.table} SET ${names.map((n, i) => `${n} = $${i + 3}`).join(', ')}, ${time}, lease_until = NULL, claimed_by = NULL
          WHERE id = $1 AND claimed_by = $2 RETURNING id)
       SELECT EXISTS (SELECT 1 FROM recorded) AS kept`;
    // Prepared by its text (a channel writes a few shapes: sent, retried, with its own columns), named once per shape.
    let name = this.recordNames.get(text);
    if (name === undefined) {
      name = `outbox-record-${createHash('sha256').update(text).digest('base64url').slice(0, 22)}`;
      this.recordNames.set(text, name);
    }
    const [{ kept }] = await this.outbox.prepared<{ kept: boolean }>(name, text, [row.id, this.workerId, ...values, ...(retry === null ? [] : [retry.delayMs])]);
    tried.kept = kept;
    await this.channel.recorded?.(row, outcome, kept);
  }

  /** The channel's backlog (shared state: the same from every process): pending rows and the age of the oldest, in seconds. */
  async pending(): Promise<{ channel: string; pending: number; oldestSeconds: number }> {
    const [row] = await this.outbox.queryOnItsOwn<{ pending: number; oldestSeconds: number }>(
      `SELECT count(*)::int AS pending, coalesce(extract(epoch FROM now() - min(created_at)), 0)::float8 AS "oldestSeconds"
         FROM ${this.channel.table} WHERE status = 'pending'`,
    );
    return { channel: this.channel.name.toLowerCase(), ...row };
  }
}

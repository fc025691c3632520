import type { Redis } from 'ioredis';
import { InvalidationChannel } from '../platform/redis/invalidation-channel.js';

/** Pages longer than this (a screen asking for much more) are read each time, not kept. */
const MAX_CACHED_LIMIT = 100;

/** The channel on which a process tells the others which office's orders changed. */
const CHANGED_CHANNEL = 'resepti:reseptilista:changed';

/** One page of an office's Reseptilista as the database last gave it. */
export interface ReseptilistaPage {
  /** The cards as the screen gets them, as JSON: serialised once for every hit. */
  json: string;
  /** The orders shown and their patients, for each read's audit row (AuditEntry's `listed`). */
  listed: ReadonlyArray<{ orderId: number; patientHetu: string }>;
}

interface Cached {
  page: ReseptilistaPage;
  until: number;
}

/**
 * Every screen of an office asks for the same Reseptilista at once when a push arrives, and every
 * screen polls it: the one statement behind it, mapping its rows and serialising them cost the API
 * three times what the rest of the request did. This keeps each office's page (per limit) in the
 * process for `ttlMs` (RESEPTILISTA_CACHE_MS, a second), and which user was found to work at which office for as
 * long: the same bound as a session's (auth/session-cache.ts). Every change of an order goes
 * through the lifecycle's `order.changed` (PharmacyOrdersService listens): its office's pages are
 * forgotten here at the commit,
 * before the change's answer, and the other processes are told over Redis (within the pub/sub's
 * delivery; without Redis, a change made by another process shows here within
 * `ttlMs`). A database read that began before a change does not fill the cache.
 * Every read still writes its audit row, listing the orders it showed: the cache spares the
 * query, never the audit.
 */
export class ReseptilistaCache {
  /** Pages by office, then by limit. */
  private readonly pages = new Map<number, Map<number, Cached>>();
  /** `${userId}:${officeId}` → until when the user is known to work at the office. */
  private readonly members = new Map<string, number>();
  private readonly channel: InvalidationChannel;
  /** Moves on every forget: a database read that began before one does not fill the cache. */
  private generation = 0;
  /** When pages no longer fresh are next dropped (offices nobody reads again would keep theirs). */
  private nextSweep = 0;
  constructor(
    redis: Redis | null,
    private readonly warn: (message: string) => void,
    /** How long a page and a membership answer (a test lengthens it to tell invalidation from expiry). */
    public ttlMs = 1_000,
  ) {
    this.channel = new InvalidationChannel(redis, CHANGED_CHANNEL, (message) => {
      const officeId = Number(message);
      if (Number.isInteger(officeId)) this.forgetHere(officeId);
    });
  }

  /** Settles once the other processes' changes arrive here (at once without Redis). */
  get subscribed(): Promise<void> {
    return this.channel.subscribed;
  }

  close(): void {
    this.channel.close();
  }

  /** The cached page, when it is fresh and the user is known to work at the office. */
  page(userId: number, officeId: number, limit: number): ReseptilistaPage | undefined {
    const now = Date.now();
    const cached = this.pages.get(officeId)?.get(limit);
    if (!cached || cached.until <= now || !this.isMember(userId, officeId, now)) return undefined;
    return cached.page;
  }

  private isMember(userId: number, officeId: number, now: number): boolean {
    return (this.members.get(`${userId}:${officeId}`) ?? 0) > now;
  }

  /** The current generation: read it before the database, hand it to `fill` after. */
  ticket(): number {
    return this.generation;
  }

  /** Keeps a page the database gave to a member of the office, unless the office changed since `ticket`. */
  fill(ticket: number, userId: number, officeId: number, limit: number, page: ReseptilistaPage): void {
    const now = Date.now();
    this.rememberMember(userId, officeId, now);
    if (ticket !== this.generation || limit > MAX_CACHED_LIMIT) return;
    if (now >= this.nextSweep) this.sweep(now);
    let byLimit = this.pages.get(officeId);
    if (!byLimit) this.pages.set(officeId, (byLimit = new Map()));
    byLimit.set(limit, { page, until: now + this.ttlMs });
  }

  /** The database found the user working at the office (order changes do not change that). */
  private rememberMember(userId: number, officeId: number, now: number): void {
    this.members.set(`${userId}:${officeId}`, now + this.ttlMs);
  }

  /** An order of the office changed (after its commit): forgotten here and in the other processes. */
  forget(officeId: number): void {
    this.forgetHere(officeId);
    void this.channel.publish(String(officeId), (reason) =>
      this.warn(`Reseptilista change not sent (${reason}): other processes see it within ${this.ttlMs} ms`),
    );
  }

  private forgetHere(officeId: number): void {
    this.generation++;
    this.pages.delete(officeId);
  }

  private sweep(now: number): void {
    this.nextSweep = now + 10 * this.ttlMs;
    for (const [officeId, byLimit] of this.pages) {
      for (const [limit, cached] of byLimit) if (cached.until <= now) byLimit.delete(limit);
      if (byLimit.size === 0) this.pages.delete(officeId);
    }
    for (const [key, until] of this.members) if (until <= now) this.members.delete(key);
  }
}

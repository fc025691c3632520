import { Injectable, Logger } from '@nestjs/common';
import {
  ROOMS,
  SOCKET_EVENTS,
  type CartUpdatedEvent,
  type NoticeUpdatedEvent,
  type OrderUpdatedEvent,
  type PharmacyCart,
  type PushMeta,
  type ServerToClientEvents,
  type QueueStatus,
} from '@resepti/domain';
import { pushesTotal, pushFailures, pushLatency } from '../platform/metrics/metrics.js';
import { PushNumbering } from './push-numbering.js';
import { accountRoom, INTERNAL_ROOMS, RealtimeGateway } from './realtime.gateway.js';

/** A push asked for and not yet emitted. */
interface Push {
  rooms: string[];
  event: keyof ServerToClientEvents;
  payload: unknown;
  /** When it was asked for (process.hrtime.bigint()). */
  asked: bigint;
}

/**
 * The one door for live pushes. Domain services call it AFTER their transaction has
 * committed; a push that fails is only logged, since clients also poll while disconnected
 * and refetch when they see they missed pushes.
 */
@Injectable()
export class RealtimePublisher {
  private readonly logger = new Logger(RealtimePublisher.name);

  /** Asked for, waiting for the running batch (or this tick's after-commit listeners) to finish. */
  private pending: Push[] = [];
  private sending = false;

  constructor(
    private readonly gateway: RealtimeGateway,
    private readonly numbering: PushNumbering,
  ) {}

  /**
   * The queue counts, to every doctor (the web puts them straight into its cache). They are a
   * state, not a change: newer counts replace a queue:status not sent yet (so one burst of
   * changes pushes its counts once). They go ahead of the waiting pushes to other rooms (the
   * pharmacist's cart, a card): what every doctor's screen waits for first. A room's own pushes
   * keep their order, since they are numbered per room.
   */
  queueStatus(status: QueueStatus): void {
    const waiting = this.pending.find((push) => push.event === SOCKET_EVENTS.queueStatus);
    if (waiting) {
      waiting.payload = status;
      return;
    }
    const rooms: string[] = [ROOMS.doctors];
    const after = this.pending.findLastIndex((push) => push.rooms.some((room) => rooms.includes(room)));
    this.emit(rooms, SOCKET_EVENTS.queueStatus, status, after + 1);
  }

  /** The order one doctor holds now, to that doctor's sockets only. */
  doctorHeld(doctorId: number, pickedOrder: number | null): void {
    this.emit([ROOMS.doctor(doctorId)], SOCKET_EVENTS.doctorHeld, { pickedOrder });
  }

  /** One order's change, to one audience (see RealtimeOrderListener for who gets what). */
  orderUpdated(rooms: string[], event: OrderUpdatedEvent): void {
    if (rooms.length > 0) this.emit(rooms, SOCKET_EVENTS.orderUpdated, event);
  }

  noticeUpdated(event: NoticeUpdatedEvent): void {
    this.emit([ROOMS.pharmacies, ROOMS.doctors], SOCKET_EVENTS.noticeUpdated, event);
  }

  /** The pharmacist's cart, to every session of that user (another tab or workstation). */
  cartUpdated(pharmacyUserId: number, cart: PharmacyCart): void {
    this.emit([ROOMS.pharmacyUser(pharmacyUserId)], SOCKET_EVENTS.cartUpdated, { cart } satisfies CartUpdatedEvent);
  }

  /** Closes the sockets of one login session, on every process (logout). */
  closeSession(sessionId: string): void {
    this.closeRoom(INTERNAL_ROOMS.session(sessionId));
  }

  /** Closes every socket of a user, on every process (account deleted, password reset by an admin). */
  closeAccount(user: { role: string; id: number }): void {
    this.closeRoom(accountRoom(user));
  }

  private closeRoom(room: string): void {
    try {
      this.gateway.server.in(room).disconnectSockets(true);
    } catch (err) {
      this.logger.warn(`closing sockets of ${room} failed: ${String(err)}`);
    }
  }

  /**
   * Pushes go out one after another in the order they were asked for, each with its per-room
   * numbers (PushMeta) as a second argument. Those asked for together (one commit's or one
   * burst's after-commit listeners, or while a batch was being numbered) are numbered as one
   * batch, with one round trip to Redis at most.
   */
  private emit<E extends keyof ServerToClientEvents>(
    rooms: string[],
    event: E,
    payload: Parameters<ServerToClientEvents[E]>[0],
    at = this.pending.length,
  ): void {
    // Asked for by an after-commit listener: the latency runs from the commit to the emit.
    this.pending.splice(at, 0, { rooms, event, payload, asked: process.hrtime.bigint() });
    if (!this.sending) void this.send();
  }

  private async send(): Promise<void> {
    this.sending = true;
    try {
      // The listeners told of one commit (or burst) ask for their pushes synchronously: all go in the first batch.
      await Promise.resolve();
      while (this.pending.length > 0) {
        const batch = this.pending;
        this.pending = [];
        const metas = await this.numbering.next(batch.map((push) => push.rooms)).catch((err: unknown) => {
          for (const { event } of batch) pushFailures.inc({ event });
          this.logger.warn(`numbering ${batch.length} pushes failed: ${String(err)}`);
          return null;
        });
        // Back to back, with no turn of the event loop between: a socket still writing the first
        // push only buffers the next ones (it writes them once the first is written).
        if (metas) batch.forEach((push, i) => this.emitNumbered(push, metas[i]));
      }
    } finally {
      this.sending = false;
    }
  }

  private emitNumbered({ rooms, event, payload, asked }: Push, meta: PushMeta): void {
    try {
      // socket.io's typed emit cannot narrow a generic event name; emit()'s signature keeps callers typed.
      (this.gateway.server.to(rooms).emit as (e: string, p: unknown, m: PushMeta) => boolean)(event, payload, meta);
      pushesTotal.inc({ event });
      pushLatency.observe({ event }, Number(process.hrtime.bigint() - asked) / 1e9);
    } catch (err) {
      pushFailures.inc({ event });
      this.logger.warn(`push ${event} failed: ${String(err)}`);
    }
  }
}

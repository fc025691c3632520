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
import { pushesTotal, pushFailures, pushLatency } from '../metrics/metrics.js';
import { PushNumbering } from './push-numbering.js';
import { INTERNAL_ROOMS, RealtimeGateway } from './realtime.gateway.js';

/**
 * The one door for live pushes. Domain services call it AFTER their transaction has
 * committed; a push that fails is only logged, since clients also poll while disconnected
 * and refetch when they see they missed pushes.
 */
@Injectable()
export class RealtimePublisher {
  private readonly logger = new Logger(RealtimePublisher.name);

  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly gateway: RealtimeGateway,
    private readonly numbering: PushNumbering,
  ) {}

  /** The queue counts, to every doctor (the web puts them straight into its cache). */
  queueStatus(status: QueueStatus): void {
    this.emit([ROOMS.doctors], SOCKET_EVENTS.queueStatus, status);
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
    this.closeRoom(INTERNAL_ROOMS.account(user));
  }

  private closeRoom(room: string): void {
    try {
      this.gateway.server.in(room).disconnectSockets(true);
    } catch (err) {
      this.logger.warn(`closing sockets of ${room} failed: ${String(err)}`);
    }
  }

  /**
   * Pushes go out one after another in the order they were asked for, each with its
   * per-room numbers (PushMeta) as a second argument.
   */
  private emit<E extends keyof ServerToClientEvents>(
    rooms: string[],
    event: E,
    payload: Parameters<ServerToClientEvents[E]>[0],
  ): void {
    // Asked for by an after-commit listener: the latency runs from the commit to the emit.
    const asked = process.hrtime.bigint();
    this.queue = this.queue
      .then(async () => {
        const meta = await this.numbering.next(rooms);
        // socket.io's typed emit cannot narrow a generic event name; the signature above keeps callers typed.
        (this.gateway.server.to(rooms).emit as (e: string, p: unknown, m: PushMeta) => boolean)(event, payload, meta);
        pushesTotal.inc({ event });
        pushLatency.observe({ event }, Number(process.hrtime.bigint() - asked) / 1e9);
      })
      .catch((err: unknown) => {
        pushFailures.inc({ event });
        this.logger.warn(`push ${event} failed: ${String(err)}`);
      });
  }
}

import { Injectable, Logger } from '@nestjs/common';
import {
  ROOMS,
  SOCKET_EVENTS,
  type CartUpdatedEvent,
  type NoticeUpdatedEvent,
  type OrderUpdatedEvent,
  type ServerToClientEvents,
  type SystemStatus,
} from '@resepti/domain';
import { RealtimeGateway } from './realtime.gateway.js';

/**
 * The one door for live pushes. Domain services call it AFTER their transaction has
 * committed; a push that fails is only logged, since clients also poll while disconnected.
 */
@Injectable()
export class RealtimePublisher {
  private readonly logger = new Logger(RealtimePublisher.name);

  constructor(private readonly gateway: RealtimeGateway) {}

  queueStatus(status: SystemStatus): void {
    this.emit([ROOMS.doctors], SOCKET_EVENTS.queueStatus, { ...status, pickedOrder: null });
  }

  /** To the order's office (pharmacy orders) or its customer, and to the doctors. */
  orderUpdated(target: { officeId?: number | null; customerId?: number | null }, event: OrderUpdatedEvent): void {
    const rooms: string[] = [ROOMS.doctors];
    if (target.officeId) rooms.push(ROOMS.office(target.officeId));
    if (target.customerId) rooms.push(ROOMS.customer(target.customerId));
    this.emit(rooms, SOCKET_EVENTS.orderUpdated, event);
  }

  noticeUpdated(event: NoticeUpdatedEvent): void {
    this.emit([ROOMS.pharmacies, ROOMS.doctors], SOCKET_EVENTS.noticeUpdated, event);
  }

  cartUpdated(room: string, event: CartUpdatedEvent): void {
    this.emit([room], SOCKET_EVENTS.cartUpdated, event);
  }

  /** Moves all of a pharmacy user's sockets to the office they just selected. */
  moveToOffice(pharmacyUserId: number, fromOfficeId: number | undefined, toOfficeId: number): void {
    const sockets = this.gateway.server.in(ROOMS.pharmacyUser(pharmacyUserId));
    if (fromOfficeId && fromOfficeId !== toOfficeId) sockets.socketsLeave(ROOMS.office(fromOfficeId));
    sockets.socketsJoin(ROOMS.office(toOfficeId));
  }

  private emit<E extends keyof ServerToClientEvents>(
    rooms: string[],
    event: E,
    payload: Parameters<ServerToClientEvents[E]>[0],
  ): void {
    try {
      const server = this.gateway.server;
      // socket.io's typed emit cannot narrow a generic event name; the signature above keeps callers typed.
      (server.to(rooms).emit as (e: string, p: unknown) => boolean)(event, payload);
    } catch (err) {
      this.logger.warn(`push ${event} failed: ${String(err)}`);
    }
  }
}

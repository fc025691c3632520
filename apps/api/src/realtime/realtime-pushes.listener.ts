import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EventBus } from '../platform/events/event-bus.js';
import { RealtimePublisher } from './realtime.publisher.js';

/**
 * Turns the committed domain events other than order changes into pushes: a pharmacist's cart to
 * that user's sessions, the doctors' notice to every pharmacy and doctor, and ended sessions'
 * sockets closed (on every process). Order changes: RealtimeOrderListener.
 */
@Injectable()
export class RealtimePushesListener implements OnModuleInit {
  constructor(
    private readonly bus: EventBus,
    private readonly publisher: RealtimePublisher,
  ) {}

  onModuleInit(): void {
    this.bus.afterCommit('pharmacy-cart.changed', ({ pharmacyUserId, cart }) => this.publisher.cartUpdated(pharmacyUserId, cart));
    this.bus.afterCommit('notice.saved', ({ notice }) => this.publisher.noticeUpdated({ notice }));
    this.bus.afterCommit('sessions.ended', ({ sessionIds }) => sessionIds.forEach((id) => this.publisher.closeSession(id)));
    this.bus.afterCommit('account.signed-out', (user) => this.publisher.closeAccount(user));
  }
}
